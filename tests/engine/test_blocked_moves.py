"""Why a move is missing (queries.blocked_moves), against the legal actions themselves, and the
narrator's articles."""

from __future__ import annotations

from collections import Counter

from rainboard.data import load_data
from rainboard.engine import apply, legal_actions, queries
from rainboard.engine.actions import LEAVE, Buy, CrossGate, Flee, Hibernate, Tame
from rainboard.engine.events import CompanionKilled, CreatureMet
from rainboard.engine.narrator import a, narrate
from rainboard.engine.state import HandCard

from tests.engine.helpers import game, put, stack
from tests.engine.test_rule_queries import positions

DATA = load_data()


def test_a_blocked_move_is_never_legal_and_its_numbers_are_the_rules():
    seen: Counter = Counter()
    for name in ("shipped", "mini"):
        for state in positions(name):
            actor = state.to_act
            if actor is None:
                continue
            legal = legal_actions(state)
            player = state.players[actor]
            for blocked in queries.blocked_moves(state, actor):
                assert blocked.action not in legal, blocked
                seen[blocked.reason] += 1
                if blocked.reason == "karma":
                    gate = blocked.action.gate or state.pending.card
                    assert blocked.need == queries.gate_karma(state, gate, player.region) > player.karma
                    assert blocked.have == player.karma
                    assert not queries.can_cross(state, actor, gate)
                elif blocked.reason == "food" and isinstance(blocked.action, Hibernate):
                    assert blocked.need == queries.food_needed(state, actor) and not queries.is_fed(state, actor)
                elif blocked.reason == "food":
                    assert isinstance(blocked.action, Tame) and blocked.have == player.food < blocked.need
                elif blocked.reason == "pearls":
                    assert isinstance(blocked.action, Buy) and blocked.have < blocked.need
    assert seen["karma"] and seen["food"], seen


def test_nothing_is_blocked_for_a_player_not_to_act():
    state = game("survivor", "hunter", data=DATA)
    assert queries.blocked_moves(state, 1) == []


def test_a_drawn_gate_too_dear_says_the_karma_each_way():
    state = stack(put(game("survivor", "hunter", data=DATA), 0, karma=1), "su", "gate_hi_su")
    state, _ = apply(state, "draw")
    need = queries.gate_karma(state, "gate_hi_su", "su")
    assert queries.blocked_moves(state, 0) == [queries.Blocked(CrossGate(), "karma", need, 1)]
    state = put(state, 0, karma=need)
    assert queries.blocked_moves(state, 0) == [] and CrossGate() in legal_actions(state)


def test_a_kept_gate_and_a_shelter_without_the_food():
    state = put(game("survivor", "hunter", data=DATA), 0, karma=1, food=1,
                hand=(HandCard("gate_hi_su", "su"), HandCard("shelter", "su")))
    blocked = queries.blocked_moves(state, 0)
    assert queries.Blocked(Hibernate(), "food", queries.food_needed(state, 0), 1) in blocked
    assert queries.Blocked(CrossGate("gate_hi_su"), "karma", queries.gate_karma(state, "gate_hi_su", "su"), 1) in blocked


def test_a_tame_too_dear_and_no_flight_from_an_aggressive_creature():
    aggressive = next(c.id for c in DATA.cards.values() if c.kind == "creature" and "aggressive" in c.abilities
                      and queries.tame_price(c) is not None)
    state = put(game("survivor", "hunter", data=DATA), 0, food=0)
    state, _ = apply(stack(state, "su", aggressive), "draw")
    reasons = {(type(b.action), b.reason) for b in queries.blocked_moves(state, 0)}
    assert (Flee, "aggressive") in reasons and (Tame, "food") in reasons


def test_a_merchant_whose_offers_the_items_held_cannot_pay_for_lists_each_with_its_price():
    state = put(game("survivor", "hunter", data=DATA), 0, hand=(HandCard("pearl", "treasure"),))
    state, _ = apply(stack(state, "su", "scavenger_merchant"), "draw")
    offers = dict.fromkeys(state.pending.offers)
    held = DATA.cards["pearl"].pearls
    blocked = queries.blocked_moves(state, 0)
    legal = legal_actions(state)
    assert [b.action for b in blocked] == [Buy(card) for card in offers if DATA.cards[card].pearls > held]
    assert all(b.reason == "pearls" and b.need == DATA.cards[b.action.card].pearls and b.have == held for b in blocked)
    assert {b.action for b in blocked} | set(legal) == {Buy(card) for card in offers} | {LEAVE}
    assert blocked, "the shipped treasure deck no longer deals an offer dearer than a pearl here"


def test_articles_before_vowels():
    assert a("Eggbug") == "an Eggbug" and a("Batfly") == "a Batfly" and a("Explosive Spear", capital=True) == "An Explosive Spear"
    state = game("survivor", "hunter", data=DATA)
    assert narrate(CreatureMet(player=0, card="eggbug", hp=5), state) == "Ada meets an Eggbug (HP 5)."


def test_a_companion_never_brings_down_itself():
    state = game("survivor", "hunter", data=DATA)
    same = narrate(CompanionKilled(player=0, companion="green_lizard", target_card="green_lizard"), state)
    assert same == "Ada's Green Lizard brings down the other Green Lizard."
    other = narrate(CompanionKilled(player=0, companion="green_lizard", target_card="eggbug"), state)
    assert other == "Ada's Green Lizard brings down the Eggbug."
