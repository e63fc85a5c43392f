"""What the event log holds beside its lines: no second table of the lines it shows (only those
that left it, or were readied), drawn rows as plain segments rather than Strips, the rows' starts
as an array, a text for lines alike, and nothing left in rich's cell-width cache by counting rows."""

from __future__ import annotations

import random
from array import array

from rich.cells import cached_cell_len
from textual.app import App
from textual.content import Content
from textual.strip import Strip

from rainboard.ui.textual_internals import divide_line
from rainboard.ui.widgets import event_log as event_log_module
from rainboard.ui.widgets.event_log import KNOWN_LINES, EventLog
from rainboard.ui.widgets.log_lines import LogLine, Row, one_cell_each, plain_cuts

from tests.ui.test_event_log import _game


class OneLog(App):
    def compose(self):
        yield EventLog(id="log", keep=200)


async def test_a_log_only_added_to_keeps_no_line_twice_until_it_drops_some(monkeypatch):
    steps, state = _game(400)
    events = [event for step in steps for event in step]
    assert len(events) > 500
    app = OneLog()
    async with app.run_test(size=(60, 30)) as pilot:
        await pilot.pause()
        log = app.query_one(EventLog)
        added = 0
        for step in steps:
            log.add(step, state)
            added += len(step)
            if added <= log.keep + event_log_module.TRIM_SLACK:
                assert not log._said  # every line it knows, it shows
        await pilot.pause()
        assert log._said and len(log._said) + len(log._lines) <= KNOWN_LINES
        dropped = events[:-len(log._lines)]
        assert all(log._said[id(event)].event is event for event in dropped[-len(log._said):])
        # an undo that shows older lines again finds them written
        said: list = []
        counting = event_log_module.event_line
        monkeypatch.setattr(event_log_module, "event_line", lambda event, st: said.append(event) or counting(event, st))
        first = events.index(log._lines[0].event)
        log.reset(events[first - 50:first + 150], state)  # 50 lines before the first shown, fewer after
        assert said == []
        assert not any(id(line.event) in log._said for line in log._lines)  # those shown left the table


async def test_drawn_rows_are_kept_as_rows_and_the_starts_as_an_array():
    steps, state = _game(200)
    app = OneLog()
    async with app.run_test(size=(60, 30)) as pilot:
        await pilot.pause()
        log = app.query_one(EventLog)
        log.reset([event for step in steps for event in step], state)
        await pilot.pause()
        kept = [row for line in log._lines if line.drawn is not None for row in line.drawn]
        assert kept and all(type(row) is Row for row in kept)
        assert isinstance(log._starts, array)
        rows = log.lines  # as Strips, the same text
        assert all(isinstance(row, Strip) for row in rows)
        for line in log._lines:
            if line.drawn is not None:
                assert [row.text for row in log.strips(line)] == [row.strip().text for row in line.drawn]


def test_lines_alike_share_their_text():
    steps, _ = _game(10)
    event, other = steps[0][0], steps[0][1]
    one, two = LogLine(event, Content("* " + "Ada's turn.")), LogLine(other, Content("* " + "Ada's " + "turn."))
    assert one.body == two.body and one.body is two.body


def test_rows_are_counted_as_rich_cuts_them_without_its_cache():
    chooser = random.Random(5)
    alphabet = "ab  cdefghij klmnopqrs tuvwxyz,.-()✓✗é"
    for _ in range(3000):
        text = "".join(chooser.choice(alphabet) if chooser.random() < .9 else " " * chooser.randint(1, 3) +
                       "x" * chooser.randint(0, 30) for _ in range(chooser.randint(0, 100)))
        width = chooser.randint(1, 40)
        assert one_cell_each(text)
        assert plain_cuts(text, width) == len(divide_line(text, width, fold=True)), (text, width)
    assert not one_cell_each("界") and not one_cell_each("a\tb") and not one_cell_each("e\u0301")


async def test_counting_a_long_log_leaves_rich_s_cell_cache_as_it_was():
    steps, state = _game(400)
    app = OneLog()
    async with app.run_test(size=(30, 30)) as pilot:  # narrow: most lines are cut into rows
        await pilot.pause()
        log = app.query_one(EventLog)
        events = [event for step in steps for event in step]
        cached_cell_len.cache_clear()
        log.prepare(events, state)  # counted at the width, nothing drawn
        assert sum(line.rows > 1 for line in log._said.values()) > 100
        assert cached_cell_len.cache_info().currsize < 100  # the lines' symbols and a few marks: no words
