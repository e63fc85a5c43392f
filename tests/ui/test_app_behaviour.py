"""How the app behaves around the game: quitting, a small terminal, errors, help, the palette,
and setup mistakes."""

from __future__ import annotations

from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import ConfirmScreen, TooSmallScreen
from rainboard.ui.screens.help import HelpScreen
from rainboard.ui.screens.setup import SetupScreen
from rainboard.ui.session import GameSession

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"


class BoardApp(RainboardApp):
    """The app opened straight onto a two-player board."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "saint")], seed=5)
        self.session = GameSession.start(setup, load_data(MINI))

    def on_mount(self) -> None:
        self.push_screen(BoardScreen(self.session))


async def test_quitting_a_game_in_progress_asks_first():
    app = BoardApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen) and app.is_running
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_quitting_from_the_title_needs_no_question():
    app = RainboardApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_a_too_small_terminal_says_so_and_the_game_comes_back():
    app = BoardApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80 x 24" in str(app.screen.query_one("#too-small").render())
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


async def test_an_unexpected_error_shows_a_message_and_keeps_the_game(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    app = BoardApp(catch_errors=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen

        def broken(self, action):
            raise RuntimeError("a widget fell over")

        monkeypatch.setattr(GameSession, "act", broken)
        await pilot.press("f")
        await pilot.pause()
        assert app.is_running and app.screen is board
        messages = [n.message for n in app._notifications]
        assert any("a widget fell over" in m and "The game is still here" in m for m in messages)
        monkeypatch.undo()
        mover = board.session.state.current
        assert board.session.state.players[mover].food == 0
        await pilot.press("f")  # the game goes on
        await pilot.pause()
        assert board.session.state.players[mover].food == 1


async def test_help_opens_from_the_board_and_escape_goes_back():
    app = BoardApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_keys_for_illegal_actions_do_nothing_and_are_not_shown():
    app = BoardApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        before = board.session.state
        await pilot.press("h", "a", "x")  # hibernate, attack, strike: none is legal at the start
        await pilot.pause()
        assert board.session.state is before
        shown = {key for key, active in app.screen.active_bindings.items() if active.binding.show and active.enabled}
        assert {"d", "f", "s"} <= shown and not {"h", "a", "x"} & shown


async def test_the_command_palette_offers_the_actions_possible_now():
    app = BoardApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"food token")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert board.session.actions == ["food"]


async def test_setup_refuses_broken_decks_and_empty_names(tmp_path):
    broken = tmp_path / "decks"
    broken.mkdir()
    app = RainboardApp(catch_errors=False, seed="1")
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#decks").value = str(broken)
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(screen.query_one("#setup-error").render())
        assert "cannot be played" in error and "rules.toml: missing file" in error
        assert app.screen is screen
        screen.query_one("#decks").value = ""
        screen.query_one("#name-1").value = "  "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Every player needs a name" in str(screen.query_one("#setup-error").render())
        assert app.screen is screen
