"""Presets in the app: the setup screen's chooser lists them by name with their words, starts the
game with the chosen preset's rules and offers the last preset played first; a challenge code's
preset is played with its rules."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import OptionList, Select, Static

from rainboard.data import load_data
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.setup import SetupScreen, SlugcatPickScreen

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
SHORT_KARMA = load_data(preset="short").rules.karma_start  # the shipped short game's starting karma


async def _open_setup(app, pilot) -> SetupScreen:
    await pilot.press("enter")  # New game, from the title
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


def _shown_text(screen) -> str:
    return str(screen.query_one("#preset-text", Static).render())


async def test_the_chooser_lists_the_presets_and_starts_the_game_with_the_chosen_rules():
    app = RainboardApp(catch_errors=False, seed="1", autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(app, pilot)
        chooser = screen.query_one("#preset", Select)
        listed = chooser.query_one("SelectOverlay", OptionList).options  # the list the Select opens
        assert [str(option.prompt) for option in listed] == ["Standard game", "Short game"]
        assert chooser.value == "standard"
        assert _shown_text(screen) == load_data().presets["standard"].text
        chooser.focus()
        await pilot.press("enter", "down", "enter")  # open the list, go to the short game, take it
        await pilot.pause()
        assert chooser.value == "short"
        assert _shown_text(screen) == load_data().presets["short"].text
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")  # past the turn-order roll
        await pilot.pause()
        assert isinstance(app.screen, SlugcatPickScreen)
        session = app.screen.session
        assert session.data.preset == "short"
        assert session.data.rules == load_data(preset="short").rules
        await pilot.press("enter", "enter")  # Ada and Bo pick the first free slugcats
        await pilot.pause()
        assert [p.karma for p in session.state.players] == [SHORT_KARMA] * 2  # the short game's karma_start


async def test_the_standard_game_is_played_when_nothing_is_chosen():
    app = RainboardApp(catch_errors=False, seed="1", autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await _open_setup(app, pilot)
        await pilot.press("ctrl+s", "enter")
        await pilot.pause()
        session = app.screen.session
        assert session.data.preset == "standard" and session.data.rules == load_data().rules


async def test_the_chooser_offers_the_last_preset_played_then_the_one_rainboard_was_started_with():
    app = RainboardApp(data=load_data(preset="short"), catch_errors=False, seed="1", autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(app, pilot)
        assert screen.query_one("#preset", Select).value == "short"  # rainboard play --preset short
        screen.query_one("#preset", Select).value = "standard"
        await pilot.press("ctrl+s", "enter")
        await pilot.pause()
        assert app.last_preset == "standard"
        app.push_screen(SetupScreen())
        await pilot.pause()
        assert app.screen.query_one("#preset", Select).value == "standard"


async def test_a_decks_folder_without_the_chosen_preset_says_which_it_has(tmp_path):
    folder = tmp_path / "decks"
    shutil.copytree(MINI, folder)
    app = RainboardApp(catch_errors=False, seed="1", autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(app, pilot)
        screen.query_one("#decks").value = str(folder)
        screen.query_one("#preset", Select).value = "short"
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(screen.query_one("#setup-error").render())
        assert "These decks have no 'short' preset; they offer standard." in error
        assert app.screen is screen


async def test_a_challenge_code_with_a_preset_is_played_with_its_rules():
    from textual.widgets import Input

    from rainboard.saves.challenge import make_code
    from rainboard.ui.screens.board import BoardScreen
    from rainboard.ui.screens.challenge import ChallengeScreen

    code = make_code(4242, 0, False, "short")
    app = RainboardApp(catch_errors=False, challenge=make_code(4242, 0, False), autosave=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChallengeScreen)
        assert "Standard game" in str(screen.query_one("#challenge-info").render())
        screen.query_one("#code", Input).value = code.lower()
        await pilot.pause()
        info = str(screen.query_one("#challenge-info").render())
        assert info.startswith(f"{code}: Survivor") and "Short game" in info
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        session = app.screen.session
        assert session.challenge == code and session.data.preset == "short"
        assert session.state.players[0].karma == SHORT_KARMA
