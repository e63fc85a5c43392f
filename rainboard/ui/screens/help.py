"""Help: the keys, then the rules as Rainboard plays them (assets/rules.md), scrollable, with a table of
contents beside them and a search (`/` or ctrl+f) that jumps to the next match."""

from __future__ import annotations

import asyncio
import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker

from rich.segment import Segment
from rich.style import Style

from rainboard import paths
from rainboard.data import DeckError
from rainboard.data.models import Rules

from ..keys import HELP, help_markdown
from ..widgets.footer import KeysFooter
from . import STYLES
from .help_drawing import KeptMarkdown

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


def help_sources(app) -> list[str]:
    """The help's two texts: the keys, and the rules with the numbers of the game in play."""
    try:
        rules = paths.asset_text("rules.md")
    except OSError:
        rules = MISSING_RULES
    keys = help_markdown(getattr(app, "keymap_in_force", {}))  # the keys in force (keymap.toml)
    return [keys, fill_numbers(rules, numbers_in_play(app))]


def help_widths(app) -> list[int]:
    """The widths the help's texts have in this terminal: the page's width less the contents beside
    it and the text's padding, at most 100 columns (screens.tcss); Textual measures the texts once
    without the scrollbar the long rules then get, and draws them with it."""
    room = app.size.width - CONTENTS_WIDTH - TEXT_PADDING
    return sorted({min(100, max(10, room - bar)) for bar in (SCROLLBAR, 0)})


def prepare_help(app) -> Worker:
    """Draw the help ahead at the widths it will have in this terminal (each other width would cost
    as much memory again: it is drawn only if the help is opened at it), on the table's own loop, a
    section at a time with a pause after each (SECTION_GAP), so a key waits at most for one section
    (some 15 ms for the longest). On a thread it kept some 1.3 MiB more for good (glibc gives a
    thread heaps of its own, which the table's thread never reuses) and shared Python with the keys
    while it lasted. One at a time: a new one takes the place of one under way."""
    console = app.console
    sources = help_sources(app)
    widths = help_widths(app)

    async def draw() -> None:
        for width in widths:
            for source in sources:
                for _ in KeptMarkdown(source).drawing(console, width):
                    await asyncio.sleep(SECTION_GAP)

    return app.run_worker(draw, name="help drawn ahead", group="help", exclusive=True, exit_on_error=False)


SECTION_GAP = 0.005  # seconds between two sections drawn ahead: the table's events go first
CONTENTS_WIDTH = 19  # the table of contents beside the text (screens.tcss #help-contents)
TEXT_PADDING = 1  # the text's padding (#help-scroll)
SCROLLBAR = 2  # #help-scroll's vertical scrollbar (Textual's own size: screens.tcss keeps it)
MARK = Style(reverse=True, bold=True)  # a search's match: reversed, readable in every theme


def headings(source: str) -> list[tuple[int, str]]:
    """The `#` and `##` headings of a Markdown text, (level, words), in order (none inside code)."""
    found, code = [], False
    for line in source.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            code = not code
        elif not code and (match := re.match(r"(#{1,2})\s+(.+?)\s*#*\s*$", line)):
            found.append((len(match.group(1)), re.sub(r"[*_`]", "", match.group(2)).strip()))
    return found


class Marked:
    """A kept drawing with one span of one line marked (a search's match)."""

    def __init__(self, kept: KeptMarkdown, mark: tuple[int, int, int]) -> None:
        self.kept, self.mark = kept, mark

    def __rich_console__(self, console, options):
        row, start, end = self.mark
        for number, line in enumerate(Segment.split_lines(self.kept.__rich_console__(console, options))):
            if number == row:
                before, match, after = list(Segment.divide(line, [start, end, Segment.get_line_length(line)]))
                line = [*before, *Segment.apply_style(match, post_style=MARK), *after]
            yield from line
            yield Segment.line()


class MarkdownText(Static):
    """A Markdown text drawn as one widget (Rich's Markdown), so the long rules open at once: Textual's
    Markdown widget makes a widget of every paragraph, and laying out hundreds of them took seconds."""

    def __init__(self, source: str, *, id: str | None = None) -> None:
        self.kept = KeptMarkdown(source)
        super().__init__(self.kept, id=id, markup=False)
        self.source = source
        self.marked: tuple[int, int, int] | None = None

    def lines(self) -> list[str]:
        """The text's lines as drawn at its width now (the kept drawing: nothing is drawn again)."""
        width = self.content_region.width
        drawn = self.kept.drawn
        if drawn is None or not drawn or Segment.get_line_length(next(Segment.split_lines(drawn), [])) != width:
            console = self.app.console
            drawn = self.kept.__rich_console__(console, console.options.update_width(width).update(highlight=False))
        return ["".join(segment.text for segment in line) for line in Segment.split_lines(drawn)]

    def mark(self, mark: tuple[int, int, int] | None) -> None:
        """Mark a span (line, from, to) of the text, or none."""
        if mark != self.marked:
            self.marked = mark
            self.update(self.kept if mark is None else Marked(self.kept, mark), layout=False)


