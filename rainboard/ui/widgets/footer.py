"""The footer of every screen: the keys that do something here, drawn as one line.

Textual's own footer is a row of widgets, one per key, mounted afresh each time the keys change,
which on the board is after nearly every move and cost a keypress a good part of its time. This
one is a single line of text: a change of keys repaints one row and lays nothing out again. A
click on a key presses it; a greyed key only rings the bell.
"""

from __future__ import annotations

from textual import events
from textual.cache import LRUCache
from textual.content import Content
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

KEY_STYLE = "bold $footer-key-foreground on $footer-key-background"
WORDS_STYLE = "$footer-description-foreground on $footer-description-background"
DISABLED_STYLE = "dim"
KEPT_LINES = 64  # sets of keys kept drawn: the board offers a few dozen (a fight's, a shelter's, a gate's...)


class KeysFooter(Widget):
    """The screen's shown bindings, left to right, and the command palette's key at the right."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._places: list[tuple[int, int, str, bool]] = []  # (from, to, key, enabled) of each key drawn
        self._drawn: tuple | None = None  # the keys last drawn (`_keys()`)
        self._looks: LRUCache[tuple, tuple] = LRUCache(KEPT_LINES)  # (keys, width) -> the line and its keys' places
        self._strips: LRUCache[tuple, Strip] = LRUCache(KEPT_LINES)  # (keys, width, look) -> the line drawn

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        """Repaint when the keys to show have changed (not when they were only refreshed)."""
        if self.is_attached and screen is self.screen:
            self.redraw()

    def redraw(self) -> None:
        """Draw the keys now offered in the coming frame, if they are not the keys drawn (the
        bindings' own signal, which comes a frame later, then finds nothing to do)."""
        keys = self._keys()
        if keys != self._drawn:
            self._drawn = keys
            self.refresh()

    def _keys(self) -> tuple[tuple, tuple | None]:
        """(key, shown as, words, enabled) of each shown binding, and of the palette's apart."""
        app = self.app
        shown, palette = [], None
        seen_actions = set()
        for _, binding, enabled, _tooltip in self.screen.active_bindings.values():
            entry = (binding.key, app.get_key_display(binding), binding.description, enabled)
            if binding.action == "app.command_palette" or binding.key == app.COMMAND_PALETTE_BINDING:
                if app.ENABLE_COMMAND_PALETTE:
                    palette = entry
            elif binding.show and binding.action not in seen_actions:  # one key an action, as Textual's
                seen_actions.add(binding.action)
                shown.append(entry)
        return tuple(shown), palette

    @staticmethod
    def _piece(key: tuple) -> Content:
        _, display, words, enabled = key
        piece = Content.assemble((f" {display} ", KEY_STYLE), (f"{words} " if words else "", WORDS_STYLE))
        return piece if enabled else piece.stylize(DISABLED_STYLE)

    def render(self) -> Content:
        if self._drawn is None:
            self._drawn = self._keys()
        width = self.size.width
        key = (self._drawn, width)
        kept = self._looks.get(key)
        if kept is None:
            kept = self._looks[key] = self._look(width)
        content, self._places = kept
        return content

    def render_line(self, y: int) -> Strip:
        """The line of keys, drawn once for each set of keys, width and look: a screen shows a few
        sets again and again (a turn's result two, with the key to take a move back or without; the
        board one for each kind of turn, fight or decision)."""
        content = self.render()
        width, style = self.size.width, self.visual_style
        key = (self._drawn, width, style)
        strip = self._strips.get(key)
        if strip is None:
            strips = Visual.to_strips(self, content, width, 1, style)
            strip = self._strips[key] = strips[0] if strips else Strip.blank(width, style.rich_style)
        return strip if y == 0 else Strip.blank(width, style.rich_style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()  # drawn in the old look (a theme chosen)

    def _look(self, width: int) -> tuple[Content, list[tuple[int, int, str, bool]]]:
        """The line of keys at `width`, and where each key is on it."""
        shown, palette = self._drawn
        places: list[tuple[int, int, str, bool]] = []
        right = self._piece(palette) if palette is not None else Content("")
        room = max(0, width - right.cell_length - (1 if palette is not None else 0))
        pieces, at = [], 0
        for key in shown:
            piece = self._piece(key)
            if at + piece.cell_length > room:
                break
            pieces.append(piece)
            places.append((at, at + piece.cell_length, key[0], key[3]))
            at += piece.cell_length
        left = Content("").join(pieces)
        if palette is None:
            return left, places
        gap = max(0, width - left.cell_length - right.cell_length - 1)
        start = left.cell_length + gap + 1
        places.append((start, start + right.cell_length, palette[0], palette[3]))
        return Content.assemble(left, " " * gap, ("▏", "$text-muted"), right), places

    def on_mouse_down(self, event: events.MouseDown) -> None:
        for start, end, key, enabled in self._places:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return
