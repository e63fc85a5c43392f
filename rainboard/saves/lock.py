"""One place at a time per game: an operating-system lock beside each autosave.

Two windows playing one saved game (two browser tabs, a tab and a terminal, two terminals) would
each write the autosave, and the last to write would silently win. So whoever plays a game holds
`games/.<game_id>.lock`, locked with flock: a second place finds it held, reads who holds it from
the file and can only watch the game as a replay. The save file itself is replaced whole on each
checkpoint (a temp file renamed over it), so the lock lives in a file of its own that is never
replaced while held.

The operating system lets go of a flock when the process ends however it ends, so a crashed game
never stays locked. A flock belongs to one opening of the file: two opens in one process exclude
each other too. Where flock does not exist (Windows), every lock is granted, as before.

A game played at a table of own screens (rainboard/table) is held one seat at a time instead:
`GameLock.acquire(path, seat=N)` takes `.<game_id>.seat<N>.lock`, so each seat has one window,
and a second window on a held seat hears who holds it and may watch.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rainboard.text import printable

try:
    import fcntl
except ImportError:  # pragma: no cover - not on the systems Rainboard is tested on
    fcntl = None

TERMINAL = "a terminal"
BROWSER = "a browser tab"
MAX_HOLDER_BYTES = 4096  # a holder's note is a few dozen bytes; more is not a note of ours


def lock_path(save_path: Path | str, seat: int | None = None) -> Path:
    """The lock file of an autosave: `.<game_id>.lock` beside `<game_id>.json` (a dot file, so
    lists of saves pass it by); for one seat of a table, `.<game_id>.seat<N>.lock`."""
    save_path = Path(save_path)
    if seat is not None:
        return save_path.with_name(f".{save_path.stem}.seat{int(seat)}.lock")
    return save_path.with_name(f".{save_path.stem}.lock")


@dataclass(frozen=True, slots=True)  # not attrs: the title comes up without it
class LockHolder:
    """Who has a game open: where ("a terminal", "a browser tab"), on which computer, which
    process, since when. Fields a damaged or half-written note lacks are empty."""

    where: str = ""
    host: str = ""
    pid: int = 0
    since: datetime | None = None

    def describe(self, here: str | None = None) -> str:
        """In words: "a browser tab on couch-laptop (process 4242) since 21:05 UTC". `here` is this
        computer's name, left out of the words when the holder is on it. The words are printable
        (rainboard.text): the note is a file anyone who can write the data folder can write, so a
        control character in it is spelled out, never sent to a terminal."""
        words = printable(self.where) if self.where else "another window"
        if self.host and self.host != here:
            words += f" on {printable(self.host)}"
        if self.pid:
            words += f" (process {self.pid})"
        if self.since is not None:
            words += f" since {self.since.astimezone(UTC):%H:%M} UTC"
        return words

    def note(self) -> bytes:
        since = None if self.since is None else self.since.isoformat()
        return json.dumps({"where": self.where, "host": self.host, "pid": self.pid, "since": since}).encode()

    @classmethod
    def from_note(cls, raw: bytes) -> LockHolder:
        """The holder a lock file names; an unreadable note gives an unknown holder, never an error."""
        try:
            found = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return cls()
        if not isinstance(found, dict):
            return cls()
        where, host, pid, since = (found.get(key) for key in ("where", "host", "pid", "since"))
        try:
            moment = datetime.fromisoformat(since) if isinstance(since, str) else None
        except ValueError:
            moment = None
        if moment is not None and moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return cls(where=where if isinstance(where, str) else "", host=host if isinstance(host, str) else "",
                   pid=pid if isinstance(pid, int) and not isinstance(pid, bool) else 0, since=moment)


class GameLocked(Exception):
    """The game is open somewhere else; `holder` says where."""

    def __init__(self, save_path: Path, holder: LockHolder) -> None:
        self.path = Path(save_path)
        self.holder = holder
        super().__init__(f"{self.path.name} is open in {holder.describe(socket.gethostname())}")


def this_computer() -> str:
    return socket.gethostname()


class GameLock:
    """A held lock on one game; `release` (or the process ending) lets go of it."""

    def __init__(self, save_path: Path, fd: int | None, holder: LockHolder, seat: int | None = None) -> None:
        self.save_path = save_path
        self.seat = seat
        self.path = lock_path(save_path, seat)
        self._fd = fd
        self.holder = holder

    @property
    def held(self) -> bool:
        return self._fd is not None

    @classmethod
    def acquire(cls, save_path: Path | str, where: str = TERMINAL, now: datetime | None = None,
                seat: int | None = None) -> GameLock:
        """Take the lock of the game saved at `save_path` (its folder is made if missing), or of one
        seat of it, or raise GameLocked naming who has it. OSError if the lock file cannot be made."""
        save_path = Path(save_path)
        holder = LockHolder(where=where, host=this_computer(), pid=os.getpid(), since=now or datetime.now(UTC))
        if fcntl is None:
            return cls(save_path, None, holder, seat)
        path = lock_path(save_path, seat)
        path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raw = os.pread(fd, MAX_HOLDER_BYTES, 0)
                os.close(fd)
                raise GameLocked(save_path, LockHolder.from_note(raw)) from None
            except BaseException:
                os.close(fd)
                raise
            # the holder before us may have removed the file between our open and our lock: then
            # we hold a lock nobody else can see, and must try again on the file now there
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, holder.note(), 0)
        except OSError:
            pass  # the lock holds without its note; the other place says "another window"
        return cls(save_path, fd, holder, seat)

    def release(self) -> None:
        """Let go (at most once). The file goes first, while still held, so nobody takes a lock on
        a file that is about to vanish without seeing that it did (acquire checks)."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.unlink(self.path)
        except OSError:
            pass
        os.close(fd)  # closing the only descriptor lets go of the flock

    def __del__(self) -> None:  # a saver dropped without being closed still lets go
        try:
            self.release()
        except Exception:  # noqa: BLE001 - never in a finalizer
            pass


def holder_of(save_path: Path | str, seat: int | None = None) -> LockHolder | None:
    """Who has this game (or this seat of it) open right now, or None when nobody does (a quick
    try of the lock; no file is made when there is none)."""
    if fcntl is None or not lock_path(save_path, seat).exists():
        return None
    try:
        lock = GameLock.acquire(save_path, seat=seat)
    except GameLocked as locked:
        return locked.holder
    except OSError:
        return None
    lock.release()
    return None
