"""Issue 29: the turn's result, shown again each turn, redraws only what changed: a panel whose text
is the same does nothing, and one whose text changed but keeps its rows asks for no layout of the
screen. What it shows stays the same (tests/ui/test_turn_snapshots.py keeps the pictures)."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

from rainboard.ui.screens.turn_result import TurnResultScreen

from tests.ui.playing import BoardApp, table


def _record_layouts(monkeypatch) -> list[str]:
    """The ids of the widgets that ask for a layout from now on."""
    asked: list[str] = []
    original = Widget.refresh

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if layout:
            asked.append(self.id or type(self).__name__)
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    monkeypatch.setattr(Widget, "refresh", refresh)
    return asked


async def test_the_result_screen_lays_out_again_only_for_panels_whose_rows_changed(monkeypatch):
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("f")  # Ada takes a food token: her turn is over
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TurnResultScreen)
        hint = screen.query_one("#result-hint", Static)
        title = screen.query_one("#result-title", Static)
        assert "Ada, your turn is over" in str(title.render())
        await pilot.press("enter")
        await pilot.pause()
        asked = _record_layouts(monkeypatch)
        hint._repaint_required = False
        await pilot.press("f")  # Bo's turn, the same kind of turn
        await pilot.pause()
        assert app.screen is screen
        assert "Bo, your turn is over" in str(title.render())  # the title changed, in as many rows
        assert "result-title" not in asked
        assert str(hint.render()).startswith("Enter: go on")
        assert "result-hint" not in asked  # the very same hint: not even updated
        # shown again for the same player and turn: nothing to lay out at all
        asked.clear()
        screen.show_turn(session, screen.actor, screen.next_name, screen.on_go_on)
        assert not {"result-title", "result-lines", "result-card", "result-hint"} & set(asked)
