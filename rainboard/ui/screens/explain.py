"""The explain key's page: the highlighted thing and the rule behind it (ui/explain.py), with the
way to the rules' own section in the help."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from .. import keys
from ..explain import Explanation
from ..safe_text import shown
from ..widgets.footer import KeysFooter
from . import STYLES


class ExplainScreen(ModalScreen[None]):
    """One explanation; Enter opens the help at its rule, escape (or the explain key) closes it."""

    CSS_PATH = STYLES

    BINDINGS = [
        Binding("enter", "rules", "The rule in the help"),
        Binding("escape,r", "close", "Back", key_display="escape"),
        *keys.help_bindings(),
    ]

    def __init__(self, explanation: Explanation) -> None:
        super().__init__(classes="dialog")
        self.explanation = explanation

    def compose(self) -> ComposeResult:
        explanation = self.explanation
        with Vertical(classes="dialog-box", id="explain-box"):
            yield Static(shown(Content.styled(explanation.title, "bold")), classes="dialog-title", id="explain-title")
            yield Static(shown(explanation.words), classes="dialog-text", id="explain-words")
            yield Static(shown(f"The rule: “{explanation.section}”. Enter opens the help there; escape goes back."),
                         classes="dialog-hint", id="explain-rule")
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        """Close, and open the help at this explanation's section of the rules."""
        app, section = self.app, self.explanation.section
        self.dismiss(None)
        open_help_at(app, section)


def open_help_at(app, section: str) -> None:
    """The help, scrolled to the section of the rules with this heading."""
    from .help import HelpScreen, show_help

    show_help(app)
    help_screen = app.screen
    if not isinstance(help_screen, HelpScreen):
        return

    def jump() -> None:
        contents = help_screen.query_one("#help-contents", OptionList)
        for index in range(contents.option_count):
            option = contents.get_option_at_index(index)
            if str(option.prompt) == section:
                help_screen.jump_to_section(int(option.id))
                return

    help_screen.call_after_refresh(jump)
