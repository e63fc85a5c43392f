"""A widget that draws one view of a game state for one player, redrawn whenever it is shown a new one."""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content
from textual.widget import Widget

from rainboard.engine import GameState

from ..safe_text import shown
from .quiet import SettledSize, auto_height, content_key, inner_size, wrapped_rows


class StateView(SettledSize, Widget):
    """Holds the state and the viewer; subclasses say how to draw them at a width (`_draw`).

    A new state is drawn at once at the present width and kept for the repaint. When the drawing
    is the same as before nothing is done; when it takes the same rows only this widget repaints;
    only a change of rows lays the screen out again."""

    KEEPS_DRAWINGS = False  # whether `_drawing` keeps what it makes (then `ready` is worth calling)

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._state: GameState | None = None
        self._viewer: int | None = None
        self._drawn: tuple | None = None  # (what it was drawn for, the Content, its rows)
        self._key: object = None  # the slice of the state the drawing was made from (_view_key)

    def _view_key(self, state: GameState, viewer: int | None) -> object:
        """The part of the state this view shows, cheap to take and to compare: a new state whose
        key equals the last one's is not drawn again. None (the default) draws every state."""
        return None

    def show(self, state: GameState, viewer: int | None) -> None:
        """Draw this state as `viewer` sees it (nothing at all when the slice it shows is unchanged)."""
        key = self._view_key(state, viewer)
        before = self._drawn
        width = inner_size(self).width  # (not `size`: the map may be out of view, see inner_size)
        if (key is not None and key == self._key and before is not None and self._state is not None
                and width > 0 and before[0] == self._drawn_for(width)):
            self._state, self._viewer = state, viewer  # the same drawing, now made from this state
            self._drawn = (self._drawn_for(width), before[1], before[2])
            return
        self._key = key
        self._state = state
        self._viewer = viewer
        if width <= 0 or before is None or not self.display:
            # not drawn yet, or hidden (showing it again lays the screen out anyway)
            self._drawn = None
            self.refresh(layout=self.display and (auto_height(self) or width <= 0))
            return
        content = self._content(width)
        if content_key(content) == content_key(before[1]):
            self._drawn = (self._drawn_for(width), content, before[2])
            return
        rows = self._rows_needed(content, width)
        self._drawn = (self._drawn_for(width), content, rows)
        self.refresh(layout=rows != before[2] and auto_height(self))

    def redraw(self) -> None:
        """Draw again from scratch, the screen laid out again (something beside the state changed)."""
        self._drawn = None
        self._key = None
        self.refresh(layout=True)

    def _drawn_for(self, width: int) -> tuple:
        """What a drawing depends on besides the state and viewer: the width and the height (some
        views fit their rows to the height they are given)."""
        return id(self._state), self._viewer, width, inner_size(self).height

    def _rows_needed(self, content: Content, width: int) -> int:
        """The rows a drawing needs: a change lays the screen out again. A drawing whose lines all
        fit (the usual case) is counted from its text, without cutting it into styled lines."""
        lines = content.plain.split("\n")
        if len(lines) > 1 and not lines[-1]:
            lines.pop()  # a last empty line is not drawn (as Content.split leaves it out)
        if all(cell_len(line) <= width for line in lines):
            return len(lines)
        return wrapped_rows(content, width)

    def _draw(self, state: GameState, viewer: int | None, width: int) -> Content:
        raise NotImplementedError

    def _content(self, width: int) -> Content:
        """The drawing of the state shown, at `width`."""
        if self._state is None:
            return Content("")
        return self._drawing(self._state, self._viewer, self._key, width)

    def _drawing(self, state: GameState, viewer: int | None, key: object, width: int) -> Content:
        """What `_draw` makes of `state`, names and all shown as text (safe_text.shown). `key` is the
        slice of the state it shows (`_view_key`): a view that keeps its drawings keeps them by it."""
        return shown(self._draw(state, viewer, width))

    def ready(self, state: GameState, viewer: int | None) -> None:
        """Make the drawing that showing `state` to `viewer` would make, and keep it, leaving what is
        shown as it is: a replay readies the places its next keys go while a step is on screen. Only
        a view that keeps its drawings, is on screen and has a width does anything."""
        width = inner_size(self).width
        if not self.KEEPS_DRAWINGS or width <= 0 or self._drawn is None or not self.display:
            return
        key = self._view_key(state, viewer)
        if key is not None:
            cut = getattr(self, "cut_rows", None)  # a view painted by the row (PaintedRows) cuts it too
            drawing = self._drawing(state, viewer, key, width)
            if cut is not None:
                cut(drawing)

    def render(self) -> Content:
        width = inner_size(self).width
        drawn = self._drawn
        if drawn is not None and drawn[0] == self._drawn_for(width):
            return drawn[1]
        content = self._content(width)
        if self._state is not None and width > 0:
            self._drawn = (self._drawn_for(width), content, self._rows_needed(content, width))
        return content
