"""Thousands of mutated deck folders (tests/data/deck_mutator.py, fixed seeds): loading one either
works or raises DeckError with short, single-line, escaped problems, and whatever loads plays.

scripts/fuzz_decks.py runs the same cases at scale and counts what comes out.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rainboard.data import DeckError
from tests.data.deck_mutator import case, load_case, play_case, read_folder

ROOT = Path(__file__).resolve().parents[2]
BASES = {"mini": (ROOT / "tests" / "fixtures" / "mini", 2500), "shipped": (ROOT / "decks", 500)}
SEED = 2024
GAMES = 150  # games played, on the first cases that load (each capped at 300 actions)
RAW_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")

_loaded: list = []  # (label, GameData) of cases that loaded, for the games test


def _label(base: str, number: int, notes: list[str]) -> str:
    return f"{base} case {SEED}:{number} ({'; '.join(notes)[:200]})"


@pytest.mark.parametrize("base", sorted(BASES))
def test_mutated_decks_load_or_raise_only_deck_errors(base, tmp_path):
    folder, count = BASES[base]
    files = read_folder(folder)
    failures: list[str] = []
    outcomes = {"loaded": 0, "refused": 0}
    for number in range(count):
        mutated, notes = case(files, SEED, number)
        label = _label(base, number, notes)
        on_disk = number % 8 == 0 or any(isinstance(t, bytes) for t in mutated.values())
        where = tmp_path / f"c{number}" if on_disk else None
        try:
            data = load_case(mutated, where)
        except DeckError as exc:
            outcomes["refused"] += 1
            assert exc.problems, label
            for line in exc.problems:
                if len(line) > 400 or "\n" in line or RAW_CONTROL.search(line):
                    failures.append(f"{label}: a problem that is not one short escaped line: {line[:120]!r}")
        except Exception as exc:  # noqa: BLE001 - the point: nothing but DeckError may come out
            failures.append(f"{label}: {type(exc).__name__}: {exc!s:.200}")
        else:
            outcomes["loaded"] += 1
            if base == "mini":
                _loaded.append((label, data))
        finally:
            if where is not None:
                shutil.rmtree(where, ignore_errors=True)
    assert not failures, "\n".join(failures[:10])
    # the mutator must exercise both sides of the check
    assert outcomes["loaded"] > count // 20 and outcomes["refused"] > count // 2, outcomes


def test_mutated_decks_that_load_play(tmp_path):
    if not _loaded:  # run alone: load the cases first
        test_mutated_decks_load_or_raise_only_deck_errors("mini", tmp_path)
    assert len(_loaded) >= GAMES
    failures = []
    for n, (label, data) in enumerate(_loaded[:GAMES]):
        try:
            result = play_case(data, f"{SEED}:{n}")
        except Exception as exc:  # noqa: BLE001
            failures.append(f"{label}: {type(exc).__name__}: {exc!s:.200}")
            continue
        assert result.actions > 0
    assert not failures, "\n".join(failures[:10])
