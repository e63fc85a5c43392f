"""Where saves live, and finding them again.

    <data dir>/games/<game_id>.json   the autosave of each game, written whole now and then
    <data dir>/games/<game_id>.journal   its moves since then, one line each (journal.py)
    <data dir>/saves/*.json           saves a player made on purpose (ctrl+s)

The data folder is `--data-dir` if given, else $RAINBOARD_DATA_DIR, else the system's per-user
data folder (platformdirs). Unreadable files are listed and skipped, never deleted.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rainboard.data import GameData
    from rainboard.engine import GameState

    from .savefile import SaveError, SaveGame

# The decks, the engine and a save's full reading (savefile.py, journal.py) are imported by the
# functions that use them: the title decides Continue with glance.py, which needs none of them.

ENV_DATA_DIR = "RAINBOARD_DATA_DIR"
GAMES = "games"
NAMED = "saves"


def data_dir(override: Path | str | None = None) -> Path:
    """The folder for Rainboard's files: `override`, else $RAINBOARD_DATA_DIR, else the user's
    data folder for "rainboard". Not created here."""
    if override is not None:
        return Path(override).expanduser()
    env = os.environ.get(ENV_DATA_DIR, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("rainboard"))


def games_dir(folder: Path) -> Path:
    """The autosaves: one file per game, `<game_id>.json`."""
    return Path(folder) / GAMES


def named_dir(folder: Path) -> Path:
    """Saves made on purpose (ctrl+s)."""
    return Path(folder) / NAMED


def autosave_path(folder: Path, game_id: str) -> Path:
    """Where a game's autosave lives."""
    return games_dir(folder) / f"{game_id}.json"


def _save_files(folder: Path) -> list[Path]:
    """The .json files in a folder; temporary files of a write under way start with a dot. A file
    that cannot even be looked at is left out; one that cannot be read is still listed."""
    try:
        found = list(folder.glob("*.json"))
    except OSError:
        return []
    files = []
    for path in found:
        try:
            if not path.name.startswith(".") and path.is_file():
                files.append(path)
        except OSError:
            continue
    return sorted(files)


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _read(path: Path) -> SaveGame | SaveError:
    """The save in a file, or the error that says why it cannot be read. Never raises: one bad
    file must not keep a list of saves (or the title screen) from showing the others."""
    from .journal import read_save
    from .savefile import SaveError

    try:
        return read_save(path)
    except SaveError as error:
        return error
    except Exception as error:  # noqa: BLE001 - read_save gives SaveError; this is the last guard
        return SaveError(path, f"cannot be read: {type(error).__name__}")


def latest_unfinished(folder: Path, skipped: list[SaveError] | None = None,
                      leave_out: frozenset[Path] = frozenset()) -> Path | None:
    """The autosave most recently updated that reads fine and whose game is not over, or None.
    Files that cannot be read are passed over; `skipped`, if given, gets their errors. The files in
    `leave_out` are not looked at (ones that would not open)."""
    from .savefile import SaveError

    best: tuple[datetime, int, str] | None = None
    found = None
    for path in _save_files(games_dir(folder)):
        if path in leave_out:
            continue
        save = _read(path)
        if isinstance(save, SaveError):
            if skipped is not None:
                skipped.append(save)
            continue
        if save.finished:
            continue
        key = (save.updated, _mtime(path), path.name)
        if best is None or key > best:
            best, found = key, path
    return found


_WRITER = re.compile(r"\.(\d+)\.[^.]*\.tmp$")  # .<save>.<writer's pid>.<random>.tmp


def _writer_gone(path: Path) -> bool:
    """Whether the process that wrote this temp file (its pid is in the name) has ended. A file
    with no pid in its name, or one of this very process, is not known to be abandoned."""
    found = _WRITER.search(path.name)
    if not found:
        return False
    pid = int(found.group(1))
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError, OverflowError):
        return False  # someone else's process, or a pid this system cannot have: leave it to age
    return False


def sweep_leftovers(folder: Path, older_than: float = 3600.0, now: float | None = None) -> list[Path]:
    """Remove temp files that a write killed half-way left behind (never a save itself).

    A `.<name>.<pid>.<random>.tmp` file goes at once when the process that was writing it has
    ended; any other temp file (one from a process still running, or from another computer sharing
    the folder) only once it is older than `older_than` seconds, so a write under way in another
    window is left alone. Returns what was removed."""
    import time

    moment = time.time() if now is None else now
    removed = []
    for sub in (games_dir(folder), named_dir(folder)):
        try:
            leftovers = sorted(sub.glob(".*.tmp")) if sub.is_dir() else []
        except OSError:
            continue
        for path in leftovers:
            try:
                if _writer_gone(path) or moment - path.stat().st_mtime > older_than:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
    return removed


