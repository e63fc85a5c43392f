"""The journal beside an autosave: what happened since the save file was last written whole.

    games/<game_id>.json      the checkpoint: a whole save, rewritten only now and then
    games/<game_id>.journal   JSON lines appended as the game is played

The first line is the header,
`{"journal": "rainboard-journal", "game_id": "<id>", "base": K, "save": "<stamp>"}`: the journal
extends the save file whose bytes have that stamp (savefile.save_stamp), which held K actions.
Every later line says where the game stands, not what changed, so a line can be applied twice
with the same outcome:

    {"n": N, "a": "<action>"}                 action N is this one, and there are N actions now
    {"n": N, "a": "<action>", "d": "<digest>"}  the same, with the game's digest after action N
    {"n": N}                                  there are N actions now (a move taken back)

A checkpoint writes the new save file first and a fresh journal after it, so for a moment the
old journal can lie beside the new file; its stamp names the old file, and a reader does not
apply it. (Journals written before stamps have none: they are applied, except beside a finished
game, which no journal ever went on from.)

The autosave appends a line with one write, so a killed process never loses a line it wrote; a
worker thread then syncs the journal to the disk (grouping the lines that came meanwhile), so a
power cut loses no line once it is synced, a few milliseconds later, and no key waits for the
disk. A last line with no line end is a write cut short by the machine stopping, and is not read.
Anything else that does not fit the save beside it is a SaveError naming the journal and the line.
"""

from __future__ import annotations

import json
import os
import re
import threading
from datetime import UTC, datetime
from pathlib import Path

import attrs

from . import disk
from .converter import MAX_ACTIONS, MAX_DIGESTS, describe_value, shown, text_problem, utc
from .savefile import SaveError, SaveGame, SaveWriteError, read_bounded, read_save_file, save_stamp

FORMAT = "rainboard-journal"
MAX_LINE = 1000  # characters in one line: an action and a digest of 64 characters, escaped, fit
_HEADER_KEYS = {"journal", "game_id", "base"}  # needed; "save" may be there too (not before stamps)
_LINE_KEYS = {"n", "a", "d"}
_STAMP = re.compile(r"^[0-9a-f]{1,64}$")
SYNC_IDLE = 5.0  # seconds the sync worker waits for a line before it ends (the next line starts another)


def journal_path(save_path: Path | str) -> Path:
    """The journal that goes with an autosave: `<game_id>.journal` beside `<game_id>.json`."""
    return Path(save_path).with_suffix(".journal")


# -- writing -----------------------------------------------------------------------------------------
def _line(value: dict) -> bytes:
    return (json.dumps(value) + "\n").encode("ascii")


def header_line(game_id: str, base: int, save: str | None = None) -> bytes:
    header: dict = {"journal": FORMAT, "game_id": game_id, "base": base}
    if save is not None:
        header["save"] = save
    return _line(header)


def action_line(number: int, action: str, digest: str | None = None) -> bytes:
    line = {"n": number, "a": action}
    if digest is not None:
        line["d"] = digest
    return _line(line)


def count_line(number: int) -> bytes:
    return _line({"n": number})


