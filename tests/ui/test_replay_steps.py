"""A replay's step or jump does only the work that what is shown needs, and shows what a screen
drawn afresh would: the map repaints only the rows a move changed, the log counts its lines' rows
from their text and draws only the rows shown, a window seen before is written from what was kept,
and the progress bar is moved only when its drawing changes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from textual.app import App
from textual.visual import Visual

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, legal_actions
from rainboard.engine.rng import Chooser
from rainboard.saves import Replay, new_save, record
from rainboard.ui.event_words import event_line
from rainboard.ui.screens.replay import LOG_WINDOW, ReplayScreen
from rainboard.ui.session import GameSession
from rainboard.ui.widgets import event_log as event_log_module
from rainboard.ui.widgets import painted_rows
from rainboard.ui.widgets.event_log import EventLog
from rainboard.ui.widgets.region_map import RegionMap

from tests.ui.test_event_log import Logs, _game

DATA = load_data()
PLAYERS = [PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk"), PlayerSetup("Cy", "hunter")]


def _replay(actions: int = 400, players=PLAYERS, seed: str = "replay-steps", picks: int = 5, watch=None) -> Replay:
    """A game played at random (by default three players; the same every run, the moves picked by
    Chooser(picks)), saved and opened as a replay (`watch` sees its states as it opens)."""
    session = GameSession.start(Setup(players=players, seed=seed), DATA)
    chooser = Chooser(picks)
    while len(session.actions) < actions and not session.over:
        session.act(chooser.choice(legal_actions(session.state)))
    moment = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
    save = new_save(session.setup, DATA, False, moment, game_id=seed)
    save = record(save, list(session.actions), dict(session.digests), finished=session.over, outcome=None,
                  now=moment)
    return Replay(save, partial=True, watch=watch)


class ReplayApp(App):
    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay, DATA, self.replay.setup))


def _on_screen(widget) -> list[str]:
    """The widget's rows as the screen has them (rows not repainted come from what was painted)."""
    return [strip.text.rstrip() for strip in widget.render_lines(widget.outer_size.region)]


def _drawn_afresh(widget) -> list[str]:
    """The widget's rows as Textual draws its whole text at once."""
    width, height = widget.size
    rows = [strip.text.rstrip() for strip in Visual.to_strips(widget, widget.render(), width, height,
                                                               widget.visual_style)]
    return rows + [""] * (height - len(rows))


