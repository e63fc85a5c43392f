"""The end of a turn, for the player who just moved: what their turn did (each move as it was offered,
odds and all, each roll, what came of it) and their slugcat as the turn left it, food against its
line and karma. From here a move that showed no card and rolled no die can still be taken back
(ctrl+z, offered only then); Enter goes on to the cycle's report or the hand-off.

Shown over the board, opaque: the board behind already belongs to the next player.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from rainboard.engine import apply
from rainboard.engine import events as ev
from rainboard.engine.state import GameState

from .. import keys
from ..safe_text import shown, tell
from ..session import GameSession
from ..textual_internals import ResumesFromKeptLines
from ..turn_story import result_lines, result_title, since_lines, warnings
from ..widgets.cards import compact_card_content, slugcat_card_content, slugcat_card_head
from .dialogs import HandoffScreen
from ..widgets.footer import KeysFooter
from ..widgets.quiet import Panel, SettledVertical, quiet_update, wrapped_rows
from ..widgets.told_lines import ToldLines, framed
from . import STYLES


FRAME_ROWS = 4  # the footer, the box's border (two rows) and the title's margin; the title and hint as wrapped
CONTENT_WIDTH = 66  # the box's width less its frame and padding, before the box is first laid out


class TurnResultScreen(ResumesFromKeptLines, ModalScreen[bool]):
    """Dismissed with True when the player asks to take the move back (the board undoes it), with
    False to go on."""

    CSS_PATH = STYLES  # its own styles too (screens.tcss: read with the board's, not at its first push)

    BINDINGS = [
        keys.go_on_binding("enter,space", "go_on", "Go on"),
        # shown only while the session can take the move back (check_action); else the key only
        # says why not
        Binding("ctrl+z", "undo", "Take it back", key_display="^z", id=keys.UNDO.id),  # remapped with the board's
        Binding("ctrl+z", "say_why_not", "Take it back", show=False, id=keys.UNDO.id),
        *keys.help_bindings(),
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
            # ctrl+z is offered or not, as this move allows: the footer draws the keys in the frame
            # that shows the screen (Textual's bindings signal, a frame later, then finds them drawn)
            self.query_one(KeysFooter).redraw()

    def compose(self) -> ComposeResult:
        with SettledVertical(classes="dialog-box report"):
            yield Panel("", classes="dialog-title", id="result-title")
            yield ToldLines(classes="dialog-text", id="result-lines")  # the turn's lines and the card
            yield Panel("", classes="dialog-hint", id="result-hint")
        yield KeysFooter()

    def _fill(self) -> None:
        moment = self._moment()
        lines = result_lines(self.session, self.actor) or [Content.styled("Nothing happened to you.", "$text-muted")]
        if moment is not self.session.state:
            hint = "Enter: how the cycle ended"
        elif self.next_name:
            hint = f"Enter: pass the keyboard to {self.next_name}"
        else:
            hint = "Enter: go on"
        if self._can_take_back():
            hint += f" · {keys.key_in_force(keys.UNDO, self.app)}: take the move back"
        title = shown(Content.styled(result_title(self.session, self.actor), "bold"), keep="")
        self._fit(title, shown(hint, keep=""))
        told = [shown(line) for line in lines]
        view = self.query_one("#result-lines", ToldLines)
        width = view.scrollable_content_region.width or CONTENT_WIDTH
        told_rows = view.rows(told, width)  # drawn once: to count them here, and to show them
        card = framed(shown(slugcat_card_content(moment, self.actor)), width)
        if told_rows + len(card) > self._room:  # few rows (80x24): the short card, its head in its frame
            head = shown(slugcat_card_head(moment, self.actor))
            card = framed(shown(compact_card_content(moment, self.actor)), width, head)
        longer = told_rows + len(card) > self._room
        view.show(told + card, at_end=longer)  # a long turn (a fight of many exchanges) opens at its end
        if longer:  # still more than the rows: it opens at its end, and says there is more above
            hint = f"↑ earlier in the turn · {hint}"
            self._fit(title, shown(hint, keep=""))
        # each panel repaints only when its text changed, and asks for a layout only when its rows did
        quiet_update(self.query_one("#result-title", Static), title)
        quiet_update(self.query_one("#result-hint", Static), shown(hint, keep=""))

    def _moment(self) -> GameState:
        """The game as the actor's last move left them: the state now, unless that move also ended the
        cycle (the last one awake went to sleep, or the rain came), when the state now is already
        the next cycle's; then the game as the cycle ended (the engine's apply without waking): the
        card shows them asleep with the food they ate, or dead in the rain, and the cycle's report
        comes next."""
        session = self.session
        last = session.steps[-1] if session.steps else None
        if last is None or last.actor != self.actor or last.before is None:
            return session.state
        if not any(isinstance(e, ev.CycleEnded) for e in session.events[last.events_before:]):
            return session.state
        moment, _ = apply(last.before, last.action, wake=False)
        return moment

    def _can_take_back(self) -> bool:
        return self.session.undo_refusal(self.actor) is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self._can_take_back()
        if action == "say_why_not":
            return not self._can_take_back()
        return True

    def on_mount(self) -> None:
        self._fill()

    def on_resize(self) -> None:
        self._fill()  # the card, full or short, and the lines' rows follow the new size

    def _fit(self, title: Content, hint: Content) -> None:
        """The lines get the rows the footer, the box's frame, the title and the hint leave, each as
        many rows as it wraps to (in an auto-height box a fraction would not leave them)."""
        width = self.query_one("#result-hint", Static).content_region.width or CONTENT_WIDTH
        frame = FRAME_ROWS + wrapped_rows(title, width) + wrapped_rows(hint, width)
        self._room = max(4, self.size.height - frame)

    def action_scroll(self, rows: int) -> None:
        self.query_one("#result-lines", ToldLines).scroll_relative(y=rows, animate=False)

    def action_go_on(self) -> None:
        if self.on_go_on is not None:
            self.on_go_on()  # the board is drawn while still hidden: it shows again in one frame
        self.dismiss(False)

    def action_undo(self) -> None:
        if not self._can_take_back():
            self.action_say_why_not()
            return
        self.dismiss(True)

    def action_say_why_not(self) -> None:
        """ctrl+z when the move cannot be taken back (the footer does not offer it): why not."""
        refusal = self.session.undo_refusal(self.actor)
        if refusal:
            tell(self, refusal, title="Cannot take it back", severity="warning", timeout=5)


def handoff_screen(session: GameSession, player: int) -> HandoffScreen:
    """The hand-off to `player`, on a screen of its own."""
    return HandoffScreen(*handoff_parts(session, player))


def handoff_parts(session: GameSession, player: int) -> tuple[str, str, list, list]:
    """The hand-off to `player` (name, reason, since, warnings): who is next, anyone attacking or
    hunting them, and what happened since their last turn."""
    return session.state.players[player].name, "", since_lines(session, player), warnings(session, player)
