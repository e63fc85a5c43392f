"""Taming, companions, abilities, items, scavengers and merchants."""

from attrs import evolve

from rainboard.engine import check_modifiers
from rainboard.engine.events import (
    CompanionKilled,
    CreatureKilled,
    CreatureMet,
    Joined,
    KarmaSaved,
    LetPass,
    ReputationChanged,
    Rolled,
    Tamed,
)
from rainboard.engine.state import DEAD, HandCard, Market

from .helpers import act, found, game, legal, put, rig, stack


def hold(state, index, *cards, deck="su"):
    return put(state, index, hand=state.players[index].hand + tuple(HandCard(c, deck) for c in cards))


def meet(creature, *faces, slugcat="survivor", region="hi", **player):
    """Ada (and Bo, who waits) with Ada facing `creature` drawn from `region`'s deck."""
    state = game(slugcat, "rivulet" if slugcat != "rivulet" else "saint")
    state = put(state, 0, region=region, **player)
    state = stack(state, region, creature)
    state = rig(state, *faces) if faces else state
    return act(state, "draw")


# -- taming and companions ---------------------------------------------------------------------
def test_taming_pays_the_food_value_and_the_creature_joins_the_hand():
    state, _ = meet("green_lizard", food=3)
    assert "tame" in legal(state)
    state, events = act(state, "tame")
    player = state.players[0]
    assert player.food == 0 and [h.card for h in player.hand] == ["green_lizard"]
    assert found(events, Tamed) and state.current == 1


def test_no_taming_without_the_food_or_for_hazards_and_scavengers():
    state, _ = meet("green_lizard", food=2)
    assert "tame" not in legal(state)
    state, _ = meet("scavenger", food=4)
    assert "tame" not in legal(state)
    state = game("hunter")
    state = evolve(put(state, 0, food=5), rain=9)
    state, _ = act(state, "food")  # second turn in Farm Arrays: worm grass
    assert legal(state) == ["flee"]


def test_tame_costs_are_lowered_by_the_slugcats_stat_and_by_items():
    # Saint tames at -1; the bait takes 2 more off and is used up
    state, _ = meet("green_lizard", slugcat="saint", food=0)
    assert "tame" not in legal(state)
    state = put(state, 0, food=2)
    assert "tame" in legal(state)  # 3 - 1
    state = hold(state, 0, "bait")
    state = put(state, 0, food=0)
    assert "tame bait" not in legal(state)  # 3 - 1 - 2 = 0, but a tame takes at least one pip
    state = put(state, 0, food=1)
    assert legal(state)[-1] == "tame bait"
    state, events = act(state, "tame bait")
    assert state.players[0].food == 0
    assert [h.card for h in state.players[0].hand] == ["green_lizard"]
    (tamed,) = found(events, Tamed, player=0, card="green_lizard")
    # each discount is what it takes off the price
    assert (tamed.price, tamed.cost, tamed.discounts) == (3, 1, (("The Saint", 1), ("Batfly Bait", 2)))


def test_tamed_creatures_and_slugpups_stay_through_the_end_of_the_cycle():
    state = game("survivor")
    state = hold(state, 0, "green_lizard")
    state = stack(state, "su", "slugpup", "shelter")
    state, events = act(state, "draw")
    assert found(events, Joined) and not found(events, CreatureMet)
    state = put(state, 0, food=2)
    state, _ = act(state, "draw", "hibernate")
    assert state.cycle == 2
    assert sorted(h.card for h in state.players[0].hand) == ["green_lizard", "slugpup"]


def test_companions_attack_after_the_player_each_with_its_own_roll():
    # Ada misses (5 vs 14); her lizard rolls 10 - 3 = 7, no; her slugpup 20 - 4 = 16 > 14: dead
    state, _ = meet("green_lizard")
    state = hold(state, 0, "green_lizard", "slugpup")
    state = rig(state, 5, 10, 20)
    state, events = act(state, "attack")
    rolls = [e.roll for e in events if isinstance(e, Rolled)]
    assert [r.who for r in rolls] == ["Ada", "Ada's Green Lizard", "Ada's Slugpup"]
    assert [r.total for r in rolls] == [5, 7, 16]
    assert found(events, CompanionKilled) and found(events, CreatureKilled)
    assert state.players[0].food == 3 and state.current == 1


# -- abilities --------------------------------------------------------------------------------
def test_an_aggressive_creature_cannot_be_fled_on_the_first_exchange():
    state, _ = meet("hunter_long_legs")
    assert "flee" not in legal(state) and "attack" in legal(state)
    state = rig(state, 2, 3)  # miss; it strikes 3 + 1, HP halved by its blast: 4 vs 6, survived
    state, events = act(state, "attack")
    assert events[-2].roll.target == 6  # an explosive strike counts Ada's 12 HP as 6
    assert "flee" in legal(state)


def test_aquatic_creatures_are_stronger_in_water_and_weaker_out_of_it():
    state, _ = meet("salamander", 4, 9, region="gw")
    state, events = act(state, "attack")
    assert events[-2].roll.modifiers == (("in its water", 2),)
    state, _ = meet("salamander", 4, 9, region="hi")
    state, events = act(state, "attack")
    assert events[-2].roll.modifiers == (("out of water", -2),)


# -- items ------------------------------------------------------------------------------------
def test_a_spear_adds_to_the_attack_and_is_used_up():
    state, _ = meet("green_lizard", 12)
    state = hold(state, 0, "spear")
    assert "attack spear" in legal(state)
    state, events = act(state, "attack spear")
    assert events[0].roll.modifiers == (("Spear", 3),) and events[0].roll.success
    assert state.players[0].hand == () and "spear" in state.decks["su"].discard


