"""A two-player game on the short decks for the app tests that play one through the whole app
(saved as it goes, no hand-offs), and a way to press on to its board."""

from __future__ import annotations

from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
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
