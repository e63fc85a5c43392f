"""The table's dice (rules.toml [dice]): each variant's success, failure, critical and cost through the
engine with scripted dice, and its exact odds against many rolls."""

from __future__ import annotations

import random
from fractions import Fraction

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rainboard.data import with_dice
from rainboard.data.dice import VARIANTS
from rainboard.engine import dice as table_dice, legal_actions
from rainboard.engine.events import AttackMissed, Caught, CreatureKilled, Fled, Rolled
from rainboard.engine.queries import chance
from rainboard.engine.rng import Dice, seed_state
from rainboard.engine.state import DEAD
from rainboard.sim import play_random, random_setup

from .helpers import act, found, game, mini_data, put, rig, stack
from .test_random_play import CAP, DATA as SHIPPED, check_invariants


def _data(variant: str, **hp):
    """The test decks with these dice, and creatures' HP changed where asked (green_lizard=25)."""
    data = with_dice(mini_data(), variant)
    if hp:
        cards = dict(data.cards)
        for card_id, value in hp.items():
            cards[card_id] = attrs.evolve(cards[card_id], hp=value)
        data = attrs.evolve(data, cards=cards)
    return data


def _fight(variant: str, creature: str, *faces, hp=None, **player):
    """Ada (Survivor, HP 12, food max 4) meets `creature` with the next dice scripted."""
    data = _data(variant, **({creature: hp} if hp else {}))
    state = game("survivor", "saint", data=data)
    state = put(state, 0, region="hi" if creature != "batfly" else "su", **player)
    state = stack(state, state.players[0].region, creature)
    state = rig(state, *faces)
    return act(state, "draw")


def _rolls(events):
    return [e.roll for e in events if isinstance(e, Rolled)]


# -- d20 (the rulebook) ----------------------------------------------------------------------------------------
def test_d20_is_the_default_and_rolls_as_the_rulebook_does():
    assert mini_data().rules.dice.variant == "d20"
    state, _ = _fight("d20", "green_lizard", 15)
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.die, roll.natural, roll.target, roll.success, roll.grade) == ("d20", 15, 14, True, "")


# -- target (GRIMWIRE) -----------------------------------------------------------------------------------------
def test_target_success_meets_the_number_and_failure_falls_short():
    state, _ = _fight("target", "green_lizard", 15)
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.target, roll.success) == (15, True)  # HP 14 + target_add 1: meet 15
    assert found(events, CreatureKilled)
    # 14 does not meet 15; the lizard's strike 10 - 3 = 7 does not meet 12 + 1
    state, _ = _fight("target", "green_lizard", 14, 10)
    state, events = act(state, "attack")
    assert [r.success for r in _rolls(events)] == [False, False]
    assert found(events, AttackMissed) and state.players[0].status != DEAD


def test_target_a_natural_20_always_hits_and_gives_a_food_pip_more():
    state, _ = _fight("target", "green_lizard", 20, hp=25)
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.total, roll.target, roll.success, roll.grade, roll.food) == (20, 26, True, "natural", 1)
    assert found(events, CreatureKilled)
    assert state.players[0].food == 4  # the lizard's 3 pips and the natural hit's 1
    assert "natural 20: a hit (+1 food)" in roll.describe()


def test_target_has_no_cost_and_a_flee_wins_ties():
    # the lizard chases 9 + 1 = 10; Ada's 10 meets it (on the d20 a tie is the chaser's)
    state, _ = _fight("target", "green_lizard", 9, 10, food=2)
    state, events = act(state, "flee")
    assert found(events, Fled) and state.players[0].food == 2


# -- 2d10 (the "Rainworld" tabletop rules) -----------------------------------------------------------------------
def test_2d10_success_and_failure_against_the_target():
    state, _ = _fight("2d10", "green_lizard", (7, 10), (8, 10))
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.die, roll.faces, roll.natural, roll.target, roll.success) == ("2d10", (7, 8), 15, 14, True)
    state, _ = _fight("2d10", "green_lizard", (3, 10), (4, 10), (5, 10), (6, 10))
    state, events = act(state, "attack")
    assert [r.success for r in _rolls(events)] == [False, False]  # 7 vs 14; 11 - 3 = 8 vs 12


def test_2d10_doubles_on_a_kill_are_a_critical_with_a_food_pip_more():
    state, _ = _fight("2d10", "green_lizard", (8, 10), (8, 10))
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.grade, roll.success, roll.food) == ("critical", True, 1)
    assert state.players[0].food == 4
    assert roll.describe() == "Ada rolls for attack: 2d10 (8, 8) doubles! = 16 vs 14: critical success (+1 food)"


