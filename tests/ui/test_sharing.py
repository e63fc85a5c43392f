"""Sharing a game (sharing.py): the palette's screenshot into the data folder (a browser downloads it),
the game-over screen naming its save, and `t` writing a game's transcript from the game-over screen
and from Saved games (a browser downloads it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import textual.app
from textual.command import CommandPalette

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.saves import read_save
from rainboard.sim import EagerPolicy
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.game_over import GameOverScreen
from rainboard.ui.screens.saves import SavesScreen
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.session import GameSession

from tests.ui.playing import SHORT, BoardApp, table


def finished_game(seed: str = "shared") -> GameSession:
    setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed=seed)
    session = GameSession.start(setup, load_data(SHORT))
    policy = EagerPolicy(session.data, random.Random(5))
    while not session.over:
        session.act(policy(session.state))
    return session


class OverApp(RainboardApp):
    """A finished game, saved as the table saves one, on its game-over screen."""

    def __init__(self, session: GameSession | None = None, web: bool = False, **options) -> None:
        super().__init__(catch_errors=False, **options)
        self.session = session or finished_game()
        self.web = web

    @property
    def is_web(self) -> bool:
        return self.web

    def on_mount(self) -> None:
        super().on_mount()
        self.begin(self.session, TableOptions(handoffs=False))
        self.push_screen(GameOverScreen(self.session))


class WebBoardApp(BoardApp):
    @property
    def is_web(self) -> bool:
        return True


@pytest.fixture
def downloads(tmp_path, monkeypatch) -> Path:
    """Where Textual puts a delivered file when no browser takes it (the headless test driver)."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    monkeypatch.setattr(textual.app, "user_downloads_path", lambda: folder)
    return folder


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def _until(pilot, ready, tries: int = 100) -> None:
    """Pause until `ready()` (a file written by a thread, a notice come back from one)."""
    for _ in range(tries):
        if ready():
            return
        await pilot.pause(0.02)


async def _screenshot_from_the_palette(pilot, app) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    assert isinstance(app.screen, CommandPalette)
    await pilot.press(*"screenshot")
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause()


# -- the screenshot ------------------------------------------------------------------------------------
async def test_the_palettes_screenshot_goes_to_the_data_folder_and_says_where(_private_data_dir):
    app = BoardApp(table(), handoffs=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _screenshot_from_the_palette(pilot, app)
        folder = _private_data_dir / "screenshots"
        await _until(pilot, lambda: folder.is_dir() and any(folder.iterdir()))
        messages = _messages(app)
    (picture,) = folder.iterdir()
    assert picture.suffix == ".svg" and picture.name.startswith("rainboard-")
    svg = picture.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Your&#160;move" in svg  # the board itself...
    assert "Search&#160;for&#160;commands" not in svg  # ...not the palette over it
    assert any(str(picture) in message for message in messages)


async def test_two_screenshots_in_one_second_keep_both(_private_data_dir, monkeypatch):
    import rainboard.ui.sharing as sharing

    monkeypatch.setattr(sharing, "screenshot_name", lambda moment: "rainboard-same.svg")
    app = BoardApp(table(), handoffs=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first, second = sharing.take_screenshot(app), sharing.take_screenshot(app)
    assert (first.name, second.name) == ("rainboard-same.svg", "rainboard-same-2.svg")


def test_a_screenshots_name_is_when_it_was_taken():
    from datetime import datetime

    from rainboard.ui.sharing import screenshot_name

    assert screenshot_name(datetime(2026, 11, 26, 21, 30, 5)) == "rainboard-20261126-213005.svg"


async def test_in_a_browser_the_screenshot_is_downloaded_and_the_server_keeps_none(downloads, _private_data_dir):
    app = WebBoardApp(table(), handoffs=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _screenshot_from_the_palette(pilot, app)
        await _until(pilot, lambda: any(n.title == "Download" for n in app._notifications))
        messages = _messages(app)
    (picture,) = downloads.iterdir()
    assert picture.suffix == ".svg" and picture.read_text(encoding="utf-8").startswith("<svg")
    assert not (_private_data_dir / "screenshots").exists()
    assert any("the screenshot" in m for m in messages)  # "...is on its way" in a real browser
    assert not any(str(_private_data_dir) in m for m in messages)


# -- the game-over screen names its save -----------------------------------------------------------------
async def test_the_game_over_screen_names_the_games_save_file():
    app = OverApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        path = app.screen.session.saver.path
        note = str(app.screen.query_one("#over-note").render())
    assert path.exists()
    assert path.name in note
    assert str(path.parent.name) in note  # in a terminal, where it is: its folder too


async def test_in_a_browser_the_game_over_screen_names_the_file_but_no_folder(_private_data_dir):
    app = OverApp(web=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        path = app.screen.session.saver.path
        note = str(app.screen.query_one("#over-note").render())
    assert path.name in note
    assert "/" not in note and str(_private_data_dir) not in note


async def test_a_game_over_screen_with_no_save_says_so():
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen(finished_game()))
        await pilot.pause()
        note = str(app.screen.query_one("#over-note").render())
        await pilot.press("t")
        await pilot.pause()
        messages = _messages(app)
    assert note == "This game was not saved."
    assert any("no transcript" in m for m in messages)


# -- the transcript ---------------------------------------------------------------------------------------
async def test_t_on_the_game_over_screen_writes_the_transcript_and_says_where(_private_data_dir):
    app = OverApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        path = app.screen.session.saver.path
        winner = app.screen.session.state.players[app.screen.session.outcome.winner].name
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        messages = _messages(app)
    written = _private_data_dir / "transcripts" / f"{path.stem}.txt"
    text = written.read_text(encoding="utf-8")
    assert f"Save: {path.name}" in text and f"{winner} wins the game after" in text
    assert any(str(written) in m for m in messages)


async def test_in_a_browser_t_on_the_game_over_screen_downloads_the_transcript(downloads, _private_data_dir):
    app = OverApp(web=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        path = app.screen.session.saver.path
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await _until(pilot, lambda: any(n.title == "Download" for n in app._notifications))
        messages = _messages(app)
    delivered = downloads / f"{path.stem}.txt"
    assert "wins the game after" in delivered.read_text(encoding="utf-8")
    assert not (_private_data_dir / "transcripts").exists()
    assert any("the transcript" in m for m in messages)


async def test_t_in_saved_games_writes_the_highlighted_games_transcript(_private_data_dir):
    app = OverApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        path = app.screen.session.saver.path
        app.to_title()
        app.action_saved_games()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert app.screen.check_action("transcript", ())
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
    text = (_private_data_dir / "transcripts" / f"{path.stem}.txt").read_text(encoding="utf-8")
    assert read_save(path).finished and "The end" in text


async def test_a_save_that_does_not_replay_gives_no_transcript_and_says_why(_private_data_dir):
    app = OverApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        path = app.screen.session.saver.path
        app.to_title()
        await pilot.pause()
        path.write_text(path.read_text(encoding="utf-8").replace('"draw"', '"fly away"', 1), encoding="utf-8")
        app.action_saved_games()
        await pilot.pause()
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        messages = _messages(app)
    assert not (_private_data_dir / "transcripts").exists()
    assert any(path.name in m for m in messages)
