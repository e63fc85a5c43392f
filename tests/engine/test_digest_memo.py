"""The digest remembers the texts of the last few states' parts, and no more: a long game (a resume
digests thousands of states) leaves behind only what the next state may share."""

from __future__ import annotations

import sys

import attrs

from rainboard.data import load_data
from rainboard.engine import digest

from .test_digest import _game, reference_digest

digest_module = sys.modules["rainboard.engine.digest"]


def _parts(state) -> set[int]:
    """The ids of every value in a state (its deck data aside), as the digest walks it."""
    found: set[int] = set()
    stack = [state]
    while stack:
        value = stack.pop()
        if isinstance(value, (str, int, float, bool)) or value is None or id(value) in found:
            continue
        found.add(id(value))
        if attrs.has(type(value)):
            stack.extend(getattr(value, field.name) for field in attrs.fields(type(value)) if field.name != "data")
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, (tuple, list)):
            stack.extend(value)
    return found


def _remembered() -> list[object]:
    memo = digest_module
    return [known[0] for table in (memo._texts, memo._old_texts, memo._entries, memo._old_entries)
            for known in table.values()]


def _recent(states: list, wrote: list[bool]) -> set[int]:
    """The parts of the states digested in this generation and the one before: a generation ends
    after _GENERATION states that wrote a text."""
    counted = [number for number, written in enumerate(wrote) if written]
    generations = 2 * digest_module._GENERATION
    since = counted[-generations - 1] + 1 if len(counted) > generations else 0
    return set().union(*map(_parts, states[since:]))


def _digest_all(states: list) -> list[bool]:
    """Digest each state in turn; for each, whether it wrote a text (rather than looked all up)."""
    wrote = []
    for state in states:
        digest(state)
        wrote.append(bool(digest_module._wrote))
    return wrote


def test_after_a_long_game_only_the_last_states_parts_are_remembered():
    states = _game(load_data(), 6, 4, 1500)
    assert len(states) > 1000
    wrote = _digest_all(states)
    assert sum(wrote) > 1000
    remembered = _remembered()
    assert remembered  # the next state's unchanged parts are looked up
    recent = _recent(states, wrote)
    assert all(id(value) in recent for value in remembered)  # and nothing of states long gone


def _fresh_memo(monkeypatch, digested: int = 0, wrote: bool = False) -> None:
    """The memo emptied, `digested` states into its generation (`wrote`: the last digested wrote
    a text). Where the generation stands decides which digest rolls it over, so the tests before
    this one must not decide it."""
    digest_module.forget_memo()
    monkeypatch.setattr(digest_module, "_digested", digested)
    monkeypatch.setattr(digest_module, "_wrote", [True] if wrote else [])


def test_the_same_state_digested_again_writes_nothing_wherever_the_generation_stands(monkeypatch):
    """Digesting the state just digested finds every text remembered, even when that digest rolls
    the generation over (the texts of the state just written are the ones kept), and gives the
    digest written out in full."""
    states = _game(load_data(), 8, 4, 50)
    for digested in range(digest_module._GENERATION):
        for wrote in (False, True):
            _fresh_memo(monkeypatch, digested, wrote)
            _digest_all(states)
            assert _digest_all([states[-1]] * 3) == [False] * 3, (digested, wrote)  # every text looked up
            assert digest(states[-1]) == reference_digest(states[-1])


def test_a_state_whose_texts_were_forgotten_gives_the_same_digest():
    states = _game(load_data(), 7, 3, 400)
    first = states[len(states) // 2]
    wrote = _digest_all(states[: len(states) // 2 + 1])
    wrote += _digest_all(states)  # many generations later: first's texts are forgotten
    gone = _parts(first) - _recent(states[: len(states) // 2 + 1] + states, wrote)
    assert gone and not gone & {id(value) for value in _remembered()}
    assert digest(first) == reference_digest(first)
