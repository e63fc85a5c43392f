"""The rule queries against the rules themselves.

Thousands of positions come from random legal play (fixed seeds, the shipped decks and the small test
decks, one to four players). For every legal action in each, what the queries (and the label built on
them) predict is checked against what `apply` then does: food eaten, reputation given or lost, food
paid to tame, which gates may be crossed, hibernating or starving. The odds are checked twice: by
applying fight actions under many generator states and comparing how often they succeed with
`queries.chance`, and exactly, by scripting every face of the dice.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path

from attrs import evolve

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, apply, legal_actions, new_game, queries, testing
from rainboard.engine.actions import Attack, CrossGate, Eat, Flee, Give, Hibernate, Starve, Strike, TakeFood, \
    Tame, TamePlayer
from rainboard.engine.events import CreatureKilled, CycleEnded, Died, Fed, Fled, Moved, Tamed
from rainboard.engine.state import OVER, Decision, Duel, Encounter, GameState
from rainboard.ui.words import action_label, percent

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"
NAMES = ("Ada", "Bo", "Cy", "Di")
SEEDS = range(5)
STEPS = 250  # positions kept from each game


@cache
def decks(name: str):
    return load_data() if name == "shipped" else load_data(MINI)


@cache
def positions(name: str) -> tuple[GameState, ...]:
    """Every position of short random games on these decks: seeds 0-4, one to four players."""
    data = decks(name)
    found = []
    for seed in SEEDS:
        for players in range(1, 5):
            chooser = random.Random(f"{name}-{seed}-{players}")
            slugcats = chooser.sample(sorted(data.slugcats), players)
            setup = Setup(players=[PlayerSetup(NAMES[i], s) for i, s in enumerate(slugcats)], seed=seed)
            state, _ = new_game(setup, data)
            for _ in range(STEPS):
                if state.phase == OVER:
                    break
                found.append(state)
                state, _ = apply(state, chooser.choice(legal_actions(state)))
    return tuple(found)


def _cycle_ended(events) -> bool:
    """The cycle's end empties every food board, so food is compared only when it did not end."""
    return any(isinstance(e, CycleEnded) for e in events)


# -- every legal action, as predicted ------------------------------------------------------------------
def _check_choices(state: GameState, legal: list, checked: Counter) -> None:
    """What is offered: sleeping (hibernate iff fed, starve otherwise, only with a shelter) and gates
    (crossable iff can_cross)."""
    actor = state.to_act
    pending = state.pending
    sleeps = [a for a in legal if isinstance(a, (Hibernate, Starve))]
    if sleeps:
        assert sleeps == ([Hibernate()] if queries.is_fed(state, actor) else [Starve()])
        checked["hibernate" if queries.is_fed(state, actor) else "starve"] += 1
    ordinary_turn = pending is None and TakeFood() in legal
    if ordinary_turn:
        assert bool(sleeps) == queries.has_shelter(state, actor)
        for held in dict.fromkeys(h.card for h in state.players[actor].hand):
            if state.data.card(held).kind == "gate":
                assert (CrossGate(held) in legal) == queries.can_cross(state, actor, held)
                checked["kept gate judged"] += 1
    if isinstance(pending, Decision) and state.data.card(pending.card).kind == "gate":
        assert (CrossGate() in legal) == queries.can_cross(state, actor, pending.card)
        checked["drawn gate judged"] += 1


