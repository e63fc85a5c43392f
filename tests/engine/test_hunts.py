"""Players hunting players, and the Hunter's change into Hunter Long Legs."""

from attrs import evolve

from rainboard.engine.events import Blasted, CompanionKilled, Moved, MustAnswer, Pounced, Transformed, Untamed
from rainboard.engine.state import DEAD, Duel, HandCard

from .helpers import act, found, game, legal, put, rig, stack


def two_in_hi(*slugcats, **extra):
    state = game(*(slugcats or ("survivor", "saint")))
    for i in range(len(state.players)):
        state = put(state, i, region="hi")
    return evolve(state, rain=9)


def test_a_hunt_takes_a_turn_and_the_strike_comes_next_turn():
    state = two_in_hi()
    assert "hunt 1" in legal(state) and "strike 1" not in legal(state)
    state, events = act(state, "hunt 1")
    assert state.players[0].hunting == 1 and state.current == 1
    state, _ = act(state, "food")
    assert "strike 1" in legal(state)


def test_no_strike_if_the_target_has_left_the_region():
    state = two_in_hi()
    state, _ = act(state, "hunt 1")
    state = put(state, 1, region="su")
    state, _ = act(state, "food")
    assert "strike 1" not in legal(state) and "hunt 1" not in legal(state)


def test_a_strike_above_the_targets_hp_kills_and_feeds_three_pips():
    state = two_in_hi()
    state, _ = act(state, "hunt 1", "food")
    state = rig(state, 11)  # Saint has HP 10
    state, events = act(state, "strike 1")
    assert state.players[1].status == DEAD
    assert state.players[0].food == 3 and found(events, Pounced)


def test_the_defender_answers_on_the_attackers_turn_and_can_fight_back():
    state = two_in_hi()
    state, _ = act(state, "hunt 1", "food")
    state = rig(state, 5, 13)  # Ada misses Bo; Bo fights back 13 > Ada's 12
    state, events = act(state, "strike 1")
    assert isinstance(state.pending, Duel)
    assert state.to_act == 1 and state.current == 0  # Bo must choose, on Ada's turn
    assert legal(state) == ["attack", "flee"]
    assert isinstance(events[-1], MustAnswer)
    state, events = act(state, "attack")
    # Saint is a herbivore: Ada's 3 pips of meat give her nothing; 1 is her food token from before
    assert state.players[0].status == DEAD and state.players[1].food == 1


def test_a_successful_flee_protects_the_defender_from_that_attacker_for_the_cycle():
    state = two_in_hi("survivor", "saint", "rivulet")
    state, _ = act(state, "hunt 1", "food", "food")
    state = rig(state, 5, 3, 15)  # Ada misses; Ada chases with 3, Bo flees with 15
    state, _ = act(state, "strike 1", "flee")
    assert state.players[1].escaped_from == (0,)
    assert state.current == 1
    state, _ = act(state, "food", "food")
    assert "hunt 1" not in legal(state) and "hunt 2" in legal(state)
    # the protection lasts only for the cycle
    for i in range(3):
        state = put(state, i, food=3, status="starved")
    state = put(state, 0, status="awake")
    state = stack(state, "hi", "shelter")
    state, _ = act(state, "draw", "hibernate")
    assert state.cycle == 2 and state.players[1].escaped_from == ()


def test_companions_help_both_sides_of_a_hunt():
    state = two_in_hi()
    state = put(state, 1, hand=(HandCard("green_lizard", "hi"),))
    state, _ = act(state, "hunt 1", "food")
    # Ada 2 misses; Bo fights back 3, misses; Bo's lizard 20 - 3 = 17 > 12: Ada dies
    state = rig(state, 2, 3, 20)
    state, events = act(state, "strike 1", "attack")
    assert state.players[0].status == DEAD
    assert found(events, CompanionKilled)


def test_the_hunter_becomes_hunter_long_legs_after_twenty_turns():
    state = game("hunter", "survivor")
    state = put(state, 0, region="hi", turns=20)
    state = put(state, 1, region="su")
    state = evolve(state, rain=9)
    state, events = act(state, "food", "food")
    hunter = state.players[0]
    assert hunter.turns == 21 and hunter.form == "hunter_long_legs"
    assert found(events, Transformed)


def test_hunter_long_legs_must_hunt_and_explodes_on_its_prey():
    state = two_in_hi("hunter", "survivor")
    state = put(state, 0, form="hunter_long_legs", turns=25)
    # aggressive: nothing but the hunt while prey is near, save going to shelter (a search here)
    assert legal(state) == ["hunt 1", "search"]
    state, _ = act(state, "hunt 1", "food")
    state = rig(state, 7)  # 7 + 1 = 8 > half of Survivor's 12
    state, events = act(state, "strike 1")
    assert found(events, Blasted)
    assert state.players[1].status == DEAD


def test_hunter_long_legs_can_be_killed_for_three_pips_or_tamed_and_then_follows():
    state = two_in_hi("survivor", "hunter")
    state = put(state, 1, form="hunter_long_legs", turns=25)
    state = put(state, 0, food=3)
    state, _ = act(state, "hunt 1")
    assert legal(state) == ["hunt 0", "search"]  # its turn: it must hunt back (or go to shelter)
    state, _ = act(state, "hunt 0")
    assert {"strike 1", "tame 1"} <= set(legal(state))
    state, events = act(state, "tame 1")
    assert state.players[1].tamed_by == 0 and state.players[0].food == 0
    assert "hunt 0" not in legal(state)  # tamed: no longer forced to hunt its tamer
    state, _ = act(state, "food")
    state = put(state, 0, karma=3)
    state = stack(state, "hi", "gate_hi_su")
    state, events = act(state, "draw", "cross")
    assert state.players[0].region == "su" and state.players[1].region == "su"
    assert sum(1 for e in events if isinstance(e, Moved)) == 2


def test_a_tamed_long_legs_goes_wild_when_its_tamer_dies():
    state = two_in_hi("survivor", "hunter")
    state = put(state, 1, form="hunter_long_legs", turns=25, tamed_by=0)
    state = stack(state, "hi", "green_lizard")
    # Ada misses; the long legs rolls 5 + 1 against the lizard's HP halved by its blast (7); the
    # lizard strikes 20 - 3 > 12
    state = rig(state, 2, 5, 20)
    state, events = act(state, "draw", "attack")
    assert state.players[0].status == DEAD and state.players[1].tamed_by is None
    assert found(events, Untamed)


def test_a_tamed_long_legs_may_sleep_in_its_tamers_shelter():
    state = two_in_hi("survivor", "hunter")
    state = put(state, 0, hand=(HandCard("shelter", "hi"),))
    state = put(state, 1, form="hunter_long_legs", turns=25, tamed_by=0, food=3)
    state, _ = act(state, "food")
    assert "hibernate" in legal(state)
    state, _ = act(state, "hibernate")
    assert state.players[1].status == "hibernating"
    assert [h.card for h in state.players[0].hand] == ["shelter"]


def test_without_a_hunter_player_hunter_long_legs_is_in_one_region_deck():
    state = game("survivor")
    holders = [deck for deck, pile in state.decks.items() if "hunter_long_legs" in pile.draw]
    assert len(holders) == 1
    state = game("survivor", "hunter")
    assert not any("hunter_long_legs" in pile.draw for pile in state.decks.values())
