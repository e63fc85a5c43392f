"""A status panel whose height does not change from one update to the next.

A replay's status changes on every step (the step, the action, the cycle), and as plain wrapped
text it took two rows one step and three the next, moving everything under it: a layout of the
screen and a second frame for a keypress. Here the changing lines keep to one row each, cut short
with an ellipsis when the panel is narrow, and only the fixed text under them (the keys) wraps, so
at a given width the panel always takes the same rows.

A step changes the one-row lines and leaves the wrapped text as it was, so the panel is painted a
row at a time: a new `show` repaints only the rows whose look is not the one on screen, the wrapped
text is cut into rows once per width, and the last rows drawn are kept by what they show, so a
replay stepping back draws none of them again.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from .quiet import SettledSize, content_key

KEPT_ROWS = 64  # one-row lines kept drawn: a replay's last steps, either way


def one_row(line: Content, width: int) -> Content:
    """The line as it fits one row of `width`: whole, or cut with an ellipsis."""
    if width <= 0 or line.cell_length <= width:
        return line
    return line.truncate(width, ellipsis=True)


class StatusLines(SettledSize, Widget):
    """Lines of one row each over a text that wraps; `show` them (repaints only the rows that
    changed, unless the number of one-row lines or the wrapping text changed: then it is laid out)."""

    DEFAULT_CSS = """
    StatusLines {
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: tuple[Content, ...] = ()
        self._wrapping = Content("")
        self._kept_rows: LRUCache[tuple, Strip] = LRUCache(KEPT_ROWS)
        self._wrapped: tuple[tuple, list[Strip]] | None = None  # (what it was cut for, its rows)
        self._on_screen: dict[int, tuple] = {}  # row -> the key of the row painted there

    def on_mount(self) -> None:
        # the rows' colours come from the theme: a new theme draws every row again
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._forget_rows())

    def _forget_rows(self) -> None:
        self._kept_rows.clear()
        self._wrapped = None
        self._on_screen.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._forget_rows()

    def show(self, lines: list[Content], wrapping: Content) -> None:
        before = (len(self._lines), content_key(self._wrapping))
        keys = [content_key(line) for line in lines]
        if keys == [content_key(line) for line in self._lines] and before[1] == content_key(wrapping):
            return
        self._lines, self._wrapping = tuple(lines), wrapping
        if before != (len(lines), content_key(wrapping)):
            self.refresh(layout=True)
            return
        changed = self._changed_rows()
        if changed is None:
            self.refresh()
        elif changed:
            width = self.size.width
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def content_at(self, width: int) -> Content:
        rows = [one_row(line, width) for line in self._lines]
        return Content("\n").join([*rows, self._wrapping] if self._wrapping.plain else rows)

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.content_at(width).wrap(max(width, 1)))  # wrapped by words, as it is drawn

    def render(self) -> Content:
        return self.content_at(self.content_region.width)

    # -- painting a row at a time ---------------------------------------------------------------
    def _by_rows(self) -> bool:
        """Whether the rows can be drawn one at a time as the whole text would draw them: not while
        text is selected, nor when the text is set anywhere but the top left."""
        return self.size.width > 0 and self.text_selection is None and self.styles.content_align == ("left", "top")

    def _line_key(self, y: int, width: int) -> tuple:
        return content_key(one_row(self._lines[y], width)), width, self.visual_style

    def _changed_rows(self) -> list[int] | None:
        """The one-row lines whose look differs from what was painted there; None to repaint all
        (nothing painted row by row yet, or painted at another width or in another look)."""
        painted = self._on_screen
        if not painted or not self._by_rows():
            return None
        width, style = self.size.width, self.visual_style
        if any(key[-2:] != (width, style) for key in painted.values()):
            return None
        return [y for y in range(len(self._lines)) if painted.get(y) != self._line_key(y, width)]

    def _wrapped_rows(self, width: int) -> list[Strip]:
        """The wrapping text cut into rows at `width`, kept until the text, width or look changes."""
        key = (content_key(self._wrapping), width, self.visual_style)
        if self._wrapped is None or self._wrapped[0] != key:
            strips = Visual.to_strips(self, self._wrapping, width, None, key[2]) if self._wrapping.plain else []
            self._wrapped = (key, strips)
        return self._wrapped[1]

    def render_line(self, y: int) -> Strip:
        if not self._by_rows():
            self._on_screen.clear()
            return super().render_line(y)
        width, style = self.size.width, self.visual_style
        if y < len(self._lines):
            key = self._line_key(y, width)
            strip = self._kept_rows.get(key)
            if strip is None:
                strip = self._kept_rows[key] = Visual.to_strips(self, one_row(self._lines[y], width), width, 1,
                                                                style)[0]
        else:
            rows = self._wrapped_rows(width)
            at = y - len(self._lines)
            key = ("wrapped", at, width, style)
            strip = rows[at] if at < len(rows) else Strip.blank(width, style.rich_style)
        self._on_screen[y] = key
        return strip
