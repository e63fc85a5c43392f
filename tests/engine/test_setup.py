"""Setting up: turn order, slugcat choice, starting positions."""

import pytest

from rainboard.engine import IllegalAction, PlayerSetup, Setup, SetupError, apply, legal_actions, new_game
from rainboard.engine.events import CycleStarted, Rolled, TurnOrderTie
from rainboard.engine.setup import _roll_turn_order
from rainboard.engine.state import CHOOSING, PLAYING
from rainboard.engine.step import Step
from rainboard.engine.testing import script_dice

from .helpers import found, legal, mini_data


def _rolls(events):
    return [(e.player, e.roll.natural) for e in events if isinstance(e, Rolled)]


def _roll_order(players: int, *faces: int):
    """Roll the turn order of a new game again, the d20s showing these faces."""
    state, _ = new_game(Setup(players=[PlayerSetup(n) for n in ["Ada", "Bo", "Cy"][:players]]), mini_data())
    step = Step(script_dice(state, *faces))
    order = _roll_turn_order(step, list(range(players)))
    return order, step.events, step.finish()


def test_turn_order_is_highest_d20_first():
    order, events, state = _roll_order(3, 7, 18, 12)
    assert _rolls(events) == [(0, 7), (1, 18), (2, 12)]
    assert not found(events, TurnOrderTie)
    assert order == [1, 2, 0]
    assert state.script == ()  # every scripted face used


def test_new_game_orders_players_by_their_rolls():
    state, events = new_game(Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo"), PlayerSetup("Cy")], seed=4),
                             mini_data())
    first = dict(_rolls(events)[:3])  # any ties are settled by later rolls, so only ">=" holds here
    assert sorted(state.order) == [0, 1, 2]
    assert all(first[a] >= first[b] for a, b in zip(state.order, state.order[1:]))


def test_tied_players_roll_again_among_themselves():
    order, events, _ = _roll_order(2, 9, 9, 4, 16)
    assert len(found(events, TurnOrderTie)) == 1
    assert _rolls(events) == [(0, 9), (1, 9), (0, 4), (1, 16)]  # the re-roll
    assert order == [1, 0]


def test_a_tie_is_settled_in_its_place_in_the_order():
    order, events, _ = _roll_order(3, 15, 3, 15, 2, 11)  # Ada and Cy tie on 15 above Bo's 3
    assert _rolls(events)[3:] == [(0, 2), (2, 11)]
    assert order == [2, 0, 1]


def test_slugcats_are_chosen_in_turn_order_each_once():
    state, _ = new_game(Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo")], seed=9), mini_data())
    assert state.phase == CHOOSING
    first, second = state.order
    assert state.to_act == first
    assert legal(state) == ["choose survivor", "choose hunter", "choose saint", "choose rivulet", "choose artificer"]
    state, _ = apply(state, "choose hunter")
    assert state.to_act == second
    assert "choose hunter" not in legal(state)
    with pytest.raises(IllegalAction, match="choose hunter: not allowed now"):
        apply(state, "choose hunter")
    state, events = apply(state, "choose saint")
    assert state.phase == PLAYING
    assert state.players[first].region == "lf" and state.players[second].region == "su"
    for player in state.players:
        assert (player.karma, player.reputation, player.food) == (1, 1, 0)
    assert found(events, CycleStarted)
    assert state.cycle == 1 and state.current == first


def test_bad_setups_are_refused():
    data = mini_data()
    with pytest.raises(SetupError, match="1 to 5 players"):
        new_game(Setup(players=[PlayerSetup(str(i)) for i in range(6)]), data)
    with pytest.raises(SetupError, match="one player only"):
        new_game(Setup(players=[PlayerSetup("A", "saint"), PlayerSetup("B", "saint")]), data)
    with pytest.raises(SetupError, match="no slugcat 'gourmand'"):
        new_game(Setup(players=[PlayerSetup("A", "gourmand")]), data)


def test_legal_actions_of_a_finished_game_are_empty():
    state, _ = new_game(Setup(players=[PlayerSetup("A", "saint")]), mini_data())
    from attrs import evolve

    over = evolve(state, phase="over")
    assert legal_actions(over) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        apply(over, "food")
