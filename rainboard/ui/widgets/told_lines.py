"""The lines of a turn's result, and the card under them, as one scrolling view of a fixed size.

A turn tells a different number of lines each time, and each player's card has its own number of
rows. Drawn as panels whose heights followed their text, each new count of rows laid the whole
screen out again, about a third of the time it took to show the result. Here the view keeps its
size (it fills the room its screen gives it) and only what it scrolls over changes, so a new turn
repaints the view and lays nothing out. The card is drawn in the view as text in a frame
(`framed`). The rows are wrapped once for each text and width, and that one wrapping also says
how many rows the text takes (`rows`), which the screen needs to choose the full or the short card.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.content import Content
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual

from .quiet import QuietLayout, content_key


FRAME_STYLE = "$primary"
KEPT_LINES = 512  # lines kept drawn at most (a turn's lines come back: "Take a food token", a card's rows)


def framed(content: Content, width: int, head: Content | str = "") -> list[Content]:
    """The rows of `content` in a rounded frame `width` cells wide with a cell of room inside each
    side, and `head` (when given) in its top edge, as a bordered panel draws its title: the card
    of a turn's result, drawn as text in the view that scrolls the turn's lines."""
    inner = max(1, width - 4)
    rows: list[Content] = []
    for line in content.split("\n"):
        rows += line.wrap(inner) if line.cell_length > inner else [line]
    head = Content(head) if isinstance(head, str) else head
    if head.cell_length:
        head = head.truncate(max(0, width - 6))
        top = Content.assemble(("╭─ ", FRAME_STYLE), head,
                               (" " + "─" * max(0, width - 5 - head.cell_length) + "╮", FRAME_STYLE))
    else:
        top = Content.styled("╭" + "─" * max(0, width - 2) + "╮", FRAME_STYLE)
    side = Content.styled("│", FRAME_STYLE)
    lines = [top]
    for row in rows:
        lines.append(Content.assemble(side, " ", row, " " * max(0, inner - row.cell_length), " ", side))
    lines.append(Content.styled("╰" + "─" * max(0, width - 2) + "╯", FRAME_STYLE))
    return lines


class ToldLines(QuietLayout, ScrollView):
    """Lines of text, each wrapped to the view's width, scrolled without a scrollbar (the screen's
    hint says when there is more above); up and down are the screen's keys. A line's rows are kept
    drawn by its text and look: shown again (the same move told, a card's unchanged row), it is not
    drawn again."""

    DEFAULT_CSS = """
    ToldLines {
        height: 1fr;
        scrollbar-size-vertical: 0;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._lines: tuple[Content, ...] = ()
        self._key: tuple = ()
        self._drawn: list[Strip] | None = None  # the rows of the lines shown, at `_drawn_at`
        self._drawn_at: tuple | None = None
        self._kept: dict[tuple, list[Strip]] = {}  # a line's look -> its rows, at `_kept_at`
        self._kept_at: tuple | None = None
        self._at_end = False  # scrolled to the last row (a turn longer than the view)

    @property
    def text(self) -> str:
        """What the view shows, as plain text (its lines one under the other)."""
        return "\n".join(line.plain for line in self._lines)

    def show(self, lines: Sequence[Content], at_end: bool = False) -> None:
        """Show `lines` (each wrapped to the width), from the first row, or scrolled to the last
        (`at_end`, also once the view is laid out or resized); lines the same as those shown are
        left as they are."""
        self._at_end = at_end
        key = tuple(content_key(line) for line in lines)
        if key == self._key:
            self._place()
            return
        shown, shown_at = self._drawn, self._drawn_at
        self._lines, self._key, self._drawn = tuple(lines), key, None
        self._measure()
        width = self.scrollable_content_region.width
        if shown is None or shown_at != (width, self.visual_style):
            self.refresh()
            self._place()
            return
        # only the rows that now show another row (a line kept drawn is the very same rows)
        rows, top = self._rows(width), self.scroll_offset.y
        changed = [Region(0, y, width, 1) for y in range(self.size.height)
                   if (shown[top + y] if top + y < len(shown) else None)
                   is not (rows[top + y] if top + y < len(rows) else None)]
        if changed:
            self.refresh(*changed)
        self._place()  # a new scroll repaints the whole view

    def _place(self) -> None:
        self.scroll_to(y=self.max_scroll_y if self._at_end else 0, animate=False, immediate=True)

    def rows(self, lines: Sequence[Content], width: int) -> int:
        """The rows `lines` take at `width` (drawn once, and kept for when they are shown)."""
        return sum(len(self._line_rows(line, width)) for line in lines)

    def _line_rows(self, line: Content, width: int) -> list[Strip]:
        at = (width, self.visual_style)
        if at != self._kept_at:
            self._kept.clear()
            self._kept_at = at
        key = content_key(line)
        rows = self._kept.get(key)
        if rows is None:
            if len(self._kept) >= KEPT_LINES:
                self._kept.clear()
            rows = self._kept[key] = Visual.to_strips(self, line, width, None, self.visual_style) if width > 0 else []
        return rows

    def _rows(self, width: int) -> list[Strip]:
        at = (width, self.visual_style)
        if self._drawn is None or self._drawn_at != at:
            self._drawn = [row for line in self._lines for row in self._line_rows(line, width)]
            self._drawn_at = at
        return self._drawn

    def _measure(self) -> None:
        """What the view scrolls over: the lines' rows at its width (no layout of the screen)."""
        width = self.scrollable_content_region.width
        with self.quietly():
            # set without the reactive's repaint of every row: `show` repaints the rows that changed
            self.set_reactive(ToldLines.virtual_size, Size(width, len(self._rows(width)) if width > 0 else 0))

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        rows = self._rows(width)
        row = self.scroll_offset.y + y
        style = self.visual_style.rich_style
        if row < len(rows):
            return rows[row].extend_cell_length(width, style)
        return Strip.blank(width, style)

    def on_resize(self, event: events.Resize) -> None:
        drawn_at = self._drawn_at
        self._measure()
        self._place()
        if drawn_at is None or drawn_at[0] != self.scrollable_content_region.width:
            self.refresh()  # wrapped anew; a new height alone was painted with the layout that gave it

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None  # drawn in the old style (a theme changed)
        self._kept.clear()