@dataclass(frozen=True, slots=True)  # not attrs: the title comes up without it
class SaveSummary:
    """One save file as a list of saves shows it; `error` is set (and most else empty) for a file
    that cannot be read."""

    path: Path
    named: bool  # made with ctrl+s, not an autosave
    game_id: str | None
    updated: datetime | None
    players: tuple[str, ...]
    finished: bool
    actions: int
    description: str
    error: str | None = None


def describe(save: SaveGame) -> str:
    """A short line about a save: who plays (each slugcat by its name in the save's decks), how far,
    how it ended or the cycle it is in."""
    from rainboard.data import STANDARD_PRESET
    from rainboard.data.dice import DEFAULT_VARIANT
    from rainboard.engine.state import CHOOSING

    data = _decks_of(save)
    now = _played(save, data)
    # the slugcats picked at the table are in the game, not its setup
    slugcats = [p.slugcat for p in now.players] if now is not None else [p.slugcat for p in save.setup.players]
    cast = ", ".join(f"{p.name} ({_slugcat_name(data, slugcat)})" if slugcat else p.name
                     for p, slugcat in zip(save.setup.players, slugcats))
    if save.finished and save.outcome is not None:
        state = f"{save.outcome.winner} won in {save.outcome.turns} turns"
    elif now is not None and now.phase != CHOOSING:
        state = f"in progress, cycle {now.cycle}"
    else:
        state = "in progress"
    parts = [cast, f"{len(save.actions)} actions", state]
    if save.decks.preset != STANDARD_PRESET:
        parts.append(f"{save.decks.preset} preset")
    if save.decks.dice != DEFAULT_VARIANT:
        parts.append(f"{save.decks.dice} dice")
    if save.challenge is not None:
        parts.append(f"challenge {save.challenge.code}")
    return "; ".join(parts)


_DECKS: dict[str, GameData] = {}  # a save's decks by fingerprint: a list of saves mostly shares one set
_DECKS_KEPT = 4


def _decks_of(save: SaveGame) -> GameData | None:
    """The decks inside a save, loaded once per fingerprint; None when they cannot be played (the
    description then does without them: the slugcat's id, no cycle)."""
    from .savefile import SaveError, game_from_save

    fingerprint = save.decks.fingerprint
    if fingerprint not in _DECKS:
        try:
            data, _ = game_from_save(save)
        except SaveError:
            return None
        while len(_DECKS) >= _DECKS_KEPT:
            del _DECKS[next(iter(_DECKS))]
        _DECKS[fingerprint] = data
    return _DECKS[fingerprint]


def _slugcat_name(data: GameData | None, slugcat: str) -> str:
    found = data.slugcats.get(slugcat) if data is not None else None
    return found.name if found is not None else slugcat


def _played(save: SaveGame, data: GameData | None) -> GameState | None:
    """The game a save holds as it was left, its actions played through the rules (each checked,
    as from any file); None when they do not play. A finished game is not played again: its
    outcome says enough, and only its slugcats are wanted, which the first actions pick."""
    if data is None:
        return None
    from rainboard.engine import apply, new_game
    from rainboard.engine.state import CHOOSING

    from .savefile import setup_of

    try:
        state, _ = new_game(setup_of(save), data)
        for action in save.actions:
            if save.finished and state.phase != CHOOSING:
                break
            state, _ = apply(state, action)
    except Exception:  # noqa: BLE001 - a save that does not play is described without it
        return None
    return state


def summarize(path: Path, named: bool = False) -> SaveSummary:
    """The summary of one file; an unreadable file gives a summary holding its error, and a
    description that names the file and says what is wrong with it."""
    from .converter import printable
    from .savefile import SaveError

    save = _read(path)
    if isinstance(save, SaveError):
        return SaveSummary(path=path, named=named, game_id=None, updated=None, players=(), finished=False,
                           actions=0, description=f"{printable(path.name, 80)} cannot be read: {save.problem}",
                           error=save.problem)
    return SaveSummary(path=path, named=named, game_id=save.game_id, updated=save.updated,
                       players=save.players, finished=save.finished, actions=len(save.actions),
                       description=describe(save))


def list_saves(folder: Path) -> list[SaveSummary]:
    """Every save in the data folder (autosaves and named saves), most recently updated first;
    unreadable files come last, with their error."""
    summaries = [summarize(p) for p in _save_files(games_dir(folder))]
    summaries += [summarize(p, named=True) for p in _save_files(named_dir(folder))]
    readable = [s for s in summaries if s.error is None]
    broken = [s for s in summaries if s.error is not None]
    readable.sort(key=lambda s: (s.updated, _mtime(s.path), s.path.name), reverse=True)
    return readable + broken
