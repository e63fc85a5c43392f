"""A replay's jump finds its log lines written and draws them by their look: the lines of the
windows a cycle or round jump would show are written while the step before it is on screen (one
place a refresh, then the young objects collected), a line that fits one row is drawn from the look
it shares with lines of its kind, the rows so drawn are those Textual's own drawing gives, and a
row fitted to the log's width is kept by the drawn row it came from, so a step back fits again only
the rows it brings. Each test counts work done, not time."""

from __future__ import annotations

from collections import Counter, OrderedDict

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip

from rainboard.engine import events as ev
from rainboard.engine.narrator import narrate
from rainboard.ui import event_words
from rainboard.ui.event_words import event_line
from rainboard.ui.safe_text import shown
from rainboard.ui import collector as collector_module
from rainboard.ui.screens.replay import LOG_WINDOW, ReplayScreen
from rainboard.ui.widgets import event_log as event_log_module
from rainboard.ui.widgets.event_log import EventLog
from rainboard.ui.widgets.log_lines import LogLine, fitted, remember

from tests.ui.test_event_log import Logs, _game
from tests.ui.test_replay_steps import ReplayApp, _replay


def _pieces(strip: Strip) -> list[tuple[str, object]]:
    return [(segment.text, segment.style) for segment in strip]


async def test_a_line_that_fits_is_drawn_from_its_look_as_its_content_draws():
    steps, state = _game(150)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#fresh", EventLog)
        lines = [LogLine(event, event_line(event, state)) for events in steps for event in events]
        log.reset([line.event for line in lines], state)
        await pilot.pause()
        for focused in (False, True):  # focus tints the log: the looks are made again in its style
            if focused:
                log.focus()
                await pilot.pause()
            made = log._looks.made
            drawn = 0
            for line in lines:
                ours, theirs = log.strips(line), log.strips(line.content)  # by look; through Content
                assert [_pieces(row) for row in ours] == [_pieces(row) for row in theirs], line.plain
                assert [row.cell_length for row in ours] == [row.cell_length for row in theirs]
                drawn += len(ours) == 1
            assert drawn > 100  # most lines fit one row...
            assert log._looks.made - made < drawn // 2, (log._looks.made - made, drawn)  # ...and share looks


def test_a_row_is_fitted_to_the_width_as_crop_extend_and_apply_style_fit_it():
    from rich.style import Style

    under = Style(color="white", bgcolor="black")
    row = Strip([Segment("⚄ ", Style(dim=True)), Segment("Ada rolls for the hunt", Style(bold=True))])
    for width in (3, 10, row.cell_length - 1, row.cell_length, row.cell_length + 7):
        for scroll_x in (0, 2):
            wanted = row.crop_extend(scroll_x, scroll_x + width, under).apply_style(under)
            got = fitted(row, scroll_x, width, under)
            assert _pieces(got) == _pieces(wanted) and got.cell_length == wanted.cell_length, (width, scroll_x)


def test_an_event_line_is_the_content_assembling_it_gives():
    steps, state = _game(200)
    events = [event for step in steps for event in step if not isinstance(event, ev.Rolled)]
    assert len(events) > 100
    for event in events:
        symbol, style = event_words.EVENT_LOOKS.get(type(event), event_words.DEFAULT_LOOK)
        text = " ".join(narrate(event, state).split())
        parts = ((f"{symbol} ", style), (text, style)) if style else ((f"{symbol} ", "$text-muted"), text)
        wanted = shown(Content.assemble(*parts), keep="")
        got = event_line(event, state)
        assert (got.plain, list(got.spans)) == (wanted.plain, list(wanted.spans))


def test_the_lines_kept_by_event_let_the_oldest_go_first():
    kept: OrderedDict = OrderedDict()
    for key in range(10):
        remember(kept, key, str(key), 4)
    remember(kept, 7, "seven again", 4)  # the newest again: the last to go
    remember(kept, 10, "10", 4)
    assert list(kept) == [8, 9, 7, 10] and kept[7] == "seven again"


