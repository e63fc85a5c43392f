"""The board's left panel switches between the map and a fight (or a card drawn) by scrolling:
both stay laid out, one under the other, each as tall as the switcher, so a switch lays nothing
out; what shows is the panel switched to, in the map's place, at any size."""

from __future__ import annotations

from textual.widget import Widget

from rainboard.ui.textual_internals import screen_lines
from rainboard.ui.widgets.quiet import Switcher

from tests.engine.helpers import stack
from tests.ui.playing import BoardApp, table
from tests.ui.test_quiet_redraw import count_layouts
from tests.ui.test_snapshots import normal_turn


def _count_layouts(monkeypatch) -> list[str]:
    """The widgets that ask for a layout of the screen (a panel shown or hidden asks for one)."""
    asked, (_, patched) = count_layouts(Widget)
    monkeypatch.setattr(Widget, "refresh", patched)
    return asked


def _left(app, switch: Switcher) -> list[str]:
    """The switcher's rows as the screen shows them."""
    region = switch.region
    return [line[region.x:region.right] for line in screen_lines(app)[region.y:region.bottom]]


async def test_switching_to_the_fight_and_back_lays_nothing_out_and_shows_the_panel_switched_to(monkeypatch):
    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app = pilot.app
        switch = app.screen.query_one("#left-switch", Switcher)
        fight = app.screen.query_one("#fight")
        fight.update("A Green Lizard blocks the way.")
        await pilot.pause()
        map_rows = _left(app, switch)
        assert "Green Lizard" not in "\n".join(map_rows) and "Outskirts" in "\n".join(map_rows)
        laid_out = _count_layouts(monkeypatch)
        switch.current = "fight"
        await pilot.pause()
        shown = _left(app, switch)
        assert shown[0].startswith("╭─ Fight") and "A Green Lizard blocks the way." in shown[1]
        assert len(shown) == len(map_rows) and shown[-1].startswith("╰")
        switch.current = "map"
        await pilot.pause()
        assert _left(app, switch) == map_rows
        assert laid_out == []  # two switches, no layout


async def test_a_draw_that_meets_a_creature_shows_the_fight_without_a_layout_and_keeps_it_at_any_size(monkeypatch):
    session = normal_turn()
    session.state = stack(session.state, "su", "salamander")
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app = pilot.app
        switch = app.screen.query_one("#left-switch", Switcher)
        laid_out = _count_layouts(monkeypatch)
        await pilot.press("d")  # Ada draws the Salamander: the fight takes the map's place
        await pilot.pause()
        assert switch.current == "fight" and laid_out == []
        shown = _left(app, switch)
        assert shown[0].startswith("╭─ Fight") and "Salamander" in "\n".join(shown)
        for size in ((80, 24), (100, 34), (120, 40)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            shown = _left(app, switch)
            assert shown[0].startswith("╭─ Fight") and shown[-1].startswith("╰"), (size, shown)
            assert len(shown) == switch.region.height


async def test_a_scrollbar_compared_after_a_scroll_is_not_looked_up_on_the_screen(monkeypatch):
    """QuietScrollbars compares what a bar draws from before and after Textual sets it; the bar's
    size is the one it was laid out at. Asking the screen where the bar is made Textual arrange the
    whole screen again after every scroll (a switch of the left panel), for a bar out of sight."""
    from textual.screen import Screen

    from rainboard.ui.textual_internals import _bar_shows

    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = pilot.app.screen.query_one("#actions").vertical_scrollbar
        looked_up: list = []
        finding = Screen.find_widget
        monkeypatch.setattr(Screen, "find_widget", lambda self, widget: looked_up.append(widget) or finding(self, widget))
        shows = _bar_shows(bar)
        assert looked_up == []
        assert shows[-1] == bar.size and bar.size.height > 0  # the same size the screen gives
