"""Scenario helpers: build a game on the small test decks, stack cards, script the dice
(thin wrappers on rainboard.engine.testing)."""

from __future__ import annotations

from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import Options, PlayerSetup, Setup, apply, new_game, testing
from rainboard.engine.state import GameState

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
    return testing.set_turn_order(state, range(len(slugcats)))


def put(state: GameState, index: int, **changes) -> GameState:
    """Change a player's fields (testing.place)."""
    return testing.place(state, index, **changes)


def stack(state: GameState, deck: str, *cards: str) -> GameState:
    """Put these cards on top of a deck, first named on top (testing.stack)."""
    return testing.stack(state, deck, *cards)


def rig(state: GameState, *faces) -> GameState:
    """The next dice show these faces (testing.script_dice): a number is a d20, a pair
    (face, sides) another die, e.g. rig(state, 15, (3, 6))."""
    script = []
    for f in faces:
        face, sides = (f, 20) if isinstance(f, int) else f
        if not 1 <= face <= sides:
            raise ValueError(f"{face} is not a face of a d{sides}")
        script.append(face)
    return testing.script_dice(state, *script)


def act(state: GameState, *texts: str):
    """Apply actions by their text form; returns the last state and all events."""
    events = []
    for text in texts:
        state, new = apply(state, text)
        events += new
    return state, events


def types(events) -> list[type]:
    """The events' classes, in order: tests match events by type and fields, never by `kind` text."""
    return [type(e) for e in events]


def found(events, kind: type, **fields) -> list:
    """The events of class `kind` whose fields have these values, in order."""
    return [e for e in events if isinstance(e, kind) and all(getattr(e, k) == v for k, v in fields.items())]


def legal(state) -> list[str]:
    from rainboard.engine import legal_actions

    return [str(a) for a in legal_actions(state)]