def _check_action(state: GameState, action, checked: Counter) -> None:
    actor = state.to_act
    before = state.players[actor]
    after, events = apply(state, action)
    now = after.players[actor]
    label = action_label(state, action)
    data = state.data

    if isinstance(action, TakeFood):
        gain = queries.food_gain(state, actor, data.rules.food_token_pips, "plant")
        fed = [e for e in events if isinstance(e, Fed) and e.player == actor]
        assert [(e.gained, e.after) for e in fed] == [(gain.gained, gain.food)]
        if not _cycle_ended(events):
            assert (now.food, now.food_parts) == (gain.food, gain.parts)
        checked["food token"] += 1
    elif isinstance(action, Eat):
        item = data.cards[action.item]
        gain = queries.food_gain(state, actor, item.food, item.food_type)
        assert (now.food, now.food_parts) == (gain.food, gain.parts)  # eating never ends the turn
        rise = now.food - before.food
        assert (f"+{rise} food" in label) if rise else ("no food" in label), label
        checked["eat"] += 1
    elif isinstance(action, Give):
        assert now.reputation == queries.gift_reputation(state, actor, action.item)
        rise = now.reputation - before.reputation
        assert (f"+{rise} reputation" in label) if rise else ("+" not in label), label
        checked["give"] += 1
    elif isinstance(action, (Tame, TamePlayer)):
        if isinstance(action, Tame):
            creature = data.cards[state.pending.card]
            item = data.cards[action.item] if action.item else None
        else:
            creature, item = data.cards[state.players[action.target].form], None
        cost, _ = queries.tame_cost(state, actor, creature, item)
        assert [e.cost for e in events if isinstance(e, Tamed)] == [cost]
        if not _cycle_ended(events):
            assert now.food == before.food - cost
        assert f" · {cost} food · " in label, label
        checked["tame"] += 1
    elif isinstance(action, CrossGate):
        gate = action.gate if action.gate is not None else state.pending.card
        karma = queries.gate_karma(state, gate, before.region)
        moved = [e for e in events if isinstance(e, Moved) and e.player == actor and e.gate == gate]
        assert [e.karma for e in moved] == [karma] and before.karma >= karma
        assert f"karma {karma}" in label, label
        checked["cross"] += 1

    if isinstance(action, Attack) and isinstance(state.pending, Encounter):
        costs = queries.attack_costs_reputation(state, state.pending)
        assert before.reputation - now.reputation == (1 if costs else 0)
        assert ("-1 reputation" in label) == costs, label
        checked["reputation lost" if costs else "attack"] += 1
    if isinstance(action, (Attack, Flee, Strike)):
        chance = queries.chance(state, action)
        assert f" · {percent(chance)}" in label, label
        risk = queries.failure_risk(state, action)  # the creature's answer, the hunted player's, or none
        if isinstance(action, Strike):
            name = state.players[action.target].name
            assert label.endswith(f" · ☠{percent(risk)} if {name} fights back") or chance == 1, label
            checked["strike risk shown"] += 1
        elif isinstance(state.pending, Duel):
            assert risk == 0 and label.endswith(" · ☠0%"), label  # nothing strikes after an answer
        else:
            assert risk == queries.strike_risk(state), label
            assert (label.endswith(f" · ☠{percent(risk)}")) if risk else ("☠" not in label), label
    if isinstance(action, (Tame, TamePlayer)):
        assert label.endswith(f" · {percent(queries.chance(state, action))}") and "☠" not in label, label


def test_every_legal_action_does_what_the_queries_say():
    checked: Counter = Counter()
    states = 0
    for name in ("shipped", "mini"):
        for state in positions(name):
            states += 1
            legal = legal_actions(state)
            _check_choices(state, legal, checked)
            for action in legal:
                _check_action(state, action, checked)
    assert states >= 5000
    # random play reached every kind of prediction checked above, and more than once
    for kind in ("food token", "eat", "give", "tame", "cross", "attack", "hibernate", "starve", "kept gate judged",
                 "drawn gate judged", "strike risk shown"):
        assert checked[kind] >= 5, (kind, checked)


# -- the odds ------------------------------------------------------------------------------------------
def succeeded(state: GameState, action, events) -> bool:
    """Whether the roll behind a fight action succeeded, read off what happened: the creature killed,
    the escape made, the struck (or striking) player dead."""
    pending = state.pending
    if isinstance(action, Strike):
        return any(isinstance(e, Died) and e.player == action.target and e.killer == state.current for e in events)
    if isinstance(pending, Encounter):
        kind = CreatureKilled if isinstance(action, Attack) else Fled
        return any(isinstance(e, kind) and e.player == pending.player and e.card == pending.card for e in events)
    assert isinstance(pending, Duel)
    if isinstance(action, Attack):
        return any(isinstance(e, Died) and e.player == pending.attacker and e.killer == pending.player
                   for e in events)
    return any(isinstance(e, Fled) and e.player == pending.player and e.attacker == pending.attacker for e in events)


def fights() -> list[tuple[GameState, object]]:
    """Fight actions from the random positions, every kind (attack and flee against creatures and
    players, strikes), with and without companions."""
    found = []
    for name in ("shipped", "mini"):
        for state in positions(name):
            for action in legal_actions(state):
                if isinstance(action, (Attack, Flee, Strike)):
                    found.append((state, action))
    return found


def _kind(state: GameState, action) -> str:
    return f"{type(action).__name__} {type(state.pending).__name__}"


def _helpers(state: GameState) -> bool:
    """Someone fights beside the one who attacks (each companion rolls too)."""
    index = state.to_act if state.to_act is not None else state.current
    return bool(queries.companions(state, index))


