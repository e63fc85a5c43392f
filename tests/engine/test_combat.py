"""Basic combat: attack above HP, flee by opposed rolls, the creature's strike, ambushers."""

from rainboard.engine.events import (
    Ambushed,
    AttackMissed,
    CardDrawn,
    Caught,
    CreatureKilled,
    CreatureMet,
    Died,
    Fled,
    Rolled,
    StrikeDodged,
)
from rainboard.engine.state import DEAD

from .helpers import act, found, game, legal, put, rig, stack, types


def _fight(creature: str, *faces, slugcat="survivor", **player):
    state = game(slugcat, "rivulet" if slugcat == "saint" else "saint")
    state = put(state, 0, region="hi", **player) if creature != "batfly" else put(state, 0, **player)
    state = stack(state, state.players[0].region, creature)
    state = rig(state, *faces)
    return act(state, "draw")


def test_drawing_a_creature_starts_combat_with_attack_and_flee():
    state, events = _fight("green_lizard")
    assert types(events)[-1] is CreatureMet
    assert legal(state) == ["attack", "flee"]
    assert state.to_act == 0


def test_an_attack_must_roll_strictly_above_the_creatures_hp():
    state, _ = _fight("green_lizard", 15)
    state, events = act(state, "attack")
    roll = events[0].roll
    assert (roll.natural, roll.total, roll.target, roll.success) == (15, 15, 14, True)
    assert found(events, CreatureKilled)
    assert state.players[0].food == 3 and state.current == 1
    assert state.decks["hi"].discard == ("green_lizard",)


def test_an_attack_equal_to_hp_fails_and_the_creature_strikes():
    # 14 is not above 14; the lizard strikes 10 - 3 = 7, not above 12: the fight goes on
    state, _ = _fight("green_lizard", 14, 10)
    state, events = act(state, "attack")
    assert types(events) == [Rolled, AttackMissed, Rolled, StrikeDodged]
    strike = events[2].roll
    assert strike.modifiers == (("Green Lizard's attack", -3),) and strike.total == 7 and not strike.success
    assert state.pending.exchange == 2 and legal(state) == ["attack", "flee"]
    assert state.current == 0


def test_a_strike_above_the_players_hp_kills():
    state, _ = _fight("green_lizard", 3, 16)
    state, events = act(state, "attack")
    assert events[2].roll.total == 13  # 16 - 3 > 12
    assert state.players[0].status == DEAD
    assert found(events, Died) and state.current == 1


def test_flee_needs_a_strictly_higher_roll_than_the_creature():
    # the lizard chases with 11 + 1 = 12; Ada rolls 12: not enough; then it strikes 1 - 3
    state, _ = _fight("green_lizard", 11, 12, 1)
    state, events = act(state, "flee")
    mine = events[0].roll
    assert (mine.total, mine.target, mine.success) == (12, 12, False)
    assert found(events, Caught)
    state = rig(state, 5, 13)
    state, events = act(state, "flee")
    assert found(events, Fled) and state.current == 1
    assert state.players[0].food == 0


def test_an_ambusher_strikes_before_the_first_move():
    state = game("survivor", "saint")
    state = stack(state, "su", "white_lizard")
    state = rig(state, 13)  # 13 > 12: dead before moving
    state, events = act(state, "draw")
    assert types(events)[:3] == [CardDrawn, CreatureMet, Ambushed]
    assert state.players[0].status == DEAD and state.current == 1


def test_every_modifier_is_named_in_the_roll():
    state, _ = _fight("green_lizard", 16, slugcat="hunter", starving=True)
    state, events = act(state, "attack")
    roll = events[0].roll
    assert roll.modifiers == (("The Hunter", 2), ("starving", -1))
    assert (roll.die, roll.natural, roll.total, roll.target, roll.success) == ("d20", 16, 17, 14, True)


def test_a_carnivore_eats_the_whole_kill_and_a_herbivore_nothing():
    state, _ = _fight("green_lizard", 20, slugcat="hunter")
    state, _ = act(state, "attack")
    assert state.players[0].food == 3
    state, _ = _fight("batfly", 20, slugcat="saint")
    state, events = act(state, "attack")
    assert found(events, CreatureKilled) and state.players[0].food == 0
