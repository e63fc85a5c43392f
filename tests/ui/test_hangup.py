"""A table whose terminal goes away closes itself, even when the hang-up signal never reaches it."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

from rainboard.ui.hangup import TerminalWatch

# the table, started with hang-ups ignored (as under a program that does not pass them on)
DEAF_TO_HANGUPS = ("import os, signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
                   "os.execv(sys.executable, [sys.executable, '-m', 'rainboard', *sys.argv[1:]])")


def test_the_watch_closes_once_when_the_terminal_stops_being_one():
    terminal = [True]
    closed = []
    watch = TerminalWatch(lambda: closed.append(1), lambda: terminal[0])
    watch.check()
    assert watch.watching and not closed
    terminal[0] = False
    watch.check()
    watch.check()
    assert closed == [1]


def test_a_table_not_started_on_a_terminal_is_not_watched():
    closed = []
    watch = TerminalWatch(lambda: closed.append(1), lambda: False)
    watch.check()
    assert not watch.watching and not closed


def _read_for(fd: int, seconds: float) -> bytes:
    """What the table writes to its terminal within `seconds` (its first frame)."""
    out = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end and b"Rainboard" not in out:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def test_a_table_whose_terminal_closes_ends_rather_than_spin(tmp_path):
    controller, terminal = pty.openpty()
    os.set_blocking(controller, False)
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="30")
    env.pop("CI", None)
    table = subprocess.Popen([sys.executable, "-c", DEAF_TO_HANGUPS, "--data-dir", str(tmp_path)],
                             stdin=terminal, stdout=terminal, stderr=terminal, env=env, start_new_session=True)
    os.close(terminal)
    try:
        assert b"Rainboard" in _read_for(controller, 60), "the title never came up"
        os.close(controller)  # the window closes: the terminal is hung up
        controller = None
        table.wait(timeout=60)  # before the watch, it went on for ever at a core's full speed
        assert table.returncode is not None
    finally:
        if table.poll() is None:
            table.kill()
        if controller is not None:
            os.close(controller)
