"""A player killed by another player sits out `player_kill_rounds_out` rounds, then wakes again
where they last slept; 0 (the default) keeps them out for the rest of the cycle, as any death."""

from attrs import evolve

from rainboard.engine.death import DOWN, rounds_down
from rainboard.engine.events import TurnStarted, Woke
from rainboard.engine.state import AWAKE, DEAD

from .helpers import act, game, legal, mini_data, put, rig, types


def _data(rounds: int):
    data = mini_data()
    return evolve(data, rules=evolve(data.rules, player_kill_rounds_out=rounds))


def three_in_hi(rounds: int, rain: int = 9):
    """Ada (Survivor) has hunted Bo (Saint, HP 10) and strikes next; Cy (Rivulet) is there too."""
    state = game("survivor", "saint", "rivulet", data=_data(rounds))
    for i in range(3):
        state = put(state, i, region="hi")
    state = evolve(state, rain=rain)
    state, _ = act(state, "hunt 1", "food", "food")
    return rig(state, 11)  # Ada's strike: 11 beats Bo's HP 10


def test_the_victim_wakes_again_after_the_rounds_in_its_last_shelters_region():
    state, events = act(three_in_hi(2), "strike 1")
    bo = state.players[1]
    assert bo.status == DEAD and (bo.busy, bo.busy_task) == (2, DOWN) and rounds_down(state, 1) == 2
    state, _ = act(state, "food")  # Cy; the round ends: one round down
    assert state.players[1].status == DEAD and rounds_down(state, 1) == 1
    assert state.current == 0
    state, events = act(state, "food", "food")  # Ada, Cy; the second round ends: Bo is back
    bo = state.players[1]
    assert bo.status == AWAKE and (bo.busy, bo.busy_task) == (0, None) and rounds_down(state, 1) is None
    assert bo.region == bo.wake_region == "su" and bo.food == 0  # where the Saint last woke, no food
    assert types(events)[-2:] == [Woke, TurnStarted]
    assert state.current == 0  # Ada plays first in the round, then Bo takes his turn again
    state, _ = act(state, "food")
    assert state.current == 1


def test_the_victim_is_out_of_the_hunt_for_the_rest_of_the_cycle():
    state, _ = act(three_in_hi(1), "strike 1", "food")  # Cy; the round ends and Bo is back
    state = put(state, 1, region="hi")  # in the killer's region again
    assert state.players[1].status == AWAKE and state.current == 0
    assert "hunt 1" not in legal(state) and "hunt 2" in legal(state)  # not Ada, his killer
    state, _ = act(state, "food")
    assert state.current == 1 and not any(m.startswith("hunt") for m in legal(state))  # nor may Bo hunt
    state, _ = act(state, "food")
    assert "hunt 1" not in legal(state) and "hunt 0" in legal(state)  # nor may Cy hunt him
    state = evolve(state, rain=0)  # the last round: when it ends, so does the truce
    state, _ = act(state, "food", "food", "food")
    assert state.cycle == 2 and all(p.escaped_from == () for p in state.players)


def test_a_creature_form_back_from_a_kill_need_not_hunt_that_cycle():
    state = game("hunter", "saint", "rivulet", data=_data(1))
    for i in range(3):
        state = put(state, i, region="hi")
    state = put(state, 1, form="hunter_long_legs", turns=25)
    state = evolve(state, rain=9)
    assert state.current == 0
    state, _ = act(state, "hunt 1")
    assert legal(state)[0].startswith(("hunt", "strike")) and "draw" not in legal(state)  # Bo must hunt
    state, _ = act(state, "hunt 0", "food")
    state = rig(state, 20)
    state, _ = act(state, "strike 1")  # Ada kills the Long Legs
    assert state.players[1].status == DEAD
    state, _ = act(state, "food")  # Cy; the round ends and Bo is back, out of the hunt
    state, _ = act(state, "food")
    assert state.current == 1 and "draw" in legal(state) and not any(m.startswith("hunt") for m in legal(state))


def test_zero_keeps_the_victim_out_for_the_rest_of_the_cycle():
    state, _ = act(three_in_hi(0), "strike 1")
    bo = state.players[1]
    assert bo.status == DEAD and (bo.busy, bo.busy_task) == (0, None) and rounds_down(state, 1) is None
    for _ in range(4):  # rounds go by: Ada, Cy
        state, _ = act(state, "food", "food")
        assert state.players[1].status == DEAD


def test_a_victim_still_down_when_the_cycle_ends_wakes_with_everyone():
    state, _ = act(three_in_hi(5, rain=2), "strike 1", "food")  # Cy; the last round next
    assert state.rain == 0 and rounds_down(state, 1) == 4
    state, _ = act(state, "food", "food")  # the rain comes
    bo = state.players[1]
    assert state.cycle == 2 and bo.status == AWAKE and (bo.busy, bo.busy_task) == (0, None)


def test_a_victim_does_not_wake_when_the_rain_is_too_near_for_a_shelter_search():
    """Three rounds to go after the kill's round (Bo is down for one): the search still fits, so he
    wakes; with two, it would not (search_shelter_turns is 3), so he stays down."""
    state, _ = act(three_in_hi(1, rain=4), "strike 1", "food")  # the round ends with rain 2: three rounds left
    assert state.rain == 2 and state.players[1].status == AWAKE
    state, _ = act(three_in_hi(1, rain=3), "strike 1", "food")  # rain 1: two rounds left
    assert state.rain == 1 and state.players[1].status == DEAD and rounds_down(state, 1) == 1
    state, _ = act(state, "food", "food")
    assert state.players[1].status == DEAD


def test_only_a_players_kill_puts_a_victim_down():
    state = game("survivor", "saint", data=_data(2))
    state = evolve(state, rain=0)
    state, _ = act(state, "food", "food")  # the rain kills both
    assert all((p.busy, p.busy_task) == (0, None) for p in state.players)
