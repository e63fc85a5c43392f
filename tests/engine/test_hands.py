"""What a hand holds (engine/hands.py), kept per hand object, and the turn's legal actions built on it:
both must give what reading the hands plainly gives, in the same order, over whole random games."""

from __future__ import annotations

import random

import attrs
import pytest

from rainboard.data import load_data
from rainboard.data.models import CardKind
from rainboard.engine import apply, hands, legal_actions, new_game
from rainboard.engine.actions import CrossGate, Draw, Eat, SearchShelter, TakeFood, Walk
from rainboard.engine.hands import NOTHING, holding
from rainboard.engine.hunts import hunt_targets, legal_hunts, must_hunt
from rainboard.engine.queries import can_cross, partners, travels_alone, usable_cards
from rainboard.engine.shelter import can_search, sleep_action
from rainboard.engine.state import PLAYING, PRECYCLE_DECK, HandCard
from rainboard.sim import random_setup

from .helpers import game, put


def _plain(data, hand):
    """The hand read card by card: distinct shelter ids, gate ids and item cards, in hand order."""
    shelters, gates, items = [], [], []
    for held in hand:
        card = data.card(held.card)
        if card.kind == CardKind.SHELTER and held.card not in shelters:
            shelters.append(held.card)
        elif card.kind == CardKind.GATE and held.card not in gates:
            gates.append(held.card)
        elif card.kind == CardKind.ITEM and card not in items:
            items.append(card)
    return tuple(shelters), tuple(gates), tuple(items)


def test_a_hand_is_sorted_as_reading_it_card_by_card_gives():
    data = load_data()
    cards = sorted(data.cards) + sorted(data.gates)
    chooser = random.Random(7)
    kinds_seen = set()
    for _ in range(300):
        hand = tuple(HandCard(chooser.choice(cards), "su") for _ in range(chooser.randint(1, 9)))
        held = holding(data, hand)
        assert (held.shelters, held.gates, held.items) == _plain(data, hand), hand
        kinds_seen.update(k for k, part in zip("sgi", (held.shelters, held.gates, held.items)) if part)
    assert kinds_seen == set("sgi")  # every kind came up, repeated cards too (9 of ~50 cards)
    assert holding(data, ()) is NOTHING


def test_the_sorting_is_kept_per_hand_object_and_per_deck_data():
    data = load_data()
    hand = (HandCard("spear", "su"), HandCard("shelter", "su"), HandCard("spear", "su"))
    first = holding(data, hand)
    assert holding(data, hand) is first  # looked up, not sorted again
    twin = tuple(list(hand))
    assert twin is not hand and holding(data, twin) is not first  # another hand object is sorted anew
    assert (holding(data, twin).shelters, holding(data, twin).items) == (first.shelters, first.items)
    other = attrs.evolve(data)  # equal decks, another data object: its own tables, sorted again
    assert holding(other, hand) is not first and holding(other, hand).shelters == ("shelter",)


def test_usable_cards_refuses_a_kind_no_rule_uses_from_a_hand():
    state = put(game("survivor", "hunter"), 0, hand=(HandCard("spear", "su"),))
    with pytest.raises(ValueError, match="only kept shelters and gates"):
        usable_cards(state, 0, CardKind.ITEM)
    assert usable_cards(state, 0, "gate") == []  # the kind's text works, as the tutorial asks it


def _plain_legal_turn(state) -> list:
    """The legal actions of a turn (no decision pending) composed the plain way, each piece asked on
    its own, as the engine composed them before the hand sorting was kept."""
    index = state.order[state.turn]
    player = state.players[index]
    targets = hunt_targets(state, index)
    sleep = [sleep_action(state, index)] if usable_cards(state, index, CardKind.SHELTER) else []
    search = [SearchShelter()] if can_search(state, index) else []
    if must_hunt(state, index):
        moves = legal_hunts(state, index, targets) + sleep + search
    else:
        if state.precycle and player.cycle_turns <= state.data.rules.precycle_forced_turns:
            moves = [Draw(PRECYCLE_DECK), TakeFood()]
        elif state.precycle:
            moves = [Draw(), Draw(PRECYCLE_DECK), TakeFood()]
        else:
            moves = [Draw(), TakeFood()]
        moves += search + sleep
        if travels_alone(state, index):
            moves += [CrossGate(card) for _, card in usable_cards(state, index, CardKind.GATE)
                      if can_cross(state, index, card)]
            moves += [Walk(other) for other in state.data.regions[player.region].free_crossings]
        moves += legal_hunts(state, index, targets)
    _, _, items = _plain(state.data, player.hand)
    return moves + [Eat(item.id) for item in items if item.food > 0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_turns_legal_actions_are_the_plain_reading_in_the_same_order(seed):
    """Random 4-player games: every turn's legal actions equal the plain composition, in order (a
    simulated game picks by position, so the order is part of the game)."""
    data = load_data()
    chooser = random.Random(seed)
    state, _ = new_game(random_setup(data, seed, 4, chooser), data)
    turns = with_partners = with_targets = 0
    for _ in range(3000):
        if state.phase != PLAYING:
            break
        legal = legal_actions(state)
        if state.pending is None:
            assert legal == _plain_legal_turn(state), state.steps
            turns += 1
            index = state.order[state.turn]
            with_partners += bool(partners(state, index))
            with_targets += bool(hunt_targets(state, index))
        state, _ = apply(state, chooser.choice(legal))
    assert turns > 500 and with_targets > 0


def test_a_partners_kept_cards_count_for_the_turn_as_the_plain_reading_gives():
    """A tamed creature's shelter and gate serve its tamer in the same region (queries.partners), after
    the tamer's own, each once."""
    data = load_data()
    gate = data.gates[sorted(data.gates)[0]]
    state = game("survivor", "hunter", data=data)
    state = put(state, 0, region=gate.a, karma=5, hand=(HandCard("spear", "su"),))
    state = put(state, 1, region=gate.a, tamed_by=0, form="hunter_long_legs",
                hand=(HandCard(gate.id, gate.a), HandCard("shelter", "su"), HandCard(gate.id, gate.a)))
    assert partners(state, 0) == [1]
    legal = legal_actions(state)
    assert legal == _plain_legal_turn(state)
    assert CrossGate(gate.id) in legal and sleep_action(state, 0) in legal
    assert usable_cards(state, 0, CardKind.GATE) == [(1, gate.id)]


def test_the_kept_sortings_are_bounded(monkeypatch):
    data = load_data()
    monkeypatch.setattr(hands, "_LIMIT", 3)
    monkeypatch.setattr(hands, "_held", {})
    kept = [tuple(HandCard("spear", "su") for _ in range(n)) for n in range(1, 8)]
    for hand in kept:
        assert holding(data, hand).items == (data.cards["spear"],)
        assert len(hands._held) <= 3