def test_2d10_doubles_on_a_failed_flee_cost_a_food_pip():
    # the lizard chases (5, 6) + 1 = 12; Ada rolls (3, 3) = 6: caught, and a pip lost; its strike (1, 2) - 3 misses
    state, _ = _fight("2d10", "green_lizard", (5, 10), (6, 10), (3, 10), (3, 10), (1, 10), (2, 10), food=2)
    state, events = act(state, "flee")
    mine = next(r for r in _rolls(events) if r.purpose == "flee")
    assert (mine.grade, mine.success, mine.food) == ("critical", False, -1)
    assert found(events, Caught) and state.players[0].food == 1


# -- pool (the action-pool rules) ---------------------------------------------------------------------------------
def test_pool_matching_dice_add_up_to_reach_the_difficulty():
    # two dice for Ada; HP 14 is difficulty (14 - 1) // 2 = 6: two 4s make 8
    state, _ = _fight("pool", "green_lizard", (4, 6), (4, 6))
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.die, roll.faces, roll.natural, roll.target, roll.success) == ("2d6", (4, 4), 8, 6, True)
    assert roll.food == 0  # the pool rules have no critical: doubles only add up
    assert roll.describe() == "Ada rolls for attack: 2d6 (4, 4) read 8 vs 6 (to reach): success"


def test_pool_failure_and_a_pool_below_zero_keeps_the_lowest():
    # Ada's (5, 4) reads 5 < 6; the lizard (attack -3: one die fewer) rolls one die against HP 12: 4 < 5
    state, _ = _fight("pool", "green_lizard", (5, 6), (4, 6), (4, 6))
    state, events = act(state, "attack")
    mine, strike = _rolls(events)
    assert (mine.natural, mine.success) == (5, False)
    assert (strike.pool, strike.natural, strike.target, strike.success) == (1, 4, 5, False)
    # a batfly strikes at -12: 2 - 4 = -2 dice, so four are rolled and the lowest kept
    state, _ = _fight("pool", "batfly", (5, 6), (4, 6), (6, 6), (6, 6), (4, 6), (6, 6), hp=14)
    state, events = act(state, "attack")
    strike = _rolls(events)[1]
    assert (strike.pool, strike.faces, strike.natural, strike.success) == (-2, (6, 6, 4, 6), 4, False)
    assert "keep the lowest: 4" in strike.describe()


# -- d6 (Forged in the Dark) --------------------------------------------------------------------------------------
def test_d6_a_six_succeeds_and_low_dice_fail():
    # a batfly (HP 3): 1 + (0 - 3 + 10) // 5 = 2 dice
    state, _ = _fight("d6", "batfly", (6, 6), (2, 6), food=2)
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.pool, roll.natural, roll.success, roll.grade, roll.food) == (2, 6, True, "", 0)
    # (3, 2) fails; the batfly (attack -12 against HP 12: 1 + (-14 // 5) = -2) rolls four, keeps the lowest
    state, _ = _fight("d6", "batfly", (3, 6), (2, 6), (6, 6), (6, 6), (6, 6), (1, 6))
    state, events = act(state, "attack")
    mine, strike = _rolls(events)
    assert (mine.success, strike.pool, strike.natural, strike.success) == (False, -2, 1, False)


def test_d6_a_desperate_roll_needs_a_six():
    # the batfly's strike rolls four dice (-2) and reads a 5: no partial success that far down
    state, _ = _fight("d6", "batfly", (3, 6), (2, 6), (5, 6), (5, 6), (5, 6), (5, 6))
    state, events = act(state, "attack")
    strike = _rolls(events)[1]
    assert (strike.pool, strike.natural, strike.success, strike.grade) == (-2, 5, False, "")
    assert state.players[0].status != DEAD
    state, _ = _fight("d6", "batfly", (3, 6), (2, 6), (6, 6), (6, 6), (6, 6), (6, 6))
    state, events = act(state, "attack")
    assert _rolls(events)[1].success and state.players[0].status == DEAD


def test_d6_a_four_or_five_succeeds_at_a_cost():
    state, _ = _fight("d6", "batfly", (5, 6), (1, 6), food=2)
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.success, roll.grade, roll.food) == (True, "cost", -1)
    assert found(events, CreatureKilled)
    assert roll.describe().endswith(": success at a cost (-1 food)")


