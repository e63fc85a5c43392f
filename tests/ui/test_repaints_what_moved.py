"""Issue 29: a move that switches the left panel repaints the panels it changed, not the whole
screen; a scrollbar that draws the same is not drawn again; the fight panel is not repainted for a
title it has already; and nothing on the board asks the screen where a panel out of view is (that
made Textual arrange the whole screen again, and count all of it as changed at the next scroll)."""

from __future__ import annotations

from textual._compositor import Compositor
from textual.scrollbar import ScrollBar
from textual.screen import Screen
from textual.widget import Widget

from rainboard.ui.textual_internals import _bar_shows, _settled_bars, screen_lines
from rainboard.ui.widgets.fight import FightPanel
from rainboard.ui.widgets.quiet import Switcher, inner_size

from tests.engine.helpers import stack
from tests.ui.playing import BoardApp, table
from tests.ui.test_snapshots import normal_turn


def _spy(monkeypatch, owner, name: str) -> list:
    """Each call of `owner.name` from now on, by its first argument (the object it was called on)."""
    calls: list = []
    method = getattr(owner, name)

    def spied(self, *args, **kwargs):
        calls.append(self)
        return method(self, *args, **kwargs)

    monkeypatch.setattr(owner, name, spied)
    return calls


def _salamander_next():
    """Ada to play, the Salamander on top of the Outskirts deck: her draw starts a fight."""
    session = normal_turn()
    session.state = stack(session.state, "su", "salamander")
    return session


