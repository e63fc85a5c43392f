"""Every way text read from a file reaches the players, with hostile text planted in it: whatever
the table shows or the command line prints holds no character a terminal acts on.

A file on a shared computer or from a shared folder can hold escape sequences anywhere: a lock
file's holder note, a save, its journal, a deck folder, the remembered table, the score book, and
the very paths of the folders they sit in. `UI_CASES` and `CLI_CASES` list each way such text is
shown, as (source file kind, field, planted value) and the screen or printed line that shows it;
each case plants the value, shows it the way a player would meet it, and checks that what is shown
holds it spelled out (so the case is not passing by showing nothing) and holds no unsafe character
(rainboard.text.has_unsafe). The lock file's note is also checked through a real terminal: the
`rainboard` and `rainboard continue` of a player whose game is open somewhere else.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.saves import games_dir, named_dir
from rainboard.saves.journal import journal_path
from rainboard.saves.lock import GameLocked, LockHolder, lock_path
from rainboard.saves.savefile import save_stamp
from rainboard.text import has_unsafe, printable
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.dialogs import ConfirmScreen
from rainboard.ui.screens.saves import SavesScreen
from rainboard.ui.screens.scores import ScoresScreen
from rainboard.ui.screens.setup import SetupScreen, SlugcatPickScreen, TableOptions
from rainboard.ui.screens.title import TitleScreen
from rainboard.ui.session import GameSession
from rainboard.ui.textual_internals import screen_lines, screen_segments

from tests.ui.test_hostile_text import save_game

ROOT = Path(__file__).resolve().parents[2]
SHORT = ROOT / "tests" / "fixtures" / "short"
SIZE = (120, 40)

CLEAR = "\x1b[2J"  # clears the screen
CLIPBOARD = "\x1b]52;c;aGVsbG8="  # OSC 52 with no terminator: the terminal takes what follows as clipboard text
TITLE = "\x1b]0;PWNED"  # OSC 0 with no terminator: the window title swallows what follows
CSI = "\x9b2J"  # the one-byte CSI (C1), a screen clear on terminals that read C1
BIDI = "\u202eevil\u2066"  # turns the rest of the line around
SURROGATE = "\ud800"  # not text at all: printed raw, it raises UnicodeEncodeError
HOSTILE = f"{CLEAR}a{CLIPBOARD} b{TITLE} c{CSI} d{BIDI}"
SHORT_HOSTILE = f"x{TITLE}{CSI}{BIDI}"  # for a file name, and where a line has little room
# how a deck file can be hostile: the loader refuses control characters, but not a bidi override
DECK_HOSTILE = "\u202e[/]evil\u2066"
# what the terminal would be sent only if planted text got through raw (Textual sends none of these)
RAW = ("\x1b[2J", "\x1b]52;", "\x1b]0;PWNED", "\x9b", "\u202e", "\u2066", "\ud800")


# -- what a case looks at ------------------------------------------------------------------------------
def drawn(app) -> str:
    """What the terminal would be sent to draw the screen as it is now."""
    return screen_segments(app)


def notices(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def assert_guarded(app) -> None:
    """Nothing unsafe on the screen as drawn (its lines, the bytes for the terminal) or in a notice."""
    unsafe = [line for line in screen_lines(app) if has_unsafe(line)]
    assert not unsafe, (type(app.screen).__name__, unsafe)
    sent = drawn(app)
    assert not [raw for raw in RAW if raw in sent], (type(app.screen).__name__, [r for r in RAW if r in sent])
    said = [notice for notice in notices(app) if has_unsafe(notice, keep="\n")]
    assert not said, said


def rendered(widget) -> str:
    return str(widget.render())


# -- planting ---------------------------------------------------------------------------------------------
@contextmanager
def held_by(save_path: Path, note: dict) -> Iterator[None]:
    """The game's lock held (by this process, as another window would hold it) under `note`."""
    fd = os.open(lock_path(save_path), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        os.pwrite(fd, json.dumps(note).encode(), 0)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield
    finally:
        os.close(fd)


WHERE_NOTE = {"where": HOSTILE, "host": "couch", "pid": 4242, "since": "2026-01-02T21:05:00+00:00"}
HOST_NOTE = {"where": "a browser tab", "host": f"couch{SURROGATE}{HOSTILE}", "pid": 4242}


def hostile_decks(tmp_path: Path, edits: list[tuple[str, str, str]]) -> Path:
    decks = tmp_path / "decks"
    shutil.copytree(SHORT, decks)
    for name, old, new in edits:
        file = decks / name
        text = file.read_text(encoding="utf-8")
        assert old in text
        file.write_text(text.replace(old, new), encoding="utf-8")
    return decks


def toml_escaped(text: str) -> str:
    """`text` as a TOML basic string's contents, control characters as \\u escapes."""
    return "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f or c in '"\\' else c for c in text)


def begin_a_game(app: RainboardApp) -> None:
    setup = Setup(players=[PlayerSetup("Ada", "survivor")], seed="borne")
    app.begin(GameSession.start(setup, load_data(SHORT)), TableOptions(handoffs=False))


async def settle(pilot, times: int = 3) -> None:
    for _ in range(times):
        await pilot.pause()


# -- the table: each case plants its value, opens the app where it is shown, and gives what shows it ---
Look = Callable[[Path, pytest.MonkeyPatch], Awaitable[list[str]]]


def lock_note_on_the_title(note: dict) -> Look:
    """A case: the last unfinished game is held by a lock whose holder note is `note`; what the
    title's line about it shows."""
    async def look(data: Path, monkeypatch) -> list[str]:
        path = save_game(data, ("Ada", "Bo"))
        with held_by(path, note):
            app = RainboardApp(catch_errors=False, autosave=False)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await settle(pilot)
                assert isinstance(app.screen, TitleScreen)
                assert_guarded(app)
                return [rendered(app.screen.query_one("#later-note"))]
    return look


async def lock_on_continue_from_the_title(data: Path, monkeypatch) -> list[str]:
    path = save_game(data, ("Ada", "Bo"))
    with held_by(path, {**WHERE_NOTE, "host": HOST_NOTE["host"]}):
        app = RainboardApp(catch_errors=False)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            menu = app.screen.query_one("#menu")
            menu.highlighted = menu.get_option_index("continue")
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            assert_guarded(app)
            return [rendered(app.screen.query_one(".dialog-title"))]


async def save_player_name_in_saved_games(data: Path, monkeypatch) -> list[str]:
    path = save_game(data, ("Ada", "Bo"))
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["setup"]["players"][1]["name"] = HOSTILE
    path.write_text(json.dumps(raw), encoding="utf-8")
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_saved_games()
        await settle(pilot)
        assert isinstance(app.screen, SavesScreen)
        assert_guarded(app)
        listing = app.screen.query_one("#saves")
        return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def save_file_name_in_saved_games(data: Path, monkeypatch) -> list[str]:
    path = save_game(data, ("Ada", "Bo"))
    named = named_dir(data) / f"{SHORT_HOSTILE}.json"
    named.parent.mkdir(parents=True)
    path.rename(named)
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_saved_games()
        await settle(pilot)
        assert_guarded(app)
        listing = app.screen.query_one("#saves")
        return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def save_action_on_continue(data: Path, monkeypatch) -> list[str]:
    path = save_game(data, ("Ada", "Bo"), action_at=(3, HOSTILE))
    app = RainboardApp(catch_errors=False, resume=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert_guarded(app)
        return notices(app)


async def journal_line_on_continue(data: Path, monkeypatch) -> list[str]:
    path = save_game(data, ("Ada", "Bo"))
    raw = json.loads(path.read_text(encoding="utf-8"))
    base = len(raw["actions"])
    header = {"journal": "rainboard-journal", "game_id": raw["game_id"], "base": base,
              "save": save_stamp(path.read_bytes())}
    journal_path(path).write_text(json.dumps(header) + "\n" + json.dumps({"n": base + 1, "a": HOSTILE}) + "\n",
                                  encoding="utf-8")
    app = RainboardApp(catch_errors=False, resume=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert_guarded(app)
        return notices(app)


async def deck_names_at_the_setup(data: Path, monkeypatch) -> list[str]:
    decks = hostile_decks(data.parent, [("slugcats.toml", 'name = "The Monk"', f'name = "{DECK_HOSTILE}Monk"')])
    (decks / "presets").mkdir(exist_ok=True)
    (decks / "presets" / "standard.toml").write_text(
        f'name = "{DECK_HOSTILE}Standard"\ntext = "{DECK_HOSTILE} rules"\n\n[rules]\n', encoding="utf-8")
    app = RainboardApp(data=load_data(decks), catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_new_game()
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert_guarded(app)
        seen = ["\n".join(screen_lines(app))]
        await pilot.press("ctrl+s")
        await settle(pilot)
        for _ in range(5):  # the roll for turn order first, then the slugcats
            if isinstance(app.screen, SlugcatPickScreen):
                break
            assert_guarded(app)
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, SlugcatPickScreen)
        assert_guarded(app)
        listing = app.screen.query_one("#slugcats")
        return seen + [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def deck_folder_typed_at_the_setup(data: Path, monkeypatch) -> list[str]:
    decks = hostile_decks(data.parent, [("regions/su.toml", 'name = "Outskirts"',
                                         f'name = "Out{toml_escaped(HOSTILE)}skirts"')])
    app = RainboardApp(data=load_data(SHORT), catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_new_game()
        await settle(pilot)
        app.screen.query_one("#decks").value = str(decks)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)  # refused, and said why
        assert_guarded(app)
        return [rendered(app.screen.query_one("#setup-error"))]


async def remembered_table_and_its_folder(data: Path, monkeypatch) -> list[str]:
    folder = data.parent / f"config{SHORT_HOSTILE}"
    folder.mkdir()
    (folder / "table.json").write_text(json.dumps({"names": ["Ada", HOSTILE]}), encoding="utf-8")
    monkeypatch.setenv("RAINBOARD_CONFIG_DIR", str(folder))
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert_guarded(app)
        return notices(app)


async def score_book_entries(data: Path, monkeypatch) -> list[str]:
    from rainboard.saves.scores import ScoreBook

    ScoreBook(data / "scores.sqlite3").record(f"RW{HOSTILE}", HOSTILE, 40, date(2026, 1, 3))
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(ScoresScreen())
        await settle(pilot)
        assert_guarded(app)
        return ["\n".join(screen_lines(app))]


async def damaged_score_book_in_its_folder(data: Path, monkeypatch) -> list[str]:
    folder = data.parent / f"data{SHORT_HOSTILE}"
    folder.mkdir()
    (folder / "scores.sqlite3").write_bytes(b"not a score book " * 20)
    app = RainboardApp(catch_errors=False, autosave=False, data_dir=folder)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(ScoresScreen())
        await settle(pilot)
        assert_guarded(app)
        return [rendered(app.screen.query_one("#scores-note"))]


async def data_folder_in_the_saved_as_notice(data: Path, monkeypatch) -> list[str]:
    folder = data.parent / f"data{SHORT_HOSTILE}"
    app = RainboardApp(data=load_data(SHORT), catch_errors=False, data_dir=folder)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        begin_a_game(app)
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert_guarded(app)
        return notices(app)


async def data_folder_that_cannot_be_written(data: Path, monkeypatch) -> list[str]:
    folder = data.parent / f"data{SHORT_HOSTILE}"
    folder.write_text("a file where the folder should be", encoding="utf-8")
    app = RainboardApp(data=load_data(SHORT), catch_errors=False, data_dir=folder)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        begin_a_game(app)
        await settle(pilot)
        assert_guarded(app)
        return notices(app)


async def error_log_folder_and_error(data: Path, monkeypatch) -> list[str]:
    monkeypatch.setenv("XDG_STATE_HOME", str(data.parent / f"state{SHORT_HOSTILE}"))
    app = RainboardApp(data=load_data(SHORT), catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.report_error(ValueError(f"a file said {HOSTILE}"))
        await settle(pilot)
        assert_guarded(app)
        return notices(app)


@dataclass(frozen=True)
class Case:
    source: str  # the kind of file the text comes from
    field: str  # what in it
    planted: str  # the value planted there
    shown_by: Look  # where a player meets it; gives the texts that show it
    spelled: str  # what must be among those texts: the planted value, spelled out

    @property
    def id(self) -> str:
        return f"{self.source}: {self.field}".replace(" ", "-")


UI_CASES = [
    Case("lock file", "holder's where, on the title", HOSTILE, lock_note_on_the_title(WHERE_NOTE), printable(HOSTILE)),
    Case("lock file", "holder's host, on the title", HOST_NOTE["host"], lock_note_on_the_title(HOST_NOTE),
         printable(HOST_NOTE["host"])),
    Case("lock file", "holder, on Continue", HOSTILE, lock_on_continue_from_the_title, printable(HOSTILE)),
    Case("save file", "player name, in Saved games", HOSTILE, save_player_name_in_saved_games, "\\x1b"),
    Case("save file", "its file name, in Saved games", SHORT_HOSTILE, save_file_name_in_saved_games,
         printable(SHORT_HOSTILE)),
    Case("save file", "an action, on Continue", HOSTILE, save_action_on_continue, "\\x1b"),
    Case("journal", "an action line, on Continue", HOSTILE, journal_line_on_continue, "\\x1b"),
    Case("deck files", "preset and slugcat names, at the setup", DECK_HOSTILE, deck_names_at_the_setup,
         printable(DECK_HOSTILE)),
    Case("deck files", "a region name, in a folder typed at the setup", HOSTILE, deck_folder_typed_at_the_setup,
         "\\x1b"),
    Case("config file", "remembered names and the config folder", HOSTILE, remembered_table_and_its_folder,
         printable(SHORT_HOSTILE)),
    Case("scores file", "code and slugcat", HOSTILE, score_book_entries, "\\x1b"),
    Case("scores file", "a damaged book, in its folder", SHORT_HOSTILE, damaged_score_book_in_its_folder,
         printable(SHORT_HOSTILE)),
    Case("data folder", "its path, in the Saved as notice", SHORT_HOSTILE, data_folder_in_the_saved_as_notice,
         printable(SHORT_HOSTILE)),
    Case("data folder", "its path, when it cannot be written", SHORT_HOSTILE, data_folder_that_cannot_be_written,
         printable(SHORT_HOSTILE)),
    Case("errors.log", "its folder and the error told", HOSTILE, error_log_folder_and_error, printable(HOSTILE)),
]


@pytest.mark.parametrize("case", UI_CASES, ids=[case.id for case in UI_CASES])
async def test_file_borne_text_reaches_the_table_as_text(case: Case, _private_data_dir, monkeypatch):
    texts = await case.shown_by(_private_data_dir, monkeypatch)
    assert any(case.spelled in text for text in texts), (case.id, texts)
    assert not [text for text in texts if has_unsafe(text, keep="\n")], (case.id, texts)


# -- the command line ---------------------------------------------------------------------------------------
def printed_by(capsys, *argv: str) -> tuple[int, str]:
    from rainboard.cli import main

    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def cli_locked_game_in_the_last_resort_line(tmp_path, capsys, monkeypatch) -> tuple[int, str]:
    import rainboard.cli

    def locked(args, out, err):
        raise GameLocked(tmp_path / "game.json", LockHolder.from_note(json.dumps(HOST_NOTE | WHERE_NOTE).encode()))

    monkeypatch.setattr(rainboard.cli, "cmd_scores", locked)
    return printed_by(capsys, "scores")


def cli_skipped_saves_on_continue(tmp_path, capsys, monkeypatch) -> tuple[int, str]:
    data = tmp_path / "data"
    games_dir(data).mkdir(parents=True)
    (games_dir(data) / f"{SHORT_HOSTILE}.json").write_text('{"format": "', encoding="utf-8")
    return printed_by(capsys, "--data-dir", str(data), "continue")


def cli_scores(tmp_path, capsys, monkeypatch) -> tuple[int, str]:
    from rainboard.saves.scores import ScoreBook

    ScoreBook(tmp_path / "data" / "scores.sqlite3").record(f"RW{HOSTILE}", HOSTILE, 12, date(2026, 1, 2))
    return printed_by(capsys, "--data-dir", str(tmp_path / "data"), "scores")


def cli_decks_check(tmp_path, capsys, monkeypatch) -> tuple[int, str]:
    decks = hostile_decks(tmp_path, [("regions/su.toml", 'name = "Outskirts"',
                                      f'name = "Out{toml_escaped(HOSTILE)}skirts"')])
    return printed_by(capsys, "decks", "check", "--decks", str(decks))


def cli_serve_banner(tmp_path, capsys, monkeypatch) -> tuple[int, str]:
    from rainboard.web.server import RainboardServer

    monkeypatch.setattr(RainboardServer, "serve", lambda self, *args, **kwargs: None)
    return printed_by(capsys, "serve", "--data-dir", str(tmp_path / f"data{SHORT_HOSTILE}"), "--port", "8123")


def cli_replay_verify(tmp_path, capsys, monkeypatch) -> tuple[int, str]:
    path = save_game(tmp_path, ("Ada", "Bo"), action_at=(3, HOSTILE))
    shared = path.with_name(f"{SHORT_HOSTILE}.json")
    path.rename(shared)
    return printed_by(capsys, "replay", "--verify", str(shared))


@dataclass(frozen=True)
class CliCase:
    source: str
    field: str
    planted: str
    printed_by: Callable[..., tuple[int, str]]
    spelled: str

    @property
    def id(self) -> str:
        return f"{self.source}: {self.field}".replace(" ", "-")


CLI_CASES = [
    CliCase("lock file", "holder, in an error line", HOSTILE, cli_locked_game_in_the_last_resort_line,
            printable(HOSTILE)),
    CliCase("save file", "its file name, skipped by continue", SHORT_HOSTILE, cli_skipped_saves_on_continue,
            printable(SHORT_HOSTILE)),
    CliCase("scores file", "code and slugcat", HOSTILE, cli_scores, "\\x1b"),
    CliCase("deck files", "a region name", HOSTILE, cli_decks_check, "\\x1b"),
    CliCase("data folder", "its path, in the serve banner", SHORT_HOSTILE, cli_serve_banner,
            printable(SHORT_HOSTILE)),
    CliCase("save file", "its name and an action, in replay --verify", HOSTILE, cli_replay_verify,
            printable(SHORT_HOSTILE)),
]


@pytest.mark.parametrize("case", CLI_CASES, ids=[case.id for case in CLI_CASES])
def test_file_borne_text_is_printed_as_text(case: CliCase, tmp_path, capsys, monkeypatch):
    code, printed = case.printed_by(tmp_path, capsys, monkeypatch)
    assert case.spelled in printed, (case.id, code, printed)
    assert not has_unsafe(printed, keep="\n"), (case.id, printed)


def test_a_lock_holder_in_words_is_text():
    holder = LockHolder.from_note(json.dumps({**WHERE_NOTE, "host": HOST_NOTE["host"]}).encode())
    words = holder.describe("table")
    assert printable(HOSTILE) in words and printable(HOST_NOTE["host"]) in words
    assert not has_unsafe(words)
    assert not has_unsafe(str(GameLocked(Path("game.json"), holder)))


# -- a real terminal: `rainboard` and `rainboard continue` on a game open elsewhere ------------------------
def _read_until(fd: int, wanted: bytes, seconds: float) -> bytes:
    """What the table writes to its terminal until `wanted` shows up (or `seconds` pass)."""
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end and wanted not in out:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


@pytest.mark.parametrize("command, wanted", [([], b"Continue can watch it"), (["continue"], b"Watch it")],
                         ids=["title", "continue"])
def test_a_hostile_lock_note_reaches_a_real_terminal_as_text(tmp_path, command, wanted):
    data = tmp_path / "data"
    path = save_game(data, ("Ada", "Bo"))
    controller, terminal = pty.openpty()
    os.set_blocking(controller, False)
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="160", LINES="40", PYTHONPATH=str(ROOT))
    env.pop("TEXTUAL_DRIVER", None)
    with held_by(path, {**WHERE_NOTE, "host": HOST_NOTE["host"].replace(SURROGATE, "")}):
        table = subprocess.Popen([sys.executable, "-m", "rainboard", "--data-dir", str(data), *command],
                                 stdin=terminal, stdout=terminal, stderr=terminal, env=env, start_new_session=True)
        os.close(terminal)
        try:
            out = _read_until(controller, wanted, 60)
        finally:
            table.kill()
            table.wait(timeout=30)
            os.close(controller)
    assert wanted in out, out[-2000:]
    assert b"\\x1b]0;PWNED" in out  # the note, spelled on the screen
    raw = [seq for seq in RAW if seq != SURROGATE and seq.encode() in out]
    assert not raw, raw
