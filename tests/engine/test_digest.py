"""The quick digest writes exactly the text the plain one did: saves on disk hold digests.

The reference below is the digest as it was first written (json.dumps of the state made plain); the
engine's own must equal it on every state of whole games, and on states holding values no game makes.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from enum import IntEnum, StrEnum

import attrs
import pytest

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, apply, digest, legal_actions, new_game, testing
from rainboard.engine.state import DeckState, HandCard
from rainboard.sim import random_setup

from .helpers import mini_data

# the engine package exports the function `digest`, which hides its module of the same name
digest_module = sys.modules["rainboard.engine.digest"]


def _plain(value):
    if attrs.has(type(value)):
        out = {"_": type(value).__name__}
        for field in attrs.fields(type(value)):
            if field.name == "data":
                continue
            out[field.name] = _plain(getattr(value, field.name))
        return out
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def reference_text(state) -> str:
    body = _plain(state)
    if not body["script"]:
        del body["script"]
    body["deck_data"] = state.data.fingerprint
    return json.dumps(body, sort_keys=True, separators=(",", ":"))


def reference_digest(state) -> str:
    return hashlib.sha256(reference_text(state).encode()).hexdigest()[:16]


def _game(data, seed, players, steps):
    chooser = random.Random(seed)
    state, _ = new_game(random_setup(data, seed, players, chooser), data)
    states = [state]
    for _ in range(steps):
        if state.phase == "over":
            break
        state, _ = apply(state, chooser.choice(legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("decks, seed, players", [("shipped", 1, 4), ("shipped", 2, 9), ("shipped", 3, 1),
                                                  ("mini", 4, 2), ("mini", 5, 3)])
def test_the_digest_equals_the_plain_one_on_every_state_of_a_game(decks, seed, players):
    data = load_data() if decks == "shipped" else mini_data()
    states = _game(data, seed, players, 600)
    assert len(states) > 100
    for state in states:
        assert digest_module.body_text(state) == reference_text(state)
        assert digest(state) == reference_digest(state)
    # asked again, out of order, the remembered texts give the same answers
    shuffled = states[:]
    random.Random(seed).shuffle(shuffled)
    for state in shuffled[:100]:
        assert digest(state) == reference_digest(state)


def test_forgetting_remembered_texts_changes_nothing(monkeypatch):
    monkeypatch.setattr(digest_module, "_LIMIT", 5)
    states = _game(mini_data(), 8, 2, 120)
    for state in states:
        assert digest(state) == reference_digest(state)
    assert len(digest_module._texts) <= 5


def test_scripted_dice_and_unusual_names_are_written_as_json_writes_them():
    players = [PlayerSetup('Zoë "the" \\ quick', "survivor"), PlayerSetup("Bö\u2028🎲", "hunter")]
    state, _ = new_game(Setup(players=players, seed="sëed ✓"), mini_data())
    states = [state, testing.script_dice(state, 3, 17, 20)]
    for state in states:
        assert digest(state) == reference_digest(state)
    assert digest(states[0]) != digest(states[1])


class Colour(StrEnum):
    RED = "red"


class Size(IntEnum):
    BIG = 7


def test_values_no_game_makes_still_give_the_plain_digest():
    """Floats, other enums, dicts with other keys, lists: the quick writer hands anything it does not
    know to json, so even these states digest as before."""
    state = _game(mini_data(), 9, 2, 30)[-1]
    odd = [
        testing.place(state, 0, food=1.5, karma=Size.BIG, slugcat=Colour.RED),
        testing.place(state, 1, hand=[HandCard("x", "y"), HandCard("z", "w")], escaped_from=(1, (2, 3))),
        attrs.evolve(state, decks={**state.decks, 7: DeckState(draw=("a",)), "é": DeckState()}),
        attrs.evolve(state, order=["1", 0], ranking=(True, None, 2.0, float("inf"))),
        attrs.evolve(state, seed=10**30, steps=-3),
        attrs.evolve(state, pending=HandCard("mark", "fp")),
    ]
    for state in odd:
        assert digest(state) == reference_digest(state)


def test_a_new_value_in_a_dead_ones_place_is_written_afresh():
    """Players made and dropped one after another often reuse the same memory; each is still
    written as itself."""
    state = _game(mini_data(), 10, 2, 5)[-1]
    for food in range(60):
        changed = testing.place(state, 0, food=food % 7, turns=food)
        assert digest(changed) == reference_digest(changed)
        del changed
