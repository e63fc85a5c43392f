"""The narrator's one sentence per event, told as it happens or afterwards to one player ("you"), and
where in an action's events play passed on from the player who moved (issue 23)."""

from __future__ import annotations

import re

import attrs
import pytest

from rainboard.data import load_data
from rainboard.engine import apply, legal_actions, narrate, new_game
from rainboard.engine import game as game_module
from rainboard.engine import setup as engine_setup
from rainboard.engine.events import PLAY_PASSES, Rolled, play_passed_at
from rainboard.engine.narrator import tell
from rainboard.engine.rng import Chooser
from rainboard.engine.voice import you_verb
from rainboard.sim import make_policy, random_setup

DATA = load_data()
PARTIES = ("killer", "attacker", "target", "target_player", "prey", "by_player", "tamer", "leader")


def games(count: int, cap: int = 250, before_each=lambda: None):
    """(state after, events) of every action of `count` seeded games, players choosing their slugcats
    in some; random, eager and steady play. `before_each` is called before each action."""
    for number in range(count):
        chooser = Chooser(number)
        setup = random_setup(DATA, f"voice {number}", 2 + number % 8, chooser)
        if number % 3 == 0:
            setup = attrs.evolve(setup, players=[attrs.evolve(p, slugcat=None) for p in setup.players])
        state, _ = new_game(setup, DATA)
        policy = make_policy(("random", "eager", "steady")[number % 3], DATA, chooser)
        for _ in range(cap):
            if state.to_act is None:
                break
            action = chooser.choice(legal_actions(state)) if state.phase == "choosing" else policy(state)
            before_each()
            state, events = apply(state, action)
            yield state, events


def test_play_passes_on_where_the_engine_ends_the_turn(monkeypatch):
    """The first of PLAY_PASSES in an action's events is where the engine passed play on (ended the
    turn, or began the game after the last slugcat chosen); with neither, there is none."""
    passed: list[int] = []
    real_end_turn, real_start_cycle = game_module.end_turn, engine_setup.start_cycle

    def end_turn(step):
        passed.append(len(step.events))
        real_end_turn(step)

    def start_cycle(step):
        passed.append(len(step.events))
        real_start_cycle(step)

    monkeypatch.setattr(game_module, "end_turn", end_turn)
    monkeypatch.setattr(engine_setup, "start_cycle", start_cycle)
    checked = 0
    for _, events in games(45, before_each=passed.clear):
        where = passed[0] if passed else len(events)
        assert play_passed_at(events) == where, (passed, [type(e).__name__ for e in events])
        assert not any(isinstance(e, PLAY_PASSES) for e in events[:where])
        checked += 1
    assert checked > 5000


@pytest.mark.parametrize("verb, said", [
    ("draws", "draw"), ("is tracking", "are tracking"), ("has slept", "have slept"), ("curls up", "curl up"),
    ("already carries", "already carry"), ("passes", "pass"), ("dies", "die"), ("escapes", "escape"),
    ("dodges", "dodge"), ("cannot shake", "cannot shake"), ("must answer", "must answer"), ("was", "were"),
    ("drew", "drew"), ("could not shake", "could not shake"),
])
def test_a_verb_said_of_you(verb, said):
    assert you_verb(verb) == said


def test_every_sentence_told_afterwards_to_a_player_calls_them_you():
    """Each event of seeded games, told to its player and to each other party it names: the present,
    untold to anyone, is the log's sentence; afterwards, the player told is "you" and never named,
    and a sentence about them opens with "You". (Names are Ada, Bo...: none is another's word.)"""
    seen: set[type] = set()
    for state, events in games(30):
        names = [p.name for p in state.players]
        for event in events:
            assert tell(event, state).text == narrate(event, state)
            if isinstance(event, Rolled):  # a roll names its roller as it was made: no story tells one
                continue
            told = {event.player} | {getattr(event, f) for f in PARTIES if isinstance(getattr(event, f, None), int)}
            for you in told - {None}:
                sentence = tell(event, state, past=True, you=you)
                assert not re.search(rf"\b{names[you]}\b", sentence.text), sentence.text
                if re.search(rf"\b{names[you]}\b", narrate(event, state)):
                    assert re.search(r"\b[Yy]ou(r)?\b", sentence.text), sentence.text
                if sentence.subject == you:
                    assert sentence.head == "You" and sentence.text.startswith("You ")
            seen.add(type(event))
    assert len(seen) > 40
