"""The tame price is the creature's food value, for every shipped creature.

Rulebook, the labelled creature card: "FOOD PIPS REQUIRED TO TAME. ALSO, THE AMOUNT OF FOOD YOU GET FOR
KILLING IT." One number on the card, so no card may price a tame apart from its food.
"""

from __future__ import annotations

import pytest

from rainboard.data import load_data
from rainboard.engine.queries import tame_cost, tame_price

from .helpers import act, game, legal, put, stack

SHIPPED = load_data()
NEVER_FED = {"stationary", "scavenger", "merchant", "slugpup"}  # won over otherwise, or not at all
CREATURES = sorted(cid for cid, card in SHIPPED.cards.items() if card.kind == "creature")


@pytest.mark.parametrize("creature", CREATURES)
def test_each_shipped_creature_is_tamed_for_its_food(creature):
    card = SHIPPED.cards[creature]
    state = game("survivor", "monk", data=SHIPPED)  # the Survivor's tame stat is 0: no discount
    if card.food < 1 or NEVER_FED & set(card.abilities):
        assert tame_price(card) is None and tame_cost(state, 0, card) is None
    else:
        assert tame_price(card) == card.food
        assert tame_cost(state, 0, card) == (card.food, ())


@pytest.mark.parametrize("creature", ["vulture", "king_vulture", "red_lizard", "brother_long_legs",
                                      "daddy_long_legs"])
def test_a_survivor_tames_the_dearest_creatures_for_their_food(creature):
    """These five once cost more to tame than they fed; now the food on the card is the price."""
    food = SHIPPED.cards[creature].food
    state = game("survivor", "monk", data=SHIPPED)
    state = stack(put(state, 0, region="hi", food=food - 1), "hi", creature)
    short, _ = act(state, "draw")
    assert "tame" not in legal(short)
    state, _ = act(put(state, 0, food=food), "draw")
    assert "tame" in legal(state)
    state, _ = act(state, "tame")
    assert state.players[0].food == 0
    assert [h.card for h in state.players[0].hand] == [creature]
