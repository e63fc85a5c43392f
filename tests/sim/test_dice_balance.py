"""The balance tool and the simulator under the table's dice variants (--dice)."""

from __future__ import annotations

import io
import json

from rainboard.cli import main
from rainboard.sim.balance import run

ARGS = dict(games=2, slugcats=["survivor"], cap=3000, policy="steady", jobs=1)


def test_balance_plays_the_rows_once_per_variant_with_the_same_seeds():
    out, err = io.StringIO(), io.StringIO()
    assert run(**ARGS, dice=["d20", "pool", "d20"], as_json=True, out=out, err=err) == 0, err.getvalue()
    rows = json.loads(out.getvalue())["rows"]
    assert [(r["dice"], r["slugcat"]) for r in rows] == [("d20", "survivor"), ("pool", "survivor")]
    plain = io.StringIO()
    assert run(**ARGS, as_json=True, out=plain, err=io.StringIO()) == 0
    (alone,) = json.loads(plain.getvalue())["rows"]
    assert alone == rows[0]  # the d20 row is the game without --dice, game for game


def test_the_table_shows_each_variant_and_compares_the_solo_medians():
    out = io.StringIO()
    assert run(**ARGS, dice=["d20", "2d10"], out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    assert "Dice: d20" in text and "Dice: 2d10" in text
    comparison = text[text.index("Median turns (solo)"):].splitlines()
    assert comparison[0].split()[-2:] == ["d20", "2d10"]
    assert comparison[2].startswith("Survivor") and "%)" in comparison[2]


def test_sim_and_balance_take_dice_and_refuse_an_unknown_variant(capsys):
    assert main(["sim", "--games", "1", "--dice", "d6", "--policy", "steady"]) == 0
    assert "1 ascended" in capsys.readouterr().out
    try:
        main(["balance", "--dice", "d12"])
    except SystemExit as exit:
        assert exit.code == 2
    err = capsys.readouterr().err
    assert "no dice variant 'd12'; choose one of: d20, target, 2d10, pool, d6" in err
