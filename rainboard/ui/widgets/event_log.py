"""The log of what happened: one line per engine event, rolls spelled out, newest at the bottom."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import events
from textual.content import Content
from textual.widgets import RichLog

from rainboard.engine.events import Event
from rainboard.engine.state import GameState

from ..words import event_line

KEEP_LINES = 2000  # the log keeps this many events; older ones drop off the top
INDENT = 2  # every line starts with a symbol and a space; wrapped lines hang under the text


class EventLog(RichLog):
    """A scrolling log of events that follows the newest line.

    RichLog draws Rich renderables, which know nothing of Textual's theme variables ($success...)
    and do not re-wrap when the log is resized. So the log keeps each event's Content, turns it into
    Rich Text with the theme's colours when writing, and writes everything again when its width or
    the theme changes.
    """

    DEFAULT_CSS = """
    EventLog {
        height: 1fr;
        min-height: 3;
        border: round $panel;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None,
                 keep: int = KEEP_LINES) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10, auto_scroll=True,
                         name=name, id=id, classes=classes)
        self.keep = keep
        self.contents: list[Content] = []  # every line kept, as Content, to write again on resize
        self._written_width = 0

    def add(self, events: Iterable[Event], state: GameState) -> None:
        """Write a line for each event (`state` lends the names)."""
        new = [event_line(event, state) for event in events]
        self.contents.extend(new)
        if len(self.contents) > self.keep:
            del self.contents[: len(self.contents) - self.keep]
            self._write_all()
            return
        if self._written_width:  # before the first size is known, _write_all does it on resize
            for content in new:
                self._write_one(content)

    def reset(self, events: Iterable[Event], state: GameState) -> None:
        """Show exactly these events (after an undo, or when a replay jumps)."""
        self.contents = [event_line(event, state) for event in events][-self.keep:]
        if self._written_width:
            self._write_all()

    @property
    def plain_lines(self) -> list[str]:
        """The events' lines as plain text (before wrapping)."""
        return [content.plain for content in self.contents]

    def to_text(self, content: Content) -> Text:
        """Content as Rich Text in the current theme's colours."""
        text = Text(end="")
        parse = self.app.stylesheet.parse_style
        for piece, style in content.render(self.visual_style, end="", parse_style=parse):
            text.append(piece, style.rich_style)
        return text

    def wrapped(self, content: Content, width: int) -> list[Content]:
        """An event's line cut to the width, later lines indented under the text after the symbol."""
        if width <= INDENT + 4:
            return [content]
        head, body = content[:INDENT], content[INDENT:]
        rows = body.wrap(width - INDENT) or [Content("")]
        return [head + rows[0], *(Content(" " * INDENT) + row for row in rows[1:])]

    def _write_one(self, content: Content) -> None:
        for row in self.wrapped(content, self._written_width):
            self.write(self.to_text(row))

    def _write_all(self) -> None:
        self.clear()
        self._written_width = self.scrollable_content_region.width
        for content in self.contents:
            self._write_one(content)
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._write_all())

    def on_resize(self, event: events.Resize) -> None:
        # RichLog wraps a line once, when it is written: a new width means writing it all again
        if self.scrollable_content_region.width != self._written_width:
            self._write_all()
