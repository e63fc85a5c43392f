"""Setting up: turn order, slugcat choice, starting positions."""

import pytest

from rainboard.engine import IllegalAction, PlayerSetup, Setup, SetupError, apply, legal_actions, new_game
from rainboard.engine.state import CHOOSING, PLAYING

from .helpers import legal, mini_data


def _rolls(events):
    return [(e.player, e.roll.natural) for e in events if e.kind == "roll"]


def test_turn_order_is_highest_d20_first():
    state, events = new_game(Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo"), PlayerSetup("Cy")], seed=4),
                             mini_data())
    rolls = _rolls(events)[:3]
    expected = [i for i, _ in sorted(rolls, key=lambda r: -r[1])]
    assert len({face for _, face in rolls}) == 3  # this seed has no tie
    assert list(state.order) == expected


def test_tied_players_roll_again_among_themselves():
    # find a seed whose first two turn-order rolls tie
    for seed in range(500):
        state, events = new_game(Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo")], seed=seed), mini_data())
        rolls = _rolls(events)
        if rolls[0][1] == rolls[1][1]:
            break
    else:
        pytest.fail("no tying seed found")
    assert "tie" in [e.kind for e in events]
    assert len(rolls) >= 4  # the re-roll
    reroll = dict(rolls[-2:])
    assert reroll[0] != reroll[1]
    assert state.order[0] == max(reroll, key=reroll.get)


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
    assert "cycle_started" in [e.kind for e in events]
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
