"""The log of what happened: one line per engine event, rolls spelled out, newest at the bottom."""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from textual import events
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from rainboard.engine.events import Event
from rainboard.engine.state import GameState

from ..words import event_line
from .quiet import QuietLayout

KEEP_LINES = 2000  # the log keeps this many events; older ones drop off the top
TRIM_SLACK = 200  # lines past `keep` dropped together, so trimming is rare
INDENT = 2  # every line starts with a symbol and a space; wrapped lines hang under the text
CACHED_ROWS = 1024  # rows kept cut to the log's width, as Textual's own logs keep them


class EventLog(QuietLayout, ScrollView, can_focus=True):
    """A scrolling log of events that follows the newest line.

    The log keeps each event's Content and draws it into rows (`lines`, one Strip per row of the
    log, wrapped to its width in the theme's colours) when it is written; Textual asks for the rows
    it shows through `render_line`, and the log scrolls over `virtual_size`, as Textual's own Log
    and toolong's log view do. A new width or theme writes every row again. Its size is fixed by the
    screen, so lines added or dropped on a move repaint it alone (`quietly`).
    """

    DEFAULT_CSS = """
    EventLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        &:focus {
            background-tint: $foreground 5%;
        }
        height: 1fr;
        min-height: 3;
        border: round $panel;
        scrollbar-size-vertical: 1;
        scrollbar-gutter: stable;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None,
                 keep: int = KEEP_LINES, auto_scroll: bool = True) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.keep = keep
        self.auto_scroll = auto_scroll  # show the newest line whenever lines are added
        self.contents: list[Content] = []  # every line kept, as Content, to write again on resize
        self.lines: list[Strip] = []  # the rows drawn from them, at most as wide as the log
        self._events: list[Event] = []  # the events those lines tell, to see what a reset keeps
        self._rows: list[int] = []  # the log's rows each line took when written
        self._written_width = 0
        self._widest = 0  # the widest row written since the last clear
        self._first_row = 0  # rows dropped off the top since the last clear: a row's number for the cache
        self._row_cache: LRUCache[tuple[int, int, int], Strip] = LRUCache(CACHED_ROWS)

    def add(self, events: Iterable[Event], state: GameState) -> None:
        """Write a line for each event (`state` lends the names). Only the new lines are written;
        the oldest drop off the top, a batch at a time, never by writing the rest again."""
        events = list(events)
        with self.quietly():
            self._append(events, [event_line(event, state) for event in events])
            self._trim(len(self.contents) - self.keep, slack=TRIM_SLACK)
        self._follow()

    def reset(self, events: Iterable[Event], state: GameState) -> None:
        """Show exactly these events (after an undo, or when a replay steps or jumps). The lines
        still wanted stay as they are: only those no longer wanted go, from the top or the bottom,
        and only the new ones are written."""
        events = list(events)[-self.keep:]
        start = _find(self._events, events[0]) if events else None
        if start is None and events and self._events and self._written_width:
            # the window starts earlier (a replay stepping or jumping back): the lines it still
            # shares stay, those after them go, and only the earlier ones are written, at the top
            before = _find(events, self._events[0])
            if before is not None:
                with self.quietly():
                    self._keep_and_add(0, events[before:], state)
                    self._prepend(events[:before], [event_line(event, state) for event in events[:before]])
                self._follow()
                return
        if start is None or not self._written_width:
            self._events = events
            self.contents = [event_line(event, state) for event in events]
            self._rows = []
            if self._written_width:
                self._write_all(settled=True)
            return
        with self.quietly():
            self._keep_and_add(start, events, state)
        self._follow()

    def _follow(self, immediate: bool = True) -> None:
        """Show the newest line now, in this frame."""
        if self.auto_scroll and self._written_width:
            self.scroll_end(animate=False, immediate=immediate, x_axis=False)

    def _keep_and_add(self, start: int, events: list[Event], state: GameState) -> None:
        """Keep this log's lines from `start` on while they are `events`' first ones; add the rest."""
        same = 0
        while (same < len(events) and start + same < len(self._events)
               and self._events[start + same] is events[same]):
            same += 1
        self._trim(start)
        self._cut(same)
        rest = events[same:]
        self._append(rest, [event_line(event, state) for event in rest])

    def _append(self, events: list[Event], lines: list[Content]) -> None:
        self._events.extend(events)
        self.contents.extend(lines)
        if self._written_width:  # before the first size is known, _write_all does it on resize
            self._write(lines)

    def _prepend(self, events: list[Event], lines: list[Content]) -> None:
        """Write these lines above the first one (the rows below keep what they show)."""
        if not lines:
            return
        drawn = [self.strips(content) for content in lines]
        rows = [strip for strips in drawn for strip in strips]
        self._events[:0] = events
        self.contents[:0] = lines
        self._rows[:0] = [len(strips) for strips in drawn]
        self.lines[:0] = rows
        # the rows below keep their numbers; the new ones may take numbers rows dropped off the top
        # once had, so the rows cut to the width are forgotten
        self._first_row -= len(rows)
        self._row_cache.clear()
        self._widest = max([self._widest, *(strip.cell_length for strip in rows)])
        self.virtual_size = Size(self._widest, len(self.lines))
        self.refresh()

    def _trim(self, count: int, slack: int = 0) -> None:
        """Drop the `count` oldest lines from the top, once `count` reaches `slack`."""
        if count <= 0 or count < slack:
            return
        rows = sum(self._rows[:count])
        del self.contents[:count], self._events[:count], self._rows[:count]
        if rows:
            self._first_row += rows  # the rows left keep their numbers, and their cut copies
            del self.lines[:rows]
            self.virtual_size = Size(self._widest, len(self.lines))
            self.refresh()

    def _cut(self, keep: int) -> None:
        """Drop every line after the first `keep` (an undone move's, a replay stepping back)."""
        if keep >= len(self.contents):
            return
        rows = sum(self._rows[keep:])
        del self.contents[keep:], self._events[keep:], self._rows[keep:]
        if rows:
            del self.lines[len(self.lines) - rows:]
            self._row_cache.clear()  # new lines will take those numbers
            self.virtual_size = Size(self._widest, len(self.lines))
            self.refresh()

    @property
    def plain_lines(self) -> list[str]:
        """The events' lines as plain text (before wrapping)."""
        return [content.plain for content in self.contents]

    def wrapped(self, content: Content, width: int) -> list[Content]:
        """An event's line cut to the width, later lines indented under the text after the symbol."""
        if width <= INDENT + 4:
            return [content]
        head, body = content[:INDENT], content[INDENT:]
        rows = body.wrap(width - INDENT) or [Content("")]
        return [head + rows[0], *(Content(" " * INDENT) + row for row in rows[1:])]

    def strips(self, content: Content) -> list[Strip]:
        """An event's line as the log's rows, drawn in the theme's colours and cut to the width
        (drawing goes straight from Content to segments: through Rich Text it took most of a
        replay jump's time)."""
        width = self._written_width
        parse = self.app.stylesheet.parse_style
        style = self.visual_style
        strips = []
        for row in self.wrapped(content, width):
            segments = [Segment(piece, piece_style.rich_style)
                        for piece, piece_style in row.render(style, end="", parse_style=parse)]
            strips.append(Strip(segments, row.cell_length).crop(0, width))
        return strips

    def _write(self, contents: list[Content]) -> None:
        """Add these lines' rows at the bottom (the size the log scrolls over is set once, at the end)."""
        widest = self._widest
        for content in contents:
            strips = self.strips(content)
            self.lines.extend(strips)
            self._rows.append(len(strips))
            widest = max([widest, *(strip.cell_length for strip in strips)])
        self._widest = widest
        self.virtual_size = Size(widest, len(self.lines))

    def clear(self) -> None:
        """Forget every row drawn (the events' lines stay, to be written again)."""
        self.lines.clear()
        self._row_cache.clear()
        self._first_row = 0
        self._widest = 0
        self.virtual_size = Size(0, 0)
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        """Row `y` of the log as it shows now: the row scrolled to, cut or padded to the width."""
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        row = scroll_y + y
        style = self.rich_style
        if row >= len(self.lines):
            return Strip.blank(width, style).apply_style(style)
        key = (row + self._first_row, scroll_x, width)
        strip = self._row_cache.get(key)
        if strip is None:
            strip = self._row_cache[key] = self.lines[row].crop_extend(scroll_x, scroll_x + width, style)
        return strip.apply_style(style)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._row_cache.clear()  # the rows were padded in the old style (focus tints the log)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._written_width else container.width

    def _write_all(self, settled: bool = False) -> None:
        """Write every line again (`settled`: the log's size is not changing, so it can show the
        newest line in this frame)."""
        with self.quietly():
            self.clear()
            self._rows = []
            self._written_width = self.scrollable_content_region.width
            self._write(self.contents)
        self._follow(immediate=settled)  # a new size may not be settled yet: after the next refresh

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._write_all())

    def on_resize(self, event: events.Resize) -> None:
        # a line is wrapped once, when it is written: a new width means writing it all again
        if self.scrollable_content_region.width != self._written_width:
            self._write_all()


def _find(events: list[Event], wanted: Event) -> int | None:
    """Where `wanted` (that very event) is in `events`, or None."""
    for index, event in enumerate(events):
        if event is wanted:
            return index
    return None
