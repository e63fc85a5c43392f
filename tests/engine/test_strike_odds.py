"""The risk a strike at a player runs, and the answers' risks, as the rule queries tell them (issue 24).

A strike is one exchange each way (hunts.py): the striker and its companions roll; if the hunted
player still stands, they answer once, by fighting back (their attack against the striker's HP, then
their companions) or by fleeing, and the striker's turn ends. So the striker can die only when the
strike fails and the hunted player then fights back and succeeds: the risk shown is the chance their
best answer kills, should the strike fail. The answers themselves risk nothing: nobody strikes after
them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from attrs import evolve

from rainboard.data import with_dice
from rainboard.data.dice import VARIANTS
from rainboard.engine import dice, legal_actions, queries
from rainboard.engine.actions import Attack, Flee, Strike
from rainboard.engine.state import DEAD, Duel, HandCard

from .helpers import act, game, mini_data, put, rig


def _strike_ready(data=None, defender_hand=(), striker_hand=()):
    """Ada (Survivor, HP 12, attack +0) has hunted Bo (the Hunter, HP 13, attack +2) in Industrial
    Complex, and may strike now."""
    state = game("survivor", "hunter", data=data)
    state = put(state, 0, region="hi", hunting=1, hand=tuple(HandCard(c, "treasure") for c in striker_hand))
    state = put(state, 1, region="hi", hand=tuple(HandCard(c, "treasure") for c in defender_hand))
    return evolve(state, rain=9)


def _answers(state):
    """The hunted player's fight-back answers to a strike that failed, and the state they answer in."""
    duel = _failed_strike(state)
    return [a for a in legal_actions(duel) if isinstance(a, Attack)], duel


def _failed_strike(state, action=Strike(1)):
    state, _ = act(rig(state, *[1] * 8), str(action))  # Ada and any companions roll 1s: a miss
    assert isinstance(state.pending, Duel)
    return evolve(state, script=())


def test_a_strikes_risk_is_the_chance_the_hunted_players_best_answer_kills():
    state = _strike_ready(defender_hand=("spear", "bomb"))
    # Bo's answers against Ada's HP 12: bare 2 + d20 above 12 (10 faces in 20); with the spear +3
    # (13 faces); with the bomb against half her HP, 6 (16 faces): the best, and the risk
    assert queries.strike_back_risk(state, 0, 1) == Fraction(16, 20)
    assert queries.failure_risk(state, Strike(1)) == Fraction(16, 20)
    answers, duel = _answers(state)
    assert sorted(queries.chance(duel, a) for a in answers) == [Fraction(10, 20), Fraction(13, 20), Fraction(16, 20)]
    # and the bomb's 5 and up do kill Ada, a 4 does not
    for face, dies in ((4, False), (5, True)):
        after, _ = act(rig(duel, face), "attack bomb")
        assert (after.players[0].status == DEAD) is dies


def test_the_hunted_players_companions_count_in_the_risk():
    state = _strike_ready(defender_hand=("green_lizard",))
    # Bo misses on 10 faces in 20; then the lizard, d20 - 3 above 12, misses on 15 faces in 20
    assert queries.failure_risk(state, Strike(1)) == 1 - Fraction(10, 20) * Fraction(15, 20)


def test_the_striker_risks_nothing_against_a_player_who_cannot_hurt_them():
    data = mini_data()
    state = _strike_ready()
    weak = evolve(data, slugcats={**data.slugcats, "hunter": evolve(data.slugcats["hunter"], attack=-10)})
    state = evolve(state, data=weak)
    assert queries.failure_risk(state, Strike(1)) == 0


def test_the_answers_to_a_strike_risk_nothing():
    state = _strike_ready(defender_hand=("spear", "rock"))
    duel = _failed_strike(state)
    answers = [a for a in legal_actions(duel) if isinstance(a, (Attack, Flee))]
    assert len(answers) == 4
    assert all(queries.failure_risk(duel, a) == 0 for a in answers)
    for action in answers:  # every answer failing: Bo rolls 1s (a flee against Ada's 20)
        after, _ = act(rig(duel, 20, 1) if isinstance(action, Flee) else rig(duel, 1), str(action))
        assert after.players[1].status != DEAD and after.pending is None


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_risk_is_exact_on_every_tables_dice(variant):
    """Under each variant the risk is the best answer's chance counted over that variant's own dice
    (dice.check_chance), as the answer is then offered."""
    data = with_dice(mini_data(), variant)
    rules = data.rules
    state = _strike_ready(data=data, defender_hand=("spear", "bomb", "green_lizard"))

    def kills(bo: int, target: int) -> Fraction:  # Bo's roll, then his lizard's (-3) against Ada's whole 12
        return 1 - (1 - dice.check_chance(rules, "attack", bo, target)) * (1 - dice.check_chance(rules, "attack", -3, 12))

    best = max(kills(2, 12), kills(2 + 3, 12), kills(2, 6))  # bare, with the spear, with the bomb (half her HP)
    assert queries.failure_risk(state, Strike(1)) == best
    duel = _failed_strike(state)
    assert max(queries.chance(duel, a) for a in legal_actions(duel) if isinstance(a, Attack)) == best


def test_a_strike_with_a_weapon_runs_the_same_risk():
    state = _strike_ready(defender_hand=("spear",), striker_hand=("spear",))
    assert queries.failure_risk(state, Strike(1, "spear")) == queries.failure_risk(state, Strike(1))
    answers, duel = _answers(state)
    assert max(queries.chance(duel, a) for a in answers) == queries.failure_risk(state, Strike(1))
