"""A status panel whose height does not change from one update to the next.

A replay's status changes on every step (the step, the action, the cycle), and as plain wrapped
text it took two rows one step and three the next, moving everything under it: a layout of the
screen and a second frame for a keypress. Here the changing lines keep to one row each, cut short
with an ellipsis when the panel is narrow, and only the fixed text under them (the keys) wraps, so
at a given width the panel always takes the same rows.

A step changes the one-row lines and leaves the wrapped text as it was, so the panel is painted a
row at a time (painted_rows.py, as the map and the roster are): its drawing is the one-row lines
and the wrapped text already cut into rows, a new `show` repaints only the rows whose look is not
the one on screen, and rows drawn are kept by what they show, so a replay stepping back draws none
of them again.
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from .painted_rows import PaintedRows
from .quiet import SettledSize, content_key


def one_row(line: Content, width: int) -> Content:
    """The line as it fits one row of `width`: whole, or cut with an ellipsis."""
    if width <= 0 or line.cell_length <= width:
        return line
    return line.truncate(width, ellipsis=True)


class StatusLines(PaintedRows, SettledSize, Widget):
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
        self._drawing: tuple[int, Content] | None = None  # (width, the drawing at it) until the next show

    def show(self, lines: list[Content], wrapping: Content) -> None:
        before = (len(self._lines), content_key(self._wrapping))
        keys = [content_key(line) for line in lines]
        if keys == [content_key(line) for line in self._lines] and before[1] == content_key(wrapping):
            return
        self._lines, self._wrapping = tuple(lines), wrapping
        self._drawing = None
        if before != (len(lines), content_key(wrapping)):
            self.refresh(layout=True)
            return
        with self.changed_rows_only():
            self.refresh()

    def content_at(self, width: int) -> Content:
        """The one-row lines, then the wrapping text cut into rows of `width` (each row fits: the
        panel can be painted a row at a time)."""
        if self._drawing is not None and self._drawing[0] == width:
            return self._drawing[1]
        rows = [one_row(line, width) for line in self._lines]
        if self._wrapping.plain:
            rows += self._wrapping.wrap(max(width, 1))
        drawing = Content("\n").join(rows)
        self._drawing = (width, drawing)
        return drawing

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.content_at(width).wrap(max(width, 1)))  # wrapped by words, as it is drawn

    def render(self) -> Content:
        return self.content_at(self.content_region.width)
