"""The notice shown while the terminal is below the table's size, with a way out: q or ctrl+c quits
at once (every game is saved after every move, so there is nothing to ask).

It fits a phone held upright (about 40 columns): the box never grows past the screen, and its
words wrap inside it. In a browser tab it speaks of the window, and of making the text smaller,
which is what a player there can do about it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from . import dialogs


class TooSmallScreen(dialogs.TooSmallScreen):
    """Instead of a squashed board: what size is needed, and how to leave."""

    DEFAULT_CSS = """
    TooSmallScreen #too-small {
        max-width: 100%;
    }
    """
    BINDINGS = [Binding("q,ctrl+c", "leave", "Quit", priority=True)]

    def compose(self) -> ComposeResult:
        width, height = self.need
        if self.app.is_web:
            words = (f"The window is too small for the table.\nRainboard needs at least {width} x {height} "
                     "characters: make the window larger or the text smaller (ctrl and minus, or on a phone "
                     "add ?fontsize=8 to the page's address), and the game comes back.")
        else:
            words = (f"The terminal is too small for the table.\nRainboard needs at least {width} x {height};\n"
                     "make the window larger and the game comes back.")
        yield Static(f"{words}\n\nq or ctrl+c quits; every game is saved as it goes.", id="too-small", markup=False)

    def action_leave(self) -> None:
        self.app.exit()
