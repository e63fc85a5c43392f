"""The command palette and the too-small notice: never two palettes, never a notice left behind."""

from __future__ import annotations

from textual.command import CommandPalette

from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.title import TitleScreen
from rainboard.ui.screens.too_small import TooSmallScreen


async def _settle(pilot) -> None:
    await pilot.pause()
    await pilot.pause()


async def test_ctrl_p_under_the_too_small_notice_opens_no_second_palette():
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        await pilot.press("ctrl+p")
        await _settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.resize_terminal(50, 15)
        await _settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+p")  # raised DuplicateIds: the first palette was still on the stack
        await _settle(pilot)
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 0
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert [type(s) for s in app.screen_stack] == [TitleScreen]


async def test_a_palette_opened_while_small_leaves_no_notice_behind_when_the_terminal_grows():
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(50, 15)) as pilot:
        await _settle(pilot)
        await pilot.press("ctrl+p")
        await _settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)  # nothing beneath the notice can be used
        await pilot.resize_terminal(120, 40)
        await _settle(pilot)
        assert [type(s) for s in app.screen_stack] == [TitleScreen]
        await pilot.press("ctrl+p")
        await _settle(pilot)
        assert isinstance(app.screen, CommandPalette)
