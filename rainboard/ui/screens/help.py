"""Help: the keys, then the rules as Rainboard plays them (assets/rules.md), scrollable."""

from __future__ import annotations

import re
import threading

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker

from rainboard import paths
from rainboard.data import DeckError
from rainboard.data.models import Rules

from ..keys import HELP, help_markdown
from ..widgets.footer import KeysFooter
from . import STYLES

MISSING_RULES = "# Rules\n\nThe rules text is not here: this copy of Rainboard has no `assets/rules.md`."

KEYS = help_markdown()  # from the one key table, like the footer and the README (the default keys)


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


class KeptMarkdown:
    """Rich's Markdown of a text, drawn once for each width and kept. The rules are long: drawing
    them took 150-350 ms, and Textual draws a text twice on showing it (once to measure its height,
    once to paint it). Kept here, the help opens in the time of a frame after the first time, and
    `prepare` draws it ahead, on a thread, while the table is idle."""

    _kept: dict[tuple, list] = {}  # (text, width, options) -> the segments, for every copy of a text
    _lock = threading.Lock()
    KEEP = 8  # drawings kept (a few widths of the keys and the rules)

    def __init__(self, source: str) -> None:
        from rich.markdown import Markdown as RichMarkdown

        self.source = source
        self._markdown = RichMarkdown(source, hyperlinks=False)

    def __rich_console__(self, console, options):
        key = (self.source, options.max_width, options.encoding, options.legacy_windows, options.is_terminal)
        with self._lock:  # a thread drawing it ahead finishes first, and its drawing is used
            segments = self._kept.get(key)
            if segments is None:
                segments = list(console.render(self._markdown, options))
                while len(self._kept) >= self.KEEP:
                    self._kept.pop(next(iter(self._kept)))
                self._kept[key] = segments
        return segments

    def prepare(self, console, width: int) -> None:
        """Draw at this width now (the help does the same when it opens)."""
        self.__rich_console__(console, console.options.update_width(width).update(highlight=False))


def help_sources(app) -> list[str]:
    """The help's two texts: the keys, and the rules with the numbers of the game in play."""
    try:
        rules = paths.asset_text("rules.md")
    except OSError:
        rules = MISSING_RULES
    keys = help_markdown(getattr(app, "keymap_in_force", {}))  # the keys in force (keymap.toml)
    return [keys, fill_numbers(rules, numbers_in_play(app))]


def prepare_help(app) -> Worker:
    """Draw the help ahead, on a Textual thread worker, at the widths it can have in this terminal:
    the page's width less its padding and a scrollbar, at most 100 columns (screens.tcss). One at a
    time: a new one takes the place of one under way."""
    console = app.console
    sources = help_sources(app)
    widths = sorted({min(100, max(10, app.size.width - 4 - bar)) for bar in (2, 1, 0)})

    def draw() -> None:
        for width in widths:
            for source in sources:
                KeptMarkdown(source).prepare(console, width)

    return app.run_worker(draw, name="help drawn ahead", group="help", thread=True, exclusive=True,
                          exit_on_error=False)


class MarkdownText(Static):
    """A Markdown text drawn as one widget (Rich's Markdown), so the long rules open at once: Textual's
    Markdown widget makes a widget of every paragraph, and laying out hundreds of them took seconds."""

    def __init__(self, source: str, *, id: str | None = None) -> None:
        super().__init__(KeptMarkdown(source), id=id, markup=False)
        self.source = source


class HelpScreen(Screen):
    """The keys and the rules."""

    CSS_PATH = STYLES

    BINDINGS = [
        Binding("escape", "close", "Back"),
        # the key that opened the help closes it again
        Binding(",".join(HELP.keys), "close_help", "Close", key_display=HELP.display, id=HELP.id),
        Binding("home", "top", "Top", show=False),
    ]

    def compose(self) -> ComposeResult:
        keys, rules = help_sources(self.app)
        with VerticalScroll(id="help-scroll"):
            yield MarkdownText(keys, id="help-keys")
            yield MarkdownText(rules, id="rules-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        self.app.pop_screen()

    def action_close_help(self) -> None:  # its own action, so the footer shows its key beside escape's
        self.app.pop_screen()

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)
