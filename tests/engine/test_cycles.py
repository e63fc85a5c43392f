"""Cycles, the rain timer, precycles, turns, karma, death and waking."""

from attrs import evolve

from rainboard.engine import PlayerSetup, Setup, apply, new_game
from rainboard.engine.events import (
    CardDrawn,
    CycleEnded,
    Died,
    PrecycleRolled,
    RainFell,
    RainTimerRolled,
    RoundEnded,
    Searching,
    Woke,
)
from rainboard.engine.testing import script_dice
from rainboard.engine.state import DEAD, HIBERNATING

from .helpers import act, found, game, legal, mini_data, put, rig, stack, types


def test_rain_timer_is_two_d6_plus_two_rolled_by_the_first_player():
    state = game("survivor", "saint")
    state = put(state, 0, food=2)
    state = put(state, 1, status=HIBERNATING)
    state = stack(state, "su", "shelter")
    # Ada hibernates; everyone is asleep, so the next cycle's rain is rolled: 3 and 5 on the d6s
    state = rig(state, (3, 6), (5, 6))
    state, events = act(state, "draw", "hibernate")
    assert state.cycle == 2
    assert state.rain == 3 + 5 + 2
    (rain,) = found(events, RainTimerRolled)
    assert rain == RainTimerRolled(player=0, dice=2, sides=6, faces=(3, 5), bonus=2, precycle_bonus=0, timer=10)


def test_timer_drops_by_one_after_every_player_has_taken_a_turn():
    state = game("survivor", "saint")
    state = evolve(state, rain=5)
    state, _ = act(state, "food")
    assert state.rain == 5 and state.current == 1
    state, events = act(state, "food")
    assert state.rain == 4 and state.current == 0
    assert found(events, RoundEnded)
    assert state.round == 1


def test_rain_at_minus_one_kills_everyone_awake_and_ends_the_cycle():
    state = game("survivor", "saint")
    state = evolve(state, rain=0)
    state = put(state, 0, karma=3)
    state, _ = act(state, "food")
    assert state.cycle == 1
    state = rig(state, (1, 6), (1, 6))
    state, events = act(state, "food")
    assert found(events, RainFell)
    deaths = [e.player for e in events if isinstance(e, Died)]
    assert deaths == [0, 1]
    assert state.cycle == 2 and state.rain == 4
    assert state.players[0].karma == 2  # died: 3 -> 2
    assert state.players[1].karma == 1  # never below 1
    assert all(p.food == 0 for p in state.players)


def test_cycle_ends_when_all_are_asleep_and_karma_rises():
    state = game("survivor")
    state = put(state, 0, food=2, karma=4)
    state = stack(state, "su", "shelter")
    state, events = act(state, "draw", "hibernate")
    assert len(found(events, CycleEnded)) == 1
    assert state.players[0].karma == 5
    state = put(state, 0, food=2)
    state = stack(state, "su", "shelter")
    state, _ = act(state, "draw", "hibernate")
    assert state.players[0].karma == 5  # five is the top


def test_a_dead_player_sits_out_the_cycle_and_wakes_where_they_last_slept():
    state = game("survivor", "saint")
    state = put(state, 0, region="hi", wake_region="su")
    state = stack(state, "hi", "green_lizard")
    # Ada misses (2), the lizard strikes 20 - 3 = 17 > 12
    state = rig(state, 2, 20)
    state, events = act(state, "draw", "attack")
    assert state.players[0].status == DEAD
    assert state.current == 1
    state = evolve(state, rain=3)
    state, _ = act(state, "food")  # round ends: only Bo is awake
    assert state.current == 1 and state.rain == 2
    state = put(state, 1, food=2)
    state = stack(state, "su", "shelter")
    state, events = act(state, "draw", "hibernate")
    assert state.cycle == 2
    assert state.players[0].region == "su" and state.players[0].status == "awake"
    assert any(isinstance(e, Woke) and e.player == 0 for e in events)


