"""The predator player (hunts other players when the engine's odds make it pay), policies seated in
turn from a comma list, and the balance report's figures about them."""

from __future__ import annotations

import io
import json
from collections import Counter
from functools import cache

import pytest
from attrs import evolve

from rainboard.cli import main
from rainboard.cli_sim import POLICY_NAMES, complete_policies
from rainboard.data import load_data
from rainboard.engine import Options, PlayerSetup, Setup, apply, legal_actions, new_game
from rainboard.engine.actions import Attack, Draw, Flee, Hunt, Strike, TakeFood
from rainboard.engine.events import Died
from rainboard.engine.rng import Chooser
from rainboard.engine.state import OVER, Duel, HandCard
from rainboard.engine.testing import place, set_turn_order
from rainboard.sim import POLICIES, PredatorPolicy, SteadyPolicy, make_policy, play_random, seat_policy
from rainboard.sim.balance import run
from rainboard.sim.balance_games import GameTask, game_setup
from rainboard.sim.play import SeatedPolicies, policy_names


@cache
def data():
    return load_data()


def duo(hunter: str, prey: str, *, hunter_hand=(), prey_karma: int = 3, rain: int = 9):
    """Ada (`hunter`) and Bo (`prey`) awake in the Outskirts, Ada to play, hungry, mid-cycle."""
    setup = Setup(players=[PlayerSetup("Ada", hunter), PlayerSetup("Bo", prey)], seed="duo",
                  options=Options(precycles=False))
    state, _ = new_game(setup, data())
    state = set_turn_order(state, (0, 1))
    state = place(state, 0, region="su", food=0, karma=2,
                  hand=tuple(HandCard(card, "treasure") for card in hunter_hand))
    state = place(state, 1, region="su", food=0, karma=prey_karma)
    return evolve(state, rain=rain)


STRONG = ("spear", "spear", "green_lizard", "green_lizard")  # a spear's +3, two lizards beside it


def test_it_hunts_a_player_when_the_odds_favour_it_and_not_when_they_do_not():
    predator = PredatorPolicy(data(), Chooser("x"))
    armed = duo("gourmand", "saint", hunter_hand=STRONG)
    assert Hunt(1) in legal_actions(armed)
    assert predator(armed) == Hunt(1)
    # the same table the other way round: the Saint, bare-handed, against the Gourmand's HP 14 and +3
    meek = duo("saint", "gourmand")
    assert Hunt(1) in legal_actions(meek)
    assert not isinstance(predator(meek), Hunt)
    # and the steady player never hunts, however good the odds
    assert not isinstance(SteadyPolicy(data(), Chooser("x"))(armed), Hunt)


def test_it_strikes_the_player_it_hunted_with_the_best_weapon_and_weighs_the_odds():
    predator = PredatorPolicy(data(), Chooser("x"))
    armed = place(duo("gourmand", "saint", hunter_hand=STRONG), 0, hunting=1)
    choice = predator(armed)
    assert choice == Strike(1, "spear")  # the spear's +3 beats a bare-handed strike
    # the worth it puts on a strike follows the engine's odds: a kill brings the meat it needs
    # and a share of the victim's loss; the risk is the victim's answer
    assert predator.strike_value(armed, 0, Strike(1, "spear")) > predator.strike_value(armed, 0, Strike(1)) > 0
    # rain about to fall: no time for a strike next turn, so no hunt now
    late = duo("gourmand", "saint", hunter_hand=STRONG, rain=1)
    assert not isinstance(predator(late), Hunt)


def test_a_kill_is_worth_more_to_the_predator_than_its_meat():
    predator, steady = PredatorPolicy(data(), Chooser("x")), SteadyPolicy(data(), Chooser("x"))
    state = duo("gourmand", "saint")
    meat = steady.kill_gain(state, 0, 1)
    assert meat == data().rules.player_kill_food  # hungry: every pip counts
    assert predator.kill_gain(state, 0, 1) > meat  # and the Saint's lost karma and rounds
    # a victim at the lowest karma has no karma point to lose: less harm
    assert predator.harm(duo("gourmand", "saint", prey_karma=1), 0, 1) < predator.harm(state, 0, 1)


def test_struck_at_it_fights_back_when_that_is_likelier_to_pay():
    predator = PredatorPolicy(data(), Chooser("x"))
    state = duo("saint", "gourmand")
    state = evolve(state, pending=Duel(player=1, attacker=0))  # the Gourmand answers the Saint's strike
    legal = legal_actions(state)
    assert {Attack(), Flee()} <= set(legal)
    assert predator(state) == Attack()  # +3 against the Saint's HP 13: better than running


def test_it_never_picks_an_illegal_action():
    """Whole four-player tables of predators, and predators with steady players: every choice is one
    of the legal actions (hunts, strikes, answers and tames included)."""
    seen = Counter()
    for spec in ("predator", "steady,predator"):
        for n in range(3):
            seed = f"legal-{spec}-{n}"
            chooser = Chooser(seed)
            setup = game_setup(GameTask(0, n, seed, 4, None, spec, 3000), data(), chooser)
            state, _ = new_game(setup, data())
            pick = make_policy(spec, data(), chooser)
            for _ in range(3000):
                if state.phase == OVER:
                    break
                legal = legal_actions(state)
                action = pick(state)
                assert action in legal, (seed, action, legal)
                seen[type(action).__name__] += 1
                state, _ = apply(state, action)
    assert seen["Hunt"] and seen["Strike"], seen  # the games did have hunts in them


