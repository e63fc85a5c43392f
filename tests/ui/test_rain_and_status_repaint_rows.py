"""The rain clock and the replay's status lines repaint only the rows a change touched, draw a row
seen before no more, and what they show after each change is what a fresh drawing shows."""

from __future__ import annotations

from attrs import evolve
from textual.app import App, ComposeResult
from textual.content import Content
from textual.visual import Visual

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, new_game
from rainboard.ui.screens.replay import ReplayScreen
from rainboard.ui.widgets import painted_rows
from rainboard.ui.widgets.rain_clock import RainClock
from rainboard.ui.widgets.status_lines import StatusLines

from tests.ui.test_replay_steps import ReplayApp, _drawn_afresh, _on_screen, _replay

DATA = load_data()
KEYS = Content("←→ step · [ ] round · { } cycle · home/end · - + speed · g turn · c play on")


def _game():
    setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "hunter")], seed=1)
    state, _ = new_game(setup, DATA)
    return evolve(state, rain=6, rain_start=10, precycle=False)


class Counted:
    """What a widget draws (each Visual.to_strips call for it) and the rows the screen asks it for."""

    def __init__(self, monkeypatch, module, widget) -> None:
        self.drawn: list = []
        self.painted: list[int] = []
        original, paint_line = Visual.to_strips, widget.render_line

        def counting(target, visual, *args, **kwargs):
            if target is widget:
                self.drawn.append(visual)
            return original(target, visual, *args, **kwargs)

        def painting(y: int):
            self.painted.append(y)
            return paint_line(y)

        monkeypatch.setattr(module.Visual, "to_strips", staticmethod(counting))
        widget.render_line = painting  # the screen asks a widget for the rows it repaints

    def clear(self) -> None:
        self.drawn.clear()
        self.painted.clear()


def _rows(widget) -> list[tuple]:
    return [(row.plain, tuple(row.spans)) for row in widget.render().split("\n", allow_blank=True)]


class Clock(App):
    CSS = "RainClock { width: 38; }"  # narrow (the board column): the cycle, the bar and the words each take a row

    def compose(self) -> ComposeResult:
        yield RainClock()


async def test_the_rain_clock_repaints_only_the_rows_a_change_touched(monkeypatch):
    state = _game()
    app = Clock()
    async with app.run_test(size=(60, 12)) as pilot:
        clock = app.query_one(RainClock)
        clock.show(state, 0)
        await pilot.pause()
        assert len(_rows(clock)) >= 3
        counted = Counted(monkeypatch, painted_rows, clock)
        # a round more (the cycle's row), a longer timer (the bar's row), the rain nearer (the bar
        # and the words), a precycle (the cycle's row), and back to each state shown before
        changes = [evolve(state, round=state.round + 1), evolve(state, rain_start=12), evolve(state, rain=2),
                   evolve(state, precycle=True), state, evolve(state, rain_start=12), state]
        seen = {tuple(_rows(clock))}
        partly = 0
        for number, changed_state in enumerate(changes):
            before = _rows(clock)
            counted.clear()
            clock.show(changed_state, 0)
            await pilot.pause()
            after = _rows(clock)
            assert len(before) == len(after), number
            changed = {y for y, (old, new) in enumerate(zip(before, after)) if old != new}
            assert changed, number
            assert set(counted.painted) == changed, number  # no row left alone was painted again
            drawn = {(row.plain, tuple(row.spans)) for row in counted.drawn}
            assert drawn <= {after[y] for y in changed} and len(counted.drawn) <= len(changed), number
            if tuple(after) in seen:
                assert counted.drawn == [], number  # a drawing shown before: its rows were kept
            seen.add(tuple(after))
            partly += len(changed) < len(after)
            assert _on_screen(clock) == _drawn_afresh(clock), number
        assert partly >= 4  # changes that touched some rows and not others
        # the same slice of the state again: nothing at all is painted
        counted.clear()
        clock.show(evolve(state, turn=state.turn), 0)
        await pilot.pause()
        assert counted.painted == []


async def test_the_rain_clock_in_a_replay_shows_what_a_fresh_drawing_shows():
    app = ReplayApp(_replay(200))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        clock = screen.query_one(RainClock)
        for key in ["right"] * 3 + ["right_curly_bracket", "right_square_bracket", "left_curly_bracket",
                                    "end", "left", "home", "right_curly_bracket"]:
            await pilot.press(key)
            await pilot.pause()
            assert _on_screen(clock) == _drawn_afresh(clock), (key, screen.index)


class Status(App):
    def compose(self) -> ComposeResult:
        yield StatusLines()


async def test_the_status_repaints_only_the_lines_that_changed(monkeypatch):
    app = Status()
    async with app.run_test(size=(40, 10)) as pilot:
        status = app.query_one(StatusLines)
        status.show([Content("Replay step 1 of 9"), Content("Last: food")], KEYS)
        await pilot.pause()
        assert status.size.height == 5  # two lines, and the keys wrapped in three rows
        counted = Counted(monkeypatch, painted_rows, status)  # it paints through painted_rows
        steps = [[Content("Replay step 2 of 9"), Content("Last: food")],
                 [Content("Replay step 2 of 9"), Content("Last: hunt 2 with the spear and then some more words")],
                 [Content("Replay step 3 of 9"), Content("Last: sleep")],
                 [Content("Replay step 2 of 9"), Content("Last: food")]]
        for number, lines in enumerate(steps):
            before = _rows(status)
            counted.clear()
            status.show(lines, KEYS)
            await pilot.pause()
            after = _rows(status)
            changed = {y for y, (old, new) in enumerate(zip(before, after)) if old != new}
            assert set(counted.painted) == changed and changed <= {0, 1}, number  # the keys were left alone
            assert len(counted.drawn) <= len(changed), number
            if number == len(steps) - 1:
                assert counted.drawn == []  # lines drawn two steps before: kept
            assert _on_screen(status) == _drawn_afresh(status), number
        # another look of the panel (a new theme) draws every row again, and draws them right
        app.theme = "gruvbox"
        await pilot.pause()
        assert _on_screen(status) == _drawn_afresh(status)
