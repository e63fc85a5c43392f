"""The Rainboard Textual app. For now: the title screen and the rules screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.content import Content, Span
from textual.containers import Center, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from rainboard import paths

if TYPE_CHECKING:
    from rainboard.data import GameData

SUBTITLE = "Rainboard · a table for Rain World: The Board Game"
TAGLINE = "hotseat for 1 to 9 slugcats, or a solo run"
LATER_NOTE = "Greyed-out entries are coming in a later version."
MISSING_RULES = (
    "# Rules\n\n"
    "The rules text is not here yet: this copy of Rainboard has no `assets/rules.md`."
)


RAIN = "╷╵"  # the drops in assets/title.txt
NAME_START = "█▀▀▄"  # the top of the block-letter R: the name runs from its line to the end


def _later(label: str) -> Option:
    """A menu entry shown for what is to come, greyed out until then."""
    return Option(label, id=label.lower().replace(" ", "-"), disabled=True)


def title_art(text: str) -> Content:
    """The title art with the rain tinted apart from the slugcat and the name."""
    content = Content(text)
    spans = []
    for start, char in enumerate(text):
        if char in RAIN:
            spans.append(Span(start, start + 1, "$primary"))
    name_start = text.find(NAME_START)
    if name_start != -1:
        line_start = text.rfind("\n", 0, name_start) + 1
        spans.append(Span(line_start, len(text), "bold $accent"))
    return content.add_spans(spans)


class TitleScreen(Screen):
    """Title art and the main menu."""

    def compose(self) -> ComposeResult:
        try:
            art = title_art(paths.asset_text("title.txt").rstrip("\n"))
        except OSError:
            art = Content("RAINBOARD")
        with Vertical(id="title-box"):
            with Center():
                yield Static(art, id="title-art")
            yield Static(SUBTITLE, id="subtitle", markup=False)
            yield Static(TAGLINE, id="tagline", markup=False)
            with Center():
                yield OptionList(
                    _later("New game"),
                    _later("Solo challenge"),
                    _later("Continue"),
                    _later("Replay"),
                    Option("Rules", id="rules"),
                    Option("Quit", id="quit"),
                    id="menu",
                )
            yield Static(LATER_NOTE, id="later-note", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("rules")
        menu.focus()

    @on(OptionList.OptionSelected, "#menu")
    def choose(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == "rules":
            self.app.action_rules()
        elif event.option_id == "quit":
            self.app.exit()


class RulesScreen(Screen):
    """The rules text (assets/rules.md), scrollable."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        try:
            text = paths.asset_text("rules.md")
        except OSError:
            text = MISSING_RULES
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(text, id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()


class RainboardApp(App):
    """The terminal table for Rain World: The Board Game."""

    TITLE = "Rainboard"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("question_mark,f1", "rules", "Rules", key_display="? f1"),
    ]

    def __init__(self, data: GameData | None = None) -> None:
        super().__init__()
        # The checked deck data for games to come; the title screen does not need it.
        self.data = data

    def get_default_screen(self) -> Screen:
        return TitleScreen()

    def action_rules(self) -> None:
        """Show the rules, unless they are already showing."""
        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A blinking cursor is a distraction at the table and makes snapshots flaky.
        if hasattr(event.widget, "cursor_blink"):
            event.widget.cursor_blink = False
