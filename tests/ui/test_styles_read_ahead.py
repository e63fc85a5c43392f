"""The screens a game shows between moves (a turn's result, a hand-off, a cycle's report) keep their
styles with the board's: showing one for the first time reads no styles of its own, which would have
Textual work out the styles of the whole app again in the middle of a game."""

from __future__ import annotations

from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
from rainboard.ui.screens.turn_result import TurnResultScreen

from tests.ui.playing import BoardApp, table


async def test_the_first_result_hand_off_and_report_read_no_new_styles():
    async with BoardApp(table(), handoffs=True).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app = pilot.app
        read = set(app.stylesheet.source)
        seen = set()
        await pilot.press("f")  # Ada takes a food token: her result
        await pilot.pause()
        seen.add(type(app.screen))
        await pilot.press("enter")  # and the keyboard passes to the next player
        await pilot.pause()
        seen.add(type(app.screen))
        app.push_screen(ReportScreen("Cycle 1 ends", ["Everyone sleeps."]))
        await pilot.pause()
        seen.add(type(app.screen))
        assert {TurnResultScreen, HandoffScreen, ReportScreen} <= seen
        new = set(app.stylesheet.source) - read
        # the widgets' own defaults come with their first use, as in any Textual app; no screen's
        # styles, and no styles file, come late
        assert [where for where in new if not where[1].endswith(".DEFAULT_CSS")] == []
