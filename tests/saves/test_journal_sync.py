"""Every journal line reaches the disk (fsync) soon after the move it records, on the journal's
worker thread, never on the key's path; the lines that come while a sync runs share the next one."""

from __future__ import annotations

import os
import random
import threading

from rainboard.saves import disk, read_save
from rainboard.saves.journal import journal_path

from .test_journal import _play, _start


class Observed:
    """Records every fsync and every write of the journal: on which thread, and how long the file
    was when the fsync began."""

    def __init__(self, monkeypatch, path, hold: threading.Event | None = None) -> None:
        self.path = path
        self.syncs: list[tuple[str, int]] = []  # (thread name, journal size when synced)
        self.main_syncs_of_journal = 0
        self.hold = hold
        real_fsync, real_write = disk.fsync, disk.write_all

        def fsync(handle):
            if self._is_journal(handle):
                if threading.current_thread() is threading.main_thread():
                    self.main_syncs_of_journal += 1
                else:
                    if self.hold is not None:
                        self.hold.wait(30)
                    self.syncs.append((threading.current_thread().name, os.fstat(handle).st_size))
            return real_fsync(handle)

        monkeypatch.setattr(disk, "fsync", fsync)
        monkeypatch.setattr(disk, "write_all", real_write)

    def _is_journal(self, handle) -> bool:
        try:
            return os.path.samestat(os.fstat(handle), os.stat(journal_path(self.path)))
        except OSError:
            return False


def test_each_move_is_synced_by_the_worker_never_on_the_key(tmp_path, monkeypatch):
    session, saver, path = _start(tmp_path)
    seen = Observed(monkeypatch, path)
    chooser = random.Random(12)
    for _ in range(30):
        _play(session, 1, chooser)
        assert saver.journal.wait_synced(30), "the move's line was never synced"
        assert seen.syncs, "no fsync of the journal"
        thread, size = seen.syncs[-1]
        assert thread == "journal-sync"
        assert size == journal_path(path).stat().st_size  # the sync covered the line just written
    assert seen.main_syncs_of_journal == 0  # no key waited for the disk
    assert list(read_save(path).actions) == session.actions


def test_lines_written_during_a_sync_share_the_next_one(tmp_path, monkeypatch):
    session, saver, path = _start(tmp_path)
    hold = threading.Event()
    seen = Observed(monkeypatch, path, hold)
    chooser = random.Random(13)
    _play(session, 5, chooser)  # the first sync is held while four more lines come
    assert not saver.journal.synced()
    hold.set()
    assert saver.journal.wait_synced(30)
    assert 1 <= len(seen.syncs) <= 2  # one for the first line, one for the four after it
    assert seen.syncs[-1][1] == journal_path(path).stat().st_size


def test_a_sync_that_fails_is_told_at_the_next_move_and_the_game_is_written_whole(tmp_path, monkeypatch):
    told, back = [], []
    session, saver, path = _start(tmp_path, report=lambda p, e: told.append(e), recovered=back.append)
    chooser = random.Random(14)
    _play(session, 3, chooser)
    assert saver.journal.wait_synced(30)
    real = disk.fsync
    monkeypatch.setattr(disk, "fsync", lambda handle: (_ for _ in ()).throw(OSError(5, "Input/output error")))
    _play(session, 1, chooser)  # written; its sync fails on the worker
    saver.journal.wait_synced(30)
    assert not told
    _play(session, 1, chooser)  # written too, and the failure is told
    assert len(told) == 1 and "cannot be synced to the disk" in str(told[0]) and "Input/output" in str(told[0])
    assert list(read_save(path).actions) == session.actions  # every line is still in the journal
    monkeypatch.setattr(disk, "fsync", real)
    _play(session, 1, chooser)  # the next change writes the game whole, synced
    assert back == [path]
    assert list(read_save(path, journal=False).actions) == session.actions


def test_closing_syncs_what_the_worker_has_not_yet(tmp_path, monkeypatch):
    session, saver, path = _start(tmp_path)
    monkeypatch.setattr(saver.journal, "_start_worker", lambda: None)  # it has not got to it yet
    seen = Observed(monkeypatch, path)
    _play(session, 2, random.Random(15))
    assert not saver.journal.synced() and seen.main_syncs_of_journal == 0
    saver.journal.close()
    assert saver.journal.synced() and seen.main_syncs_of_journal == 1