def test_cycle_end_discards_food_and_kept_shelters_but_not_kept_gates():
    state = game("survivor")
    state = put(state, 0, food=3)
    state = stack(state, "su", "shelter", "gate_hi_su", "shelter")
    state, _ = act(state, "draw", "keep", "draw", "keep")
    assert [h.card for h in state.players[0].hand] == ["shelter", "gate_hi_su"]
    state, _ = act(state, "draw", "hibernate")
    player = state.players[0]
    # "take it with you and travel back to the gate anytime": the kept gate stays in hand
    assert player.food == 0 and [h.card for h in player.hand] == ["gate_hi_su"]
    assert state.decks["su"].discard.count("shelter") == 2
    assert "gate_hi_su" not in state.decks["su"].discard


def test_turn_counts_count_every_turn_including_searching():
    state = game("survivor", "saint")
    state = evolve(state, rain=9)
    state, events = act(state, "food", "food", "search", "food", "food")
    # Ada: food, search, then two searching turns pass by themselves; the shelter turns up
    assert len(found(events, Searching)) == 2
    assert state.to_act == 0 and legal(state) == ["starve", "keep"]
    assert (state.players[0].turns, state.players[1].turns) == (4, 3)
    state, _ = act(state, "keep")
    assert (state.players[0].turns, state.players[1].turns) == (4, 4)


def _precycle_game():
    """A solo game whose first cycle is a precycle: the d20 shows 1, the rain dice 3 and 4."""
    state, _ = new_game(Setup(players=[PlayerSetup("Ada")]), mini_data())
    return apply(script_dice(state, 1, 3, 4), "choose survivor")


def test_precycle_adds_two_to_the_timer_and_forces_the_precycle_deck_for_three_turns():
    state, events = _precycle_game()
    roll = [e for e in events if isinstance(e, PrecycleRolled)][0]
    assert roll.face == 1
    (rain,) = found(events, RainTimerRolled)
    assert (rain.faces, rain.bonus, rain.precycle_bonus, rain.timer) == ((3, 4), 2, 2, 11) and state.rain == 11
    assert state.precycle
    assert legal(state)[0] == "draw precycle" and "draw" not in legal(state)
    state = evolve(state, rain=10)
    state = stack(state, "precycle", "batfly")
    state = rig(state, 10)
    state, events = act(state, "draw precycle", "attack")
    assert events[0] == CardDrawn(player=0, card="batfly", deck="precycle")
    state, _ = act(state, "food")
    assert "draw" not in legal(state)  # third turn still forced
    state, _ = act(state, "food")
    assert legal(state)[:2] == ["draw", "draw precycle"]  # fourth turn: either deck


def test_precycles_off_never_roll():
    state = game("survivor", precycles=False)
    state = put(state, 0, food=2)
    state = stack(state, "su", "shelter")
    state, events = act(state, "draw", "hibernate")
    assert not found(events, PrecycleRolled)
    assert not state.precycle


def test_a_move_applied_without_waking_stops_as_the_cycle_ends():
    """apply(..., wake=False), for a turn's result: the table as the cycle ended (the last one awake
    asleep with the food eaten), not as the next cycle wakes it (karma risen, food gone)."""
    state = put(game("survivor", "saint"), 0, food=4)
    state = put(state, 1, status=HIBERNATING)
    state = stack(state, "su", "shelter")
    state, _ = act(state, "draw")
    moment, events = apply(state, "hibernate", wake=False)
    after, _ = apply(state, "hibernate")
    ada = moment.players[0]
    assert ada.status == HIBERNATING and ada.food == 4 and ada.karma == state.players[0].karma
    assert moment.cycle == 1 and types(events)[-1] is CycleEnded
    assert after.cycle == 2 and after.players[0].food == 0 and after.players[0].karma == ada.karma + 1


def test_the_rain_seen_without_waking_leaves_the_drowned_dead():
    state = evolve(put(game("survivor", "saint"), 1, status=HIBERNATING), rain=0)
    moment, events = apply(state, "food", wake=False)
    assert found(events, RainFell) and moment.players[0].status == DEAD and moment.cycle == 1
    assert apply(state, "food", wake=False)[0] == moment  # the same dice, the same end
    assert apply(state, "food")[0].players[0].status != DEAD  # waking, as play goes on
