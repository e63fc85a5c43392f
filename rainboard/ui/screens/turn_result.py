"""The end of a turn, for the player who just moved: what their turn did (each move as it was offered,
odds and all, each roll, what came of it) and their slugcat now, food against its line and karma.
From here the move can still be taken back (ctrl+z); Enter goes on to the hand-off.

Shown over the board, opaque: the board behind already belongs to the next player.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ..safe_text import shown, tell
from ..session import GameSession
from ..turn_story import result_lines, result_title, since_lines, warnings
from ..widgets.cards import slugcat_card_content
from .dialogs import HandoffScreen
from ..widgets.footer import KeysFooter


FRAME_ROWS = 7  # the footer, the box's border, the title and its margin, the hint


class TurnResultScreen(ModalScreen[bool]):
    """Dismissed with True when the player asks to take the move back (the board undoes it), with
    False to go on."""

    # the screen's own styles (not DEFAULT_CSS, which the app's `.dialog` background would outweigh)
    CSS = """
    TurnResultScreen.dialog {
        background: $background;  /* opaque: the board behind is the next player's */
    }
    TurnResultScreen .dialog-box {
        width: 76;
        max-height: 100%;
        padding: 0 2;
    }
    TurnResultScreen .report-lines {
        height: auto;
    }
    TurnResultScreen #result-card {
        height: auto;
        border: round $primary;
        padding: 0 1;
    }
    TurnResultScreen .dialog-hint {
        margin-top: 0;
    }
    """

    BINDINGS = [
        Binding("enter,space", "go_on", "Go on", key_display="enter"),
        Binding("ctrl+z", "undo", "Take it back", key_display="^z"),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, session: GameSession, actor: int, next_name: str | None = None) -> None:
        super().__init__(classes="dialog")
        self.session = session
        self.actor = actor
        self.next_name = next_name

    def compose(self) -> ComposeResult:
        state = self.session.state
        lines = result_lines(self.session, self.actor) or [Content.styled("Nothing happened to you.", "$text-muted")]
        hint = f"Enter: pass the keyboard to {self.next_name}" if self.next_name else "Enter: go on"
        if self.session.undo_refusal(self.actor) is None:
            hint += " · ctrl+z: take the move back"
        with Vertical(classes="dialog-box report"):
            yield Static(shown(Content.styled(result_title(self.session, self.actor), "bold"), keep=""),
                         classes="dialog-title")
            with VerticalScroll(classes="report-lines"):
                for line in lines:
                    yield Static(shown(line), classes="dialog-text")
                yield Static(shown(slugcat_card_content(state, self.actor)), id="result-card")
            yield Static(shown(hint, keep=""), classes="dialog-hint")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._fit()
        # a long turn (a fight of many exchanges) opens at its end: how it came out
        self.query_one(".report-lines", VerticalScroll).anchor()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The lines get the rows the title, the hint and the frames leave (in an auto-height box a
        fraction would not leave them)."""
        self.query_one(".report-lines", VerticalScroll).styles.max_height = max(4, self.size.height - FRAME_ROWS)

    def action_scroll(self, rows: int) -> None:
        self.query_one(".report-lines", VerticalScroll).scroll_relative(y=rows, animate=False)

    def action_go_on(self) -> None:
        self.dismiss(False)

    def action_undo(self) -> None:
        refusal = self.session.undo_refusal(self.actor)
        if refusal:
            tell(self, refusal, title="Cannot take it back", severity="warning", timeout=5)
            return
        self.dismiss(True)


def handoff_screen(session: GameSession, player: int) -> HandoffScreen:
    """The hand-off to `player`: who is next, anyone attacking or hunting them, and what happened
    since their last turn."""
    name = session.state.players[player].name
    return HandoffScreen(name, since=since_lines(session, player), warnings=warnings(session, player))
