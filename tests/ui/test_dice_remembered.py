"""The dice variant chosen on the New game screen is remembered with the rest of the table and offered
next time (table.json in the config folder)."""

from __future__ import annotations

import json

from textual.widgets import Select

from rainboard.data.dice import DEFAULT_VARIANT
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.dialogs import ReportScreen
from rainboard.ui.screens.setup import SetupScreen
from rainboard.ui.table_config import TABLE_FILE, parse_table


async def _setup_screen(app, pilot) -> SetupScreen:
    await pilot.pause()
    await pilot.press("enter")  # New game, from the title
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def test_the_dice_chosen_are_offered_next_time(tmp_path):
    config = tmp_path / "config"
    app = RainboardApp(catch_errors=False, seed="1", autosave=False, config=config)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _setup_screen(app, pilot)
        assert screen.query_one("#dice", Select).value == DEFAULT_VARIANT  # nothing remembered yet
        screen.query_one("#dice", Select).value = "2d10"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)  # the roll for turn order: the game has begun
        assert app.screen_stack[-2].session.data.rules.dice.variant == "2d10"
    assert json.loads((config / TABLE_FILE).read_text())["dice"] == "2d10"

    again = RainboardApp(catch_errors=False, seed="1", autosave=False, config=config)
    async with again.run_test(size=(100, 34)) as pilot:
        screen = await _setup_screen(again, pilot)
        assert screen.query_one("#dice", Select).value == "2d10"


def test_the_dice_are_read_back_from_the_file():
    assert parse_table('{"dice": "pool"}').dice == "pool"
    assert parse_table('{"names": []}').dice is None
