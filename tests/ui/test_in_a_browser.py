"""The app as a browser tab sees it (Textual's is_web): notices name files but never the server's
folders, a finished or named game can be downloaded, the too-small notice fits a phone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import textual.app
from textual.widgets import Input

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.saves import read_save
from rainboard.sim import EagerPolicy
from rainboard.ui.app import RainboardApp
from rainboard.ui.textual_internals import screen_lines
from rainboard.ui.keeping import without_paths
from rainboard.ui.screens.dialogs import TextPrompt
from rainboard.ui.screens.game_over import GameOverScreen
from rainboard.ui.screens.saves import SavesScreen
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.screens.too_small import TooSmallScreen
from rainboard.ui.session import GameSession

from tests.ui.playing import SHORT, to_board



class WebApp(RainboardApp):
    """The app as textual-serve runs it, as far as the app itself can tell."""

    @property
    def is_web(self) -> bool:
        return True


class PlayingWebApp(WebApp):
    def __init__(self, session: GameSession | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.session = session

    def on_mount(self) -> None:
        super().on_mount()
        self.call_later(self._start)

    def _start(self) -> None:
        session = self.session or GameSession.start(
            Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed="web"), load_data(SHORT))
        self.begin(session, TableOptions(handoffs=False))
        if session.over:
            self.push_screen(GameOverScreen(session))


def finished_game() -> GameSession:
    setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed="over")
    session = GameSession.start(setup, load_data(SHORT))
    policy = EagerPolicy(session.data, random.Random(3))
    while not session.over:
        session.act(policy(session.state))
    return session


@pytest.fixture
def downloads(tmp_path, monkeypatch) -> Path:
    """Where Textual puts a delivered file when no browser takes it (the headless test driver)."""
    folder = tmp_path / "downloads"
    folder.mkdir()
    monkeypatch.setattr(textual.app, "user_downloads_path", lambda: folder)
    return folder


def test_paths_in_words_come_down_to_file_names():
    assert without_paths("/srv/rb/games/x.json could not be written: [Errno 28] No space: '/srv/rb/games/.x.1.tmp'") \
        == "x.json could not be written: [Errno 28] No space: '.x.1.tmp'"
    assert without_paths("Saved as \"evening\" (/home/ada/.local/share/rainboard/saves/evening.json)") \
        == "Saved as \"evening\" (evening.json)"
    assert without_paths("karma 3/2 to go there and/or back") == "karma 3/2 to go there and/or back"


async def test_notices_in_a_browser_name_the_file_not_the_server_folder(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("in the way", encoding="utf-8")
    app = PlayingWebApp(catch_errors=False, data_dir=blocker)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await to_board(pilot, app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one(Input).value = "evening"
        await pilot.press("enter")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
    failed = [m for m in messages if "could not be written" in m]
    assert len(failed) == 2  # the autosave's failure, and the named save's
    assert failed[0].split(" ", 1)[0].endswith(".json")  # the game's file, by name
    assert failed[1].startswith("evening.json could not be written")
    assert not any(str(tmp_path) in m for m in messages)
    assert not any("such as" in m for m in messages)  # no advice to type a server path either


async def test_a_finished_game_downloads_as_its_save_in_a_browser(downloads):
    app = PlayingWebApp(finished_game(), catch_errors=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        path = app.screen.session.saver.path
        await pilot.press("d")
        for _ in range(50):  # the copy is written by a thread of Textual's
            await pilot.pause(0.02)
            if any(n.title == "Download" for n in app._notifications):
                break
    delivered = downloads / path.name
    assert read_save(delivered) == read_save(path)
    assert read_save(delivered).finished


async def test_the_saves_list_downloads_a_finished_game_and_not_one_in_play(downloads, _private_data_dir):
    app = PlayingWebApp(finished_game(), catch_errors=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.to_title()
        app.action_saved_games()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert app.screen.check_action("download", ())
        await pilot.press("d")
        for _ in range(50):
            await pilot.pause(0.02)
            if list(downloads.iterdir()):
                break
    (delivered,) = downloads.iterdir()
    assert read_save(delivered).finished


async def test_in_a_terminal_there_is_no_download_key(downloads):
    app = RainboardApp(catch_errors=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen(finished_game()))
        await pilot.pause()
        assert not app.screen.check_action("download", ())
        await pilot.press("d")
        await pilot.pause()
    assert not list(downloads.iterdir())


async def test_the_too_small_notice_fits_a_phone_held_upright():
    app = WebApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        box = app.screen.query_one("#too-small")
        assert box.region.x >= 0 and box.region.right <= 40 and box.region.bottom <= 20
        lines = screen_lines(app)
        screen_text = " ".join(" ".join(line.strip("┃▌▐█ ").split()) for line in lines)
        assert "at least 80 x 24" in screen_text
        assert "q or ctrl+c quits" in screen_text and "make the window larger" in screen_text


def test_the_too_small_notice_at_phone_width(snap_compare):
    assert snap_compare(WebApp(catch_errors=False, autosave=False), terminal_size=(40, 20))


async def test_a_broken_score_book_is_named_without_its_folder_in_a_browser(tmp_path):
    from rainboard.ui.screens.scores import ScoresScreen

    (tmp_path / "scores.sqlite3").write_bytes(b"not a score book at all" * 40)
    for app_class, shows_folder in ((WebApp, False), (RainboardApp, True)):
        app = app_class(data_dir=tmp_path, autosave=False, catch_errors=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.push_screen(ScoresScreen())
            await pilot.pause()
            told = str(app.screen.query_one("#scores-note").render())
            assert "scores.sqlite3" in told
            assert (str(tmp_path) in told) == shows_folder
