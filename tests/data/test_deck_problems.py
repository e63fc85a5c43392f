"""`rainboard decks check` on broken deck folders: one clear line per problem, exit 1, no traceback."""

import random
import re
import shutil
from pathlib import Path

import pytest

from rainboard.cli import main
from rainboard.data import load_data
from rainboard.sim import play_random, random_setup

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"

# (file, text to find, replacement, the line expected)
PROBLEMS = {
    "bad toml": ("regions/lf.toml", 'name = "Farm Arrays"', 'name = "Farm Arrays', "decks/regions/lf.toml: not valid TOML"),
    "unknown key": ("cards/cards.toml", 'name = "Batfly"', 'name = "Batfly"\nwings = 2',
                    "decks/cards/cards.toml: cards[0]: unknown key(s): wings"),
    "missing key": ("regions/hi.toml", 'code = "HI"\n', "", "decks/regions/hi.toml: code: missing (required)"),
    "string for a number": ("cards/cards.toml", "hp = 14", 'hp = "ten"',
                            'decks/cards/cards.toml: cards[1].hp: expected an integer, got "ten"'),
    "no silent conversion": ("cards/cards.toml", "food = 3", 'food = "3"',
                             'decks/cards/cards.toml: cards[1].food: expected an integer, got "3"'),
    "out of range": ("regions/su.toml", "karma = 3", "karma = 6",
                     "decks/regions/su.toml: gates[0].karma: must be between 1 and 5, got 6"),
    "rules out of range": ("rules.toml", "karma_start = 1", "karma_start = 7",
                           "decks/rules.toml: karma_start: must lie within karma_min..karma_max (1..5), got 7"),
    "unknown card": ("regions/sb.toml", 'card = "shelter"', 'card = "shelterr"',
                     "decks/regions/sb.toml: deck[0].card: no card 'shelterr'"),
    "unknown region": ("regions/hi.toml", 'to = "gw"', 'to = "gg"', "decks/regions/hi.toml: gates[2].to: no region 'gg'"),
    "one-sided gate": ("regions/lf.toml", '[[gates]]\nto = "su"\nkarma = 2\n', "",
                       "decks/regions/su.toml: gates[1].to: the gate to 'lf' has no other end"),
    "mark missing": ("regions/ss.toml", '[[deck]]\ncard = "mark"\n', "",
                     "decks/regions/ss.toml: deck: the Mark of Communication is missing from Five Pebbles"),
    "mark elsewhere": ("regions/sb.toml", '[[deck]]\ncard = "shelter"', '[[deck]]\ncard = "mark"\n\n[[deck]]\ncard = "shelter"',
                       "decks/regions/sb.toml: deck: the Mark of Communication belongs only in the region with gives_mark"),
    "no shelter": ("regions/hi.toml", 'card = "shelter"', 'card = "green_lizard"',
                   "decks/regions/hi.toml: deck: no shelter card"),
    "bad start region": ("slugcats.toml", 'start_region = "gw"', 'start_region = "xx"',
                         "decks/slugcats.toml: slugcats[3].start_region: no region 'xx'"),
    "unknown ability": ("cards/cards.toml", 'abilities = ["ambush"]', 'abilities = ["sneaky"]',
                        "decks/cards/cards.toml: cards[2].abilities: unknown ability 'sneaky'"),
    "a tame price apart from the food": ("cards/cards.toml", "food = 3", "food = 3\ntame_cost = 5",
                                         "decks/cards/cards.toml: cards[1]: unknown key(s): tame_cost"),
    "lantern that is no item": ("regions/uh.toml", 'unless_item = "lantern"', 'unless_item = "lamp"',
                                "decks/regions/uh.toml: modifiers[0].unless_item: no item card 'lamp'"),
}


