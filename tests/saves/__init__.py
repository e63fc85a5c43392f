"""Helpers for the save tests: play a game on the small test decks and keep what a save needs."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from attrs import frozen

from rainboard.data import GameData, load_data
from rainboard.engine import GameState, PlayerSetup, Setup, apply, digest, legal_actions, new_game
from rainboard.engine.state import OVER
from rainboard.saves import SaveGame, new_save, outcome_record, record

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MINI = FIXTURES / "mini"
T0 = datetime(2026, 11, 23, 13, 18, tzinfo=UTC)
T1 = datetime(2026, 11, 23, 14, 2, 5, tzinfo=UTC)
_DATA: dict[str, GameData] = {}


def mini_data() -> GameData:
    if "mini" not in _DATA:
        _DATA["mini"] = load_data(MINI)
    return _DATA["mini"]


@frozen
class Played:
    """A game played directly with the engine: its save, and every state along the way."""

    save: SaveGame
    states: tuple[GameState, ...]  # states[i]: after i actions
    events: tuple[tuple, ...]  # events[i]: of action i; events[0]: of new_game


def play(seed="s1", slugcats=("survivor", "hunter"), choose_later=False, limit=400, chooser_seed=7,
         data: GameData | None = None, game_id="20261123-131800-ab12") -> Played:
    """Random legal play for up to `limit` actions (or the game's end), recorded as a save with a
    digest after every action (record keeps every tenth and the last)."""
    data = data or mini_data()
    names = ["Ada", "Bo", "Cy", "Di"]
    setup = Setup(players=[PlayerSetup(names[i], None if choose_later else s) for i, s in enumerate(slugcats)],
                  seed=seed)
    state, opening = new_game(setup, data)
    chooser = random.Random(chooser_seed)
    states, events, actions = [state], [tuple(opening)], []
    digests = {0: digest(state)}
    while state.phase != OVER and len(actions) < limit:
        action = chooser.choice(legal_actions(state))
        state, happened = apply(state, action)
        actions.append(str(action))
        states.append(state)
        events.append(tuple(happened))
        digests[len(actions)] = digest(state)
    save = new_save(setup, data, table_handoffs=True, now=T0, game_id=game_id)
    save = record(save, actions, digests, state.phase == OVER, outcome_record(state), T1)
    return Played(save=save, states=tuple(states), events=tuple(events))
