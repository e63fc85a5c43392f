"""The lock that keeps a game to one window: two opens, two processes, a crash."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rainboard.saves.lock import BROWSER, TERMINAL, GameLock, GameLocked, LockHolder, holder_of, lock_path

HOLD = """
import sys
from rainboard.saves.lock import GameLock, BROWSER
lock = GameLock.acquire(sys.argv[1], BROWSER)
print("held", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def save(tmp_path) -> Path:
    return tmp_path / "games" / "20261124-040000-ab12.json"


def test_the_lock_file_is_a_dot_file_beside_the_save(save):
    assert lock_path(save) == save.parent / ".20261124-040000-ab12.lock"


def test_a_second_open_in_the_same_process_is_refused_and_told_who_has_it(save):
    first = GameLock.acquire(save, BROWSER, now=datetime(2026, 11, 24, 21, 5, tzinfo=UTC))
    with pytest.raises(GameLocked) as refused:
        GameLock.acquire(save, TERMINAL)
    holder = refused.value.holder
    assert (holder.where, holder.pid) == (BROWSER, os.getpid())
    assert holder.since == datetime(2026, 11, 24, 21, 5, tzinfo=UTC)
    assert holder_of(save) == holder
    first.release()
    assert holder_of(save) is None
    assert not lock_path(save).exists()  # let go of, the lock leaves nothing behind
    again = GameLock.acquire(save, TERMINAL)
    assert again.held
    again.release()
    again.release()  # twice is harmless
    assert not again.held


def _holder_process(save: Path) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(save)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    assert child.stdout.readline().strip() == "held"
    return child


def test_another_process_holding_the_game_is_named_and_a_crash_lets_go(save):
    child = _holder_process(save)
    try:
        with pytest.raises(GameLocked) as refused:
            GameLock.acquire(save, TERMINAL)
        assert refused.value.holder.pid == child.pid
        assert refused.value.holder.where == BROWSER
        assert "a browser tab" in str(refused.value)
    finally:
        child.send_signal(signal.SIGKILL)  # a crash: nothing of Rainboard's runs to let go
        child.wait(timeout=10)
    assert holder_of(save) is None
    lock = GameLock.acquire(save, TERMINAL)
    assert lock.held
    lock.release()


def test_a_process_that_ends_normally_lets_go_too(save):
    child = _holder_process(save)
    assert holder_of(save) is not None  # held while it runs
    child.stdin.close()
    child.wait(timeout=10)
    assert child.returncode == 0 and holder_of(save) is None  # let go at its end
    lock = GameLock.acquire(save)
    assert lock.held
    lock.release()


def test_a_damaged_note_still_refuses_and_says_another_window(save):
    lock = GameLock.acquire(save)
    os.pwrite(lock._fd, b"\xff not json", 0)
    with pytest.raises(GameLocked) as refused:
        GameLock.acquire(save)
    assert refused.value.holder == LockHolder()
    assert refused.value.holder.describe() == "another window"
    lock.release()


@pytest.mark.parametrize("note", [b'[1, 2]', b'{"where": 3, "pid": true, "since": "noon"}', b''])
def test_odd_notes_give_an_unknown_holder(note):
    assert LockHolder.from_note(note) == LockHolder()


def test_a_holder_in_words():
    holder = LockHolder(BROWSER, "couch", 4242, datetime(2026, 11, 24, 21, 5, tzinfo=UTC))
    assert holder.describe("table") == "a browser tab on couch (process 4242) since 21:05 UTC"
    assert holder.describe("couch") == "a browser tab (process 4242) since 21:05 UTC"


def test_a_folder_that_cannot_hold_a_lock_is_an_oserror(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    with pytest.raises(OSError):
        GameLock.acquire(blocked / "games" / "x.json")
