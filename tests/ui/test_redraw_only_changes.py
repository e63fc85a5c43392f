"""A move redraws only the panels whose part of the game it changed: the board hands every panel the
new state, and a panel whose slice of it (the players on the map, the roster's lines, the rain, the
card, the hand) is what it showed before builds nothing. And the replay's log, stepping back, writes
only the lines the window gained at the top, and draws none of them until they are shown."""

from __future__ import annotations

from collections import Counter

import attrs

from rainboard.engine import testing
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.widgets import cards
from rainboard.ui.widgets.event_log import EventLog
from rainboard.ui.widgets.rain_clock import RainClock
from rainboard.ui.widgets.region_map import RegionMap
from rainboard.ui.widgets.roster import Roster

from tests.engine.helpers import put
from tests.ui.playing import BoardApp, table
from tests.ui.test_event_log import Logs, _game, _rows


def count_builds(monkeypatch) -> Counter:
    """Count, per panel, each time it builds what it shows (the map, the roster and the rain clock
    draw through `_draw`; the card builds its text; the hand its options; the log writes lines)."""
    built: Counter = Counter()

    def counting(name, original):
        def wrapper(*args, **kwargs):
            built[name] += 1
            return original(*args, **kwargs)
        return wrapper

    for name, cls in (("map", RegionMap), ("roster", Roster), ("rain", RainClock)):
        monkeypatch.setattr(cls, "_draw", counting(name, cls._draw))
    monkeypatch.setattr(cards, "slugcat_card_content", counting("card", cards.slugcat_card_content))
    monkeypatch.setattr(cards.HandList, "replace_options", counting("hand", cards.HandList.replace_options))
    monkeypatch.setattr(EventLog, "add", counting("log", EventLog.add))
    return built


async def _board(pilot) -> BoardScreen:
    await pilot.pause()
    board = pilot.app.screen
    assert isinstance(board, BoardScreen)
    return board


async def test_the_same_state_again_builds_no_panel(monkeypatch):
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        board = await _board(pilot)
        built = count_builds(monkeypatch)
        board.refresh_view()
        assert built == Counter()
        # a new state object that shows the same (a copy of the players as they were) builds nothing either
        session.state = testing.place(session.state, 0, food=session.state.players[0].food)
        board.refresh_view()
        assert built == Counter()


async def test_food_changes_the_roster_and_card_but_not_the_map_or_the_rain(monkeypatch):
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        board = await _board(pilot)
        built = count_builds(monkeypatch)
        before = board.query_one(Roster).render().plain
        session.state = put(session.state, 0, food=session.state.players[0].food + 1)
        board.refresh_view()
        assert built["roster"] == 1 and built["card"] >= 1 and built["hand"] == 1
        assert built["map"] == 0 and built["rain"] == 0 and built["log"] == 0
        assert board.query_one(Roster).render().plain != before  # and the roster does show the food


async def test_a_move_to_another_region_redraws_the_map_and_the_rain_its_own_change(monkeypatch):
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        board = await _board(pilot)
        built = count_builds(monkeypatch)
        state = session.state
        assert board.viewer == 0
        # Bo moves (the rain clock reads the viewer's region only: the rain cannot reach some)
        elsewhere = next(region for region in state.data.regions if region != state.players[1].region)
        session.state = put(state, 1, region=elsewhere)
        board.refresh_view()
        assert built["map"] == 1 and built["rain"] == 0
        built.clear()
        session.state = attrs.evolve(session.state, rain=session.state.rain + 1)  # the rain alone
        board.refresh_view()
        assert built["rain"] == 1 and built["map"] == 0 and built["roster"] == 0


async def test_a_real_move_writes_its_lines_to_the_log_and_no_more(monkeypatch):
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        board = await _board(pilot)
        built = count_builds(monkeypatch)
        board.refresh_view()
        assert built["log"] == 0  # no new events: the log is not touched
        lines = len(board.query_one(EventLog).contents)
        await pilot.press("d")  # a draw: the turn goes on, with new lines in the log
        await pilot.pause()
        assert built["log"] >= 1 and len(board.query_one(EventLog).contents) > lines


async def test_a_replay_stepping_back_writes_only_the_lines_gained_at_the_top():
    steps, state = _game(120)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        kept, fresh = app.query_one("#kept", EventLog), app.query_one("#fresh", EventLog)
        window = 8  # actions shown, as the replay's LOG_WINDOW (fewer lines than this log keeps)

        def shown(end: int) -> list:
            return [event for events in steps[max(0, end - window):end] for event in events]

        assert all(len(shown(end)) < kept.keep for end in (100, 99, 98, 90))
        kept.reset(shown(100), state)
        await pilot.pause()
        written: list = []
        drawn: list = []
        counting, drawing = kept._count, kept.strips
        kept._count = lambda content: written.append(content) or counting(content)
        kept.strips = lambda content: drawn.append(content) or drawing(content)
        for end in (99, 98, 90):  # a step back, another, and a jump back inside the window
            written.clear()
            drawn.clear()
            kept.reset(shown(end), state)
            new_top = sum(len(steps[i]) for i in range(max(0, end - window), kept_start(end, window)))
            assert len(written) == new_top, end  # only the lines gained at the top are written
            assert drawn == []  # and none is drawn until it is scrolled to: the log shows its bottom
            fresh.reset([], state)
            fresh.reset(shown(end), state)
            fresh._write_all()
            await pilot.pause()
            assert kept.plain_lines == fresh.plain_lines
            assert _rows(kept) == _rows(fresh)
            # what is on screen, row by row, is what the fresh log draws (no row cut for another line)
            assert [kept.render_line(y).text for y in range(10)] == [fresh.render_line(y).text for y in range(10)]


def kept_start(end: int, window: int) -> int:
    """The first action whose lines the log held before the step to `end` (the window before it)."""
    before = {99: 100, 98: 99, 90: 98}[end]
    return max(0, before - window)