async def test_a_draw_that_meets_a_creature_repaints_what_changed_not_the_whole_screen(monkeypatch):
    async with BoardApp(_salamander_next(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = pilot.app.screen
        switch = board.query_one("#left-switch", Switcher)
        assert switch.current == "map"
        whole = _spy(monkeypatch, Compositor, "render_full_update")
        drawn = _spy(monkeypatch, Widget, "render_line")
        await pilot.press("d")  # Ada draws the Salamander: the fight takes the map's place
        await pilot.pause()
        assert switch.current == "fight" and pilot.app.screen is board
        region = switch.region
        shown = [line[region.x:region.right] for line in screen_lines(pilot.app)[region.y:region.bottom]]
        assert shown[0].startswith("╭─ Fight") and "Salamander" in "\n".join(shown)
        assert whole == []  # the screen was not repainted whole
        assert switch not in drawn  # nor the switcher's own rows, under the panel scrolled into view
        roster = board.query_one("#roster")
        assert roster not in drawn  # nothing of Ada's changed on the roster: its rows are kept


async def test_looking_at_the_map_out_of_view_does_not_ask_the_screen(monkeypatch):
    session = _salamander_next()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = pilot.app.screen
        region_map, fight = board.query_one("#map"), board.query_one("#fight", FightPanel)
        await pilot.press("d")
        await pilot.pause()
        assert board.query_one("#left-switch", Switcher).current == "fight"
        looked_up: list = []
        finding = Screen.find_widget
        monkeypatch.setattr(Screen, "find_widget", lambda self, widget: looked_up.append(widget) or finding(self, widget))
        sizes = inner_size(region_map), inner_size(fight)
        region_map.show(session.state, 0)
        fight._fit()
        assert looked_up == []
        monkeypatch.undo()
        assert sizes == (region_map.size, fight.size) and sizes[0].width > 0  # what the screen would say


async def test_the_fight_panel_is_repainted_for_a_new_title_only(monkeypatch):
    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        fight = pilot.app.screen.query_one("#fight", FightPanel)
        fight.show_title("Attacked")
        refreshed = _spy(monkeypatch, FightPanel, "refresh")
        fight.show_title("Attacked")
        assert refreshed == []
        fight.show_title("Fight")
        assert refreshed == [fight] and fight.border_title == "Fight"


async def test_a_scrollbar_that_draws_the_same_keeps_its_lines_and_one_that_changes_is_drawn_again(monkeypatch):
    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        actions = pilot.app.screen.query_one("#actions")
        bar = actions.vertical_scrollbar
        assert _bar_shows(bar)[0] == "fits" and bar in _settled_bars
        rendered = _spy(monkeypatch, ScrollBar, "render")
        actions._scroll_update(actions.virtual_size.with_height(3))  # fewer options: it still fits
        assert _bar_shows(bar)[0] == "fits"
        await pilot.pause()
        assert bar not in rendered
        actions._scroll_update(actions.virtual_size.with_height(40))  # more than it holds: a thumb
        assert _bar_shows(bar)[0] == 40
        pilot.app.screen.refresh()  # the whole screen painted: the bar with it
        await pilot.pause()
        assert bar in rendered
        thumb = [segment for strip in bar.render_lines(bar.size.region) for segment in strip if segment.style.reverse]
        assert thumb  # drawn as it is now, not as it was


def _long_table(actions: int = 60):
    """The three-player table after `actions` moves played at random (the same every run): a log
    fuller than its window."""
    from rainboard.engine import legal_actions
    from rainboard.engine.rng import Chooser

    session, chooser = table(), Chooser(5)
    for _ in range(actions):
        session.act(chooser.choice(legal_actions(session.state)))
    return session


async def _moves_drawn(pilot, presses: int) -> list[tuple[int, int]]:
    """Play `presses` keys at random on the board; for each move that scrolled the log, the log's
    rows drawn in its frame and the rows it scrolled. Each frame is checked against the screen
    drawn whole again."""
    from rainboard.engine.rng import Chooser
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.textual_internals import screen_segments
    from rainboard.ui.widgets.event_log import EventLog

    chooser, frames = Chooser(9), []
    drawn: list[int] = []
    render_line = EventLog.render_line

    def counted(self, y):
        drawn.append(y)
        return render_line(self, y)

    EventLog.render_line = counted
    try:
        for _ in range(presses):
            screen = pilot.app.screen
            legal = screen._legal if isinstance(screen, BoardScreen) else []
            key = str(chooser.randint(1, min(len(legal), 9))) if legal else "enter"
            log = pilot.app.screen.query_one(EventLog) if isinstance(screen, BoardScreen) else None
            scrolled = round(log.scroll_y) if log is not None else None
            drawn.clear()
            await pilot.press(key)
            await pilot.pause()
            if log is None or pilot.app.screen is not screen or round(log.scroll_y) == scrolled:
                continue
            frames.append((len(drawn), round(log.scroll_y) - scrolled))
            shown = screen_segments(pilot.app)
            log.refresh()
            screen.refresh()
            await pilot.pause()
            assert screen_segments(pilot.app) == shown  # what was kept is what drawing anew shows
    finally:
        EventLog.render_line = render_line
    return frames


async def test_a_move_draws_only_the_log_rows_it_scrolls_into_view():
    async with BoardApp(_long_table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = pilot.app.screen.query_one("#log")
        window = log.scrollable_content_region.height
        assert log.virtual_size.height > window  # the log is fuller than its window
        frames = await _moves_drawn(pilot, 12)
        assert frames  # some moves scrolled it
        assert all(rows <= moved for rows, moved in frames), frames  # the rows scrolled in, no more
        assert any(moved < window for _, moved in frames)


async def test_a_log_that_drops_its_oldest_lines_is_drawn_whole_and_right(monkeypatch):
    from rainboard.ui.widgets import event_log

    monkeypatch.setattr(event_log, "TRIM_SLACK", 1)  # lines drop off the top on every move
    async with BoardApp(_long_table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = pilot.app.screen.query_one("#log")
        log.keep = 40
        oldest = log.contents[0]
        frames = await _moves_drawn(pilot, 12)
        assert frames and len(log.contents) == 40 and log.contents[0] != oldest
        assert any(rows > moved for rows, moved in frames)  # drawn whole: every row moved