async def test_a_jump_from_a_step_on_screen_writes_no_line_and_shows_what_a_fresh_log_shows(monkeypatch):
    replay = _replay()
    app = ReplayApp(replay)
    said: list = []
    counting = event_log_module.event_line
    monkeypatch.setattr(event_log_module, "event_line",
                        lambda event, state: said.append(event) or counting(event, state))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        log = screen.query_one(EventLog)
        written: list[int] = []  # lines written by each reset (the places readied after it write more)
        resetting = log.reset

        def reset(events, state):
            before = len(said)
            resetting(events, state)
            written.append(len(said) - before)

        log.reset = reset
        drawn_in_frame: list = []  # lines drawn while a frame is painted (not while readied)
        painting: list = []
        drawing, rendering = log.strips, log.render_lines

        def strips(line):
            if painting:
                drawn_in_frame.append(line)
            return drawing(line)

        def render_lines(crop):
            painting.append(True)
            try:
                return rendering(crop)
            finally:
                painting.clear()

        log.strips, log.render_lines = strips, render_lines
        screen._go(200)
        await pilot.pause()
        jumped = 0
        for key in ("right_curly_bracket", "left_curly_bracket", "left_curly_bracket", "right_square_bracket",
                    "left_square_bracket", "right", "left_curly_bracket"):
            await pilot.pause()  # the step on screen: the places its jumps go are readied now
            written.clear()
            drawn_in_frame.clear()
            before = screen.index
            await pilot.press(key)
            if "curly" in key or "square" in key:
                assert screen.index != before
                assert written == [0], (key, before, screen.index)  # every line of the window was written
                if "curly" in key:  # and a cycle's rows that show drawn
                    assert drawn_in_frame == [], (key, before, screen.index)
                jumped += 1
            window = [event for step in range(max(1, screen.index - LOG_WINDOW), screen.index + 1)
                      for event in replay.events_at(step)]
            assert log.plain_lines == [counting(event, replay.state_at(screen.index)).plain for event in window]
        assert jumped == 6


async def test_the_places_are_readied_one_a_refresh_then_the_young_objects_collected(monkeypatch):
    replay = _replay()
    app = ReplayApp(replay)
    app.collector = collector_module.Collector()  # the table's (ui/app.py), which the replay asks
    collected: list = []
    monkeypatch.setattr(collector_module.gc, "collect", lambda generation=2: collected.append(generation))
    monkeypatch.setattr(collector_module.gc, "get_count", lambda: (collector_module.AFTER_KEY, 0, 0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        readied: list = []
        log = screen.query_one(EventLog)
        preparing = log.prepare
        log.prepare = lambda events, state, draw=False: readied.append((len(screen._to_warm), draw)) or \
            preparing(events, state, draw)
        assert collected == [1]  # the places of the first step readied
        collected.clear()
        screen._go(200)
        assert len(screen._to_warm) == 4 and collected == []  # nothing readied before the step is on screen
        await pilot.pause()
        assert [left for left, _ in readied] == [3, 2, 1, 0]  # one place after each refresh
        assert sum(draw for _, draw in readied) == 2  # the cycles' rows drawn, not the rounds'
        assert collected == [1]  # once, when the last place is readied
        readied.clear()
        screen.playing = True  # a replay playing itself readies nothing
        screen.show()
        await pilot.pause()
        assert readied == [] and screen._to_warm == []
        screen.playing = False


async def test_a_step_back_fits_again_only_the_rows_it_brings(monkeypatch):
    replay = _replay()
    app = ReplayApp(replay)
    fitted_rows: list = []
    fitting = event_log_module.fitted
    monkeypatch.setattr(event_log_module, "fitted",
                        lambda drawn, *args: fitted_rows.append(drawn) or fitting(drawn, *args))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one(EventLog)
        screen._go(200)
        await pilot.pause()
        for key in ("right", "right", "left", "left"):
            await pilot.pause()
            fitted_rows.clear()
            before = Counter(strip.text for strip in log.render_lines(log.outer_size.region))
            await pilot.press(key)
            brought = Counter(strip.text for strip in log.render_lines(log.outer_size.region)) - before
            # the lines still shown keep their fitted rows, though lines went from the top and the bottom
            assert len(fitted_rows) <= brought.total() < log.scrollable_content_region.height // 2, key


async def test_readied_lines_are_counted_at_the_width_and_change_nothing_shown():
    steps, state = _game(120)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#fresh", EventLog)
        first = [event for events in steps[:40] for event in events]
        later = [event for events in steps[40:80] for event in events]
        log.reset(first, state)
        await pilot.pause()
        rows = [strip.text for strip in log.lines]
        log.prepare(later, state)
        assert [strip.text for strip in log.lines] == rows and len(log.plain_lines) == len(first)
        readied = [log._said[id(event)] for event in later]
        assert all(line.width == log._written_width for line in readied)