def _naive_mark(marks: list[int], index: int, length: int, direction: int) -> int:
    if direction > 0:
        return next((m for m in marks if m > index), length)
    return next((m for m in reversed(marks) if m < index), 0)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_steps_and_jumps_show_what_a_screen_drawn_afresh_shows(size):
    replay = _replay()
    length = len(replay)
    app = ReplayApp(replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        keys = ["right"] * 4 + ["left"] * 2 + ["right_curly_bracket", "left_curly_bracket", "right_square_bracket",
                                               "right_square_bracket", "left_square_bracket", "end", "left", "home"]
        places = [150, 151, 149, 300, 30, length - 1]
        moves = [("key", key) for key in keys] + [("go", place) for place in places] + [("key", "left")] * 3
        for kind, what in moves:
            before = screen.index
            if kind == "key":
                await pilot.press(what)
            else:
                screen._go(what)
            await pilot.pause()
            index = screen.index
            if what in ("right_curly_bracket", "left_curly_bracket"):
                assert index == _naive_mark(replay.cycle_starts, before, length, 1 if what[0] == "r" else -1)
            if what in ("right_square_bracket", "left_square_bracket"):
                assert index == _naive_mark(replay.round_starts, before, length, 1 if what[0] == "r" else -1)
            state = replay.state_at(index)
            # the map: every row as a drawing of the whole map made now
            region_map = screen.query_one(RegionMap)
            assert _on_screen(region_map) == _drawn_afresh(region_map), (what, index)
            # the log: the window's events, and the rows shown are those of the whole log where it is scrolled
            log = screen.query_one(EventLog)
            window = [event for step in range(max(1, index - LOG_WINDOW), index + 1)
                      for event in (replay.events_at(step) if step else ())]
            assert log.plain_lines == [event_line(event, state).plain for event in window]
            rows = [strip.text.rstrip() for strip in log.lines]
            assert len(rows) == log.virtual_size.height
            top = round(log.scroll_y)
            assert top == log.max_scroll_y  # it follows the newest line
            inside = log.scrollable_content_region
            x, y = inside.x - log.region.x, inside.y - log.region.y
            shown = [strip.text[x:x + inside.width].rstrip()
                     for strip in log.render_lines(log.outer_size.region)[y:y + inside.height]]
            assert shown == (rows[top:top + inside.height] + [""] * inside.height)[:inside.height], (what, index)
            # the bar: where update(progress=index) would have put it
            bar = screen.query_one("#replay-bar")
            done = index / max(1, length)
            assert str(bar.query_one("#percentage").render()) == f"{round(done * 100)}%"
            cells = bar.query_one("#bar").size.width * 2
            assert bar.query_one("#bar").percentage == int(done * cells) / cells


async def test_a_move_on_the_map_repaints_only_the_rows_it_changed(monkeypatch):
    replay = _replay(120)
    app = ReplayApp(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        region_map = screen.query_one(RegionMap)
        drawn: list = []
        original = Visual.to_strips

        def counting(widget, visual, *args, **kwargs):
            if widget is region_map:
                drawn.append(visual)
            return original(widget, visual, *args, **kwargs)

        monkeypatch.setattr(painted_rows.Visual, "to_strips", staticmethod(counting))
        moved = 0
        for index in range(1, 120):
            before = region_map.render().split("\n", allow_blank=True)
            drawn.clear()
            screen._go(index)
            await pilot.pause()
            after = region_map.render().split("\n", allow_blank=True)
            changed = {(row.plain, tuple(row.spans)) for old, row in zip(before, after)
                       if (old.plain, tuple(old.spans)) != (row.plain, tuple(row.spans))}
            if len(before) != len(after):
                continue  # the map took other rows: laid out and painted whole
            # each changed row drawn at most once (a row seen before is kept), no unchanged row drawn
            assert {(row.plain, tuple(row.spans)) for row in drawn} <= changed
            assert len(drawn) <= len(changed) < len(after) or not changed
            moved += bool(changed)
            assert _on_screen(region_map) == _drawn_afresh(region_map)
        assert moved >= 5  # the game moved players about


async def test_log_rows_are_counted_as_they_are_cut():
    steps, state = _game(120)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#kept", EventLog)
        lines = [event_line(event, state) for events in steps for event in events]
        for width in (5, 6, 7, 11, 20, 33, 48, 58, 90):
            log._written_width = width
            for line in lines:
                rows = log.wrapped(line, width)
                counted, widest = log._measure(line)
                assert counted == len(rows), (width, line.plain)
                # the widest row: exact for a line of one row, the width for one cut in rows
                assert min(max(row.cell_length for row in rows), width) <= widest <= width
                assert widest == min(line.cell_length, width) or counted > 1


async def test_a_window_seen_before_is_written_from_what_was_kept(monkeypatch):
    steps, state = _game(120)
    app = Logs()
    async with app.run_test(size=(60, 40)) as pilot:
        await pilot.pause()
        log = app.query_one("#fresh", EventLog)
        first = [event for events in steps[:40] for event in events]
        later = [event for events in steps[60:100] for event in events]
        log.reset(first, state)
        await pilot.pause()
        shown_first = [strip.text for strip in log.lines]
        log.reset(later, state)
        await pilot.pause()
        said, drawn = [], []
        monkeypatch.setattr(event_log_module, "event_line",
                            lambda event, state: said.append(event) or event_line(event, state))
        original = log.strips
        log.strips = lambda content: drawn.append(content) or original(content)
        log.reset(first, state)  # back where it was: nothing in common with the window shown
        await pilot.pause()
        assert said == [] and drawn == []  # every line and row kept from the first time
        assert [strip.text for strip in log.lines] == shown_first
        app.theme = "gruvbox"  # the rows kept are in the old colours: drawn again
        await pilot.pause()
        assert drawn