class HelpScreen(Screen):
    """The keys and the rules, a table of contents of their headings beside them, and a search."""

    CSS_PATH = STYLES

    BINDINGS = [
        Binding("escape", "close", "Back"),
        # the key that opened the help closes it again
        Binding(",".join(HELP.keys), "close_help", "Close", key_display=HELP.display, id=HELP.id),
        Binding("slash,ctrl+f", "search", "Search", key_display="/"),
        Binding("tab", "contents", "Contents"),
        Binding("home", "top", "Top", show=False),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._found: tuple[str, int, int] | None = None  # the last match: (text's id, line, column)
        self._sections: list[tuple[str, str]] = []  # the contents' entries: (text's id, heading)

    def compose(self) -> ComposeResult:
        keys, rules = help_sources(self.app)
        self._sections = [("help-keys", words) for _, words in headings(keys)]
        self._sections += [("rules-text", words) for _, words in headings(rules)]
        with Horizontal(id="help-body"):
            yield OptionList(*(Option(words, id=str(number)) for number, (_, words) in enumerate(self._sections)),
                             id="help-contents")
            with VerticalScroll(id="help-scroll"):
                yield MarkdownText(keys, id="help-keys")
                yield MarkdownText(rules, id="rules-text")
        yield KeysFooter()  # the search's line is mounted on its first use (the help opens the sooner)

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        search = self.query("#help-search")
        if search and search.first(Input).display:  # escape closes the search first
            self._close_search()
            return
        self.app.pop_screen()

    def action_close_help(self) -> None:  # its own action, so the footer shows its key beside escape's
        self.app.pop_screen()

    def action_top(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_home(animate=False)

    def action_contents(self) -> None:
        """Tab: to the contents, and back to the text."""
        contents = self.query_one("#help-contents", OptionList)
        if contents.has_focus:
            self.query_one("#help-scroll").focus()
        else:
            contents.focus()

    # -- the table of contents ------------------------------------------------------------------------
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.jump_to_section(int(event.option.id))

    def jump_to_section(self, number: int) -> None:
        """Scroll so that the section's heading is the top line of the view."""
        text_id, words = self._sections[number]
        before = sum(1 for other, heading in self._sections[:number] if other == text_id and heading == words)
        text = self.query_one(f"#{text_id}", MarkdownText)
        row = heading_row(text.lines(), words, before)
        if row is not None:
            self._scroll_to_row(text, row, above=0)

    def _scroll_to_row(self, text: MarkdownText, row: int, above: int) -> None:
        scroll = self.query_one("#help-scroll", VerticalScroll)
        scroll.scroll_to(y=max(0, text.virtual_region.y + row - above), animate=False, immediate=True)

    # -- the search -----------------------------------------------------------------------------------
    async def action_search(self) -> None:
        if not self.query("#help-search"):
            await self.mount(Input(placeholder="Search the help: enter finds the next match, escape closes",
                                   id="help-search"), before=self.query_one(KeysFooter))
        search = self.query_one("#help-search", Input)
        search.display = True
        search.focus()

    def _close_search(self) -> None:
        search = self.query_one("#help-search", Input)
        search.display = False
        for text in self.query(MarkdownText):
            text.mark(None)
        self._found = None
        self.query_one("#help-scroll").focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "help-search":
            self._found = None  # a new word: search from where the view is

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "help-search":
            return
        event.stop()
        self.find(event.value)

    def find(self, words: str) -> bool:
        """Jump to the first match of `words` (any case) after the last match, or after the top of the
        view, going round to the start at the end; mark it and scroll it into view. False if none."""
        needle = words.strip().casefold()
        if not needle:
            return False
        scroll = self.query_one("#help-scroll", VerticalScroll)
        texts = list(self.query(MarkdownText))
        everything = [(text, row, line) for text in texts for row, line in enumerate(text.lines())]
        if self._found is not None:
            start = next((index for index, (text, row, _) in enumerate(everything)
                          if text.id == self._found[0] and row == self._found[1]), 0)
            column = self._found[2] + 1
        else:
            top = round(scroll.scroll_y)
            start = next((index for index, (text, row, _) in enumerate(everything)
                          if text.virtual_region.y + row >= top), 0)
            column = 0
        count = len(everything)
        for turn in range(count + 1):  # on to the end, then round from the start to where it began
            text, row, line = everything[(start + turn) % count]
            at = line.casefold().find(needle, column if turn == 0 else 0)
            if turn == count and at >= column:  # the line it began on again: only what is before
                at = -1
            if at >= 0:
                for other in texts:
                    other.mark((row, at, at + len(needle)) if other is text else None)
                self._found = (text.id, row, at)
                self._scroll_to_row(text, row, above=2)
                if start + turn >= count:
                    self.notify("Searched on from the top of the help.", timeout=2)
                return True
        self.notify(f"Nothing in the help matches \u201c{words.strip()}\u201d.", severity="warning", timeout=3)
        return False


def heading_row(lines: list[str], words: str, skip: int = 0) -> int | None:
    """The line of a drawn text where a heading stands (its `skip`+1th time), or None: the line that
    is the heading's words alone, or the first of the lines it wraps over."""
    wanted = " ".join(words.split())
    for row, line in enumerate(lines):
        shown = _words(line)
        if shown and (shown == wanted or (wanted.startswith(shown) and _wrapped(lines, row, wanted))):
            if skip == 0:
                return row
            skip -= 1
    return None


def _words(line: str) -> str:
    return " ".join(line.strip(" \u2503\u2502").split())  # a `#` heading stands in a box


def _wrapped(lines: list[str], row: int, wanted: str) -> bool:
    """Whether a heading too long for the width starts at this line and goes on in the next ones."""
    joined = ""
    for line in lines[row:row + 4]:
        joined = f"{joined} {_words(line)}".strip()
        if joined == wanted:
            return True
        if not wanted.startswith(joined):
            return False
    return False
