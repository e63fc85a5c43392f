"""A game is played in one window at a time: the app holds its lock while it plays, lets go when it
closes or leaves the game, and a second window that opens the game hears who has it and may watch
it as a replay instead."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import Button, OptionList

from rainboard.saves import latest_unfinished
from rainboard.saves.lock import BROWSER, TERMINAL, GameLock, holder_of
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import ConfirmScreen, HandoffScreen, ReportScreen
from rainboard.ui.screens.replay import ReplayScreen
from rainboard.ui.screens.saves import SavesScreen
from rainboard.ui.screens.turn_result import TurnResultScreen

from tests.ui.playing import PlayingApp as Playing

class PlayingApp(Playing):
    SEED = "lock"


async def _moves(pilot, app, count: int) -> None:
    for _ in range(count):
        while isinstance(app.screen, (ReportScreen, HandoffScreen, TurnResultScreen)):
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, BoardScreen), app.screen
        await pilot.press("1")
        await pilot.pause()


async def _a_game_left_unfinished(folder: Path) -> Path:
    app = PlayingApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _moves(pilot, app, 3)
    path = latest_unfinished(folder)
    assert path is not None
    return path


def _confirm_text(screen) -> str:
    return " ".join(str(static.render()) for static in screen.query(".dialog-title, .dialog-text"))


async def test_the_game_played_here_is_locked_until_the_app_closes(_private_data_dir):
    app = PlayingApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _moves(pilot, app, 2)
        path = latest_unfinished(_private_data_dir)
        holder = holder_of(path)
        assert holder is not None and (holder.where, holder.pid) == (TERMINAL, os.getpid())
    assert holder_of(path) is None


async def test_continue_on_a_game_open_elsewhere_says_who_and_offers_the_replay(_private_data_dir):
    path = await _a_game_left_unfinished(_private_data_dir)
    before = path.read_bytes()
    elsewhere = GameLock.acquire(path, BROWSER)
    try:
        app = RainboardApp(catch_errors=False, resume=path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "open in a browser tab" in _confirm_text(app.screen)
            assert f"process {os.getpid()}" in _confirm_text(app.screen)
            assert app.screen.query_one("#yes", Button).variant != "error"  # watching loses nothing: no red
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
        assert path.read_bytes() == before  # watching writes nothing
        assert holder_of(path).where == BROWSER  # and takes nothing from the other window
    finally:
        elsewhere.release()


async def test_the_title_and_the_saves_list_offer_the_replay_too(_private_data_dir):
    path = await _a_game_left_unfinished(_private_data_dir)
    elsewhere = GameLock.acquire(path, BROWSER)
    try:
        app = RainboardApp(catch_errors=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert "open in a browser tab" in str(app.screen.query_one("#later-note").render())
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = menu.get_option_index("continue")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")  # no: back where we were, nothing opened
            await pilot.pause()
            assert not isinstance(app.screen, (ConfirmScreen, BoardScreen))
            app.action_saved_games()
            await pilot.pause()
            assert isinstance(app.screen, SavesScreen)
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "open in a browser tab" in _confirm_text(app.screen)
    finally:
        elsewhere.release()


async def test_the_game_on_the_board_can_be_continued_from_the_saves_list(_private_data_dir):
    """Leaving the board for the title lets go of its game, so continuing that same game is no clash."""
    app = PlayingApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _moves(pilot, app, 2)
        played = len(app.screen.session.actions)
        app.action_saved_games()
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen), app.screen
        assert len(app.screen.session.actions) == played
        assert holder_of(latest_unfinished(_private_data_dir)).pid == os.getpid()


async def test_two_apps_in_one_process_do_not_both_play_one_game(_private_data_dir):
    """Two windows: while the first plays on, the second only gets to watch."""
    first = PlayingApp(catch_errors=False)
    async with first.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _moves(pilot, first, 2)
        path = latest_unfinished(_private_data_dir)
        second = RainboardApp(catch_errors=False, resume=path)
        async with second.run_test(size=(80, 24)) as other:
            await other.pause()
            assert isinstance(second.screen, ConfirmScreen)
            assert "open in a terminal" in _confirm_text(second.screen)
        await _moves(pilot, first, 1)  # the first window's game goes on as before
        assert isinstance(first.screen, BoardScreen)
