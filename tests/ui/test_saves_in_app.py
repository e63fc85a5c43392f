"""Saves at the table: autosave and resume, replay stepping, undo, a challenge into the score book."""

from __future__ import annotations

import random
from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, digest
from rainboard.saves import Replay, latest_unfinished, read_save
from rainboard.saves.challenge import make_code
from rainboard.saves.scores import ScoreBook
from rainboard.sim import EagerPolicy
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.challenge import ChallengeScreen
from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.screens.game_over import GameOverScreen
from rainboard.ui.screens.replay import ReplayScreen
from rainboard.ui.screens.scores import ScoresScreen
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.session import GameSession

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"


class NewGameApp(RainboardApp):
    """Starts a two-player game on the short decks, saved as it goes."""

    def on_mount(self) -> None:
        self.call_later(self._start)

    def _start(self) -> None:
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed="resume")
        self.begin(GameSession.start(setup, load_data(SHORT)), TableOptions(handoffs=False))


async def _press_moves(pilot, app, count: int, chooser: random.Random) -> None:
    for _ in range(count):
        while isinstance(app.screen, (ReportScreen, HandoffScreen, TurnResultScreen)):
            await pilot.press("enter")
            await pilot.pause()
        board = app.screen
        assert isinstance(board, BoardScreen)
        await pilot.press(str(board._legal.index(chooser.choice(board._legal)) + 1))
        await pilot.pause()


async def test_every_move_is_saved_and_continue_picks_the_game_up_exactly(_private_data_dir):
    app = NewGameApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press_moves(pilot, app, 12, random.Random(4))
        session = app.screen.session
        played = list(session.actions)
        final = digest(session.state)
    path = latest_unfinished(_private_data_dir)
    assert path is not None
    assert list(read_save(path).actions) == played  # nothing shown on screen is missing from the save
    again = RainboardApp(catch_errors=False, resume=path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = again.screen
        assert isinstance(board, BoardScreen)
        assert digest(board.session.state) == final
        await _press_moves(pilot, again, 3, random.Random(5))
        assert list(read_save(path).actions[:len(played)]) == played and len(read_save(path).actions) == len(played) + 3


async def test_continue_on_a_broken_save_says_so_and_leaves_the_file(_private_data_dir, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "rainboard-save", "version": 1', encoding="utf-8")
    app = RainboardApp(catch_errors=False, resume=broken)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("broken.json" in m for m in messages)
        assert not isinstance(app.screen, BoardScreen)
    assert broken.read_text(encoding="utf-8") == '{"format": "rainboard-save", "version": 1'


async def test_the_replay_steps_forward_and_back_and_plays_on_from_any_point(_private_data_dir):
    app = NewGameApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press_moves(pilot, app, 15, random.Random(6))
    path = latest_unfinished(_private_data_dir)
    replay = Replay(read_save(path))
    viewer = RainboardApp(catch_errors=False, replay=path)
    async with viewer.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = viewer.screen
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        await pilot.press("right", "right", "right")
        await pilot.pause()
        assert screen.index == 3
        assert digest(replay.state_at(3)) == digest(screen.replay.state_at(screen.index))
        await pilot.press("left")
        await pilot.pause()
        assert screen.index == 2
        await pilot.press("end")
        await pilot.pause()
        assert screen.index == len(replay)
        await pilot.press("home", "right_square_bracket")
        await pilot.pause()
        assert screen.index in replay.round_starts or screen.index == len(replay)
        assert "Replay step" in str(screen.query_one("#replay-status").render())
        await pilot.press("c")
        await pilot.pause()
        board = viewer.screen
        assert isinstance(board, BoardScreen)
        assert digest(board.session.state) == digest(replay.state_at(screen.index))


async def test_undo_takes_back_a_free_move_and_refuses_a_draw(_private_data_dir):
    from attrs import evolve

    from rainboard.engine.state import HandCard

    app = NewGameApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, BoardScreen):
            await pilot.press("enter")
            await pilot.pause()
        board = app.screen
        session = board.session
        mover = session.state.current
        players = list(session.state.players)
        players[mover] = evolve(players[mover], hand=(HandCard("bubble_fruit", "su"),))
        session.state = evolve(session.state, players=tuple(players))
        board.refresh_view()
        await pilot.press("i")  # eat: a free move
        await pilot.pause()
        assert session.state.players[mover].food == 1 and session.actions[-1] == "eat bubble_fruit"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert session.state.players[mover].food == 0 and "eat bubble_fruit" not in session.actions
        assert any("Took back: Eat Bubble Fruit" in n.message for n in app._notifications)
        await pilot.press("d")  # a draw shows a card: no taking it back
        await pilot.pause()
        taken = list(session.actions)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert session.actions == taken
        assert any((n.title or "") == "Cannot undo" and "showed a card" in n.message for n in app._notifications)


async def test_a_challenge_from_its_code_to_the_score_book_and_back_after_a_restart(_private_data_dir):
    data = load_data(SHORT)
    code = make_code(4242, 0, False)
    app = RainboardApp(catch_errors=False, data=data, challenge=code)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        assert code in str(app.screen.query_one("#challenge-info").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, BoardScreen)
        session = board.session
        assert session.challenge == code and len(session.state.players) == 1
        policy = EagerPolicy(data, random.Random(1))
        for _ in range(300):
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, (ReportScreen, HandoffScreen, TurnResultScreen)):
                await pilot.press("enter")
            else:
                await pilot.press(str(app.screen._legal.index(policy(session.state)) + 1))
            await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        turns = session.outcome.solo_score
        assert f"Solo score: {turns} turns" in str(app.screen.query_one("#over-summary").render())
        assert "first result" in str(app.screen.query_one("#over-summary").render())
    book = ScoreBook(_private_data_dir / "scores.sqlite3")
    best = book.best(code, fingerprint=data.fingerprint)  # kept under the decks it was played with
    assert best is not None and best.turns == turns
    assert book.best(code) is None  # and not among results whose decks are not known
    later = RainboardApp(catch_errors=False, data=data)
    async with later.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        later.push_screen(ScoresScreen())
        await pilot.pause()
        row = [str(cell) for cell in later.screen.query_one("#scores").get_row_at(0)]
        assert row[0] == code and row[2] == str(turns) and row[5] == "these"


