"""Small screens over the game: hand-offs, cycle reports, confirmations, a too-small terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from .. import keys
from ..safe_text import shown
from ..textual_internals import ResumesFromKeptLines
from ..widgets.footer import KeysFooter
from ..widgets.quiet import Panel, SettledScroll, SettledVertical, quiet_update
from . import STYLES


class HandoffScreen(ResumesFromKeptLines, ModalScreen[None]):
    """Between players at one keyboard: who is next, a warning if someone is after them, and what
    happened at the table since their last turn. Nothing of anyone's hand shows.

    A board keeps one and shows it again at every hand-off (`show_handoff`), which spares building
    a screen and taking it down on every turn."""

    CSS_PATH = STYLES  # its own styles too (screens.tcss: read with the board's, not at its first push)

    BINDINGS = [
        keys.go_on_binding("enter,space", "ready", "I'm ready"),
        *keys.help_bindings(),  # the help from here too: the app's own keys stop at a modal screen
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, name: str, reason: str = "", since: list[str] | None = None,
                 warnings: list[str] | None = None) -> None:
        super().__init__(classes="dialog")
        self.show_handoff(name, reason, since, warnings)

    def show_handoff(self, name: str, reason: str = "", since: list[str] | None = None,
                     warnings: list[str] | None = None) -> None:
        """Show this hand-off (drawn at once when the screen is already built)."""
        self.player_name = name
        self.reason = reason
        self.since = since or []
        self.warnings = warnings or []
        if self.is_mounted:
            self._fill()

    def compose(self) -> ComposeResult:
        with SettledVertical(classes="dialog-box handoff"):
            yield Panel("", classes="dialog-title", id="handoff-title")
            yield Panel("", classes="dialog-text handoff-warning", id="handoff-warnings")
            yield Panel("", classes="dialog-text", id="handoff-reason")
            with SettledScroll(classes="report-lines"):
                yield Panel("", classes="dialog-text", id="handoff-since")
            yield Panel("", classes="dialog-hint", id="handoff-hint")
        yield KeysFooter()

    def _fill(self) -> None:
        # each warning stands apart from the next by a blank line
        warned = Content("\n\n").join(Content.styled(w, "bold $text-warning") for w in self.warnings)
        since = [Content.styled("Since your last turn:", "$text-muted"), *(shown(line) for line in self.since)]
        parts = [("#handoff-title", shown(Content.styled(f"Pass the keyboard to {self.player_name}", "bold"), keep=""),
                  True),
                 ("#handoff-warnings", shown(warned), bool(self.warnings)),
                 ("#handoff-reason", shown(self.reason), bool(self.reason)),
                 ("#handoff-since", Content("\n").join(since), bool(self.since)),
                 ("#handoff-hint", shown(f"{self.player_name}, press Enter when you are ready.", keep=""), True)]
        for selector, content, showing in parts:
            panel = self.query_one(selector, Static)
            quiet_update(panel, content)
            panel.display = showing
        scroll = self.query_one(".report-lines", VerticalScroll)
        scroll.display = bool(self.since)
        if scroll.scroll_y:
            scroll.scroll_to(y=0, animate=False, immediate=True)
        self._fit()

    def on_mount(self) -> None:
        self._fill()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The news gets the rows the rest leaves: the footer, the frame, the title, the warnings
        and the hint (a fraction of an auto-height box would not leave them)."""
        others = 9 + 2 * len(self.warnings) + (2 if self.reason else 0)
        self.query_one(".report-lines", VerticalScroll).styles.max_height = max(3, self.size.height - others)

    def action_scroll(self, rows: int) -> None:
        self.query_one(".report-lines", VerticalScroll).scroll_relative(y=rows, animate=False)

    def action_ready(self) -> None:
        self.dismiss(None)


