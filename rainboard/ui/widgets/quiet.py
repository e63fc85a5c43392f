"""Redraw only what changed, and lay the screen out again only when a height may have changed.

Every move redraws the board's panels. A panel whose text is the same as before needs nothing; one
whose text changed but takes the same rows needs a repaint of itself alone; only one whose rows
changed needs the whole screen laid out again, which is what costs a keypress most of its time.
"""

from __future__ import annotations

from contextlib import contextmanager

from textual.cache import LRUCache
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import ContentSwitcher, OptionList, Static
from textual.widgets.option_list import Option

from ..textual_internals import KeptOptionRows, QuietScrollbars, SettledSize, refresh_scrollbars

__all__ = ["Panel", "QuietLayout", "QuietOptionList", "SettledScroll", "SettledSize", "SettledVertical", "Switcher",
           "auto_height", "content_key", "inner_size", "quiet_update", "wrapped_rows"]


def content_key(content: Content) -> tuple:
    """What a piece of Content looks like: its text and its styled spans (Content's own `==`
    compares the text alone)."""
    return content.plain, tuple(content.spans)


def wrapped_rows(content: Content, width: int) -> int:
    """The rows `content` takes at `width`, wrapped by words as a widget draws it (a line that fits
    is one row; only longer ones are wrapped to count)."""
    width = max(width, 1)
    return sum(1 if line.cell_length <= width else len(line.wrap(width)) or 1 for line in content.split("\n"))


def inner_size(widget) -> Size:
    """The size inside the widget's border and padding, as it was last laid out. (Its `size` asks the
    screen where the widget is, and for a widget out of view, such as the switcher's panel not
    shown, that has Textual arrange the whole screen again.) For a widget without scrollbars."""
    width, height = widget.outer_size
    across, down = widget.styles.gutter.totals
    return Size(max(0, width - across), max(0, height - down))


def auto_height(widget) -> bool:
    """Whether the widget's height follows its content (then a change of rows moves the others)."""
    height = widget.styles.height
    return height is None or height.is_auto


class Panel(SettledSize, Static):
    """A Static of the board that is updated through `quiet_update`."""


class SettledVertical(SettledSize, Vertical):
    """A Vertical that a layout resizes without asking for another."""


class SettledScroll(SettledSize, VerticalScroll):
    """A VerticalScroll that a layout resizes without asking for another (its scrollbars are
    still set from its new size)."""


class Switcher(SettledSize, ContentSwitcher):
    """A ContentSwitcher of the board whose switch lays nothing out: its panels stand one under the
    other, each as tall as the switcher, and it shows one by scrolling to it.

    A ContentSwitcher shows a panel by displaying it and hiding the other, and Textual lays the
    whole screen out for that, with its resizes, shows and hides (scrolling instead made the move
    that starts a fight about 1 ms cheaper, of 10).
    Scrolling changes only what the switcher shows. It cannot be scrolled by hand (no overflow)."""

    # Switching repaints nothing of the switcher's own: the panel scrolled into view is repainted
    # (ContentSwitcher's `current` repaints the whole switcher, its background under the panels)
    current: reactive[str | None] = reactive(None, init=False, repaint=False)

    DEFAULT_CSS = """
    Switcher { overflow: hidden hidden; }
    Switcher > * { height: 100%; }
    """

    def on_mount(self) -> None:
        self.call_after_refresh(self._scroll_to_current)  # after ContentSwitcher's own mount hid the others

    def watch_current(self, old: str | None, new: str | None) -> None:
        self._scroll_to_current()

    def on_resize(self) -> None:
        self._scroll_to_current()  # the panels' heights follow the switcher's: the place shown moves
        self.call_after_refresh(self._scroll_to_current)  # (and once they are laid out at it)

    def _scroll_to_current(self) -> None:
        shown = self.current
        for child in self.children:  # every panel stays laid out (a panel shown already: nothing to do)
            child.display = True
        for place, child in enumerate(self.children):
            if child.id == shown:
                self.scroll_to(y=place * self.scrollable_content_region.height, animate=False, immediate=True,
                               force=True)  # (no overflow: only the switcher itself scrolls it)
                return