def test_a_comma_list_seats_the_policies_in_turn():
    assert policy_names("steady,predator") == ("steady", "predator")
    assert [seat_policy("steady,predator", seat) for seat in range(4)] == ["steady", "predator", "steady", "predator"]
    assert [seat_policy("eager,steady,predator", seat) for seat in range(5)] == \
        ["eager", "steady", "predator", "eager", "steady"]
    assert seat_policy("predator", 3) == "predator"
    with pytest.raises(ValueError, match="no policy 'hunter'"):
        policy_names("steady,hunter")
    seated = make_policy("steady,predator", data(), Chooser("x"))
    assert isinstance(seated, SeatedPolicies)
    assert type(seated.policies["steady"]) is SteadyPolicy and type(seated.policies["predator"]) is PredatorPolicy
    # whoever must act is asked by the policy of their seat: Bo, seat 2, hunts; Ada, seat 1, does not
    armed = duo("gourmand", "saint", hunter_hand=STRONG)
    assert seated(armed) != Hunt(1)
    bo_armed = set_turn_order(place(duo("saint", "gourmand"), 1, hand=armed.players[0].hand), (1, 0))
    assert seated(bo_armed) == Hunt(0)
    assert SteadyPolicy(data(), Chooser("x"))(bo_armed) != Hunt(0)  # as Bo's seat alone decides


def test_the_command_line_takes_a_comma_list_and_names_a_bad_policy(capsys):
    assert set(POLICY_NAMES) == set(POLICIES)
    assert main(["sim", "--games", "1", "--players", "2", "--policy", "steady,predator", "--cap", "400"]) == 0
    out = capsys.readouterr().out
    assert "(" in out and "steady)" in out and "predator)" in out
    with pytest.raises(SystemExit) as exit_info:
        main(["balance", "--players", "4", "--policy", "steady,hunter"])
    assert exit_info.value.code == 2
    assert "no policy 'hunter'" in capsys.readouterr().err


def test_a_shell_completes_policy_names_after_the_comma_list_typed():
    assert complete_policies("") == list(POLICY_NAMES)
    assert complete_policies("st") == ["steady"]
    assert complete_policies("steady,pr") == ["steady,predator"]
    assert complete_policies("steady,zz") == []


def _by_hand(spec: str, games: int, seed: int, players: int):
    """What the report should say, counted over the same games played again here."""
    seats, wins, kills = Counter(), Counter(), 0
    for n in range(1, games + 1):
        game_seed = f"{seed}-{players}p-{n}"
        chooser = Chooser(game_seed)
        setup = game_setup(GameTask(0, n, game_seed, players, None, spec, 20_000), data(), chooser)

        def count(state, action, events):
            nonlocal kills
            kills += sum(1 for e in events if isinstance(e, Died) and e.killer is not None)

        result = play_random(setup, data(), chooser, 20_000, check=count, policy=spec)
        for seat in range(players):
            seats[seat_policy(spec, seat)] += 1
        if result.finished:
            wins[seat_policy(spec, result.state.winner)] += 1
    return seats, wins, kills


def test_the_json_rows_give_each_policys_seat_win_rate_and_the_player_kills():
    out = io.StringIO()
    assert run(games=4, seed=7, players=[4], slugcats=["monk"], policy="steady,predator", jobs=1,
               as_json=True, out=out, err=io.StringIO()) == 0
    solo, table = json.loads(out.getvalue())["rows"]
    seats, wins, kills = _by_hand("steady,predator", 4, 7, 4)
    assert seats == {"steady": 8, "predator": 8}
    assert table["policy_win_rates"] == {name: round(wins[name] / 8, 4) for name in ("steady", "predator")}
    assert sum(wins.values()) == table["ascended"]  # every win is some seat's
    assert table["player_kills"] == round(kills / 4, 3)
    assert kills > 0  # hunters at the table: the figure is not a zero by default
    assert solo["policy_win_rates"] is None and solo["player_kills"] == 0


def test_a_single_policy_wins_its_share_and_the_table_says_the_policies_apart(capsys):
    out = io.StringIO()
    assert run(games=3, seed=2, players=[3], policy="predator", jobs=1, as_json=True, out=out,
               err=io.StringIO()) == 0
    (row,) = json.loads(out.getvalue())["rows"]
    assert row["policy_win_rates"] == {"predator": round(row["ascended"] / 9, 4)}
    assert main(["balance", "--games", "2", "--players", "4", "--policy", "steady,predator", "--jobs", "1",
                 "--cap", "3000"]) == 0
    printed = capsys.readouterr().out
    assert "Seat win rate by policy:" in printed and "4 players: steady " in printed and "predator " in printed


def test_a_steady_player_hunts_only_a_creature_form_it_can_tame():
    """The steady player never hunts to kill; a cheap tame of a Long Legs that must hunt it is the
    one hunt it makes."""
    steady = SteadyPolicy(data(), Chooser("x"))
    state = duo("saint", "hunter")
    state = place(state, 0, food=2)
    state = place(state, 1, form="hunter_long_legs", turns=25)
    assert steady(state) == Hunt(1)  # the Saint tames for a pip
    assert isinstance(steady(duo("saint", "hunter")), (Draw, TakeFood))  # no Long Legs: no hunt