def test_a_bomb_counts_the_targets_hp_as_half():
    state, _ = meet("green_lizard", 8)
    state = hold(state, 0, "bomb")
    state, events = act(state, "attack bomb")
    roll = [e for e in events if isinstance(e, Rolled)][0].roll
    assert roll.target == 7 and roll.success


def test_a_rock_helps_a_flight():
    state, _ = meet("green_lizard", 10, 10)
    state = hold(state, 0, "rock")
    state, events = act(state, "flee rock")
    mine = events[0].roll
    assert mine.modifiers == (("Rock", 2),) and mine.total == 12 and mine.target == 11 and mine.success


def test_a_lantern_lifts_the_darkness():
    state = game("survivor")
    state = put(state, 0, region="uh")
    assert check_modifiers(state, 0, "attack") == (("darkness", -1),)
    state = hold(state, 0, "lantern")
    assert check_modifiers(state, 0, "attack") == ()


def test_a_karma_flower_keeps_karma_through_a_death():
    state, _ = meet("green_lizard", 2, 20, karma=4)
    state = hold(state, 0, "karma_flower")
    state, events = act(state, "attack")
    assert state.players[0].status == DEAD and state.players[0].karma == 4
    assert found(events, KarmaSaved) and state.players[0].hand == ()


def test_food_items_are_eaten_at_any_moment_without_ending_the_turn():
    state = game("survivor", "saint")
    state = hold(state, 0, "mushroom")
    assert "eat mushroom" in legal(state)
    state, _ = act(state, "eat mushroom")
    assert state.players[0].food == 1 and state.current == 0 and state.players[0].hand == ()
    state = stack(state, "su", "batfly")
    state = hold(state, 0, "mushroom")
    state, _ = act(state, "draw", "eat mushroom")
    assert state.pending is not None and state.players[0].food == 2


def test_items_drawn_go_to_the_hand():
    state = game("survivor")
    state = stack(state, "su", "pearl")
    state, events = act(state, "draw")
    assert [h.card for h in state.players[0].hand] == ["pearl"]


# -- scavengers -------------------------------------------------------------------------------
def test_low_reputation_scavengers_fight_and_attacking_costs_reputation_once():
    state, _ = meet("scavenger", 3, 2, 4, reputation=2)
    assert "leave" not in legal(state) and "flee" in legal(state)
    state, events = act(state, "attack")
    assert state.players[0].reputation == 1 and found(events, ReputationChanged)
    state = rig(state, 3, 2)
    state, events = act(state, "attack")
    assert state.players[0].reputation == 1 and not found(events, ReputationChanged)


def test_gifts_raise_reputation_one_per_half_pearl_and_calm_the_scavenger():
    state, _ = meet("scavenger", reputation=1)
    state = hold(state, 0, "pearl")
    assert "give pearl" in legal(state)
    state, events = act(state, "give pearl")
    assert state.players[0].reputation == 3
    assert found(events, LetPass) and legal(state)[0] == "leave"
    state, _ = act(state, "leave")
    assert state.current == 1 and state.decks["hi"].discard == ("scavenger",)


def test_reputation_three_lets_the_player_pass_and_five_makes_a_friend():
    state, events = meet("scavenger", reputation=3)
    assert found(events, LetPass) and "leave" in legal(state) and "flee" not in legal(state)
    state, events = meet("scavenger", reputation=5)
    assert found(events, Joined) and [h.card for h in state.players[0].hand] == ["scavenger"]
    assert state.current == 1


def test_at_most_three_scavenger_friends():
    state = game("survivor", "saint")
    state = put(state, 0, region="hi", reputation=5)
    state = hold(state, 0, "scavenger", "scavenger", "scavenger")
    state = stack(state, "hi", "scavenger")
    state, events = act(state, "draw")
    assert not found(events, Joined) and "leave" in legal(state)


def test_artificer_never_gains_reputation():
    state, _ = meet("scavenger", slugcat="artificer", reputation=1)
    state = hold(state, 0, "lantern")
    state, events = act(state, "give lantern")
    assert state.players[0].reputation == 1
    assert events[0] == ReputationChanged(player=0, card="scavenger", item="lantern", before=1, after=1,
                                          never_gains=True)


def test_a_merchant_shows_three_treasures_and_sells_for_pearls():
    state, events = meet("merchant")
    state = hold(state, 0, "pearl", "pearl", "spear")
    market = state.pending
    assert isinstance(market, Market) and len(market.offers) == 3
    offers = list(market.offers)
    treasure = state.decks["treasure"].draw
    # rebuild a known offer: a lantern (2 pearls) and two spears (half a pearl)
    state = evolve(state, pending=evolve(market, offers=("lantern", "spear", "spear")))
    assert legal(state) == ["buy lantern", "buy spear", "leave"]
    state, events = act(state, "buy spear")  # pays with the spear: half a pearl covers it exactly
    assert sorted(h.card for h in state.players[0].hand) == ["pearl", "pearl", "spear"]
    state, _ = act(state, "buy lantern")  # two pearls
    assert sorted(h.card for h in state.players[0].hand) == ["lantern", "spear"]
    state, _ = act(state, "leave")
    assert state.decks["treasure"].draw[-1:] == ("spear",)  # unbought: under the deck
    assert state.current == 1 and state.decks["hi"].discard == ("merchant",)
    assert len(offers) == 3 and len(treasure) == 2
