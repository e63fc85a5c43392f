"""The end of a turn, for the player who just moved: what their turn did (each move as it was offered,
odds and all, each roll, what came of it) and their slugcat now, food against its line and karma.
From here the move can still be taken back (ctrl+z); Enter goes on to the hand-off.

Shown over the board, opaque: the board behind already belongs to the next player.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ..safe_text import shown, tell
from ..session import GameSession
from ..turn_story import result_lines, result_title, since_lines, warnings
from ..widgets.cards import slugcat_card_content
from .dialogs import HandoffScreen
from ..widgets.footer import KeysFooter
from ..widgets.quiet import Panel, SettledScroll, SettledVertical, wrapped_rows
from . import STYLES


FRAME_ROWS = 7  # the footer, the box's border, the title and its margin, the hint
CONTENT_WIDTH = 72  # the box's width less its padding, before the box is first laid out


class TurnResultScreen(ModalScreen[bool]):
    """Dismissed with True when the player asks to take the move back (the board undoes it), with
    False to go on."""

    CSS_PATH = STYLES

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

    def __init__(self, session: GameSession, actor: int, next_name: str | None = None,
                 on_go_on: Callable[[], None] | None = None) -> None:
        super().__init__(classes="dialog")
        self.show_turn(session, actor, next_name, on_go_on)

    def show_turn(self, session: GameSession, actor: int, next_name: str | None = None,
                  on_go_on: Callable[[], None] | None = None) -> None:
        """Show this turn's result: a board keeps one of these screens and shows it again each
        turn, which spares building a screen (and taking it down) on every move."""
        self.session = session
        self.actor = actor
        self.next_name = next_name
        self.on_go_on = on_go_on  # readies the board behind before it shows again
        if self.is_mounted:
            self._fill()

    def compose(self) -> ComposeResult:
        with SettledVertical(classes="dialog-box report"):
            yield Panel("", classes="dialog-title", id="result-title")
            with SettledScroll(classes="report-lines"):
                yield Panel("", classes="dialog-text", id="result-lines")
                yield Panel("", id="result-card")
            yield Panel("", classes="dialog-hint", id="result-hint")
        yield KeysFooter()

    def _fill(self) -> None:
        state = self.session.state
        lines = result_lines(self.session, self.actor) or [Content.styled("Nothing happened to you.", "$text-muted")]
        hint = f"Enter: pass the keyboard to {self.next_name}" if self.next_name else "Enter: go on"
        if self.session.undo_refusal(self.actor) is None:
            hint += " · ctrl+z: take the move back"
        told, card = shown(Content("\n").join(lines)), shown(slugcat_card_content(state, self.actor))
        self.query_one("#result-title", Static).update(
            shown(Content.styled(result_title(self.session, self.actor), "bold"), keep=""))
        self.query_one("#result-lines", Static).update(told)
        self.query_one("#result-card", Static).update(card)
        self.query_one("#result-hint", Static).update(shown(hint, keep=""))
        self._fit()
        scroll = self.query_one(".report-lines", VerticalScroll)
        if self._overflows(told, card):
            scroll.anchor()  # a long turn (a fight of many exchanges) opens at its end: how it came out
        else:
            scroll.anchor(False)
            if scroll.scroll_y:
                scroll.scroll_to(y=0, animate=False, immediate=True)

    def _overflows(self, told: Content, card: Content) -> bool:
        """Whether the lines and the card take more rows than the box has for them."""
        width = self.query_one("#result-lines", Static).content_region.width or CONTENT_WIDTH
        card_width = self.query_one("#result-card", Static).content_region.width or CONTENT_WIDTH - 4
        rows = wrapped_rows(told, width) + wrapped_rows(card, card_width) + 2  # the card's frame
        return rows > max(4, self.size.height - FRAME_ROWS)

    def on_mount(self) -> None:
        self._fill()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The lines get the rows the title, the hint and the frames leave (in an auto-height box a
        fraction would not leave them)."""
        self.query_one(".report-lines", VerticalScroll).styles.max_height = max(4, self.size.height - FRAME_ROWS)

    def action_scroll(self, rows: int) -> None:
        self.query_one(".report-lines", VerticalScroll).scroll_relative(y=rows, animate=False)

    def action_go_on(self) -> None:
        if self.on_go_on is not None:
            self.on_go_on()  # the board is drawn while still hidden: it shows again in one frame
        self.dismiss(False)

    def action_undo(self) -> None:
        refusal = self.session.undo_refusal(self.actor)
        if refusal:
            tell(self, refusal, title="Cannot take it back", severity="warning", timeout=5)
            return
        self.dismiss(True)


def handoff_screen(session: GameSession, player: int) -> HandoffScreen:
    """The hand-off to `player`, on a screen of its own."""
    return HandoffScreen(*handoff_parts(session, player))


def handoff_parts(session: GameSession, player: int) -> tuple[str, str, list, list]:
    """The hand-off to `player` (name, reason, since, warnings): who is next, anyone attacking or
    hunting them, and what happened since their last turn."""
    return session.state.players[player].name, "", since_lines(session, player), warnings(session, player)
