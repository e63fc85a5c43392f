"""The limits a decks folder must keep (rainboard/data/limits.py), through `rainboard decks check`
where a table meets them, and through load_deck_files where a save's decks meet them.

Every case here was a folder `decks check` passed (or a loader that hung, or a message that
printed raw control characters) before the limits: a count of 10**30, ids that make saves that
never replay, a region called `treasure`, dice that never finish rolling.
"""

from __future__ import annotations

import re

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rainboard.cli import main
from rainboard.data import DeckError, load_data, load_deck_files
from rainboard.data.limits import (DECK_CARDS_MAX, FILE_BYTES_MAX, FILES_MAX, ID_MAX, ID_PATTERN, PROBLEMS_MAX,
                                   QUOTE_MAX)
from rainboard.data.models import Region
from rainboard.engine import actions
from rainboard.engine.actions import parse_action
from tests.data.deck_mutator import read_folder

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"


@pytest.fixture
def decks(tmp_path):
    folder = tmp_path / "decks"
    shutil.copytree(MINI, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def check(decks: Path, capsys) -> list[str]:
    """`rainboard decks check` on the folder: it must fail with one line per problem."""
    assert main(["decks", "check", "--decks", str(decks)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    lines = captured.err.splitlines()
    assert re.fullmatch(r"rainboard [a-z]+: Problems in the decks:", lines[0]), lines[0]
    return lines[1:]


def one_problem_like(lines: list[str], start: str) -> str:
    found = [line for line in lines if line.startswith(start)]
    assert found, (start, lines)
    return found[0]


# (file, text to find, replacement, the start of the line expected)
REFUSED = {
    "a count of 10**30": ("regions/su.toml", "count = 2", "count = 1000000000000000000000000000000",
                          "decks/regions/su.toml: deck[0].count: must be between 1 and 50, got 1000000000000000000"),
    "a count of zero": ("regions/su.toml", "count = 2", "count = 0", "decks/regions/su.toml: deck[0].count: must be between 1"),
    "gate copies": ("regions/su.toml", "karma = 3", "karma = 3\ncopies = 1000000000",
                    "decks/regions/su.toml: gates[0].copies: must be between 1 and 20"),
    "rain dice": ("rules.toml", "rain_dice = 2", "rain_dice = 1000000000", "decks/rules.toml: rain_dice: must be between 1 and 10"),
    "rain sides": ("rules.toml", "rain_sides = 6", "rain_sides = 10000", "decks/rules.toml: rain_sides: must be between 2 and 20"),
    "rain bonus": ("rules.toml", "rain_bonus = 2", "rain_bonus = -5", "decks/rules.toml: rain_bonus: must be between 0 and 60"),
    "a huge check die": ("rules.toml", "check_die = 20", "check_die = 1000000", "decks/rules.toml: check_die: must be between 2 and 100"),
    "fight exchanges": ("rules.toml", "player_kill_food = 3", "player_kill_food = 3\nfight_exchanges_max = 1000000000",
                        "decks/rules.toml: fight_exchanges_max: must be between 1 and 100"),
    "a gift worth nothing": ("rules.toml", "player_kill_food = 3", "player_kill_food = 3\ngift_pearls_per_reputation = 5e-324",
                             "decks/rules.toml: gift_pearls_per_reputation: must be between 0.1 and 20"),
    "a gift worth nan": ("rules.toml", "player_kill_food = 3", "player_kill_food = 3\ngift_pearls_per_reputation = nan",
                         "decks/rules.toml: gift_pearls_per_reputation: must be a number between 0.1 and 20, got nan"),
    "pearls of inf": ("cards/cards.toml", "pearls = 2", "pearls = inf",
                      "decks/cards/cards.toml: cards[16].pearls: must be a number between 0 and 20, got inf"),
    "huge hp": ("cards/cards.toml", "hp = 14", "hp = 10000000000", "decks/cards/cards.toml: cards[1].hp: must be between 1 and 100"),
    "a huge attack": ("cards/cards.toml", "attack = -3", "attack = -1000000", "decks/cards/cards.toml: cards[1].attack: must be between -100 and 100"),
    "food": ("slugcats.toml", "food_max = 4", "food_max = 100000", "decks/slugcats.toml: slugcats[0].food_max: must be between 1 and 20"),
    "karma": ("rules.toml", "karma_max = 5", "karma_max = 1000000", "decks/rules.toml: karma_max: must be between 1 and 10"),
    "an item id that is a number": ("cards/cards.toml", 'id = "lantern"', 'id = "7"',
                                    'decks/cards/cards.toml: cards[16].id: "7" is not an id: use lower-case letters'),
    "an id with a space": ("cards/cards.toml", 'id = "batfly"', 'id = "has space"', 'decks/cards/cards.toml: cards[0].id: "has space" is not an id'),
    "an id in capitals": ("cards/cards.toml", 'id = "batfly"', 'id = "Batfly"', 'decks/cards/cards.toml: cards[0].id: "Batfly" is not an id'),
    "a card named like a gate": ("cards/cards.toml", 'id = "batfly"', 'id = "gate_su_hi"',
                                 "decks/cards/cards.toml: cards[0].id: \"gate_su_hi\": ids starting with 'gate_' are kept"),
    "a region called treasure": ("regions/sb.toml", 'id = "sb"', 'id = "treasure"',
                                 'decks/regions/sb.toml: id: "treasure" is a name the game keeps for its own decks'),
    "a region called precycle": ("regions/sb.toml", 'id = "sb"', 'id = "precycle"',
                                 'decks/regions/sb.toml: id: "precycle" is a name the game keeps'),
    "a deck entry that is no id": ("regions/su.toml", 'card = "batfly"', 'card = "bat fly"',
                                   'decks/regions/su.toml: deck[1].card: "bat fly" is not an id'),
    "a region code": ("regions/su.toml", 'code = "SU"', 'code = "Outskirts"', 'decks/regions/su.toml: code: "Outskirts" is not a region code'),
    "a blank name": ("slugcats.toml", 'name = "The Survivor"', 'name = "   "', "decks/slugcats.toml: slugcats[0].name: must not be blank"),
    "a long name": ("slugcats.toml", 'name = "The Survivor"', f'name = "{"S" * 500}"',
                    f'decks/slugcats.toml: slugcats[0].name: 500 characters, at most 40: "{"S" * (QUOTE_MAX - 3)}..."'),
    "a trait that is no id": ("slugcats.toml", 'traits = ["swimmer"]', 'traits = ["swims well"]',
                              'decks/slugcats.toml: slugcats[3].traits: [0] "swims well" is not an id'),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_each_limit_is_one_line_naming_file_and_place(name, decks, capsys):
    file, old, new, expected = REFUSED[name]
    edit(decks / file, old, new)
    line = one_problem_like(check(decks, capsys), expected)
    assert len(line) < 300


@pytest.mark.parametrize("text", ["\\u001b[31mred\\u001b[0m", "bell\\u0007", "line\\nbreak", "c1\\u0085", "del\\u007f",
                                  "tab\\there"])
def test_control_characters_are_refused_and_shown_escaped(text, decks, capsys):
    edit(decks / "regions" / "su.toml", 'name = "Outskirts"', f'name = "{text}"')
    lines = check(decks, capsys)
    line = one_problem_like(lines, "decks/regions/su.toml: name: holds the control character \\x")
    assert not any(ord(c) < 32 or 0x7f <= ord(c) <= 0x9f for c in "".join(lines))
    assert line.endswith("write plain text")


def test_an_unknown_key_with_a_control_character_is_shown_escaped(decks, capsys):
    edit(decks / "regions" / "su.toml", 'name = "Outskirts"', 'name = "Outskirts"\n"\\u001b[2J" = 1')
    line = one_problem_like(check(decks, capsys), "decks/regions/su.toml: unknown key(s): ")
    assert line == "decks/regions/su.toml: unknown key(s): \\x1b[2J"


def test_a_value_of_the_wrong_type_is_quoted_short(decks, capsys):
    edit(decks / "cards" / "cards.toml", "hp = 14", f'hp = "{"t" * 5000}"')
    line = one_problem_like(check(decks, capsys), "decks/cards/cards.toml: cards[1].hp: expected an integer, got ")
    assert line.endswith('..."') and len(line) < 150


def test_a_file_too_big_is_refused_before_it_is_read(decks, capsys):
    with open(decks / "regions" / "su.toml", "a", encoding="utf-8") as handle:
        handle.write("# padding\n" * (FILE_BYTES_MAX // 10 + 1))
    lines = check(decks, capsys)
    assert lines == [f"decks/regions/su.toml: {(decks / 'regions' / 'su.toml').stat().st_size} bytes, more than a "
                     f"deck file may hold ({FILE_BYTES_MAX})"]


def test_what_is_not_a_regular_file_is_not_read(decks, capsys):
    (decks / "regions" / "odd.toml").mkdir()
    os.symlink(os.devnull, decks / "cards" / "device.toml")
    lines = check(decks, capsys)
    assert sorted(lines) == ["decks/cards/device.toml: cannot be read: not a regular file",
                             "decks/regions/odd.toml: cannot be read: not a regular file"]


def test_too_many_files(decks, capsys):
    for i in range(FILES_MAX):
        (decks / "cards" / f"more{i}.toml").write_text("cards = []\n", encoding="utf-8")
    assert check(decks, capsys) == [f"decks: more than {FILES_MAX} .toml files; a decks folder needs far fewer"]


def test_too_many_slugcats(decks, capsys):
    text = (decks / "slugcats.toml").read_text(encoding="utf-8")
    extra = "".join(f'\n[[slugcats]]\nid = "extra{i}"\nname = "Extra {i}"\nhp = 12\nfood_line = 2\nfood_max = 4\n'
                    f'diet = "omnivore"\nstart_region = "su"\n' for i in range(5))
    (decks / "slugcats.toml").write_text(text + extra, encoding="utf-8")
    line = one_problem_like(check(decks, capsys), "decks/slugcats.toml: slugcats: 10 slugcats, at most 9")
    assert "up to 9 players" in line


def test_a_deck_holds_a_bounded_number_of_cards(decks, capsys):
    entries = "".join('\n[[deck]]\ncard = "batfly"\ncount = 50\n' for _ in range(DECK_CARDS_MAX // 50 + 1))
    with open(decks / "regions" / "su.toml", "a", encoding="utf-8") as handle:
        handle.write(entries)
    line = one_problem_like(check(decks, capsys), "decks/regions/su.toml: deck: ")
    assert line.endswith(f"more than a deck may hold ({DECK_CARDS_MAX})")


def test_a_list_too_long_is_refused_before_its_entries_are_read(decks, capsys):
    (decks / "cards" / "many.toml").write_text("cards = [" + "0, " * 5000 + "]\n", encoding="utf-8")
    assert check(decks, capsys) == ["decks/cards/many.toml: cards: 5000 entries, at most 300"]


def test_nesting_too_deep_is_a_toml_problem_not_a_crash(decks, capsys):
    (decks / "cards" / "deep.toml").write_text("cards = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    assert check(decks, capsys) == ["decks/cards/deep.toml: not valid TOML: lists or tables nested too deeply"]


def test_problems_are_capped_with_a_count_of_the_rest(decks, capsys):
    bad = "".join(f'\n[[cards]]\nkind = "food"\nid = "f{i}"\nname = "F"\npips = 0\n' for i in range(250))
    with open(decks / "cards" / "cards.toml", "a", encoding="utf-8") as handle:
        handle.write(bad)
    lines = check(decks, capsys)
    assert len(lines) == PROBLEMS_MAX
    assert lines[-1] == f"decks: and {250 - PROBLEMS_MAX + 1} more problems"


def test_gate_ids_made_from_regions_with_underscores_must_not_meet():
    """gate_a_b_c could be the gate between a and b_c, or between a_b and c: refused, not merged."""
    files = read_folder(MINI)
    gw = files["regions/gw.toml"]
    files["regions/gw.toml"] = gw.replace('id = "gw"', 'id = "a"', 1)
    for path, text in list(files.items()):
        files[path] = text.replace('"gw"', '"a"')
    files["regions/b_c.toml"] = 'id = "b_c"\ncode = "BC"\nname = "Bc"\n[[deck]]\ncard = "shelter"\n' \
                                '[[gates]]\nto = "a"\nkarma = 1\n[[gates]]\nto = "a_b"\nkarma = 1\n'
    files["regions/a_b.toml"] = 'id = "a_b"\ncode = "AB"\nname = "Ab"\n[[deck]]\ncard = "shelter"\n' \
                                '[[gates]]\nto = "c"\nkarma = 1\n[[gates]]\nto = "b_c"\nkarma = 1\n'
    files["regions/c.toml"] = 'id = "c"\ncode = "C"\nname = "C"\n[[deck]]\ncard = "shelter"\n' \
                              '[[gates]]\nto = "a_b"\nkarma = 1\n'
    files["regions/gw.toml"] += '\n[[gates]]\nto = "b_c"\nkarma = 1\n'
    with pytest.raises(DeckError) as caught:
        load_deck_files(files)
    assert any("would be named 'gate_a_b_c'" in p for p in caught.value.problems), caught.value.problems


def test_a_save_carrying_too_much_is_refused_before_parsing():
    files = read_folder(MINI)
    assert load_deck_files(dict(files)).regions  # the fixture itself loads
    big = dict(files, **{"cards/big.toml": "x" * (FILE_BYTES_MAX + 1)})
    with pytest.raises(DeckError) as caught:
        load_deck_files(big, "save")
    assert caught.value.problems == [f"save/cards/big.toml: {FILE_BYTES_MAX + 1} bytes, more than a deck file may "
                                     f"hold ({FILE_BYTES_MAX})"]
    many = dict(files, **{f"cards/c{i}.toml": "" for i in range(FILES_MAX)})
    with pytest.raises(DeckError, match=f"more than a decks folder may hold \\({FILES_MAX}\\)"):
        load_deck_files(many, "save")


def test_a_saved_file_name_is_shown_escaped():
    files = dict(read_folder(MINI), **{"cards/\x1b[2J.toml": "cards = 1\n"})
    with pytest.raises(DeckError) as caught:
        load_deck_files(files, "save")
    assert caught.value.problems == ["save/cards/\\x1b[2J.toml: cards: expected a list, got 1"]


def test_the_shipped_decks_keep_every_limit():
    data = load_data()
    assert len(data.slugcats) == 9 and len(data.regions) == 13
    assert max(len(c.id) for c in data.cards.values()) <= ID_MAX


# -- ids: whatever the pattern allows reads back from a save's action text -------------------
@settings(max_examples=300, deadline=None)
@given(st.from_regex(ID_PATTERN, fullmatch=True).filter(lambda s: len(s) <= ID_MAX), st.integers(0, 8))
def test_every_id_the_pattern_allows_round_trips_through_action_text(card, player):
    for action in (actions.Attack(card), actions.Flee(card), actions.Tame(card), actions.Give(card),
                   actions.Buy(card), actions.Eat(card), actions.Walk(card), actions.ChooseSlugcat(card),
                   actions.CrossGate(card), actions.Strike(player, card)):
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("bad", ["7", "has space", "\u0661", "x\u00b2"])
def test_the_ids_refused_are_those_that_break_action_text(bad):
    broken = False
    for action in (actions.Attack(bad), actions.Tame(bad), actions.Give(bad)):
        try:
            broken |= parse_action(str(action)) != action
        except actions.ActionParseError:
            broken = True
    assert broken or not bad.isascii()
    with pytest.raises(ValueError):
        Region(id=bad, code="XX", name="X")


def test_a_save_whose_decks_ask_for_a_billion_cards_is_refused_by_replay(tmp_path, capsys):
    """A save carries its decks; before the limits, a count of 10**9 in them grew a replay to
    gigabytes. Now `rainboard replay --verify` refuses it with the deck problem."""
    import json

    from rainboard.data import load_data
    from rainboard.engine.rng import Chooser
    from rainboard.sim import GameRecorder, play_random, random_setup

    data = load_data(MINI)
    chooser = Chooser(5)
    setup = random_setup(data, 5, 1, chooser)
    recorder = GameRecorder()
    play_random(setup, data, chooser, cap=20, check=recorder)
    path = tmp_path / "game.json"
    recorder.write(path, setup, data)
    assert main(["replay", "--verify", str(path)]) == 0
    save = json.loads(path.read_text(encoding="utf-8"))
    files = save["decks"]["files"]
    assert "count = 2" in files["regions/su.toml"]
    files["regions/su.toml"] = files["regions/su.toml"].replace("count = 2", "count = 1000000000", 1)
    path.write_text(json.dumps(save), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", "--verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert "the decks in the save cannot be played" in err
    assert "regions/su.toml: deck[0].count: must be between 1 and 50, got 1000000000" in err


def test_numbers_too_long_to_print_are_refused_in_words(decks, capsys):
    edit(decks / "cards" / "cards.toml", "hp = 14", "hp = 0x" + "f" * 5000)
    edit(decks / "regions" / "su.toml", "count = 2", "count = " + "9" * 5000)
    lines = check(decks, capsys)
    assert "decks/cards/cards.toml: cards[1].hp: must be between 1 and 100, got a number of 20000 bits" in lines
    assert "decks/regions/su.toml: not valid TOML: a number with far too many digits" in lines


def test_a_presets_name_and_text_keep_the_limits(decks, capsys):
    (decks / "presets").mkdir()
    (decks / "presets" / "odd.toml").write_text('name = "\\u001b]0;title\\u0007"\ntext = "odd"\n', encoding="utf-8")
    (decks / "presets" / "long.toml").write_text('name = "Long"\ntext = "' + "t" * 400 + '"\n', encoding="utf-8")
    lines = check(decks, capsys)
    assert "decks/presets/odd.toml: name: holds the control character \\x1b; write plain text" in lines
    assert any(line.startswith("decks/presets/long.toml: text: 400 characters, at most 300") for line in lines)


def test_the_files_together_are_bounded_too(decks, capsys):
    from rainboard.data.limits import FOLDER_BYTES_MAX

    for i in range(FOLDER_BYTES_MAX // FILE_BYTES_MAX + 1):
        (decks / "cards" / f"notes{i}.toml").write_text("#" * (FILE_BYTES_MAX - 20) + "\ncards = []\n", encoding="utf-8")
    line = one_problem_like(check(decks, capsys), "decks/cards/notes")
    assert line.endswith(f"the files together hold more than a decks folder may ({FOLDER_BYTES_MAX} bytes)")
    files = read_folder(decks)
    with pytest.raises(DeckError, match="the files together hold"):
        load_deck_files(files, "save")
