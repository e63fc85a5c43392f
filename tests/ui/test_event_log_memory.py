"""A long log keeps its lines small: text and spans for each, drawn rows only for the last lines shown.

A board's log keeps 2,000 lines. Kept as Textual Content, with their drawn rows (Strips) once
shown, they were a few megabytes of a table's memory; these tests count what the log holds after
every one of its lines has been drawn."""

from __future__ import annotations

import copy
import gc
import types

from textual.content import Content
from textual.dom import DOMNode
from textual.geometry import Region
from textual.strip import Strip

from rainboard.ui.widgets import event_log as event_log_module
from rainboard.ui.widgets.event_log import EventLog

from tests.ui.test_event_log import Logs, _game

LINES = 2000


def _held(log: EventLog) -> dict[type, int]:
    """The Strips and Contents reachable from the log, not going into other widgets or the app."""
    counts = {Strip: 0, Content: 0}
    seen, stack = {id(log)}, list(gc.get_referents(log))
    while stack:
        value = stack.pop()
        if id(value) in seen or isinstance(value, (DOMNode, type, types.ModuleType, types.FunctionType)):
            continue
        seen.add(id(value))
        for kind in counts:
            if isinstance(value, kind):
                counts[kind] += 1
        stack.extend(gc.get_referents(value))
    return counts


def _events(count: int) -> tuple[list, object]:
    """`count` distinct events (a short game's, copied over and over: each copy its own line)."""
    steps, state = _game(200)
    played = [event for step in steps for event in step]
    return [copy.copy(played[number % len(played)]) for number in range(count)], state


async def test_a_log_of_2000_lines_drawn_through_keeps_few_drawn_rows_and_no_content():
    events, state = _events(LINES)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#fresh", EventLog)
        log.reset(events, state)
        await pilot.pause()
        assert len(log.contents) == LINES
        width, height = log.scrollable_content_region.size
        for top in range(0, log.virtual_size.height, height):  # every row drawn once, a screen at a time
            log.scroll_to(y=top, animate=False, immediate=True)
            log.render_lines(Region(0, 0, width, height))
        held = _held(log)
        # the rows of the lines drawn last, their copies cut to the width, and Textual's own for the
        # rows on screen: far fewer than one for each line kept (a Strip for each row was 8,000)
        assert held[Strip] < LINES // 2, held
        assert held[Content] == 0, held
        drawn = sum(1 for line in log._lines if line.drawn is not None)
        assert 0 < drawn <= event_log_module.DRAWN_LINES
        assert len(log.plain_lines) == LINES  # every line is still there to tell


async def test_the_rows_of_a_line_shown_again_are_drawn_again_after_others_pushed_them_out():
    events, state = _events(3 * event_log_module.DRAWN_LINES)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#fresh", EventLog)
        log.reset(events, state)
        await pilot.pause()
        shown = [strip.text for strip in log.lines]  # the whole log, drawn (and not kept)
        assert sum(1 for line in log._lines if line.drawn is not None) < event_log_module.DRAWN_LINES
        drawn: list = []
        original = log.strips
        log.strips = lambda content: drawn.append(content) or original(content)
        for index in range(len(log._lines)):  # top to bottom: those at the bottom were pushed out first
            log._line_rows(index)
        assert len(drawn) == len(log._lines)
        kept = [line for line in log._lines if line.drawn is not None]
        assert len(kept) == event_log_module.DRAWN_LINES
        assert kept == log._lines[-event_log_module.DRAWN_LINES:]  # the last drawn stay
        assert [strip.text for strip in log.lines] == shown  # and every row is what it was
