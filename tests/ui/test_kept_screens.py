"""The screens a board shows again and again (a turn's result, a hand-off, a cycle's report) are
built once and refilled, each time with what is true now; and a list's scrollbar repaints only when
what it shows changed."""

from __future__ import annotations

import random

from textual.widgets import Static

from rainboard.data import load_data
from rainboard.sim import EagerPolicy
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
from rainboard.ui.widgets.quiet import QuietOptionList

from tests.ui.playing import BoardApp, table

DATA = load_data()


def text(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_the_hand_off_is_one_screen_that_names_each_next_player():
    session = table()
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        seen = []
        for _ in range(2):  # Ada, then Bo, each take a food token and pass the keyboard on
            await pilot.press("f", "enter")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            seen.append((app.screen, text(app.screen, "#handoff-title"), text(app.screen, "#handoff-hint")))
            await pilot.press("enter")
            await pilot.pause()
        (first, title1, hint1), (second, title2, hint2) = seen
        assert second is first  # the same screen, refilled
        assert "to Bo" in title1 and "to Cy" in title2 and "Bo" not in title2
        assert hint2.startswith("Cy, press Enter")
        assert not first.query_one("#handoff-warnings").display  # no one is after Cy


async def test_a_hand_off_refilled_without_warnings_hides_the_last_ones():
    class One(RainboardApp):
        def on_mount(self) -> None:
            self.push_screen(HandoffScreen("Ada", warnings=["Bo is hunting you."], since=["Bo took food."]))

    async with One(data=DATA, catch_errors=False, autosave=False).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        assert screen.query_one("#handoff-warnings").display
        assert "Bo is hunting you." in text(screen, "#handoff-warnings")
        screen.show_handoff("Cy", reason="The game is resumed where it was left.")
        await pilot.pause()
        assert not screen.query_one("#handoff-warnings").display
        assert not screen.query_one(".report-lines").display  # nothing since: no news box
        assert "resumed" in text(screen, "#handoff-reason") and "to Cy" in text(screen, "#handoff-title")


async def test_the_cycle_report_is_one_screen_that_tells_each_cycle():
    session = table()
    policy = EagerPolicy(DATA, random.Random(1))
    reports = []
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        for _ in range(400):
            screen = app.screen
            if isinstance(screen, BoardScreen):
                screen.choose(policy(session.state))
            else:
                if isinstance(screen, ReportScreen):
                    reports.append((screen, text(screen, "#report-title"), text(screen, "#report-text")))
                    if len(reports) == 2 or session.over:
                        break
                await pilot.press("enter")
            await pilot.pause()
    assert len(reports) == 2, "the policy's game did not end two cycles"
    (first, title1, lines1), (second, title2, lines2) = reports
    assert second is first
    assert title1 == "Cycle 1 is over" and title2 == "Cycle 2 is over"
    assert "Karma now:" in lines2 and lines1 != lines2


async def test_a_lists_scrollbar_repaints_only_when_what_it_shows_changes():
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        actions = pilot.app.screen.query_one("#actions", QuietOptionList)
        bar = actions.vertical_scrollbar
        bar._repaint_required = False
        actions._scroll_update(actions.virtual_size)  # what every layout of the screen does
        assert not bar._repaint_required
        taller = actions.virtual_size.with_height(actions.virtual_size.height + 40)
        actions._scroll_update(taller)  # more lines than fit: the thumb shrinks
        assert bar.window_virtual_size == taller.height and bar._repaint_required
