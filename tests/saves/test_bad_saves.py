"""Hostile save files (issue 12): one bad file never keeps the others from the title screen, the
saves list or `rainboard continue`; a save is held to limits before it can cost much time or
memory; and whatever is wrong comes out as one short SaveError line, never another exception."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import attrs
import pytest

from rainboard.cli import main
from rainboard.engine import ActionParseError, SetupError, new_game, parse_action
from rainboard.saves import (
    Replay,
    SaveError,
    encode_save,
    games_dir,
    latest_unfinished,
    list_saves,
    parse_save,
    read_save,
)
from rainboard.saves.converter import MAX_ACTIONS, MAX_DECK_FILES, MAX_DIGESTS, MAX_FILE_BYTES, MAX_PROBLEM
from rainboard.saves.savefile import setup_of

from . import mini_data, play
from .mutate import _refit

ROOT = Path(__file__).resolve().parents[2]
HUGE = "1" + "0" * 5000  # an integer past Python's 4,300 digits for int()


@pytest.fixture(scope="module")
def going():
    played = play(seed="bad", limit=40)
    assert not played.save.finished
    return played


def _raw(save) -> dict:
    return json.loads(encode_save(save))


def _text(raw: dict, **pieces: str) -> str:
    """The JSON of `raw`, with each value "@name" written out as the raw JSON in `pieces[name]`."""
    text = json.dumps(raw, ensure_ascii=False)
    for name, piece in pieces.items():
        text = text.replace(json.dumps(f"@{name}"), piece)
    return text


def _bad(path: Path, text: str | bytes) -> SaveError:
    """Write a file, play it back, and hand over the SaveError, after checking its promises."""
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    with pytest.raises(SaveError) as caught:
        Replay.from_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and message.isprintable(), message
    assert len(caught.value.problem) <= MAX_PROBLEM + 3
    return caught.value


class FakeApp:
    """Stands in for the Textual app: records how it was started."""

    started: list[dict] = []

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def run(self):
        FakeApp.started.append(self.kwargs)


@pytest.fixture
def fake_app(monkeypatch):
    import rainboard.ui.app

    FakeApp.started = []
    monkeypatch.setattr(rainboard.ui.app, "RainboardApp", FakeApp)
    return FakeApp


@pytest.fixture
def folder_with_a_bad_file(tmp_path, going) -> tuple[Path, Path, Path]:
    """A data folder whose games/ holds a good unfinished game and, sorting after it, a file with a
    5,000-digit integer: (folder, good, bad)."""
    folder = tmp_path / "data"
    good = games_dir(folder) / "good.json"
    good.parent.mkdir(parents=True)
    good.write_bytes(encode_save(going.save))
    raw = _raw(going.save) | {"seed": "@huge"}
    bad = games_dir(folder) / "zzz.json"
    bad.write_text(_text(raw, huge=HUGE), encoding="utf-8")
    return folder, good, bad


# -- one bad file among the saves --------------------------------------------------------------------
def test_continue_passes_over_a_bad_file_says_which_and_resumes_the_good_one(folder_with_a_bad_file, fake_app,
                                                                              capsys):
    folder, good, bad = folder_with_a_bad_file
    assert main(["--data-dir", str(folder), "continue"]) == 0
    assert fake_app.started == [{"resume": good, "data_dir": folder}]
    err = capsys.readouterr().err
    assert err.startswith(f"rainboard continue: skipped {bad}: not a Rainboard save: line 1, column ")
    assert err.endswith("a number of 5001 characters; a save holds none over 20\n") and err.count("\n") == 1


def test_the_saves_list_names_the_bad_file_and_says_what_is_wrong(folder_with_a_bad_file):
    folder, good, bad = folder_with_a_bad_file
    listing = list_saves(folder)
    assert [s.path for s in listing] == [good, bad]
    assert listing[1].error is not None and "a number of 5001 characters" in listing[1].error
    assert listing[1].description.startswith("zzz.json cannot be read: not a Rainboard save")
    assert latest_unfinished(folder) == good


async def test_the_title_screen_comes_up_and_continues_the_good_game(folder_with_a_bad_file):
    from textual.widgets import OptionList

    from rainboard.ui.app import RainboardApp, TitleScreen
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.saves import SavesScreen

    folder, good, _ = folder_with_a_bad_file
    app = RainboardApp(catch_errors=False, data_dir=folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.screen.unfinished == good
        menu = app.screen.query_one("#menu", OptionList)
        assert not menu.get_option("continue").disabled
        menu.highlighted = menu.get_option_index("saved-games")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        listing = app.screen.query_one("#saves", OptionList)
        labels = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        assert any(label.startswith("zzz.json cannot be read: ") for label in labels), labels
        await pilot.press("escape")
        await pilot.pause()
        menu.highlighted = menu.get_option_index("continue")
        await pilot.press("enter")
        await pilot.pause()
        assert any(isinstance(screen, BoardScreen) for screen in app.screen_stack)


# -- limits ------------------------------------------------------------------------------------------
def test_a_file_over_the_size_limit_is_refused_without_being_read(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)  # sparse: takes no room on the disk
    tracemalloc.start()
    try:
        with pytest.raises(SaveError) as caught:
            read_save(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(caught.value) == f"{path}: {MAX_FILE_BYTES + 1} bytes; a save holds at most {MAX_FILE_BYTES}"
    assert peak < 1024 * 1024  # the file was never read whole


def _set(*keys, value):
    def change(raw):
        node = raw
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value(node[keys[-1]]) if callable(value) else value

    return change


LIMITS = {
    "actions": (_set("actions", value=["draw"] * (MAX_ACTIONS + 1)),
                f"actions: {MAX_ACTIONS + 1} actions; a save holds at most {MAX_ACTIONS}"),
    "players": (_set("setup", "players", value=lambda ps: ps + [{"name": f"P{i}", "slugcat": None} for i in range(8)]),
                "setup.players: 10 players; a save holds at most 9"),
    "a long name": (_set("setup", "players", 0, "name", value="A" * 65),
                    'setup.players[0].name: a text of 65 characters ("AAAAAAAAAAAAAAAAAAAA"...); at most 64 here'),
    "a name of a megabyte": (_set("setup", "players", 1, "name", value="B" * 2**20),
                             "setup.players[1].name: a text of 1048576 characters"),
    "a long action": (_set("actions", 3, value="eat " + "m" * 80), "actions[3]: a text of 84 characters"),
    "a long game id": (_set("game_id", value="g" * 65), "game_id: a text of 65 characters"),
    "a long seed": (_set("seed", value="s" * 65), "seed: a text of 65 characters"),
    "a seed past 64 bits": (_set("seed", value=2**64), "seed: 18446744073709551616 is out of range"),
    "a long challenge code": (_set("challenge", value={"code": "RW-" + "X" * 70}), "challenge.code: a text of 73"),
    "too many digests": (_set("digests", value={str(n): "0" * 16 for n in range(MAX_DIGESTS + 1)}),
                         f"digests: {MAX_DIGESTS + 1} digests; a save holds at most {MAX_DIGESTS}"),
    "too many deck files": (_set("decks", "files", value=lambda f: f | {f"x/{n}.toml": "" for n in range(MAX_DECK_FILES)}),
                            f"decks.files: {MAX_DECK_FILES + len(mini_data().files)} files; a save holds at most"),
    "a long deck file name": (_set("decks", "files", value=lambda f: f | {"cards/" + "c" * 70 + ".toml": ""}),
                              "decks.files: a file name: a text of 81 characters"),
    "an unknown key of a megabyte": (lambda raw: raw.update({"k" * 2**20: 1}),
                                     '"' + "k" * 40 + '"...: unknown key'),
}


@pytest.mark.parametrize("case", sorted(LIMITS))
def test_limits_are_one_clear_line(case, tmp_path, going):
    change, expected = LIMITS[case]
    raw = _raw(going.save)
    change(raw)
    error = _bad(tmp_path / "limit.json", json.dumps(raw))
    assert error.problem.startswith(expected), error.problem


def test_reading_a_hostile_file_needs_little_memory_beyond_its_text(tmp_path, going):
    """Whatever a file holds, reading it costs at most twice its text and a fixed 16 MB."""
    raw = _raw(going.save)
    size = 4 * 1024 * 1024
    hostile = {
        "empty lists": _text(raw | {"actions": "@x"}, x="[" + "[]," * (size // 3) + "[]]"),
        "short strings": _text(raw | {"actions": "@x"}, x="[" + '"ab",' * 190_000 + '"ab"]'),
        "nulls": _text(raw | {"actions": "@x"}, x="[" + "null," * (size // 5) + "null]"),
        "numbers": _text(raw | {"actions": "@x"}, x="[" + "1000," * (size // 5) + "1]"),
        "a key again and again": _text(raw | {"table": "@x"}, x="{" + '"a":null,' * (size // 9) + '"a":1}'),
        "one long string": _text(raw | {"app_version": "x" * size}),
    }
    for name, text in hostile.items():
        tracemalloc.start()
        try:
            with pytest.raises(SaveError):
                parse_save(text, "hostile.json")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 2 * len(text) + 16 * 1024 * 1024, (name, peak)


def _refitted(going, change) -> dict:
    """The save with its deck files changed and the fingerprint made to fit, as a forger would."""
    raw = _raw(going.save)
    change(raw["decks"]["files"])
    _refit(raw["decks"])
    return raw


def _run_capped(*args: str) -> subprocess.CompletedProcess:
    """`rainboard` in a process of its own, its memory capped at 2 GB (where the system allows it),
    so a save that asks for gigabytes fails the test instead of filling the machine."""
    def cap():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    env = {key: value for key, value in os.environ.items() if key != "RAINBOARD_DEBUG"}
    return subprocess.run([sys.executable, "-m", "rainboard", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300, preexec_fn=cap if os.name == "posix" else None)


def test_a_deck_count_of_a_billion_in_a_save_is_refused_at_once(tmp_path, going):
    def billion(files):
        files["regions/su.toml"] = files["regions/su.toml"].replace('card = "shelter"\ncount = 2',
                                                                    'card = "shelter"\ncount = 1000000000', 1)

    raw = _refitted(going, billion)
    assert "count = 1000000000" in raw["decks"]["files"]["regions/su.toml"]
    path = tmp_path / "billion.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    result = _run_capped("replay", "--verify", str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith(f"rainboard replay: {path}: ") and result.stderr.count("\n") == 1, result.stderr
    assert "cards" in result.stderr or "count" in result.stderr


def test_a_die_of_2_to_the_70_sides_is_refused_not_rolled(tmp_path, going):
    raw = _refitted(going, lambda files: files.update(
        {"rules.toml": files["rules.toml"].replace("turn_order_die = 20", f"turn_order_die = {2**70}")}))
    path = tmp_path / "die.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    result = _run_capped("replay", "--verify", str(path))
    assert result.returncode == 1 and result.stderr.startswith(f"rainboard replay: {path}: ") and result.stderr.count("\n") == 1
    assert "turn_order_die" in result.stderr


def test_new_game_refuses_decks_too_big_to_deal(going):
    data = mini_data()
    region_id, region = next(iter(data.regions.items()))
    huge = attrs.evolve(region.deck[0])
    object.__setattr__(huge, "count", 10**9)  # past the loader's own bound: the engine guards as well
    bigger = attrs.evolve(region, deck=(huge, *region.deck[1:]))
    with pytest.raises(SetupError, match="the decks hold 10000000.. cards; a game starts with at most"):
        new_game(setup_of(going.save), attrs.evolve(data, regions={**data.regions, region_id: bigger}))


# -- never anything but a SaveError -----------------------------------------------------------------
@pytest.mark.parametrize("where", ["seed", "version", "rules", "digests", "actions", "outcome"])
def test_an_integer_of_5000_digits_anywhere_is_a_save_error(where, tmp_path, going):
    raw = _raw(going.save) | {where: "@huge"}
    error = _bad(tmp_path / "huge.json", _text(raw, huge=HUGE))
    assert error.problem.startswith("not a Rainboard save: line 1, column ")
    assert error.problem.endswith("a number of 5001 characters; a save holds none over 20")


@pytest.mark.parametrize("text", ["hunt ²", "hunt ١", "strike ٣ spear", "hunt 01", "tame 9999999"])
def test_digits_that_are_not_ascii_name_no_player(text):
    with pytest.raises(ActionParseError):
        parse_action(text)


def test_a_superscript_digit_in_an_action_is_a_save_error(tmp_path, going):
    raw = _raw(going.save)
    raw["actions"][5] = "hunt ²"
    error = _bad(tmp_path / "digit.json", json.dumps(raw))
    assert error.problem == "action 6 'hunt ²' is not an action" and error.action == 6


def test_a_lone_surrogate_is_shown_escaped(tmp_path, going):
    raw = _raw(going.save)
    raw["setup"]["players"][0]["name"] = "A\ud800"
    escaped = _bad(tmp_path / "escaped.json", json.dumps(raw))  # written as \ud800 in the JSON
    assert escaped.problem == 'setup.players[0].name: "A\\ud800" holds a lone surrogate \\ud800'
    raw_bytes = _bad(tmp_path / "raw.json", json.dumps(raw, ensure_ascii=False))  # its UTF-8-like bytes
    assert raw_bytes.problem.startswith("not a Rainboard save: not UTF-8 text (byte ")


@pytest.mark.parametrize("name", ["\x1b[2J", "Bo\nAda", "\u202eevil", "Zoé\x7f", "\x85"])
def test_control_characters_in_a_name_are_refused_and_shown_escaped(name, tmp_path, going):
    raw = _raw(going.save)
    raw["setup"]["players"][1]["name"] = name
    error = _bad(tmp_path / "control.json", json.dumps(raw))
    assert error.problem.startswith("setup.players[1].name: ") and "holds the control character \\" in error.problem


@pytest.mark.parametrize("piece, expected", [
    ("NaN", "NaN is not JSON"), ("-Infinity", "-Infinity is not JSON"),
    ("[" + "0," * 200 + "0]", "more than 100 numbers"), ("1" + "0" * 40 + ".5", "a number of 43 characters"),
])
def test_json_that_python_reads_but_a_save_never_holds(piece, expected, tmp_path, going):
    raw = _raw(going.save) | {"outcome": "@x"}
    assert expected in _bad(tmp_path / "odd.json", _text(raw, x=piece)).problem


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_a_time_at_the_edge_of_the_calendar_is_a_save_error(moment, tmp_path, going):
    raw = _raw(going.save) | {"created": moment}
    assert _bad(tmp_path / "time.json", json.dumps(raw)).problem.startswith("created: expected a time within")


def test_a_value_of_the_wrong_kind_where_an_object_belongs(tmp_path, going):
    raw = _raw(going.save) | {"setup": "players"}
    assert _bad(tmp_path / "kind.json", json.dumps(raw)).problem == 'setup: expected an object, got "players"'


def test_a_deck_loader_failure_of_any_kind_is_a_save_error(tmp_path, going):
    raw = _raw(going.save)
    files = raw["decks"]["files"]
    files["rules.toml"] = files["rules.toml"].replace("turn_order_die = 20", f"turn_order_die = {HUGE}")
    error = _bad(tmp_path / "loader.json", json.dumps(raw))
    assert error.problem.startswith("the decks in the save cannot be played: ")


def test_every_message_is_one_short_printable_line():
    error = SaveError("g.json", "first line\nsecond line \x1b[31m" + "x" * 5000)
    assert str(error).isprintable() and str(error).startswith("g.json: first line\\x0asecond line \\x1b[31m")
    assert len(error.problem) == MAX_PROBLEM + 3 and error.problem.endswith("...")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_named_like_a_save_does_not_stall_the_reader(tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    result = _run_capped("replay", "--verify", str(pipe))  # would wait for a writer forever
    assert result.returncode == 1 and result.stderr == f"rainboard replay: {pipe}: not a regular file\n"
