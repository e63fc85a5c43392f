"""Help: the keys, then the rules as Rainboard plays them (assets/rules.md), scrollable."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from rainboard import paths
from rainboard.data import DeckError
from rainboard.data.models import Rules

from ..keys import HELP, help_markdown
from ..widgets.footer import KeysFooter
from . import STYLES

MISSING_RULES = "# Rules\n\nThe rules text is not here: this copy of Rainboard has no `assets/rules.md`."

KEYS = help_markdown()  # from the one key table, like the footer and the README


def fill_numbers(text: str, rules: Rules | None) -> str:
    """The rules text with each `{name}` of a rules.toml number replaced by the table's value (or,
    without deck data, by the name in backticks): the help never states a number the game does not use."""

    def number(match: re.Match) -> str:
        name = match.group(1)
        value = rules
        for part in name.split("."):  # {dice.pool.base_dice}: a number of a rules.toml sub-table
            if value is None or not hasattr(value, part):
                return f"`{name}`"
            value = getattr(value, part)
        return str(value)

    return re.sub(r"\{(\w+(?:\.\w+)*)\}", number, text)


def numbers_in_play(app) -> Rules | None:
    """The rules of the game in play (its save's decks and preset), else of the app's decks."""
    for screen in reversed(app.screen_stack):
        session = getattr(screen, "session", None)
        if session is not None and getattr(session, "data", None) is not None:
            return session.data.rules
    try:
        return app.game_data().rules
    except (DeckError, AttributeError):  # broken decks, or an app without deck data
        return None


def show_help(app) -> None:
    """Open the help, or close it if it is on top. The screen is made once for each set of numbers
    and kept, so opening it again costs no more than showing it."""
    if isinstance(app.screen, HelpScreen):
        app.pop_screen()
        return
    rules = numbers_in_play(app)
    kept = getattr(app, "_help_kept", None)
    if kept is None or kept[0] is not rules:
        if kept is not None and not any(s is kept[1] for s in app.screen_stack):
            app.uninstall_screen(kept[1])
        screen = HelpScreen()
        app.install_screen(screen, name=f"help-{id(screen)}")
        app._help_kept = kept = (rules, screen)
    app.push_screen(kept[1])


class MarkdownText(Static):
    """A Markdown text drawn as one widget (Rich's Markdown), so the long rules open at once: Textual's
    Markdown widget makes a widget of every paragraph, and laying out hundreds of them took seconds."""

    def __init__(self, source: str, *, id: str | None = None) -> None:
        from rich.markdown import Markdown as RichMarkdown

        super().__init__(RichMarkdown(source, hyperlinks=False), id=id, markup=False)
        self.source = source


class HelpScreen(Screen):
    """The keys and the rules."""

    CSS_PATH = STYLES

    BINDINGS = [
        Binding("escape", "close", "Back"),
        # the key that opened the help closes it again
        Binding(",".join(HELP.keys), "close_help", "Close", key_display=HELP.display),
        Binding("home", "top", "Top", show=False),
    ]

    def compose(self) -> ComposeResult:
        try:
            rules = paths.asset_text("rules.md")
        except OSError:
            rules = MISSING_RULES
        rules = fill_numbers(rules, self._numbers())
        with VerticalScroll(id="help-scroll"):
            yield MarkdownText(KEYS, id="help-keys")
            yield MarkdownText(rules, id="rules-text")
        yield KeysFooter()

    def _numbers(self) -> Rules | None:
        return numbers_in_play(self.app)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_close_help(self) -> None:  # its own action, so the footer shows its key beside escape's
        self.app.pop_screen()

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)