def quiet_update(widget: Static, content: Content) -> None:
    """`widget.update(content)`, skipped when it already shows exactly this, and without a layout
    of the screen when the rows it needs at its present width are the rows it has."""
    key = content_key(content)
    shown = getattr(widget, "_quiet_shown", None)
    if shown is not None and shown[0] == key:
        return
    widget._quiet_shown = (key, content)
    if not auto_height(widget):  # its height is set: a change of rows moves nothing
        widget.update(content, layout=False)
        return
    width = widget.content_region.width
    same_rows = (shown is not None and width > 0
                 and wrapped_rows(shown[1], width) == wrapped_rows(content, width))
    widget.update(content, layout=not same_rows)


KEPT_OPTIONS = 128  # options kept by their look (QuietOptionList): a few turns' worth of every list


def _option_key(option: Option) -> tuple:
    # no divider in the key: one is drawn only after an option followed by None in the list, and
    # replace_options is given Options alone
    prompt = option.prompt
    shown = content_key(prompt) if isinstance(prompt, Content) else (str(prompt),)
    return shown, option.id, option.disabled


class QuietLayout(QuietScrollbars):
    """Mixed into a scrolling widget of a fixed outer size: lines added or dropped inside
    `quietly()` change what it scrolls over, which needs its scrollbars set again but not the
    screen laid out again (Textual lays it out whenever a widget's virtual size changes). Its
    scrollbars are repainted only when what they show changed (QuietScrollbars)."""

    _no_layout = False

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        return super().refresh(*regions, repaint=repaint, layout=layout and not self._no_layout,
                               recompose=recompose)

    @contextmanager
    def quietly(self):
        before = self.virtual_size
        self._no_layout = self.scrollable_content_region.width > 0  # before the first layout, lay out
        try:
            yield
        finally:
            self._no_layout = False
        if self.virtual_size != before:
            refresh_scrollbars(self)


class QuietOptionList(KeptOptionRows, SettledSize, QuietLayout, OptionList):
    """An OptionList whose `replace_options` leaves a list showing the same options alone, and
    repaints without a screen layout when the new options take as many lines as the old.

    An option that looks as one shown before (the same words, id and state) is shown by the Option
    object shown then, which keeps its text's rows counted; and its drawn rows are kept across lists
    (KeptOptionRows), so a move that offers "Take a food token" again does not draw it again."""

    def replace_options(self, options: list[Option]) -> bool:
        """Show these options in place of the present ones; False when they were the same (nothing
        was done, and the highlight stays where it was)."""
        keys = [_option_key(option) for option in options]
        if keys == getattr(self, "_quiet_keys", None):
            return False
        self._quiet_keys = keys
        options = self._kept_options(options, keys)
        laid_out = self.scrollable_content_region.width > 0
        before = self.virtual_size.height
        with self.quietly():
            if options:
                self.set_options(options)  # straight to the new lines, never through an empty list
            else:
                self.clear_options()
        if not laid_out or (self.virtual_size.height != before and auto_height(self)):
            self.refresh(layout=True)  # its height follows its lines
        return True

    def _kept_options(self, options: list[Option], keys: list[tuple]) -> list[Option]:
        """Each option as the Option object kept for its look, if there is one (one object appears
        once in a list: a look repeated in the list takes the new object the second time)."""
        kept = getattr(self, "_options_by_look", None)
        if kept is None:
            kept = self._options_by_look = LRUCache(KEPT_OPTIONS)
        chosen: list[Option] = []
        taken: set[tuple] = set()
        for option, key in zip(options, keys):
            old = kept.get(key) if key not in taken else None
            if old is None:
                kept[key] = old = option
            taken.add(key)
            chosen.append(old)
        return chosen
