"""The log of what happened: one line per engine event, rolls spelled out, newest at the bottom."""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Iterable
from itertools import accumulate
from operator import is_

from rich.segment import Segment
from textual import events
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from rainboard.engine.events import Event
from rainboard.engine.state import GameState

from ..textual_internals import drawn_rows, keep_scrolled_rows
from ..words import event_line
from .log_lines import (INDENT, LineContents, LineLooks, LogLine, Row, cells, find_event, fitted, let_go, lines_for,
                        measure, wrapped)
from .quiet import QuietLayout

KEEP_LINES = 2000  # the log keeps this many events; older ones drop off the top
TRIM_SLACK = 200  # lines past `keep` dropped together, so trimming is rare
CACHED_ROWS = 256  # rows kept cut to the log's width: a few screens of the tallest terminal
KNOWN_LINES = 4096  # lines (and rows, once counted) known by event: the log's, then the last to leave or be readied
DRAWN_LINES = 128  # lines whose drawn rows are kept (those shown last): a few screens' worth


class EventLog(QuietLayout, ScrollView, can_focus=True):
    """A scrolling log of events that follows the newest line.

    The log keeps each event's line as text and style spans (log_lines.LogLine). When a line is
    written only the rows it takes at the log's width are counted (from its text: no drawing); its
    rows (wrapped to the width in the theme's colours) are drawn the first time one of them is
    shown, so a replay's jump that fills the log with hundreds of lines draws only the screenful
    that shows, and only the last DRAWN_LINES lines drawn keep their rows (as log_lines.Row, not
    Strips). Textual asks for the rows it shows through `render_line`, and the log scrolls over
    `virtual_size`, as Textual's own Log and toolong's log view do. A new width or theme writes
    every line again. Its size is fixed by the screen, so lines added or dropped on a move repaint
    it alone (`quietly`).

    Lines that leave the log, or are readied for a reset to come, are kept by event (that very
    object), with their rows once counted, as many as KNOWN_LINES allows beside those in the log: a
    replay that steps or jumps back to where it was finds them written. A log only added to (a
    board's) keeps none beside its own until it drops its oldest.
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
        self._lines: list[LogLine] = []  # every line in the log, oldest first
        self._rows: list[int] = []  # the log's rows each line takes at the written width
        self._starts: array | None = None  # the log's row each line starts at (None: count again)
        self._total = 0  # the rows of every line written
        self._written_width = 0
        self._widest = 0  # the widest row written since the last clear
        # rows fitted to the width, kept by the drawn row they were cut from (held with them, so its
        # id stays its own): lines added or dropped above or below leave them as they were
        self._row_cache: LRUCache[tuple, tuple[Strip, Strip]] = LRUCache(CACHED_ROWS)
        self._frame: tuple | None = None  # (scroll offset, width, style) while a frame's rows are drawn
        self._said: OrderedDict[int, LogLine] = OrderedDict()  # id(event) -> a line not in the log, the newest last
        self._shown: dict[int, LogLine] = {}  # id(line) -> a line whose rows are drawn, the last drawn last
        self._looks, self._looks_style = LineLooks(), None  # one-row lines' looks, in the style they were made in

    @property
    def contents(self) -> LineContents:
        """Every line in the log, as Content (made when read: the log keeps text and spans)."""
        return LineContents(self._lines)

    def add(self, events: Iterable[Event], state: GameState) -> None:
        """Write a line for each event (`state` lends the names). Only the new lines are written;
        the oldest drop off the top, a batch at a time, never by writing the rest again."""
        events = list(events)
        drawn, first, scrolled = drawn_rows(self), self._lines[0] if self._lines else None, round(self.scroll_y)
        with self.quietly():
            self._append(self._lines_for(events, state))
            self._trim(len(self._lines) - self.keep, slack=TRIM_SLACK)
        self._follow()
        if drawn is not None and self._lines and self._lines[0] is first:  # lines added below, none dropped above
            keep_scrolled_rows(self, drawn, round(self.scroll_y) - scrolled)

    def reset(self, events: Iterable[Event], state: GameState) -> None:
        """Show exactly these events (after an undo, or when a replay steps or jumps). The lines
        still wanted stay as they are: only those no longer wanted go, from the top or the bottom,
        and only the new ones are written."""
        events = list(events)[-self.keep:]
        start = next((n for n, line in enumerate(self._lines) if line.event is events[0]), None) if events else None
        if start is None and events and self._lines and self._written_width:
            # the window starts earlier (a replay stepping or jumping back): the lines it still
            # shares stay, those after them go, and only the earlier ones are written, at the top
            before = find_event(events, self._lines[0].event)
            if before is not None:
                with self.quietly():
                    self._keep_and_add(0, events[before:], state)
                    self._prepend(self._lines_for(events[:before], state))
                self._follow()
                return
        if start is None or not self._written_width:
            dropped, self._lines = self._lines, []
            self._let_go(dropped)
            self._lines = self._lines_for(events, state)
            self._let_go([])  # (as many known as KNOWN_LINES allows beside these)
            self._rows, self._starts, self._total = [], None, 0
            if self._written_width:
                self._write_all(settled=True)
            return
        with self.quietly():
            self._keep_and_add(start, events, state)
        self._follow()

    def prepare(self, events: Iterable[Event], state: GameState, draw: bool = False) -> None:
        """Write these events' lines ahead of a reset to them, counted at the log's width (a
        replay readies the window its next jump would show): the reset then finds them written,
        and with `draw` the rows it would show at the bottom drawn. Nothing shown changes."""
        if not self._written_width:
            return
        rows, height = 0, self.scrollable_content_region.height
        in_log = {id(line.event): line for line in self._lines}
        for line in reversed(self._lines_for(list(events), state, in_log)):
            rows += self._count(line)[0]
            if draw and rows - line.rows < height:  # the newest first: those that would show
                self._keep_drawn(line)

    def _lines_for(self, events: list[Event], state: GameState, in_log: dict | None = None) -> list[LogLine]:
        """Each event's line: the one made before for that very event, or a new one (log_lines.lines_for;
        `in_log` when readying)."""
        return lines_for(events, self._said, lambda event: LogLine(event, event_line(event, state)), in_log,
                         max(KNOWN_LINES - len(self._lines), 0))

    def _let_go(self, lines: list[LogLine]) -> None:
        """Keep the lines that left the log, the oldest known let go past KNOWN_LINES."""
        let_go(self._said, lines, max(KNOWN_LINES - len(self._lines), 0))

    def _follow(self, immediate: bool = True) -> None:
        """Show the newest line now, in this frame."""
        if self.auto_scroll and self._written_width:
            self.scroll_end(animate=False, immediate=immediate, x_axis=False)

    def _keep_and_add(self, start: int, events: list[Event], state: GameState) -> None:
        """Keep this log's lines from `start` on while they are `events`' first ones; add the rest."""
        # the lines shared, compared at C speed (a step compares some 400 of them)
        shared = [line.event for line in self._lines[start:start + len(events)]]
        same = len(shared)
        if not all(map(is_, shared, events)):
            same = next(n for n, (ours, wanted) in enumerate(zip(shared, events)) if ours is not wanted)
        self._trim(start)
        self._cut(same)
        rest = events[same:]
        self._append(self._lines_for(rest, state))

    def _append(self, lines: list[LogLine]) -> None:
        self._lines.extend(lines)
        if self._written_width:  # before the first size is known, _write_all does it on resize
            self._write(lines)

    def _prepend(self, lines: list[LogLine]) -> None:
        """Write these lines above the first one (the rows below keep what they show)."""
        if not lines:
            return
        counted = [self._count(line) for line in lines]
        added = sum(rows for rows, _ in counted)
        self._lines[:0] = lines
        self._rows[:0] = [rows for rows, _ in counted]
        self._starts = None
        self._total += added
        self._widest = max([self._widest, *(widest for _, widest in counted)])
        self.virtual_size = Size(self._widest, self._total)
        self.refresh()

    def _trim(self, count: int, slack: int = 0) -> None:
        """Drop the `count` oldest lines from the top, once `count` reaches `slack`."""
        if count <= 0 or count < slack:
            return
        rows = sum(self._rows[:count])
        dropped = self._lines[:count]
        del self._lines[:count], self._rows[:count]
        self._let_go(dropped)
        self._starts = None
        if rows:
            self._total -= rows
            self.virtual_size = Size(self._widest, self._total)
            self.refresh()

    def _cut(self, keep: int) -> None:
        """Drop every line after the first `keep` (an undone move's, a replay stepping back)."""
        if keep >= len(self._lines):
            return
        rows = sum(self._rows[keep:])
        dropped = self._lines[keep:]
        del self._lines[keep:], self._rows[keep:]
        self._let_go(dropped)
        self._starts = None
        if rows:
            self._total -= rows
            self.virtual_size = Size(self._widest, self._total)
            self.refresh()

    @property
    def lines(self) -> list[Strip]:
        """Every row of the log, top to bottom, as drawn (rows not shown yet are drawn now, and not
        kept: a whole log's rows are many times its text)."""
        return [row for line in range(len(self._lines)) for row in self._line_rows(line, keep=False)]

    @property
    def plain_lines(self) -> list[str]:
        """The events' lines as plain text (before wrapping)."""
        return [line.plain for line in self._lines]

    def wrapped(self, content: Content, width: int) -> list[Content]:
        """An event's line cut to the width, later lines indented under the text after the symbol."""
        return wrapped(content, width)

    def strips(self, line: Content | LogLine) -> list[Strip]:
        """An event's line as the log's rows, drawn in the theme's colours and cut to the width
        (drawing goes straight from Content to segments: through Rich Text it took most of a
        replay jump's time). A kept line that fits is drawn from its look (LineLooks)."""
        width = self._written_width
        parse = self.app.stylesheet.parse_style
        style = self.visual_style
        strips = []
        body = line.body if isinstance(line, LogLine) else line.plain[INDENT:]
        # a line that fits is its one row (wrapping it only cuts it in two and joins it again)
        fits = "\n" not in body and "\t" not in body and cells(body) <= width - INDENT
        if fits and isinstance(line, LogLine):
            if style is not self._looks_style:  # focus tints the log: looks made in another style
                self._looks.clear()
                self._looks_style = style
            return [self._looks.row(line, style, parse).crop(0, width)]
        content = line.content if isinstance(line, LogLine) else line
        for row in [content] if fits else self.wrapped(content, width):
            segments = [Segment(piece, piece_style.rich_style)
                        for piece, piece_style in row.render(style, end="", parse_style=parse)]
            strips.append(Strip(segments, row.cell_length).crop(0, width))
        return strips

    def _count(self, line: LogLine) -> tuple[int, int]:
        """The rows an event's line takes at the written width, and the widest of them (as many
        rows as `wrapped` cuts, counted from the text alone: nothing is drawn)."""
        if line.width != self._written_width:
            line.rows, line.widest = self._measure(line)
            line.width = self._written_width
            line.drawn = None  # drawn at another width
            self._shown.pop(id(line), None)
        return line.rows, line.widest

    def _measure(self, content: Content | LogLine) -> tuple[int, int]:
        """`_count` for a line not counted yet at this width."""
        return measure(content, self._written_width)

    def _line_rows(self, index: int, keep: bool = True) -> list[Row] | list[Strip]:
        """The rows of line `index`, drawn when first asked for and, with `keep`, kept (as Rows)
        while it is among the last DRAWN_LINES lines drawn; else as Strips."""
        line = self._lines[index]
        if line.width != self._written_width:
            self._count(line)
        if keep:
            return self._keep_drawn(line)
        return [row.strip() for row in line.drawn] if line.drawn is not None else self.strips(line)

    def _keep_drawn(self, line: LogLine) -> list[Row]:
        """A counted line's rows, drawn if they are not kept, and kept the last to go."""
        rows, shown = line.drawn, self._shown
        if rows is None:
            rows = line.drawn = [Row.of(strip) for strip in self.strips(line)]
            shown[id(line)] = line
            if len(shown) > DRAWN_LINES:
                shown.pop(next(iter(shown))).drawn = None
        else:
            shown[id(line)] = shown.pop(id(line), line)
        return rows

    def _write(self, lines: list[LogLine]) -> None:
        """Count these lines' rows at the bottom; they are drawn when shown (the size the log scrolls
        over is set once, at the end)."""
        widest, total = self._widest, self._total
        for line in lines:
            rows, wide = self._count(line)
            self._rows.append(rows)
            total += rows
            widest = max(widest, wide)
        self._starts = None
        self._widest, self._total = widest, total
        self.virtual_size = Size(widest, total)

    def clear(self) -> None:
        """Forget every row counted and drawn (the events' lines stay, to be written again)."""
        self._rows = []
        self._starts = None
        self._total = 0
        self._row_cache.clear()
        self._widest = 0
        self.virtual_size = Size(0, 0)
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------------------
    def render_lines(self, crop):
        """The rows Textual asks for in one frame: where the log is scrolled, its width and its
        style are read once for all of them (reading the style was most of a row's time)."""
        self._frame = (self.scroll_offset, self.scrollable_content_region.width, self.rich_style)
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def render_line(self, y: int) -> Strip:
        """Row `y` of the log as it shows now: the row scrolled to, cut or padded to the width."""
        frame = self._frame
        if frame is None:
            frame = (self.scroll_offset, self.scrollable_content_region.width, self.rich_style)
        (scroll_x, scroll_y), width, style = frame
        row = scroll_y + y
        if row >= self._total:  # under the last line: blank, the one Strip for each width and style
            kept = self._row_cache.get(("blank", width, style))
            if kept is None:
                kept = self._row_cache[("blank", width, style)] = (None, Strip.blank(width, style).apply_style(style))
            return kept[1]
        starts = self._starts
        if starts is None:
            starts = self._starts = array("q", accumulate(self._rows, initial=0))  # (a list held an int each)
        line = bisect_right(starts, row) - 1
        drawn = self._line_rows(line)[row - starts[line]]
        key = (id(drawn), scroll_x, width, style)
        kept = self._row_cache.get(key)
        if kept is None:
            kept = self._row_cache[key] = (drawn, fitted(drawn, scroll_x, width, style))
        return kept[1]

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """As a ScrollView follows its scrolling, but a scrollbar of no width (the boards' logs have
        none) is left where it is, as Textual leaves it when the log's size changes: moved, it was
        repainted though not on screen, and Textual then mapped the whole screen again."""
        if self.show_vertical_scrollbar and self.styles.scrollbar_size_vertical:
            self.vertical_scrollbar.position = new_value
        if round(old_value) != round(new_value):
            self.refresh(self.size.region)

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
            self._written_width = self.scrollable_content_region.width
            self._write(self._lines)
        self._follow(immediate=settled)  # a new size may not be settled yet: after the next refresh

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._new_theme())

    def _new_theme(self) -> None:
        """The rows drawn are in the old theme's colours: every line is written again."""
        for line in self._shown.values():
            line.drawn = None
        self._shown.clear()
        self._looks.clear()  # the styles of the spans are the theme's
        self._write_all()

    def on_resize(self, event: events.Resize) -> None:
        # a line is wrapped once, when it is written: a new width means writing it all again
        if self.scrollable_content_region.width != self._written_width:
            self._write_all()
