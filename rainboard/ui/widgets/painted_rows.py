"""A panel drawn row by row: a new drawing repaints only the rows that differ from the screen's.

The map is some twenty rows of art and words, and a move changes two or three of them (the cells a
player left and reached, the lines about the region in view). Drawn as one piece of text, every
move turned all of its rows into cells again, and Textual painted all of them. Here each row of the
drawing is turned into cells on its own and kept by what it shows (its text, its colours, the width
and the look), and a new drawing marks as changed only the rows whose look is not the one painted.
A row is drawn exactly as the whole text would draw it: used only while no row is wider than the
panel (wrapping would move the rows under it), nothing is selected and the text sits top left;
otherwise the panel draws as any other does. A drawing is cut into rows once, and a drawing made
before it is shown (a replay readies where its next keys go) is found cut; the card's rows are
drawn then too (draw_rows).
"""

from __future__ import annotations

from contextlib import contextmanager

from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual

from .quiet import content_key, inner_size

KEPT_ROWS = 256  # rows kept drawn: a few drawings' worth, so stepping back and forth finds them
KEPT_CUTS = 32  # drawings kept cut into rows (not drawn): those shown last, and those readied


class PaintedRows:
    """Mixed into a widget whose `render()` gives Content (a StateView): its rows are drawn one
    at a time through `render_line`, and a refresh asked for inside `changed_rows_only()` repaints
    only the rows whose look changed."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._kept_rows: LRUCache[tuple, Strip] = LRUCache(KEPT_ROWS)
        self._on_screen: dict[int, tuple] = {}  # row -> the key of the row painted there
        self._cuts: LRUCache[int, tuple[Content, list[Content]]] = LRUCache(KEPT_CUTS)  # id -> drawing, its rows
        self._last_cut: tuple[Content | None, list[Content]] = (None, [])  # asked for once per row painted
        self._only_changed = False

    def on_mount(self) -> None:
        # a row's colours come from the theme ($primary...): a new theme draws every row again
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.forget_rows())

    def forget_rows(self) -> None:
        """Draw every row again at the next repaint."""
        self._kept_rows.clear()
        self._on_screen.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self.forget_rows()

    @contextmanager
    def changed_rows_only(self):
        """A refresh asked for in here repaints only the rows whose look is not what is on screen."""
        self._only_changed = True
        try:
            yield
        finally:
            self._only_changed = False

    def _drawing_rows(self, width: int) -> list[Content] | None:
        """The rows of the drawing at `width`, or None when it cannot be drawn row by row."""
        if width <= 0 or self.text_selection is not None or self.styles.content_align != ("left", "top"):
            return None
        content = self.render()
        if not isinstance(content, Content):
            return None
        rows = self.cut_rows(content)
        return None if any(row.cell_length > width for row in rows) else rows

    def draw_rows(self, content: Content) -> None:
        """Draw and keep the rows of a drawing not shown yet (a replay readies the card where its
        next keys go), so that showing it paints rows already drawn."""
        width = inner_size(self).width
        if width <= 0 or self.text_selection is not None or self.styles.content_align != ("left", "top"):
            return
        rows = self.cut_rows(content)
        if any(row.cell_length > width for row in rows):
            return
        style = self.visual_style
        for row in rows:
            key = (content_key(row), width, style)
            if self._kept_rows.get(key) is None:
                self._kept_rows[key] = Visual.to_strips(self, row, width, 1, style)[0]

    def cut_rows(self, content: Content) -> list[Content]:
        """A drawing cut into its rows (not drawn), kept a while: a drawing readied before it is
        shown is found cut when it is."""
        if self._last_cut[0] is content:
            return self._last_cut[1]
        kept = self._cuts.get(id(content))
        if kept is None or kept[0] is not content:
            kept = self._cuts[id(content)] = (content, content.split("\n", allow_blank=True))
        self._last_cut = kept
        return kept[1]

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose: bool = False):
        if self._only_changed and not regions and repaint and not layout and not recompose:
            changed = self._changed_rows()
            if changed is not None:
                if not changed:
                    return self
                width = inner_size(self).width
                regions = tuple(Region(0, y, width, 1) for y in changed)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _changed_rows(self) -> list[int] | None:
        """The rows whose look differs from what was painted there; None to repaint them all."""
        width = inner_size(self).width
        rows = self._drawing_rows(width)
        painted = self._on_screen
        if rows is None or not painted:
            return None
        style = self.visual_style
        changed = [y for y, row in enumerate(rows) if painted.get(y) != (content_key(row), width, style)]
        changed += [y for y in painted if y >= len(rows)]  # rows the drawing no longer reaches
        return changed

    def render_line(self, y: int) -> Strip:
        width = inner_size(self).width
        rows = self._drawing_rows(width)
        if rows is None:
            self._on_screen.clear()
            return super().render_line(y)
        style = self.visual_style
        if y >= len(rows):
            self._on_screen.pop(y, None)
            return Strip.blank(width, style.rich_style)
        key = (content_key(rows[y]), width, style)
        strip = self._kept_rows.get(key)
        if strip is None:
            strip = self._kept_rows[key] = Visual.to_strips(self, rows[y], width, 1, style)[0]
        self._on_screen[y] = key
        return strip
