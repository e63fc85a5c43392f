"""A widget that draws one view of a game state for one player, redrawn whenever it is shown a new one."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from rainboard.engine import GameState

from ..safe_text import shown


class StateView(Widget):
    """Holds the state and the viewer; subclasses say how to draw them at a width (`_draw`)."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._state: GameState | None = None
        self._viewer: int | None = None

    def show(self, state: GameState, viewer: int | None) -> None:
        """Draw this state as `viewer` sees it."""
        self._state = state
        self._viewer = viewer
        self.refresh(layout=True)

    def _draw(self, state: GameState, viewer: int | None, width: int) -> Content:
        raise NotImplementedError

    def _content(self, width: int) -> Content:
        """What `_draw` makes of the state, names and all shown as text (safe_text.shown)."""
        if self._state is None:
            return Content("")
        return shown(self._draw(self._state, self._viewer, width))

    def render(self) -> Content:
        return self._content(self.size.width)