class JournalFile:
    """A journal held open for appending. `replace` puts a new one in place atomically and durably
    (a synced temp file renamed over the old, the folder synced); `append` adds lines with a
    single write and asks the sync worker to put them on the disk. SaveWriteError (an OSError too,
    naming the journal) when the disk refuses, a failed sync included (told at the next append).

    The worker is a thread of this journal's own, started by an append and ended after SYNC_IDLE
    seconds without one; `synced()` and `wait_synced()` tell how far it has got."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle: int | None = None
        self._io = threading.Lock()  # held while the handle is synced or closed, never by an append
        self._state = threading.Condition()  # guards the counts below
        self._appended = 0  # appends so far
        self._synced = 0  # appends known to be on the disk
        self._failure: OSError | None = None  # a sync that failed, told at the next append
        self._worker: threading.Thread | None = None

    def replace(self, game_id: str, base: int, body: bytes = b"", save: str | None = None) -> None:
        """A fresh journal: the header (extending the save file stamped `save`, holding `base`
        actions) and `body`, on the disk before this returns."""
        self._close_handle()
        try:
            self._replace(header_line(game_id, base, save) + body)
        except OSError as exc:
            raise SaveWriteError(self.path, f"cannot be written: {exc.strerror or exc}") from exc
        with self._state:  # the old journal's lines are no longer what a reader needs
            self._synced, self._failure = self._appended, None

    def _replace(self, data: bytes) -> None:
        handle, temp = disk.temp_beside(self.path)
        try:
            try:
                disk.write_all(handle, data)
                disk.fsync(handle)
            finally:
                disk.close(handle)
            disk.replace(temp, self.path)
        except BaseException:
            disk.unlink(temp)
            raise
        disk.sync_folder(self.path.parent)
        self.handle = disk.open_append(self.path)

    def append(self, data: bytes) -> None:
        """Write `data` and ask the worker to sync it. A sync of earlier lines that failed is
        raised after the write (the lines are still in the journal, for anything short of a
        power cut), so the autosave hears of it as of any failed write."""
        if self.handle is None:
            raise SaveWriteError(self.path, "cannot be written: the journal is not open")
        try:
            disk.write_all(self.handle, data)
        except OSError as exc:
            raise SaveWriteError(self.path, f"cannot be written: {exc.strerror or exc}") from exc
        with self._state:
            self._appended += 1
            failure, self._failure = self._failure, None
            if self._worker is None:
                self._worker = self._start_worker()
            self._state.notify_all()
        if failure is not None:
            raise SaveWriteError(self.path, f"cannot be synced to the disk: {failure.strerror or failure}") from failure

    def _start_worker(self) -> threading.Thread:
        worker = threading.Thread(target=self._sync_lines, name="journal-sync", daemon=True)
        worker.start()
        return worker

    def _sync_lines(self) -> None:
        """The worker: sync whatever was appended since the last sync, until idle."""
        while True:
            with self._state:
                if not self._state.wait_for(lambda: self._appended > self._synced, SYNC_IDLE):
                    self._worker = None
                    return
                target = self._appended
            failure = None
            with self._io:
                if self.handle is not None:  # closed: the lines went into a checkpoint, or failed
                    try:
                        disk.fsync(self.handle)
                    except OSError as exc:
                        failure = exc
            with self._state:
                self._synced = max(self._synced, target)
                if failure is not None:
                    self._failure = failure
                self._state.notify_all()

    def synced(self) -> bool:
        """Whether every line appended so far is on the disk (or was put into a checkpoint)."""
        with self._state:
            return self._synced >= self._appended

    def wait_synced(self, timeout: float | None = None) -> bool:
        """Wait until every line appended so far is synced; False if `timeout` seconds pass first."""
        with self._state:
            return self._state.wait_for(lambda: self._synced >= self._appended, timeout)

    def _close_handle(self) -> None:
        with self._io:
            handle, self.handle = self.handle, None
            if handle is not None:
                try:
                    disk.close(handle)
                except OSError:
                    pass

    def close(self) -> None:
        """Sync what is not yet synced, and close the journal."""
        with self._io:
            if self.handle is not None and not self.synced():
                try:
                    disk.fsync(self.handle)
                except OSError:
                    pass  # the journal's lines were written; only a power cut now could lose them
        self._close_handle()
        with self._state:
            self._synced = self._appended
            self._state.notify_all()

    def __del__(self) -> None:
        try:
            self._close_handle()
        except Exception:  # noqa: BLE001 - late in the interpreter's exit even `os` may be gone
            pass


# -- reading -----------------------------------------------------------------------------------------
class _Bad(ValueError):
    """One line that does not fit; the message is what the reader sees."""


def _pairs(items: list[tuple[str, object]]) -> dict:
    made = dict(items)
    if len(made) != len(items):
        seen: set[str] = set()
        twice = next(key for key, _ in items if key in seen or seen.add(key))
        raise _Bad(f"{shown(twice, 20)} is given twice")
    return made


def _load(line: str, keys: set[str]) -> dict:
    if len(line) > MAX_LINE:
        raise _Bad(f"a line of {len(line)} characters; a journal line holds at most {MAX_LINE}")
    try:
        value = json.loads(line, object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        raise _Bad(f"not JSON (column {exc.colno}: {exc.msg})") from None
    except (ValueError, RecursionError) as exc:
        raise _Bad(str(exc) if isinstance(exc, _Bad) else "not JSON") from None
    if not isinstance(value, dict):
        raise _Bad(f"expected an object, got {describe_value(value)}")
    extra = sorted(set(value) - keys)
    if extra:
        raise _Bad(f"unknown key {shown(extra[0], 20)}")
    return value


def _count(value: dict, key: str, most: int) -> int:
    number = value.get(key)
    if type(number) is not int or not 0 <= number <= most:
        raise _Bad(f"{key}: expected a whole number from 0 to {most}, got {describe_value(number)}")
    return number


def _text(value: dict, key: str) -> str:
    text = value[key]
    if type(text) is not str:
        raise _Bad(f"{key}: expected a string, got {describe_value(text)}")
    problem = text_problem(text)
    if problem:
        raise _Bad(f"{key}: {problem}")
    return text


def _header_applies(value: dict, save: SaveGame, stamp: str | None) -> bool:
    """Whether a journal with this header goes on from `save` (stamped `stamp`, when known); _Bad
    for a header that is not a journal's, or one of another game."""
    missing = sorted(_HEADER_KEYS - set(value))
    if missing:
        raise _Bad(f"not a Rainboard journal header (no {missing[0]!r})")
    if value["journal"] != FORMAT:
        raise _Bad(f"not a Rainboard journal (journal is {describe_value(value['journal'])})")
    if value["game_id"] != save.game_id:
        raise _Bad(f"game_id is {describe_value(value['game_id'])}, the save's is {shown(save.game_id)}")
    base = _count(value, "base", MAX_ACTIONS)
    if "save" in value:
        said = value["save"]
        if type(said) is not str or not _STAMP.match(said):
            raise _Bad(f"save: expected a save file's stamp (hex digits), got {describe_value(said)}")
        if stamp is not None and said != stamp:
            return False  # begun beside an older file, which a later checkpoint replaced
    elif save.finished:
        return False  # from before stamps: a finished game's journal never holds more than its file
    if base > len(save.actions):
        raise _Bad(f"base: the journal starts after action {base}, the save holds {len(save.actions)}")
    return True


