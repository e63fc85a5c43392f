"""The journal beside an autosave: what happened since the save file was last written whole.

    games/<game_id>.json      the checkpoint: a whole save, rewritten only now and then
    games/<game_id>.journal   JSON lines appended as the game is played

The first line is the header, `{"journal": "rainboard-journal", "game_id": "<id>", "base": K}`:
the checkpoint held K actions when this journal was begun. Every later line says where the game
stands, not what changed, so a line can be applied twice or to a newer checkpoint with the same
outcome:

    {"n": N, "a": "<action>"}                 action N is this one, and there are N actions now
    {"n": N, "a": "<action>", "d": "<digest>"}  the same, with the game's digest after action N
    {"n": N}                                  there are N actions now (a move taken back)

The autosave appends a line with one write and no sync, so a killed process never loses a line
it wrote. A last line with no line end is a write cut short by the machine stopping, and is not
read. Anything else that does not fit the save beside it is a SaveError naming the journal and
the line.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import attrs

from .converter import MAX_ACTIONS, MAX_DIGESTS, describe_value, shown, text_problem, utc
from .savefile import SaveError, SaveGame, SaveWriteError, _read_bounded, temp_beside

FORMAT = "rainboard-journal"
MAX_LINE = 1000  # characters in one line: an action and a digest of 64 characters, escaped, fit
_HEADER_KEYS = {"journal", "game_id", "base"}
_LINE_KEYS = {"n", "a", "d"}


def journal_path(save_path: Path | str) -> Path:
    """The journal that goes with an autosave: `<game_id>.journal` beside `<game_id>.json`."""
    return Path(save_path).with_suffix(".journal")


# -- writing -----------------------------------------------------------------------------------------
def _line(value: dict) -> bytes:
    return (json.dumps(value) + "\n").encode("ascii")


def header_line(game_id: str, base: int) -> bytes:
    return _line({"journal": FORMAT, "game_id": game_id, "base": base})


def action_line(number: int, action: str, digest: str | None = None) -> bytes:
    line = {"n": number, "a": action}
    if digest is not None:
        line["d"] = digest
    return _line(line)


def count_line(number: int) -> bytes:
    return _line({"n": number})


def _write_all(handle: int, data: bytes) -> None:
    """Write every byte (a write to a regular file may take fewer than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


class JournalFile:
    """A journal held open for appending. `replace` puts a new one in place atomically (a temp file
    renamed over the old); `append` adds lines with a single write. SaveWriteError (an OSError too,
    naming the journal) when the disk refuses."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle: int | None = None

    def replace(self, game_id: str, base: int, body: bytes = b"") -> None:
        self.close()
        try:
            self._replace(game_id, base, body)
        except OSError as exc:
            raise SaveWriteError(self.path, f"cannot be written: {exc.strerror or exc}") from exc

    def _replace(self, game_id: str, base: int, body: bytes) -> None:
        handle, temp = temp_beside(self.path)
        try:
            try:
                _write_all(handle, header_line(game_id, base) + body)
            finally:
                os.close(handle)
            os.replace(temp, self.path)
        except BaseException:
            try:
                temp.unlink(missing_ok=True)
            except OSError:
                pass
            raise
        self.handle = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))

    def append(self, data: bytes) -> None:
        if self.handle is None:
            raise SaveWriteError(self.path, "cannot be written: the journal is not open")
        try:
            _write_all(self.handle, data)
        except OSError as exc:
            raise SaveWriteError(self.path, f"cannot be written: {exc.strerror or exc}") from exc

    def close(self) -> None:
        handle, self.handle = self.handle, None
        if handle is not None:
            try:
                os.close(handle)
            except OSError:
                pass

    def __del__(self) -> None:
        try:
            self.close()
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


def _check_header(value: dict, save: SaveGame) -> None:
    missing = sorted(_HEADER_KEYS - set(value))
    if missing:
        raise _Bad(f"not a Rainboard journal header (no {missing[0]!r})")
    if value["journal"] != FORMAT:
        raise _Bad(f"not a Rainboard journal (journal is {describe_value(value['journal'])})")
    if value["game_id"] != save.game_id:
        raise _Bad(f"game_id is {describe_value(value['game_id'])}, the save's is {shown(save.game_id)}")
    base = _count(value, "base", MAX_ACTIONS)
    if base > len(save.actions):
        raise _Bad(f"base: the journal starts after action {base}, the save holds {len(save.actions)}")


def apply_journal(save: SaveGame, text: str, where: Path | str, moment: datetime | None = None) -> SaveGame:
    """The save with the journal's lines applied; `where` names the journal in errors, and
    `moment` (when it was last written) becomes the save's `updated` if later and any line applies."""
    lines = text.split("\n")[:-1]  # the piece after the last line end is a write cut short
    if not lines:
        return save
    actions = list(save.actions)
    kept_upto = len(actions)  # the save's own actions (and digests) up to here are untouched
    digests: list[tuple[int, str]] = []  # the journal's, in increasing order
    for number, line in enumerate(lines, start=1):
        try:
            if number == 1:
                _check_header(_load(line, _HEADER_KEYS), save)
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


def merge_journal(save: SaveGame, save_path: Path | str) -> SaveGame:
    """The save read from `save_path` with the journal beside it applied; the save as it is when
    there is no journal. SaveError naming the journal for one that cannot be read or does not fit."""
    path = journal_path(save_path)
    try:
        data = _read_bounded(path)
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
    return apply_journal(save, text, path, moment)


def _written_at(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(os.stat(path).st_mtime, UTC)
    except (OverflowError, ValueError):  # a time no calendar holds: the save's own stands
        return None
