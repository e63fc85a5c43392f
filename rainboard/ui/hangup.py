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
