"""Continue decided at a glance, for the title: the same game latest_unfinished (store.py) would
choose, read from each autosave's top-level fields and its journal's header, without the engine,
the decks or a replay, so the title comes up without loading any of them. Continue itself still
reads the chosen save in full and says what is wrong with it."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

from .store import _mtime, _save_files, games_dir

FORMAT = "rainboard-save"  # savefile.FORMAT; tests/saves/test_glance.py keeps the two the same
MOST_BYTES = 8 * 1024 * 1024  # converter.MAX_FILE_BYTES: a bigger file is no save (the same test)


def glance_unfinished(folder: Path, leave_out: frozenset[Path] = frozenset()) -> Path | None:
    """latest_unfinished at a glance, for the title's Continue: the same choice, read from each
    autosave's top-level fields (JSON that parses, its format, `updated`, `finished`) and its
    journal's header, without the engine, the decks or a replay. A file damaged where the glance
    does not look may be chosen; opening it reads it in full (and says what is wrong), and the
    caller may then leave it out (`leave_out`, as latest_unfinished takes it)."""
    best: tuple[datetime, int, str] | None = None
    found = None
    for path in _save_files(games_dir(folder)):
        glanced = None if path in leave_out else _glance(path)
        if glanced is None or glanced[1]:
            continue
        key = (glanced[0], _mtime(path), path.name)
        if best is None or key > best:
            best, found = key, path
    return found


def _glance(path: Path) -> tuple[datetime, bool] | None:
    """(updated, finished) of the save in `path`, its journal's last write counted as read_save
    counts it; None when the file is plainly not a save (unreadable, too big, not JSON, another
    format, a field missing or of the wrong kind, a journal header of another game or file)."""
    try:
        data = _bounded(path)
        raw = json.loads(data)
        if not isinstance(raw, dict) or raw.get("format") != FORMAT or type(raw.get("version")) is not int:
            return None
        finished, updated = raw.get("finished"), _moment(raw.get("updated"))
        if type(finished) is not bool or type(raw.get("game_id")) is not str or updated is None:
            return None
        header, more, moment = _journal_head(path.with_suffix(".journal"))  # journal.journal_path
    except (OSError, ValueError, RecursionError):
        return None
    if header is None:
        return updated, finished
    said = header.get("save") if isinstance(header, dict) else None
    if not isinstance(header, dict) or header.get("game_id") != raw["game_id"]:
        return None  # read_save refuses a journal of another game: the file is no save to continue
    if said is None and finished:
        return updated, finished  # a journal from before stamps is not applied to a finished game
    if said is not None and not (isinstance(said, str) and said and _stamp(data).startswith(said)):
        return updated, finished  # begun beside an older file: not applied
    if more and moment is not None:
        updated = max(updated, moment)
    return updated, finished


def _stamp(data: bytes) -> str:
    """A save's bytes' SHA-256 in hex, whose first characters a journal's header names
    (savefile.save_stamp); hashlib is loaded only for a save with a journal beside it."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _bounded(path: Path) -> bytes:
    """A regular file's bytes, if it is no bigger than a save may be (OSError otherwise); opened
    without waiting, as savefile.read_bounded does, so a pipe named like a save cannot stall."""
    import stat

    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(handle, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > MOST_BYTES:
            raise OSError(f"{path} is no save")
        data = file.read(MOST_BYTES + 1)
    if len(data) > MOST_BYTES:
        raise OSError(f"{path} is no save")
    return data


def _moment(text: object) -> datetime | None:
    """A save's time (ISO 8601, UTC) as the reader keeps it: UTC, whole seconds; None if it is none."""
    from datetime import UTC

    if type(text) is not str:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0)


def _journal_head(path: Path) -> tuple[object, bool, datetime | None]:
    """A journal's header (its first line, parsed), whether a whole line follows it, and when it was
    last written (UTC, whole seconds); (None, False, None) when there is no journal. ValueError for a
    header that is not JSON, OSError for a journal that cannot be read."""
    from datetime import UTC

    try:
        file = path.open("rb")
    except FileNotFoundError:
        return None, False, None
    with file:
        head = b""
        while head.count(b"\n") < 2:
            chunk = file.read(4096)
            if not chunk:
                break
            head += chunk
        written = os.fstat(file.fileno()).st_mtime
    lines = head.split(b"\n")
    if len(lines) < 2:  # no whole line: a header cut short is not read
        return None, False, None
    try:
        moment = datetime.fromtimestamp(written, UTC).replace(microsecond=0)
    except (OverflowError, ValueError):
        moment = None
    return json.loads(lines[0]), len(lines) > 2, moment
