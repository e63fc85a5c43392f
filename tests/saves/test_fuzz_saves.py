"""Thousands of damaged saves, the same ones every run: each one gives a good game or a SaveError
whose message is one short printable line starting with the file, never another exception; a save
that fails at an action still opens in the replay viewer up to its last good point; the saves list
never raises. scripts/fuzz_saves.py runs the same mutator at scale."""

from __future__ import annotations

import copy
from collections import Counter

from . import mutate
from .fuzzing import base_saves, try_case
from .mutate import Mutator

CASES = 3000
SEED = 12


def test_damaged_saves_give_a_save_error_and_nothing_else(tmp_path):
    mutator = Mutator(base_saves(), seed=SEED)
    path = tmp_path / "case.json"
    kinds, reached, wrong = Counter(), Counter(), []
    for n in range(CASES):
        what, body = mutator.case(n)
        tried = try_case(path, body)
        kinds[tried.kind] += 1
        if tried.kind not in ("ok", "SaveError") or tried.faults:
            wrong.append(f"case {n} ({what}): {tried.kind} {list(tried.faults)} {str(tried.error)[:300]!r}")
        elif tried.kind == "SaveError":
            error = tried.error
            reached["action"] += error.action is not None and not error.digest_mismatch
            reached["digest"] += error.digest_mismatch
            reached["outcome"] += error.problem.startswith("outcome: the save says")
            reached["twice"] += "is given twice" in error.problem
            reached["limit"] += "at most" in error.problem
    assert not wrong, "\n".join(wrong[:10])
    # the damage reaches every stage: the JSON, the shape, the limits, the replay, the end
    assert kinds["ok"] and kinds["SaveError"] > CASES // 2
    assert all(reached[stage] for stage in ("action", "digest", "outcome", "twice", "limit")), reached


def test_the_mutator_gives_the_same_cases_for_a_seed():
    bases = base_saves()
    first, again, other = Mutator(bases, seed=3), Mutator(bases, seed=3), Mutator(bases, seed=4)
    values = copy.deepcopy(mutate.PLAIN)
    asked_first = [first.case(n) for n in range(2000)]
    assert mutate.PLAIN == values  # no case changed the values the next ones draw from
    assert [again.case(n) for n in range(1999, -1, -1)] == asked_first[::-1]  # in any order
    assert [first.case(n)[1] for n in range(20)] != [other.case(n)[1] for n in range(20)]
