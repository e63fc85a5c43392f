"""Every call that changes a save or a journal on disk, in one place.

The save file and its journal are written only through these few functions, so the order in which
they reach the disk can be read here and tested whole: a test (tests/saves/test_checkpoint_faults.py)
stops the process, or fails the call, at each one of them in turn and reads what is left.

    temp_beside(path)    a new temporary file beside `path`, open for writing
    write_all(fd, data)  every byte of `data`
    fsync(fd)            the file's bytes are on the disk, not only in the system's cache
    replace(temp, path)  the temporary file takes the target's name, atomically
    sync_folder(folder)  the rename is on the disk too (where the system allows it)
    open_append(path)    the journal, open for appending lines
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def temp_beside(path: Path) -> tuple[int, Path]:
    """A new temp file beside `path`, open; its name `.<name>.<pid>.<random>.tmp` tells the sweep whose it is."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
    return handle, Path(name)


def write_all(handle: int, data: bytes) -> None:
    """Write every byte (a write to a regular file may take fewer than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def fsync(handle: int) -> None:
    """Wait until the file's bytes are on the disk."""
    os.fsync(handle)


def close(handle: int) -> None:
    os.close(handle)


def replace(temp: Path, path: Path) -> None:
    """Put `temp` in the place of `path` in one step: a reader sees the old file or the new one."""
    os.replace(temp, path)


def unlink(path: Path) -> None:
    """Remove a temp file a failed write left; never raises."""
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def write_whole(path: Path, body: bytes) -> None:
    """Write a small file whole: a synced temp file beside it, renamed over the old one, then the
    folder synced. A reader sees the old file or the new one, never part of one. Raises OSError;
    a failed write leaves no temp file behind."""
    handle, temp = temp_beside(path)
    try:
        try:
            write_all(handle, body)
            fsync(handle)
        finally:
            close(handle)
        replace(temp, path)
    except BaseException:
        unlink(temp)
        raise
    sync_folder(path.parent)


def open_append(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable where the system allows it (a folder cannot be opened
    for this on Windows): without it a power cut can bring back the old name's file."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)
