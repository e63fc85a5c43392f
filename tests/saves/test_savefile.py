"""The save file: it round-trips, every bad file is one SaveError line that names the file and the
place, reading never changes a file, and writing never leaves a broken or partial file behind."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rainboard.engine import digest, new_game
from rainboard.saves import (
    FORMAT,
    Replay,
    SaveError,
    data_dir,
    encode_save,
    game_from_save,
    games_dir,
    latest_unfinished,
    list_saves,
    named_dir,
    new_game_id,
    read_save,
    record,
    write_save,
)
from rainboard.saves import savefile, store

from . import T0, T1, mini_data, play

TOP_KEYS = ["format", "version", "rules", "game_id", "created", "updated", "app_version", "seed", "setup", "table",
            "challenge", "decks", "actions", "digests", "finished", "outcome"]


@pytest.fixture(scope="module")
def finished_game():
    played = play(seed="fin6", limit=5000)  # a random game that reaches its end (under rules 3; "fin5" no longer does)
    assert played.save.finished
    return played


@pytest.fixture(scope="module")
def long_game():
    """A game still going after 120 actions: illegal-action and digest cases need a long one."""
    played = play(seed="long", limit=120)
    assert len(played.save.actions) == 120 and not played.save.finished
    return played


@pytest.fixture
def good_file(tmp_path, long_game) -> Path:
    path = tmp_path / "game.json"
    write_save(path, long_game.save)
    return path


# -- round trip ------------------------------------------------------------------------------------
def test_a_save_round_trips_and_replays_to_the_same_digest_at_every_step(tmp_path, finished_game):
    path = tmp_path / "games" / "one.json"
    write_save(path, finished_game.save)
    again = read_save(path)
    assert again == finished_game.save
    replay = Replay(again, path)
    assert len(replay) == len(finished_game.states) - 1
    for index, state in enumerate(finished_game.states):
        assert replay.digest_at(index) == digest(state)
        assert replay.events_at(index) == finished_game.events[index]
    assert replay.final_digest == digest(finished_game.states[-1])
    assert replay.outcome is not None and replay.outcome.winner == finished_game.states[-1].winner


def test_the_file_has_the_contract_shape(tmp_path, finished_game):
    path = tmp_path / "g.json"
    write_save(path, finished_game.save)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert list(raw) == TOP_KEYS
    assert raw["format"] == FORMAT and raw["version"] == 1
    assert raw["created"] == "2026-11-23T13:18:00Z" and raw["updated"] == "2026-11-23T14:02:05Z"
    assert raw["setup"] == {"players": [{"name": "Ada", "slugcat": "survivor"}, {"name": "Bo", "slugcat": "hunter"}],
                            "options": {"precycles": True, "wait_turns": None}}
    assert raw["table"] == {"handoffs": True} and raw["challenge"] is None
    assert raw["decks"]["files"] == mini_data().files
    assert raw["decks"]["fingerprint"] == mini_data().fingerprint
    last = len(raw["actions"])
    assert sorted(map(int, raw["digests"])) == sorted({*range(0, last + 1, 10), last})
    assert raw["finished"] is True
    winner = finished_game.states[-1].players[finished_game.states[-1].winner]
    assert raw["outcome"] == {"winner": winner.name, "turns": winner.turns, "solo_score": None}
    assert path.read_bytes() == encode_save(finished_game.save)


def test_new_save_starts_with_the_opening_digest_and_a_sortable_id():
    played = play(limit=0, game_id=None, choose_later=True)
    save = played.save
    assert save.actions == () and save.digests == {0: digest(played.states[0])}
    assert re.fullmatch(r"20261123-131800-[0-9a-f]{4}", save.game_id)
    assert not save.finished and save.outcome is None


def test_players_who_choose_their_slugcat_in_play_round_trip(tmp_path):
    played = play(choose_later=True, limit=50)
    assert played.save.setup.players[0].slugcat is None
    path = tmp_path / "g.json"
    write_save(path, played.save)
    assert Replay.from_file(path).final_digest == digest(played.states[-1])


def test_record_keeps_every_tenth_digest_and_the_last(long_game):
    save = long_game.save
    shorter = record(save, list(save.actions[:37]), {n: f"d{n}" for n in range(60)}, False, None, T1)
    assert sorted(shorter.digests) == [0, 10, 20, 30, 37]
    assert shorter.actions == save.actions[:37]


def test_timestamps_are_kept_in_utc_whole_seconds(long_game):
    later = datetime(2027, 1, 2, 3, 4, 5, 678901, tzinfo=UTC).astimezone()
    save = record(long_game.save, list(long_game.save.actions), long_game.save.digests, False, None, later)
    assert save.updated == datetime(2027, 1, 2, 3, 4, 5, tzinfo=UTC)


def test_game_from_save_gives_the_decks_and_setup_back(long_game):
    data, setup = game_from_save(long_game.save)
    assert data.fingerprint == mini_data().fingerprint
    state, _ = new_game(setup, data)
    assert digest(state) == digest(long_game.states[0])


# -- bad files -------------------------------------------------------------------------------------
def _edit(function):
    def change(text: str) -> str:
        raw = json.loads(text)
        function(raw)
        return json.dumps(raw)

    return change


def _set_action(index, text):
    return _edit(lambda raw: raw["actions"].__setitem__(index, text))


def _first_illegal_action(played) -> tuple[int, str]:
    """An action text that parses but is not legal at some point of the game."""
    from rainboard.engine import legal_actions

    for index, state in enumerate(played.states[:-1]):
        legal = {str(a) for a in legal_actions(state)}
        for text in ("walk uh", "cross gate_a_b", "hibernate", "food", "choose monk"):
            if text not in legal:
                return index, text
    raise AssertionError("every text was legal everywhere")


BAD_TEXT = {
    "truncated": (lambda text: text[: len(text) // 2], r"not JSON \(line \d+, column \d+"),
    "empty": (lambda text: "", "the file is empty"),
    "not JSON": (lambda text: "Ada hibernates", r"not JSON \(line 1, column 1"),
    "a JSON list": (lambda text: "[1, 2]", "not a Rainboard save"),
    "another format": (_edit(lambda raw: raw.update(format="chess-pgn")), 'not a Rainboard save.*"chess-pgn"'),
    "no format": (_edit(lambda raw: raw.pop("format")), "not a Rainboard save"),
    "unknown version": (_edit(lambda raw: raw.update(version=7)), "version 7; this Rainboard reads version 1"),
    "version as text": (_edit(lambda raw: raw.update(version="1")), "version .*this Rainboard reads version 1"),
    "extra key": (_edit(lambda raw: raw.update(colour="blue")), "colour: unknown key"),
    "extra nested key": (_edit(lambda raw: raw["setup"]["options"].update(colour="blue")),
                         r"setup\.options\.colour: unknown key"),
    "missing key": (_edit(lambda raw: raw.pop("table")), "table: missing"),
    "missing nested key": (_edit(lambda raw: raw["setup"]["players"][1].pop("name")),
                           r"setup\.players\[1\]\.name: missing"),
    "wrong type": (_edit(lambda raw: raw["setup"]["players"][0].update(name=3)),
                   r"setup\.players\[0\]\.name: expected a string, got 3"),
    "number as text": (_edit(lambda raw: raw["table"].update(handoffs="yes")), r"table\.handoffs: expected true or false"),
    "seed true": (_edit(lambda raw: raw.update(seed=True)), "seed: expected a whole number or a string, got true"),
    "bad time": (_edit(lambda raw: raw.update(created="yesterday")), "created: expected an ISO-8601 time"),
    "time without zone": (_edit(lambda raw: raw.update(updated="2026-11-23T13:18:00")), "updated: .*zone"),
    "action not text": (_set_action(3, 5), r"actions\[3\]: expected a string, got 5"),
    "digest key": (_edit(lambda raw: raw["digests"].update(ten="abc")), 'digests: "ten"'),
    "digest past the end": (_edit(lambda raw: raw["digests"].update({"500": "abc"})),
                            'digests: "500" is past the last action'),
    "finished without outcome": (_edit(lambda raw: raw.update(finished=True)),
                                 "outcome: the game is finished but the save gives no outcome"),
    "game id with a folder": (_edit(lambda raw: raw.update(game_id="../../etc")), "game_id: "),
    "no players": (_edit(lambda raw: raw["setup"].update(players=[])), "setup.players: a game needs"),
}

BAD_REPLAY = {
    "not an action": (_set_action(56, "fly away"), "action 57 'fly away' is not an action"),
    "a digest that does not match": (
        _edit(lambda raw: raw["digests"].update({"40": "0123456789abcdef"})),
        "after action 40 the game's digest is [0-9a-f]{16}, the save says 0123456789abcdef: "
        "the save does not replay the same"),
    "an opening digest that does not match": (
        _edit(lambda raw: raw["digests"].update({"0": "0123456789abcdef"})),
        "before the first action the game's digest is"),
    "said finished but goes on": (
        _edit(lambda raw: raw.update(finished=True, outcome={"winner": "Ada", "turns": 3, "solo_score": None})),
        "the save says the game is finished, but after its 120 actions it goes on"),
    "broken embedded decks": (
        _edit(lambda raw: raw["decks"]["files"].update({"rules.toml": "karma_start = ["})),
        "the decks in the save cannot be played: decks/rules.toml: not valid TOML"),
    "a deck file missing": (
        _edit(lambda raw: raw["decks"]["files"].pop("slugcats.toml")),
        "the decks in the save cannot be played: decks/slugcats.toml: missing file"),
    "deck files changed": (
        _edit(lambda raw: raw["decks"]["files"].update({"rules.toml": raw["decks"]["files"]["rules.toml"] + "\n"})),
        "decks.fingerprint: the save says [0-9a-f]+, its deck files give [0-9a-f]+"),
    "an unknown slugcat": (
        _edit(lambda raw: raw["setup"]["players"][0].update(slugcat="cat")),
        "the setup in the save cannot start a game: no slugcat 'cat'"),
}


def _assert_bad(path: Path, pattern: str) -> SaveError:
    before = path.read_bytes() if path.is_file() else None
    stamp = path.stat().st_mtime_ns if path.exists() else None
    with pytest.raises(SaveError) as caught:
        Replay.from_file(path)
    error = caught.value
    message = str(error)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    assert error.path == path
    assert re.search(pattern, message), message
    if before is not None:
        assert path.read_bytes() == before  # reading never changes the file
        assert path.stat().st_mtime_ns == stamp
    return error


@pytest.mark.parametrize("case", sorted(BAD_TEXT))
def test_a_bad_file_is_one_save_error_naming_the_file_and_the_place(case, good_file):
    change, pattern = BAD_TEXT[case]
    good_file.write_text(change(good_file.read_text(encoding="utf-8")), encoding="utf-8")
    _assert_bad(good_file, pattern)
    with pytest.raises(SaveError):
        read_save(good_file)  # these are all caught by reading alone


@pytest.mark.parametrize("case", sorted(BAD_REPLAY))
def test_a_save_that_does_not_replay_says_where(case, good_file):
    change, pattern = BAD_REPLAY[case]
    good_file.write_text(change(good_file.read_text(encoding="utf-8")), encoding="utf-8")
    read_save(good_file)  # the shape is fine; playing it back is not
    _assert_bad(good_file, pattern)


def test_an_illegal_action_names_its_number_and_text(good_file, long_game):
    index, text = _first_illegal_action(long_game)
    good_file.write_text(_set_action(index, text)(good_file.read_text(encoding="utf-8")), encoding="utf-8")
    _assert_bad(good_file, f"action {index + 1} '{text}' is not legal at that point: ")


def test_actions_after_the_end_are_not_legal(tmp_path, finished_game):
    path = tmp_path / "g.json"
    save = finished_game.save
    write_save(path, attrs.evolve(save, actions=save.actions + ("draw",)))
    _assert_bad(path, f"action {len(save.actions) + 1} 'draw' is not legal at that point: .*game is over")


def test_not_utf8(good_file):
    good_file.write_bytes(b"\xff\xfe{}")
    _assert_bad(good_file, "not UTF-8")


def test_missing_file_and_folder(tmp_path):
    _assert_bad(tmp_path / "nowhere.json", "no such file")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    _assert_bad(folder, "a folder, not a save file")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_unreadable_file(good_file):
    good_file.chmod(0)
    try:
        _assert_bad(good_file, "cannot be read")
    finally:
        good_file.chmod(0o644)


def test_deeply_nested_json(good_file):
    good_file.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    _assert_bad(good_file, "not a Rainboard save")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(0, 1), spot=st.floats(0, 1), byte=st.integers(0, 255))
def test_damaged_files_give_save_error_or_a_game_never_another_exception(tmp_path, long_game, cut, spot, byte):
    body = bytearray(encode_save(long_game.save))
    body[int(spot * (len(body) - 1))] = byte
    path = tmp_path / "damaged.json"
    path.write_bytes(bytes(body[: max(1, int(cut * len(body)))]) if cut < 0.5 else bytes(body))
    try:
        Replay.from_file(path)
    except SaveError as error:
        assert str(error).startswith(f"{path}: ") and "\n" not in str(error)


# -- atomic writing --------------------------------------------------------------------------------
def _temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_write_creates_the_folder_and_leaves_no_temp_file(tmp_path, long_game):
    path = tmp_path / "a" / "b" / "g.json"
    write_save(path, long_game.save)
    assert read_save(path) == long_game.save
    assert _temp_files(path.parent) == []


@pytest.mark.parametrize("failure", ["fsync", "replace", "interrupt"])
def test_a_failure_mid_write_keeps_the_old_file_and_no_temp_file(monkeypatch, good_file, long_game, failure):
    before = good_file.read_bytes()
    newer = record(long_game.save, list(long_game.save.actions[:5]), long_game.save.digests, False, None, T1)

    def half_written_then_fail(handle):
        os.ftruncate(handle, 100)  # the disk got part of it, then the write failed
        raise KeyboardInterrupt if failure == "interrupt" else OSError(28, "No space left on device")

    if failure == "replace":
        monkeypatch.setattr(savefile.os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(5, "I/O error")))
    else:
        monkeypatch.setattr(savefile.os, "fsync", half_written_then_fail)
    with pytest.raises(KeyboardInterrupt if failure == "interrupt" else SaveError) as caught:
        write_save(good_file, newer)
    if failure != "interrupt":
        assert str(caught.value).startswith(f"{good_file}: cannot be written: ")
    assert good_file.read_bytes() == before
    assert _temp_files(good_file.parent) == []


def test_a_file_that_does_not_read_back_never_replaces_a_good_one(monkeypatch, good_file, long_game):
    before = good_file.read_bytes()

    def corrupt(handle):  # the write "succeeds" but the disk holds something else
        os.ftruncate(handle, 0)
        os.pwrite(handle, b"{}", 0)

    monkeypatch.setattr(savefile.os, "fsync", corrupt)
    with pytest.raises(SaveError, match="read back differs"):
        write_save(good_file, long_game.save)
    assert good_file.read_bytes() == before
    assert _temp_files(good_file.parent) == []


def test_a_save_that_would_not_read_is_not_written(good_file, long_game):
    before = good_file.read_bytes()
    broken = attrs.evolve(long_game.save, digests={**long_game.save.digests, 999: "x"})
    with pytest.raises(SaveError, match="does not read back: digests"):
        write_save(good_file, broken)
    assert good_file.read_bytes() == before
    assert _temp_files(good_file.parent) == []


# -- where saves live ------------------------------------------------------------------------------
def test_data_dir_prefers_the_option_then_the_environment_then_the_user_folder(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.setenv("RAINBOARD_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "opt") == tmp_path / "opt"
    assert data_dir() == tmp_path / "env"
    monkeypatch.setenv("RAINBOARD_DATA_DIR", "")
    assert data_dir() == Path(platformdirs.user_data_dir("rainboard"))
    monkeypatch.delenv("RAINBOARD_DATA_DIR")
    assert data_dir() == Path(platformdirs.user_data_dir("rainboard"))
    assert games_dir(tmp_path) == tmp_path / "games" and named_dir(tmp_path) == tmp_path / "saves"


def test_game_ids_sort_by_time_and_do_not_clash():
    ids = {new_game_id(T0) for _ in range(50)}
    assert len(ids) > 40 and all(re.fullmatch(r"20261123-131800-[0-9a-f]{4}", i) for i in ids)
    assert new_game_id(T0) < new_game_id(T1)
    assert new_game_id(datetime(2026, 11, 23, 15, 18, tzinfo=UTC).astimezone()).startswith("20261123-151800-")


def _autosave(folder: Path, played, game_id: str, updated: datetime) -> Path:
    save = attrs.evolve(played.save, game_id=game_id, updated=updated)
    path = store.autosave_path(folder, game_id)
    write_save(path, save)
    return path


def test_latest_unfinished_skips_finished_and_unreadable_saves(tmp_path, long_game, finished_game):
    assert latest_unfinished(tmp_path) is None
    older = _autosave(tmp_path, long_game, "old", datetime(2026, 1, 1, tzinfo=UTC))
    newer = _autosave(tmp_path, long_game, "new", datetime(2026, 1, 2, tzinfo=UTC))
    _autosave(tmp_path, finished_game, "done", datetime(2026, 1, 3, tzinfo=UTC))
    broken = games_dir(tmp_path) / "broken.json"
    broken.write_text("{", encoding="utf-8")
    (games_dir(tmp_path) / ".new.json.x1.tmp").write_text("{", encoding="utf-8")
    assert latest_unfinished(tmp_path) == newer
    assert broken.read_text(encoding="utf-8") == "{"  # skipped, not deleted
    newer.unlink()
    assert latest_unfinished(tmp_path) == older


def test_list_saves_shows_every_file_newest_first_and_the_broken_with_their_error(tmp_path, long_game, finished_game):
    _autosave(tmp_path, long_game, "old", datetime(2026, 1, 1, tzinfo=UTC))
    _autosave(tmp_path, finished_game, "done", datetime(2026, 1, 3, tzinfo=UTC))
    named = named_dir(tmp_path) / "before the gate.json"
    write_save(named, attrs.evolve(long_game.save, updated=datetime(2026, 1, 2, tzinfo=UTC)))
    (games_dir(tmp_path) / "broken.json").write_text("[]", encoding="utf-8")
    listing = list_saves(tmp_path)
    assert [s.path.name for s in listing] == ["done.json", "before the gate.json", "old.json", "broken.json"]
    done, named_summary, old, broken = listing
    assert done.finished and done.players == ("Ada", "Bo") and done.actions == len(finished_game.save.actions)
    assert "won in" in done.description and done.error is None
    assert named_summary.named and not old.named
    # each slugcat by its name in the decks, and the cycle the game was left in (its actions played)
    replay = Replay(long_game.save)
    survivor, hunter = (replay.data.slugcats[cat].name for cat in ("survivor", "hunter"))
    assert old.description == (f"Ada ({survivor}), Bo ({hunter}); 120 actions; "
                               f"in progress, cycle {replay.state_at(120).cycle}")
    assert "(survivor)" not in old.description and replay.state_at(120).cycle > 1
    assert broken.error is not None and "not a Rainboard save" in broken.error and broken.game_id is None
    assert list_saves(tmp_path / "nothing here") == []


def test_a_challenge_and_the_table_settings_round_trip(tmp_path):
    from rainboard.saves import new_save
    from rainboard.saves.challenge import challenge_setup, make_code, parse_code

    code = make_code(41, 0, True)  # a code the game is dealt from: a save's claim is checked when replayed
    setup = challenge_setup(parse_code(code, mini_data()), "Ada")
    save = new_save(setup, mini_data(), table_handoffs=False, now=T0, game_id="c1", challenge_code=code)
    path = tmp_path / "c1.json"
    write_save(path, save)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["challenge"] == {"code": code} and raw["table"] == {"handoffs": False} and raw["seed"] == "challenge-41"
    assert read_save(path) == save
    assert Replay.from_file(path).setup == setup


def test_leftover_temp_files_from_a_killed_write_are_swept_but_saves_are_not(tmp_path):
    import os

    from rainboard.saves import games_dir, sweep_leftovers

    folder = games_dir(tmp_path)
    folder.mkdir(parents=True)
    old = folder / ".20261123-131800-ab12.json.x1.tmp"
    fresh = folder / ".20261123-131900-cd34.json.x2.tmp"
    save = folder / "20261123-131800-ab12.json"
    for path in (old, fresh, save):
        path.write_text("{", encoding="utf-8")
    os.utime(old, (1_000_000, 1_000_000))
    os.utime(save, (1_000_000, 1_000_000))
    removed = sweep_leftovers(tmp_path, now=1_000_000 + 7200)
    assert removed == [old]
    assert not old.exists() and fresh.exists() and save.exists()
