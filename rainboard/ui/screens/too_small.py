"""The notice shown while the terminal is below the table's size, with a way out: q or ctrl+c quits
at once (every game is saved after every move, so there is nothing to ask)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from . import dialogs


class TooSmallScreen(dialogs.TooSmallScreen):
    """Instead of a squashed board: what size is needed, and how to leave."""

    BINDINGS = [Binding("q,ctrl+c", "leave", "Quit", priority=True)]

    def compose(self) -> ComposeResult:
        width, height = self.need
        yield Static(
            f"The terminal is too small for the table.\nRainboard needs at least {width} x {height};\n"
            "make the window larger and the game comes back.\n\n"
            "q or ctrl+c quits; every game is saved as it goes.",
            id="too-small", markup=False,
        )

    def action_leave(self) -> None:
        self.app.exit()
