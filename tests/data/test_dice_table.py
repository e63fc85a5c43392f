"""The [dice] table of rules.toml: read strictly, every problem one line naming file and key."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rainboard.cli import main
from rainboard.data import DeckError, load_data
from rainboard.data.dice import VARIANTS, DiceRules

SHIPPED = Path(__file__).resolve().parents[2] / "decks"


@pytest.fixture
def decks(tmp_path):
    folder = tmp_path / "decks"
    shutil.copytree(SHIPPED, folder)
    return folder


def _set(decks: Path, old: str, new: str) -> None:
    path = decks / "rules.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_shipped_dice_table_is_read_and_the_d20_is_the_default():
    dice = load_data().rules.dice
    assert dice.variant == "d20" and dice.two_d10.sides == 10 and dice.pool.base_dice == 2
    assert DiceRules().variant == "d20"
    assert set(VARIANTS) == {"d20", "target", "2d10", "pool", "d6"}


@pytest.mark.parametrize("old, new, line", [
    ('variant = "d20"', 'variant = "d12"',
     "decks/rules.toml: dice.variant: expected one of d20, target, 2d10, pool, d6, got 'd12'"),
    ("base_dice = 2 ", 'base_dice = "two" ', 'decks/rules.toml: dice.pool.base_dice: expected an integer, got "two"'),
    ("partial_at = 4 ", "partial_at = 9 ",
     "decks/rules.toml: dice.d6.partial_at: must satisfy 1 <= partial_at <= full_at <= sides (9, 6, 6)"),
    ("[dice.pool]", "[dice.pool]\nbonus = 1", "decks/rules.toml: dice.pool: unknown key(s): bonus"),
    ("target_div = 2", "target_div = 0", "decks/rules.toml: dice.pool.target_div: must be between 1 and 20, got 0"),
])
def test_a_broken_dice_table_is_one_clear_line(decks, capsys, old, new, line):
    _set(decks, old, new)
    with pytest.raises(DeckError) as caught:
        load_data(decks)
    assert line in caught.value.problems
    assert main(["decks", "check", "--decks", str(decks)]) == 1
    err = capsys.readouterr().err
    assert line in err and "Traceback" not in err


def test_a_table_may_make_another_variant_its_default(decks):
    _set(decks, 'variant = "d20"', 'variant = "pool"')
    data = load_data(decks)
    assert data.rules.dice.variant == "pool"
    assert load_data(decks, dice="d20").rules.dice.variant == "d20"
    assert load_data(decks, dice="pool").fingerprint == data.fingerprint  # the files' own variant adds nothing
