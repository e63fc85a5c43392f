"""A two-player game on the short decks for the app tests that play one through the whole app
(saved as it goes, no hand-offs), and a way to press on to its board; and a three-player table on
the shipped decks with its board, for the tests of how the board redraws."""

from __future__ import annotations

from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, testing
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.session import GameSession

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"


class PlayingApp(RainboardApp):
    """Ada (Survivor) and Bo (Monk) on the short decks, dealt from SEED, saved as they play."""

    SEED = "disk"

    def on_mount(self) -> None:
        super().on_mount()
        self.call_later(self._start)

    def _start(self) -> None:
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed=self.SEED)
        self.begin(GameSession.start(setup, load_data(SHORT)), TableOptions(handoffs=False))


async def to_board(pilot, app) -> BoardScreen:
    """Press Enter through the reports until the board is up."""
    for _ in range(8):
        if isinstance(app.screen, BoardScreen):
            return app.screen
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(app.screen, BoardScreen), app.screen
    return app.screen


SHIPPED = load_data()


def table(players: int = 3) -> GameSession:
    """Ada (Survivor), Bo (Hunter) and Cy (Monk) on the shipped decks, in that turn order."""
    setup = Setup(players=[PlayerSetup(name, cat) for name, cat in
                           zip(("Ada", "Bo", "Cy"), ("survivor", "hunter", "monk"))][:players], seed=11)
    session = GameSession.start(setup, SHIPPED)
    session.state = testing.set_turn_order(session.state, range(players))
    return session


class BoardApp(RainboardApp):
    """The app on the board of `session`, saving nothing."""

    def __init__(self, session: GameSession, handoffs: bool = True) -> None:
        super().__init__(data=SHIPPED, catch_errors=False, autosave=False)
        self.session = session
        self.handoffs = handoffs

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(BoardScreen(self.session, TableOptions(handoffs=self.handoffs)))
