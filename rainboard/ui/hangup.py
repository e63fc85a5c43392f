"""A table whose terminal has gone away closes itself.

When a terminal window closes, the shell in it usually passes the hang-up on and the table ends
with it. Not always: started as a tmux pane's own command, or under a program that does not pass
hang-ups on, the table outlives its terminal. Textual then finds its input at an end on every read
and goes round its input loop without pause, a core at full speed for as long as the machine runs,
while the table still holds its game's lock (saves/lock.py), so the game cannot be continued
anywhere else.

So a table started on a terminal looks once a second whether it still has one. When it does not,
it closes as if the player had quit: the game's journal is folded into its save, the lock is given
back, and the process ends.

A table asked to start without a terminal at all (`rainboard < /dev/null`, a pipe, a cron job) would
spin the same way from its first frame, so it does not start: `missing_terminal` names the stream
that is not one and the app's `run` raises NoTerminal before Textual touches anything. A browser
tab's table is not drawn on a terminal (textual-serve runs it with Textual's web driver, chosen by
TEXTUAL_DRIVER, and talks to it through pipes), nor is a headless one: neither needs one.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

CHECK_EVERY = 1.0  # seconds between looks


def _stdin_is_terminal() -> bool:
    try:
        return os.isatty(sys.__stdin__.fileno())
    except (AttributeError, OSError, ValueError):  # no stdin, or one already closed
        return False


class TerminalWatch:
    """Calls `close` once, when the terminal the table started on is no longer a terminal (a hung-up
    terminal stops being one). A table that did not start on a terminal (tests, a browser tab)
    is not watched."""

    def __init__(self, close: Callable[[], None], is_terminal: Callable[[], bool] = _stdin_is_terminal) -> None:
        self._close = close
        self._is_terminal = is_terminal
        self.watching = is_terminal()
        self.closed = False

    def check(self) -> None:
        if self.watching and not self.closed and not self._is_terminal():
            self.closed = True
            self._close()


class NoTerminal(Exception):
    """A table was to be played with no terminal to play it in; `stream` names the one that is not
    ("standard input")."""

    def __init__(self, stream: str) -> None:
        self.stream = stream
        super().__init__(f"the table needs a terminal to play in ({stream} is not one)")


def _is_terminal(stream) -> bool:
    try:
        return os.isatty(stream.fileno())
    except (AttributeError, OSError, ValueError):  # no such stream, or one already closed
        return False


def missing_terminal() -> str | None:
    """The stream a table in a terminal needs that is not a terminal, or None: standard input (its
    keys) or standard error (Textual's terminal driver draws there, so standard output may go to a
    file)."""
    if not _is_terminal(sys.__stdin__):
        return "standard input"
    if not _is_terminal(sys.__stderr__):
        return "standard error"
    return None


def draws_on_a_terminal(driver_class: type) -> bool:
    """Whether a table run by this Textual driver plays in this process's terminal: any driver but
    the web one (a browser tab's, through textual-serve's pipes) and the headless one (tests)."""
    from textual.drivers.headless_driver import HeadlessDriver
    from textual.drivers.web_driver import WebDriver

    return not issubclass(driver_class, (WebDriver, HeadlessDriver))