async def test_the_challenge_screen_shows_the_best_on_these_decks_only(_private_data_dir):
    from datetime import date

    data = load_data(SHORT)
    code = make_code(4242, 0, False)
    book = ScoreBook(_private_data_dir / "scores.sqlite3")
    book.record(code, "survivor", 12, date(2026, 1, 2), fingerprint="0123456789abcdef")  # other decks
    book.record(code, "survivor", 11, date(2026, 1, 1))  # a result from before fingerprints
    app = RainboardApp(catch_errors=False, data=data, challenge=code, autosave=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        best = app.screen.query_one("#challenge-best")
        assert str(best.render()) == ("No result on this code with these decks yet (your older results were "
                                      "on other decks).")
        book.record(code, "survivor", 40, date(2026, 1, 3), fingerprint=data.fingerprint)
        app.screen._describe(code)
        assert str(best.render()) == "Your best on this code: 40 turns (2026-01-03)."


async def test_a_replay_that_drifts_stops_at_the_drift_and_says_where(_private_data_dir):
    import json

    app = NewGameApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press_moves(pilot, app, 25, random.Random(8))
    path = latest_unfinished(_private_data_dir)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["digests"]["20"] = "0" * 16  # the game no longer matches its record after action 20
    path.write_text(json.dumps(raw), encoding="utf-8")
    viewer = RainboardApp(catch_errors=False, replay=path)
    async with viewer.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = viewer.screen
        assert isinstance(screen, ReplayScreen)
        assert len(screen.replay) == 10 and screen.index == 10  # up to the last digest that held
        assert "after action 20" in screen.problem
        assert any("after action 20" in n.message for n in viewer._notifications)
        assert "drifts out of sync" in str(screen.query_one("#replay-status").render())