def _sample(found, per_kind: int) -> list:
    """A few of each kind of fight, spread over the games, and every one with companions there is
    (up to `per_kind`)."""
    by_kind: dict[str, list] = {}
    for state, action in found:
        key = _kind(state, action) + (" with companions" if isinstance(action, (Attack, Strike)) and _helpers(state)
                                      else "")
        by_kind.setdefault(key, []).append((state, action))
    sample = []
    for fights_of_kind in by_kind.values():
        step = max(1, len(fights_of_kind) // per_kind)
        sample += fights_of_kind[::step][:per_kind]
    return sample


def test_fights_succeed_as_often_as_the_chance_says():
    tries = 1500
    sample = _sample(fights(), per_kind=6)
    kinds = {_kind(state, action) for state, action in sample}
    assert {"Attack Encounter", "Flee Encounter", "Strike NoneType", "Attack Duel", "Flee Duel"} <= kinds
    for state, action in sample:
        p = queries.chance(state, action)
        wins = sum(succeeded(state, action, apply(evolve(state, rng=k), action)[1]) for k in range(tries))
        if p in (0, 1):
            assert wins == p * tries, (action, p, wins)
            continue
        error = math.sqrt(p * (1 - p) / tries)
        assert abs(wins / tries - p) <= 4 * error, (str(action), _kind(state, action), float(p), wins / tries)


def test_the_outcome_flips_exactly_at_the_face_the_chance_implies():
    """Scripted dice: every face (every pair of faces for a flee) tried once; a success from the face
    the chance names upwards, and so many successes that they are the chance exactly."""
    sample = [(s, a) for s, a in _sample(fights(), per_kind=15)
              if not (isinstance(a, (Attack, Strike)) and _helpers(s))]  # one roll per attack
    assert len(sample) >= 40
    for state, action in sample:
        sides = state.data.rules.check_die
        p = queries.chance(state, action)
        if isinstance(action, Flee):
            wins = 0
            for theirs in range(1, sides + 1):  # the chaser rolls first, then the player must beat it
                row = [succeeded(state, action, apply(testing.script_dice(state, theirs, mine), action)[1])
                       for mine in range(1, sides + 1)]
                assert row == sorted(row), (str(action), theirs, row)  # once escaped, a higher face escapes too
                wins += sum(row)
            assert wins == p * sides * sides, (str(action), float(p), wins)
        else:
            row = [succeeded(state, action, apply(testing.script_dice(state, face), action)[1])
                   for face in range(1, sides + 1)]
            first = sides - int(p * sides) + 1  # the lowest face that succeeds
            assert row == [face >= first for face in range(1, sides + 1)], (str(action), float(p), row)


def test_a_strikes_risk_is_the_best_answer_the_hunted_player_is_then_offered():
    """Every strike in the random positions (with items and companions on either side): missed on
    scripted 1s, it leaves the hunted player answers whose best chance to kill is the risk the strike
    showed (queries.failure_risk), and each answer, failed, kills nobody."""
    strikes = [(s, a) for s, a in fights() if isinstance(a, Strike)]
    assert len(strikes) >= 20
    seen = 0
    for state, action in strikes:
        after, events = apply(testing.script_dice(state, *[1] * 12), action)
        if not isinstance(after.pending, Duel):
            continue  # the strike killed even on 1s
        seen += 1
        duel = evolve(after, script=())
        answers = [a for a in legal_actions(duel) if isinstance(a, Attack)]
        assert max(queries.chance(duel, a) for a in answers) == queries.failure_risk(state, action), str(action)
        assert all(queries.failure_risk(duel, a) == 0 for a in legal_actions(duel))
    assert seen >= 20


def test_a_green_lizard_dies_from_a_fifteen():
    """Survivor (attack +0) against a Green Lizard (HP 14): above 14 on the d20, 6 faces in 20."""
    data = decks("shipped")
    state, _ = new_game(Setup(players=[PlayerSetup("Ada", "survivor")], seed=1), data)
    state, _ = apply(testing.stack(state, state.players[0].region, "green_lizard"), "draw")
    assert queries.chance(state, Attack()) == Fraction(6, 20)
    for face, killed in ((14, False), (15, True)):
        _, events = apply(testing.script_dice(state, face, 1), Attack())  # the lizard's answer: a 1
        assert succeeded(state, Attack(), events) is killed


def test_attacking_a_scavenger_costs_reputation_once_per_fight():
    """Reputation 2: the scavenger fights; the first attack costs a point, the second none, as the
    query and the label say beforehand."""
    data = decks("shipped")
    state, _ = new_game(Setup(players=[PlayerSetup("Ada", "survivor")], seed=1), data)
    state = testing.place(state, 0, reputation=2)
    state, _ = apply(testing.stack(state, state.players[0].region, "scavenger"), "draw")
    for reputation, costs in ((2, True), (1, False)):
        assert queries.attack_costs_reputation(state, state.pending) is costs
        assert ("-1 reputation" in action_label(state, Attack())) is costs
        state, _ = apply(testing.script_dice(state, 1, 1), Attack())  # Ada misses, the scavenger too
        assert state.players[0].reputation == reputation - costs
    provoked = testing.place(state, 0, reputation=3)  # reputation back up: still no second cost this fight
    assert not queries.attack_costs_reputation(provoked, provoked.pending)
    assert apply(testing.script_dice(provoked, 1, 1), Attack())[0].players[0].reputation == 3