class ReportScreen(ResumesFromKeptLines, ModalScreen[None]):
    """A page of happenings to read before play goes on: the end of a cycle, the turn order. A board
    keeps one for its cycle reports and shows it again each cycle (`show_report`)."""

    CSS_PATH = STYLES  # its own styles too (screens.tcss: read with the board's, not at its first push)

    BINDINGS = [
        keys.go_on_binding("enter,space,escape", "close", "Continue"),
        *keys.help_bindings(),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("down", "scroll(1)", "Scroll", show=False),
    ]

    def __init__(self, title: str, lines: list[Content | str], hint: str = "Press Enter to go on.") -> None:
        super().__init__(classes="dialog")
        self.show_report(title, lines, hint)

    def show_report(self, title: str, lines: list[Content | str], hint: str = "Press Enter to go on.") -> None:
        """Show this report (drawn at once when the screen is already built)."""
        self.title_text = title
        self.lines = lines
        self.hint = hint
        if self.is_mounted:
            self._fill()

    def compose(self) -> ComposeResult:
        with SettledVertical(classes="dialog-box report"):
            yield Panel("", classes="dialog-title", id="report-title")
            with SettledScroll(classes="report-lines"):
                yield Panel("", classes="dialog-text", id="report-text")
            yield Panel("", classes="dialog-hint", id="report-hint")
        yield KeysFooter()

    def _fill(self) -> None:
        quiet_update(self.query_one("#report-title", Static), shown(Content.styled(self.title_text, "bold"), keep=""))
        quiet_update(self.query_one("#report-text", Static), Content("\n").join(shown(line) for line in self.lines))
        quiet_update(self.query_one("#report-hint", Static), shown(self.hint))
        scroll = self.query_one(".report-lines", VerticalScroll)
        if scroll.scroll_y:
            scroll.scroll_to(y=0, animate=False, immediate=True)

    def on_mount(self) -> None:
        self._fill()

    def action_scroll(self, rows: int) -> None:
        """A long report (many players) scrolls with the arrow keys too."""
        self.query_one(".report-lines", VerticalScroll).scroll_relative(y=rows, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question, such as leaving a game in progress."""

    CSS_PATH = STYLES

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No", key_display="n"),
        *keys.help_bindings(),
    ]

    def __init__(self, question: str, detail: str = "", danger: bool = True) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.detail = detail
        self.danger = danger  # Yes loses something (a game left, a file replaced): its button is red

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(shown(Content.styled(self.question, "bold")), classes="dialog-title")
            if self.detail:
                yield Static(shown(self.detail), classes="dialog-text")
            with Vertical(classes="dialog-buttons"):
                yield Button("Yes (y)", id="yes", variant="error" if self.danger else "primary")
                yield Button("No (n)", id="no", variant="primary" if self.danger else "default")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class TooSmallScreen(ModalScreen[None]):
    """Shown instead of a squashed board while the terminal is below the minimum size."""

    CSS_PATH = STYLES

    def __init__(self, width: int, height: int) -> None:
        super().__init__(classes="dialog")
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        width, height = self.need
        yield Static(
            f"The terminal is too small for the table.\nRainboard needs at least {width} x {height};\n"
            "make the window larger and the game comes back.",
            id="too-small", markup=False,
        )


class TextPrompt(ModalScreen[str | None]):
    """Asks for one line of text (a save's name, a turn number)."""

    CSS_PATH = STYLES

    BINDINGS = [Binding("escape", "cancel", "Cancel"), *keys.help_bindings()]  # F1: `?` is typed

    def __init__(self, title: str, value: str = "", placeholder: str = "", integer: bool = False) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.value = value
        self.placeholder = placeholder
        self.integer = integer

    def compose(self) -> ComposeResult:
        from ..widgets.text_input import TextInput

        with Vertical(classes="dialog-box"):
            yield Static(shown(Content.styled(self.title_text, "bold"), keep=""), classes="dialog-title")
            yield TextInput(self.value, placeholder=self.placeholder, id="prompt-input", compact=True,
                        type="integer" if self.integer else "text", max_length=40)
            yield Static("Enter to confirm, Escape to cancel.", classes="dialog-hint", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#prompt-input").focus()

    def on_input_submitted(self, event) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
