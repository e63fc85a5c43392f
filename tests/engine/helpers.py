"""Scenario helpers: build a game on the small test decks, stack cards, fix the dice."""

from __future__ import annotations

from pathlib import Path

from attrs import evolve

from rainboard.data import load_data
from rainboard.engine import Options, PlayerSetup, Setup, apply, new_game
from rainboard.engine.rng import Dice
from rainboard.engine.state import DeckState, GameState

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
_DATA = {}


def mini_data():
    if "mini" not in _DATA:
        _DATA["mini"] = load_data(MINI)
    return _DATA["mini"]


def game(*slugcats: str, seed=1, precycles=False, wait_turns=None, data=None) -> GameState:
    """A game on the test decks with players Ada, Bo, ... in that turn order; the first turn begun."""
    names = ["Ada", "Bo", "Cy", "Di"]
    setup = Setup(
        players=[PlayerSetup(names[i], s) for i, s in enumerate(slugcats)],
        seed=seed,
        options=Options(precycles=precycles, wait_turns=wait_turns),
    )
    state, _ = new_game(setup, data or mini_data())
    # fix the turn order to the players' listed order, whatever the d20s said
    first = state.players[state.current]
    players = list(state.players)
    players[state.current] = evolve(first, turns=0, cycle_turns=0)
    players[0] = evolve(players[0], turns=1, cycle_turns=1)
    return evolve(state, order=tuple(range(len(slugcats))), turn=0, players=tuple(players))


def put(state: GameState, index: int, **changes) -> GameState:
    players = list(state.players)
    players[index] = evolve(players[index], **changes)
    return evolve(state, players=tuple(players))


def stack(state: GameState, deck: str, *cards: str) -> GameState:
    """Put these cards on top of a deck, first named on top."""
    decks = dict(state.decks)
    old = decks[deck]
    decks[deck] = DeckState(draw=tuple(cards) + old.draw, discard=old.discard)
    return evolve(state, decks=decks)


def rig(state: GameState, *faces) -> GameState:
    """Choose the generator state so the next dice show these faces: a number is a d20, a pair
    (face, sides) another die, e.g. rig(state, 15, (3, 6))."""
    wanted = [(f, 20) if isinstance(f, int) else f for f in faces]
    for candidate in range(50_000_000):
        dice = Dice(candidate)
        if all(dice.roll(sides) == face for face, sides in wanted):
            return evolve(state, rng=candidate)
    raise AssertionError(f"no generator state gives {faces}")


def act(state: GameState, *texts: str):
    """Apply actions by their text form; returns the last state and all events."""
    events = []
    for text in texts:
        state, new = apply(state, text)
        events += new
    return state, events


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def legal(state) -> list[str]:
    from rainboard.engine import legal_actions

    return [str(a) for a in legal_actions(state)]
