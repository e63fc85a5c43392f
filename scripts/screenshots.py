"""The README's pictures, taken from the app itself: a fixed seeded game on the shipped decks, played by
the simulator's careful player through a headless Rainboard, with Textual's SVG export of the screens
worth showing.

    python scripts/screenshots.py              write docs/screenshots/*.svg
    python scripts/screenshots.py --out DIR    write them into DIR instead (the test does)

Run it again whenever the screens or the decks change, and look at the pictures before keeping them.
Nothing in them comes from the clock or this machine: the game's seed and save name are fixed, the
data and settings folders are temporary, and the home folder is a made-up one, so the game-over
screen names its save as any player's terminal would ("~/.local/share/rainboard/games/...").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
os.environ["TEXTUAL_ANIMATIONS"] = "none"  # before Textual is imported: no frame caught half-way
sys.path.insert(0, str(ROOT))

from rainboard.data import load_data  # noqa: E402 - the repository's root goes first
from rainboard.engine import PlayerSetup, Setup, apply  # noqa: E402
from rainboard.engine.rng import Chooser  # noqa: E402
from rainboard.engine import events as ev  # noqa: E402
from rainboard.engine.state import OVER  # noqa: E402
from rainboard.saves import games_dir, new_save  # noqa: E402
from rainboard.sim import make_policy  # noqa: E402
from rainboard.ui.app import RainboardApp  # noqa: E402
from rainboard.ui.autosave import Autosaver  # noqa: E402
from rainboard.ui.screens.board import BoardScreen  # noqa: E402
from rainboard.ui.screens.game_over import GameOverScreen  # noqa: E402
from rainboard.ui.screens.setup import TableOptions  # noqa: E402
from rainboard.ui.screens.turn_result import TurnResultScreen  # noqa: E402
from rainboard.ui.session import GameSession  # noqa: E402
from rainboard.ui.turn_story import this_turn  # noqa: E402

SEED = "readme-7"
TABLE = (("Ada", "survivor"), ("Bo", "hunter"), ("Cy", "monk"))
POLICY = "steady"
SIZE = (110, 34)  # columns and lines: roomier than the smallest table, as a window would be
GAME_ID = "20261126-200000-rain"  # the save's name on the game-over screen
MOMENT = datetime(2026, 11, 26, 20, 0, tzinfo=UTC)
BOARD_FROM_CYCLE = 2  # the board is shown at the first turn from this cycle on
HAND = 2  # with at least this many cards in the hand of the player to move
PICTURES = ("board.svg", "turn-result.svg", "game-over.svg")
ACTION_CAP = 5000  # a game still running after this many moves is a fault of the script's choices


class PictureApp(RainboardApp):
    """The app as a player has it, its save under a fixed name."""

    def watch_session(self, session, handoffs: bool, saver=None) -> None:
        if saver is None:
            save = new_save(session.setup, session.data, handoffs, MOMENT, game_id=GAME_ID)
            saver = Autosaver(games_dir(self.data_dir) / f"{GAME_ID}.json", save, self.saving_failed,
                              self.saving_works)
            saver(session)
        super().watch_session(session, handoffs, saver)


async def take(out: Path) -> list[Path]:
    """Play the game and write the pictures into `out`; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="rainboard-pictures-"))
    os.environ["HOME"] = str(home)  # the game-over screen writes the home folder as ~
    data = load_data()
    app = PictureApp(data=data, catch_errors=False, data_dir=home / ".local" / "share" / "rainboard",
                     config=home / ".config" / "rainboard")
    setup = Setup(players=[PlayerSetup(name, slugcat) for name, slugcat in TABLE], seed=SEED)
    session = GameSession.start(setup, data)
    policy = make_policy(POLICY, data, Chooser(SEED))
    written = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # off screen up to a turn worth showing: the map, a hand of cards, a log of the game so far
        while not _board_worth_showing(session):
            _act(session, policy)
        app.begin(session, TableOptions(handoffs=False))
        await pilot.pause()
        board = app.screen
        assert isinstance(board, BoardScreen), board
        written.append(_picture(app, out, "board.svg"))
        # turns played on the board until one of them was a fight: its result, every roll in it
        while True:
            if isinstance(app.screen, TurnResultScreen):
                told = [event for _, events in this_turn(session, session.steps[-1].actor) for event in events]
                if any(isinstance(event, ev.CreatureMet) for event in told):
                    break
                while app.screen is not board:  # the result, and any cycle's report after it
                    await pilot.press("enter")
                    await pilot.pause()
            _check_length(session)
            board.choose(policy(session.state))
            await pilot.pause()
        written.append(_picture(app, out, "turn-result.svg"))
        while app.screen is not board:
            await pilot.press("enter")
            await pilot.pause()
        # the rest off screen, but for the winning move, made on the board
        while True:
            action = policy(session.state)
            if apply(session.state, action)[0].phase == OVER:
                break
            _act(session, policy, action)
        board.choose(action)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen), app.screen
        await pilot.pause()
        written.append(_picture(app, out, "game-over.svg"))
    return written


def _board_worth_showing(session: GameSession) -> bool:
    """A turn about to be played, from BOARD_FROM_CYCLE on, with HAND cards or more in hand."""
    state = session.state
    return (state.cycle >= BOARD_FROM_CYCLE and state.pending is None and state.to_act is not None
            and len(state.players[state.to_act].hand) >= HAND)


def _act(session: GameSession, policy, action=None) -> None:
    _check_length(session)
    session.act(action if action is not None else policy(session.state))


def _check_length(session: GameSession) -> None:
    if len(session.steps) >= ACTION_CAP:
        raise RuntimeError(f"the game went on past {ACTION_CAP} moves: choose another SEED")


def _picture(app, out: Path, name: str) -> Path:
    path = out / name
    path.write_text(app.export_screenshot(title="Rainboard"), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the README's pictures of Rainboard, from the app itself.")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder to write them into (default: {OUT})")
    args = parser.parse_args(argv)
    for path in asyncio.run(take(args.out)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