def apply_journal(save: SaveGame, text: str, where: Path | str, moment: datetime | None = None,
                  stamp: str | None = None) -> SaveGame:
    """The save with the journal's lines applied; `where` names the journal in errors, and
    `moment` (when it was last written) becomes the save's `updated` if later and any line applies.
    `stamp` is the save file's (savefile.save_stamp): a journal that names another file is older
    than the file and is not applied."""
    lines = text.split("\n")[:-1]  # the piece after the last line end is a write cut short
    if not lines:
        return save
    actions = list(save.actions)
    kept_upto = len(actions)  # the save's own actions (and digests) up to here are untouched
    digests: list[tuple[int, str]] = []  # the journal's, in increasing order
    for number, line in enumerate(lines, start=1):
        try:
            if number == 1:
                if not _header_applies(_load(line, _HEADER_KEYS | {"save"}), save, stamp):
                    return save
                continue
            value = _load(line, _LINE_KEYS)
            if "n" not in value:
                raise _Bad("no \"n\"")
            count = _count(value, "n", MAX_ACTIONS)
            if "a" in value:
                action = _text(value, "a")
                if not 1 <= count <= len(actions) + 1:
                    raise _Bad(f"action {count} skips ahead: there are {len(actions)} actions")
                del actions[count - 1:]
                actions.append(action)
                kept_upto = min(kept_upto, count - 1)
                while digests and digests[-1][0] >= count:
                    digests.pop()
                if "d" in value:
                    digests.append((count, _text(value, "d")))
            else:
                if "d" in value:
                    raise _Bad("a digest with no action")
                if count > len(actions):
                    raise _Bad(f"{count} actions skips ahead: there are {len(actions)}")
                del actions[count:]
                kept_upto = min(kept_upto, count)
                while digests and digests[-1][0] > count:
                    digests.pop()
        except _Bad as bad:
            raise SaveError(where, f"journal line {number}: {bad}") from None
    if len(lines) == 1:
        return save
    merged = {n: d for n, d in save.digests.items() if n <= kept_upto}
    merged.update(digests)
    if len(merged) > MAX_DIGESTS:
        raise SaveError(where, f"{len(merged)} digests with the save's; a save holds at most {MAX_DIGESTS}")
    updated = save.updated if moment is None else max(save.updated, utc(moment))
    return attrs.evolve(save, actions=tuple(actions), digests=dict(sorted(merged.items())), updated=updated)


def merge_journal(save: SaveGame, save_path: Path | str, stamp: str | None = None) -> SaveGame:
    """The save read from `save_path` (whose bytes are stamped `stamp`) with the journal beside it
    applied; the save as it is when there is no journal, or the journal goes on from an older file. SaveError naming the journal for one that cannot be read or does not fit."""
    path = journal_path(save_path)
    try:
        data = read_bounded(path)
        moment = _written_at(path)
    except FileNotFoundError:
        return save
    except IsADirectoryError:
        raise SaveError(path, "a folder, not a journal") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"not a Rainboard journal: not UTF-8 text (byte {exc.start})") from None
    return apply_journal(save, text, path, moment, stamp)


def _written_at(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(os.stat(path).st_mtime, UTC)
    except (OverflowError, ValueError):  # a time no calendar holds: the save's own stands
        return None


def read_save(path: Path | str, journal: bool = True) -> SaveGame:
    """Read a save file and (unless `journal` is false) the journal beside it. Any problem (missing,
    unreadable, too big, not JSON, not a save, another version, a wrong shape, a journal that does
    not fit) raises SaveError naming the file and the first bad place."""
    save, data = read_save_file(path)
    return _one_text_each(merge_journal(save, path, save_stamp(data)) if journal else save)


def _one_text_each(save: SaveGame) -> SaveGame:
    """The save with one string for each different action text. A long game says the same few dozen
    actions over and over, and read as JSON each of them is a string of its own: for 20,000 actions
    about a megabyte that a game held open (its session, its autosave) would keep for nothing."""
    texts: dict[str, str] = {}
    actions = tuple([texts.setdefault(text, text) for text in save.actions])
    return attrs.evolve(save, actions=actions)
