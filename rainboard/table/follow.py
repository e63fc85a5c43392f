"""Following a table's journal: reading the lines other seats append, and hearing when they do.

`JournalTail` reads a journal from where it last stopped, a whole line at a time (a line with no
line end yet is a write still under way, read next time). `JournalMirror` keeps the game's actions
and digests as the save file plus its journal give them, with the same meaning of each line as
saves/journal.py gives it (a line says where the game stands, so a line read twice changes
nothing). `JournalWatch` wakes a callback whenever the journal changes, through the system's file
notices (watchfiles: inotify on Linux), never a polling loop.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

from rainboard.saves.journal import FORMAT as JOURNAL_FORMAT
from rainboard.saves.journal import MAX_LINE, journal_path
from rainboard.saves.savefile import SaveError, read_save_file, save_stamp

WATCH_STEP_MS = 5  # how long the watch waits for more changes before it tells of the ones it has


class JournalTail:
    """New whole lines of one journal, each as a dict; `restarted` is set when the file was replaced
    or cut short since the last read (the lines then start from its header again)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._inode: tuple[int, int] | None = None
        self._offset = 0
        self._rest = b""

    def read(self) -> tuple[bool, list[dict]]:
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            restarted = self._inode is not None
            self._inode, self._offset, self._rest = None, 0, b""
            return restarted, []
        try:
            info = os.fstat(fd)
            inode = (info.st_dev, info.st_ino)
            restarted = inode != self._inode or info.st_size < self._offset
            if restarted:
                self._inode, self._offset, self._rest = inode, 0, b""
            chunks = []
            while True:
                chunk = os.pread(fd, 1 << 16, self._offset)
                if not chunk:
                    break
                chunks.append(chunk)
                self._offset += len(chunk)
        finally:
            os.close(fd)
        data = self._rest + b"".join(chunks)
        *whole, self._rest = data.split(b"\n")
        lines = []
        for raw in whole:
            if len(raw) > MAX_LINE:
                raise SaveError(self.path, f"a line of {len(raw)} characters; a journal line holds at most {MAX_LINE}")
            try:
                value = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                raise SaveError(self.path, "a line that is not JSON") from None
            if not isinstance(value, dict):
                raise SaveError(self.path, "a line that is not an object")
            lines.append(value)
        return restarted, lines


class JournalMirror:
    """The game's actions and digests as the save file and the lines of its journal read so far say."""

    def __init__(self, save_path: Path) -> None:
        self.save_path = Path(save_path)
        self.tail = JournalTail(journal_path(save_path))
        self.actions: list[str] = []
        self.digests: dict[int, str] = {}
        self._applies = True  # whether the journal read goes on from the save file
        self.reload_file()

    def reload_file(self) -> None:
        save, data = read_save_file(self.save_path)
        self.save = save
        self._stamp = save_stamp(data)
        self.actions = list(save.actions)
        self.digests = dict(save.digests)

    def read(self) -> bool:
        """Take in what the journal gained; True when anything may have changed."""
        restarted, lines = self.tail.read()
        if restarted:
            self.reload_file()
        changed = restarted
        for line in lines:
            changed = self._take(line) or changed
        return changed

    def _take(self, line: dict) -> bool:
        if "journal" in line:  # the header of a (new) journal
            said = line.get("save")
            if line.get("journal") != JOURNAL_FORMAT or line.get("game_id") != self.save.game_id:
                raise SaveError(self.tail.path, "the journal is not this game's")
            self._applies = said is None or said == self._stamp
            if not self._applies:  # begun beside another file: the file was rewritten; read it again
                self.reload_file()
                self._applies = True
                return True
            base = line.get("base")
            if type(base) is not int or base > len(self.actions):
                raise SaveError(self.tail.path, "the journal starts past the save file's end")
            return False
        count = line.get("n")
        if type(count) is not int or count < 0:
            raise SaveError(self.tail.path, "a line without its action count")
        if "a" in line:
            action = line["a"]
            if type(action) is not str or not 1 <= count <= len(self.actions) + 1:
                raise SaveError(self.tail.path, f"action {count} does not follow the {len(self.actions)} before it")
            same = count <= len(self.actions) and self.actions[count - 1] == action
            del self.actions[count - 1:]
            self.actions.append(action)
            for n in [n for n in self.digests if n >= count]:
                del self.digests[n]
            if type(line.get("d")) is str:
                self.digests[count] = line["d"]
            return not same or count != len(self.actions)
        if count > len(self.actions):
            raise SaveError(self.tail.path, f"{count} actions skips ahead of {len(self.actions)}")
        changed = count != len(self.actions)
        del self.actions[count:]
        for n in [n for n in self.digests if n > count]:
            del self.digests[n]
        return changed


class JournalWatch:
    """Calls `on_change()` (on a thread of its own) each time the journal's folder tells of a change
    to the journal, until `stop()`. Uses watchfiles (the system's file notices)."""

    def __init__(self, path: Path, on_change: Callable[[], None]) -> None:
        self.path = Path(path)
        self.on_change = on_change
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"table-watch-{self.path.stem}", daemon=True)

    def start(self) -> JournalWatch:
        self._thread.start()
        self._ready.wait(5)
        return self

    def _run(self) -> None:
        from watchfiles import watch

        name = self.path.name

        def ours(change, path: str) -> bool:
            return os.path.basename(path) == name

        started = False
        try:
            for _changes in watch(self.path.parent, watch_filter=ours, step=WATCH_STEP_MS, debounce=200,
                                  rust_timeout=250, yield_on_timeout=True, stop_event=self._stop,
                                  recursive=False, raise_interrupt=False):
                if not started:  # the first yield is the timeout after the watch began: ready
                    started = True
                    self._ready.set()
                if self._stop.is_set():
                    return
                if _changes:
                    self.on_change()
        finally:
            self._ready.set()

    def stop(self) -> None:
        self._stop.set()
