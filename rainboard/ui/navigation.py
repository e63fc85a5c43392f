"""The jumps between the app's screens: the one module that knows which screen follows which.

The screens lead round in a ring (the board to the game over, the game over to a rematch, a new
setup, a replay or a challenge, and each of those back to a board), so a screen that opened the
next one itself would import it, and the ring would tie every screen to every other. Instead a
screen, the app and its helpers (keeping.py, sharing.py) ask this module, and only this module
reaches the screens, each imported inside the function that opens it. That keeps start-up quick
(importing navigation loads no screen) and the import graph free of circles:
tests/test_import_cycles.py counts every import of rainboard, late ones too, but this module's late
ones, and checks that navigation imports no screen at its top and that no screen imports another
screen that is opened from here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .table_config import RememberedTable, TableOptions, fresh_seed

if TYPE_CHECKING:
    from rainboard.data import GameData
    from rainboard.engine import Options
    from textual.app import App
    from textual.screen import Screen

    from .session import GameSession


def _show(app: App, screen: Screen, switch: bool) -> None:
    if switch:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)


# -- a game ------------------------------------------------------------------------------------------
def board_screen_class() -> type:
    """The board's screen class (to ask whether a screen is a board)."""
    from .screens.board import BoardScreen

    return BoardScreen


def open_board(app: App, session: GameSession, table: TableOptions | None = None, *, switch: bool = False) -> None:
    """Show a game on the board (`switch`: in place of the screen on top)."""
    _show(app, board_screen_class()(session, table), switch)


def open_slugcat_pick(app: App, session: GameSession, table: TableOptions, *, switch: bool = False) -> None:
    """The players pick their slugcats, in turn order."""
    from .screens.setup import SlugcatPickScreen

    _show(app, SlugcatPickScreen(session, table), switch)


def open_game(app: App, session: GameSession, table: TableOptions, *, switch: bool = False) -> None:
    """A game where it stands: its slugcats still to pick, or on the board."""
    if session.choosing:
        open_slugcat_pick(app, session, table, switch=switch)
    else:
        open_board(app, session, table, switch=switch)


def open_game_over(app: App, session: GameSession, challenge_result=None, *, switch: bool = False) -> None:
    """The finished game: the places, each player's story, and what to do next (with a solo
    challenge's result, when the board recorded one)."""
    from .screens.game_over import GameOverScreen

    _show(app, GameOverScreen(session, challenge_result), switch)


def open_handoff(app: App, session: GameSession, reason: str) -> None:
    """The pass-the-keyboard screen for the player to act, with the news since their last move."""
    from .screens.dialogs import HandoffScreen
    from .screens.turn_result import handoff_parts

    name, _, since, warned = handoff_parts(session, session.state.to_act)
    app.push_screen(HandoffScreen(name, reason, since, warned))


# -- new games ---------------------------------------------------------------------------------------
def open_setup(app: App, *, seed: str | None = None, table: RememberedTable | None = None,
               switch: bool = False) -> None:
    """The setup screen (a fresh seed unless one is given), offering `table` if given."""
    from .screens.setup import SetupScreen

    _show(app, SetupScreen(seed=seed or fresh_seed(), table=table), switch)


def start_table_game(app: App, names: list[str], options: Options, seed: str, data: GameData,
                     table: TableOptions) -> GameSession:
    """Deal a hotseat or solo game and show its roll for turn order (SetupError if refused)."""
    from .screens.setup import start_table_game as start

    return start(app, names, options, seed, data, table)


def host_table(app: App, names: list[str], options: Options, seed: str, data: GameData) -> None:
    """Set a table of own screens up (each player joins with its code) and take seat 1 here."""
    from .screens.seat import host_from_setup

    host_from_setup(app, names, options, seed, data)


def open_challenge(app: App, code: str | None = None) -> None:
    """The solo challenge screen (with a code filled in, if given)."""
    from .screens.challenge import ChallengeScreen

    app.push_screen(ChallengeScreen() if code is None else ChallengeScreen(code=code))


def start_challenge(app: App, code: str, player: str) -> GameSession:
    """Deal and show the solo game a code names (ChallengeCodeError for a code that is not one)."""
    from .screens.challenge import start_challenge as start

    return start(app, code, player)


# -- the records -------------------------------------------------------------------------------------
def open_replay(app: App, path: Path, *, switch: bool = False) -> None:
    """Watch a saved game again (SaveError when the file cannot be replayed)."""
    from .screens.replay import ReplayScreen

    _show(app, ReplayScreen.from_file(Path(path)), switch)


def open_saves(app: App) -> None:
    """The saved games."""
    from .screens.saves import SavesScreen

    app.push_screen(SavesScreen())


def open_scores(app: App) -> None:
    """The best turn counts of the solo challenges."""
    from .screens.scores import ScoresScreen

    app.push_screen(ScoresScreen())