# (text to find in the shipped abilities.toml, replacement, the line expected)
ABILITY_PROBLEMS = {
    "unknown ability": ("[slugpup]", '[sneaky]\nname = "Sneaky"\ntext = "hides"\n\n[slugpup]',
                        "decks/abilities.toml: sneaky: no ability 'sneaky' (known: ambush, stationary,"),
    "ability without words": ('[merchant]\nname = "Merchant"\n', '[trader]\nname = "Merchant"\n',
                              "decks/abilities.toml: merchant: missing: every ability needs a name and a text"),
    "unknown key": ('name = "Ambush"', 'name = "Ambush"\ncolour = "red"',
                    "decks/abilities.toml: ambush: unknown key(s): colour"),
    "missing text": ('text = "joins whoever finds it, no fight"', "", "decks/abilities.toml: slugpup.text: missing"),
    "words that are no table": ("[ambush]", 'ambush = "sudden"\n\n[ambush_old]',  # before every table
                                'decks/abilities.toml: ambush: expected a table with name and text, got "sudden"'),
}


@pytest.fixture
def decks(tmp_path):
    folder = tmp_path / "decks"
    shutil.copytree(MINI, folder)
    return folder


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_each_problem_is_reported_with_file_and_place(name, decks, capsys):
    file, old, new, expected = PROBLEMS[name]
    path = decks / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert main(["decks", "check", "--decks", str(decks)]) == 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert re.fullmatch(r"rainboard [a-z]+: Problems in the decks:", lines[0]), lines[0]
    assert any(line.startswith(expected) for line in lines[1:]), lines
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize("name", sorted(ABILITY_PROBLEMS))
def test_each_problem_with_ability_words_is_one_line(name, decks, capsys):
    from rainboard import paths

    old, new, expected = ABILITY_PROBLEMS[name]
    text = (paths.decks_dir() / "abilities.toml").read_text()
    assert old in text
    (decks / "abilities.toml").write_text(text.replace(old, new, 1))
    assert main(["decks", "check", "--decks", str(decks)]) == 1
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert re.fullmatch(r"rainboard [a-z]+: Problems in the decks:", lines[0]), lines[0]
    assert any(line.startswith(expected) for line in lines[1:]), lines
    assert "Traceback" not in captured.err + captured.out


def test_a_region_no_slugcat_can_reach(decks, capsys):
    (decks / "regions" / "xx.toml").write_text(
        'id = "xx"\ncode = "XX"\nname = "Nowhere"\n\n[[deck]]\ncard = "shelter"\n'
    )
    assert main(["decks", "check", "--decks", str(decks)]) == 1
    assert "decks/regions/xx.toml: gates: no slugcat can reach Nowhere even with karma 5" in capsys.readouterr().err


def test_the_same_problems_stop_sim_and_play(decks, capsys):
    (decks / "cards" / "cards.toml").write_text("[[cards]]\nkind = 3\n")
    for argv in (["sim", "--games", "1", "--decks", str(decks)], ["play", "--decks", str(decks)]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert re.match(r"rainboard [a-z]+: Problems in the decks:", err) and "cards[0].kind" in err


def test_the_shipped_decks_pass_and_the_table_shows_every_deck(capsys):
    assert main(["decks", "check"]) == 0
    out = capsys.readouterr().out
    for name in ("Outskirts", "Five Pebbles", "Subterranean", "Precycle", "Treasure"):
        assert name in out
    assert "HI 3/2 x4" in out  # the Outskirts-Industrial gate: karma 3 there, 2 back, a main route
    data = load_data()
    assert len(data.slugcats) == 9
    assert sum(c.kind == "creature" for c in data.cards.values()) >= 25
    assert sum(c.kind == "item" for c in data.cards.values()) >= 12


def test_play_with_every_slugcat_and_every_region_reached_stays_error_free():
    data = load_data()
    regions, slugcats = set(), set()

    def visit(state, action, events):
        regions.update(p.region for p in state.players)

    chooser = random.Random(1)
    result = play_random(random_setup(data, 1, 9, chooser), data, chooser, cap=3000, check=visit)
    slugcats.update(p.slugcat for p in result.state.players)
    for seed in range(20):
        if regions == set(data.regions):
            break
        chooser = random.Random(seed)
        play_random(random_setup(data, seed, 3, chooser), data, chooser, check=visit, policy="eager")
    assert slugcats == set(data.slugcats)
    assert regions == set(data.regions)
