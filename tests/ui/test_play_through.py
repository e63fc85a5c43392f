"""Whole games through the keyboard, as players would play them (Pilot tests)."""

from __future__ import annotations

import random
from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import outcome
from rainboard.sim import EagerPolicy
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.screens.game_over import GameOverScreen
from rainboard.ui.screens.setup import SetupScreen, SlugcatPickScreen

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"


async def set_up(pilot, app, players: int, seed: str) -> None:
    """From the title: New game, the number of players, the seed and the decks, all by keys."""
    await pilot.press("enter")  # New game is the first entry
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    assert app.focused.id == "player-count"  # the setup opens on the player count
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press("home", *(["down"] * (players - 1)), "enter")
    await pilot.pause()
    for _ in range(12):  # on to the seed field, past every field before it
        if app.focused is not None and app.focused.id == "seed":
            break
        await pilot.press("tab")
    assert app.focused.id == "seed"
    await pilot.press("end", *("backspace" for _ in range(12)), *seed)
    await pilot.press("tab", *str(SHORT))
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, ReportScreen), app.screen  # the turn-order roll
    await pilot.press("enter")
    await pilot.pause()
    while isinstance(app.screen, SlugcatPickScreen):
        await pilot.press("enter")
        await pilot.pause()


async def play_one(pilot, app, policy) -> None:
    """One choice by the policy, entered as a player would: its number, or the list."""
    screen = app.screen
    if isinstance(screen, (ReportScreen, HandoffScreen, TurnResultScreen)):
        await pilot.press("enter")
        await pilot.pause()
        return
    assert isinstance(screen, BoardScreen), screen
    action = policy(screen.session.state)
    index = screen._legal.index(action)
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        screen.query_one("#actions").focus()
        await pilot.press("home", *(["down"] * index), "enter")
    await pilot.pause()


async def test_a_whole_solo_game_from_the_title_to_the_end_by_keys():
    app = RainboardApp(catch_errors=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await set_up(pilot, app, players=1, seed="solo-7")
        assert isinstance(app.screen, BoardScreen)
        session = app.screen.session
        policy = EagerPolicy(session.data, random.Random(7))
        for _ in range(400):
            if isinstance(app.screen, GameOverScreen):
                break
            await play_one(pilot, app, policy)
        assert isinstance(app.screen, GameOverScreen)
        result = outcome(session.state)
        shown = str(app.screen.query_one("#over-summary").render())
        assert f"Solo score: {result.solo_score} turns" in shown
        table = app.screen.query_one("#ranking")
        row = [str(cell) for cell in table.get_row_at(0)]
        assert row[:2] == ["1", session.state.players[0].name]
        assert row[3] == str(session.state.players[0].turns) == str(result.solo_score)
        assert session.setup.seed == "solo-7"


async def test_a_three_player_hotseat_cycle_with_hand_offs_a_gate_and_a_fight():
    app = RainboardApp(catch_errors=False)
    handoffs = []
    async with app.run_test(size=(80, 24)) as pilot:
        await set_up(pilot, app, players=3, seed="table-1")
        session = app.screen.session
        assert len(session.state.players) == 3 and all(p.slugcat for p in session.state.players)
        policy = EagerPolicy(session.data, random.Random(3))
        for _ in range(300):
            if isinstance(app.screen, HandoffScreen):
                handoffs.append(app.screen.player_name)
                assert "Pass the keyboard to" in str(app.screen.query_one(".dialog-title").render())
            seen = {e.kind for e in session.events}
            if session.state.cycle >= 2 and {"moved", "encounter"} <= seen and isinstance(app.screen, BoardScreen):
                break
            if isinstance(app.screen, GameOverScreen):
                break  # the short decks can end a game within a couple of cycles
            await play_one(pilot, app, policy)
        kinds = [e.kind for e in session.events]
        assert session.state.cycle >= 2, "a whole cycle was played"
        assert {"cycle_ended", "moved", "encounter"} <= set(kinds), sorted(set(kinds))
        assert len(set(handoffs)) == 3  # every player was handed the keyboard
        # the board shows the player whose turn it is
        viewer = session.state.players[session.state.to_act].name
        assert viewer in str(app.screen.query_one("#prompt").render())