def test_d6_two_sixes_are_a_critical():
    state, _ = _fight("d6", "batfly", (6, 6), (6, 6), food=2)
    state, events = act(state, "attack")
    roll = _rolls(events)[0]
    assert (roll.success, roll.grade, roll.food) == (True, "critical", 1)


def test_d6_a_flee_is_one_roll_against_the_chasers_speed():
    # the lizard's speed 1 + contest_target 10 = 11 on the d20 scale: Ada rolls 1 + (0 - 11 + 10) // 5 = 0 dice
    state, _ = _fight("d6", "green_lizard", (4, 6), (5, 6), food=2)
    state, events = act(state, "flee")
    rolls = _rolls(events)
    assert [r.purpose for r in rolls] == ["flee"]
    assert (rolls[0].pool, rolls[0].natural, rolls[0].grade) == (0, 4, "cost")
    assert found(events, Fled) and state.players[0].food == 1


# -- exact odds ---------------------------------------------------------------------------------------------------
CHECKS = [(0, 14), (2, 12), (-3, 12), (5, 8), (-12, 12), (1, 19)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_exact_odds_match_100000_rolls(variant):
    rules = _data(variant).rules
    dice = Dice(seed_state(f"odds-{variant}"))
    for modifiers, target in CHECKS[:3]:
        mods = (("edge", modifiers),)
        exact = table_dice.check_chance(rules, "attack", modifiers, target)
        wins = sum(bool(table_dice.roll_check(dice, rules, "Ada", "attack", mods, target).success)
                   for _ in range(100_000 // 3))
        assert abs(wins / (100_000 // 3) - exact) < 0.012, (variant, modifiers, target)
    exact = table_dice.contest_chance(rules, 1, 2)
    wins = sum(bool(table_dice.roll_contest(dice, rules, ("Ada", "flee", (("speed", 1),)),
                                            ("It", "chase", (("speed", 2),)))[0].success)
               for _ in range(30_000))
    assert abs(wins / 30_000 - exact) < 0.015


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_odds_are_chances_that_rise_with_the_modifiers(variant):
    rules = _data(variant).rules
    for modifiers, target in CHECKS:
        low = table_dice.check_chance(rules, "attack", modifiers, target)
        high = table_dice.check_chance(rules, "attack", modifiers + 5, target)
        assert 0 <= low <= high <= 1


def test_the_chance_query_follows_the_tables_dice():
    seen = set()
    for variant in VARIANTS:
        state, _ = _fight(variant, "green_lizard")
        seen.add(chance(state, next(a for a in legal_actions(state) if str(a) == "attack")))
    assert Fraction(6, 20) in seen  # the d20: 15..20 beat 14
    assert len(seen) >= 4  # the variants read the same fight differently


# -- random play ----------------------------------------------------------------------------------------------
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4), variant=st.sampled_from(VARIANTS))
def test_random_play_under_every_variant_keeps_the_invariants(seed, players, variant):
    data = with_dice(SHIPPED, variant)
    chooser = random.Random(seed)
    setup = random_setup(data, seed, players, chooser)

    def check(state, action, events):
        check_invariants(state, action, events)
        for event in events:
            if isinstance(event, Rolled):
                roll = event.roll
                assert roll.variant == variant
                assert roll.food == 0 or roll.purpose in ("attack", "flee")
                assert roll.grade in ("", "critical", "cost", "natural")

    result = play_random(setup, data, chooser, cap=CAP, check=check)
    assert (result.state.winner is not None) == result.finished  # over exactly when someone has won


def test_each_variant_is_one_registered_class_with_its_numbers_table():
    """The engine's registry (one Variant class a variant: roll, contest, food, odds, telling) and the
    data's variants (each with its numbers' sub-table) name the same variants."""
    from rainboard.data.dice import TABLES, VARIANT_NAMES, VARIANTS, DiceRules
    from rainboard.engine.dice import VARIANTS as REGISTERED
    from rainboard.engine.events import Roll

    assert set(REGISTERED) == set(VARIANTS) == set(VARIANT_NAMES) == set(Roll.tellers)
    fields = {field.type for field in __import__("attrs").fields(DiceRules)}
    assert all(table in fields for table in TABLES)  # each sub-table is read into DiceRules
    for name, variant in REGISTERED.items():
        assert variant.name == name and Roll.tellers[name] == variant.pieces
