"""Table presets (decks/presets/*.toml): each changes some numbers of rules.toml, is checked like
rules.toml, and makes a game of its own (its own fingerprint)."""

import shutil
from pathlib import Path

import pytest

from rainboard import paths
from rainboard.data import (
    STANDARD_PRESET,
    DeckChoice,
    DeckError,
    UnknownPreset,
    load_data,
    load_deck_files,
    read_deck_files,
    with_preset,
)

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"

SHORT = """name = "Short game"
text = "About an hour."

[rules]
karma_start = 2
ending_hibernations = 1
"""


@pytest.fixture
def decks(tmp_path):
    """The test decks, with a presets folder holding a short game."""
    folder = tmp_path / "decks"
    shutil.copytree(MINI, folder)
    (folder / "presets").mkdir()
    (folder / "presets" / "short.toml").write_text(SHORT)
    return folder


def problems(folder, preset=None) -> list[str]:
    with pytest.raises(DeckError) as info:
        load_data(folder, preset=preset)
    return info.value.problems


def write_preset(decks: Path, name: str, text: str) -> None:
    (decks / "presets" / f"{name}.toml").write_text(text)


def test_the_shipped_decks_offer_the_standard_and_the_short_game():
    data = load_data()
    assert data.preset == STANDARD_PRESET
    assert list(data.presets) == ["standard", "short"]  # standard first
    assert data.presets["standard"].overrides == {}
    assert data.presets["short"].name == "Short game"
    assert "hour" in data.presets["short"].text


def test_the_short_preset_shortens_the_game_and_leaves_the_rest_of_rules_toml():
    standard, short = load_data(), load_data(preset="short")
    assert short.preset == "short"
    assert short.rules.karma_start > standard.rules.karma_start
    assert short.rules.ending_hibernations < standard.rules.ending_hibernations
    assert short.rules.ending_wait_turns < standard.rules.ending_wait_turns
    assert short.rules.search_shelter_turns < standard.rules.search_shelter_turns
    changed = {name for name in short.presets["short"].overrides}
    untouched = [f for f in type(standard.rules).__attrs_attrs__ if f.name not in changed]
    assert all(getattr(short.rules, f.name) == getattr(standard.rules, f.name) for f in untouched)


def test_a_preset_overrides_only_what_it_names(decks):
    base, short = load_data(decks), load_data(decks, preset="short")
    assert (base.rules.karma_start, base.rules.ending_hibernations) == (1, 2)
    assert (short.rules.karma_start, short.rules.ending_hibernations) == (2, 1)
    assert short.rules.rain_bonus == base.rules.rain_bonus


def test_the_fingerprint_differs_between_presets(decks):
    base, short = load_data(decks), load_data(decks, preset="short")
    assert base.fingerprint != short.fingerprint
    write_preset(decks, "calm", 'name = "Calm"\ntext = "Changes nothing, but is its own game."\n')
    assert len({base.fingerprint, short.fingerprint, load_data(decks, preset="calm").fingerprint}) == 3


def test_the_standard_game_keeps_its_fingerprint_whatever_the_other_presets_say(decks):
    """Adding or tuning a preset must not split the standard game's saves and scores from the older
    ones: the standard game is the same game."""
    with_short = load_data(decks).fingerprint
    shutil.rmtree(decks / "presets")
    assert load_data(decks).fingerprint == with_short
    (decks / "presets").mkdir()
    write_preset(decks, "short", SHORT.replace("karma_start = 2", "karma_start = 3"))
    assert load_data(decks).fingerprint == with_short
    assert load_data(decks, preset="short").fingerprint != with_short


def test_a_standard_preset_that_changes_rules_is_a_game_of_its_own(decks):
    before = load_data(decks).fingerprint
    write_preset(decks, "standard", 'name = "House standard"\ntext = "Our table."\n[rules]\nrain_bonus = 4\n')
    data = load_data(decks)
    assert data.rules.rain_bonus == 4 and data.presets["standard"].name == "House standard"
    assert data.fingerprint != before


def test_decks_without_presets_offer_the_standard_game(decks):
    """Decks from before presets (a house copy, the decks in every older save) play as standard."""
    shutil.rmtree(decks / "presets")
    data = load_data(decks)
    assert data.preset == "standard" and list(data.presets) == ["standard"]
    assert data.presets["standard"].overrides == {}


def test_a_missing_preset_lists_the_ones_there_are(decks):
    with pytest.raises(UnknownPreset) as info:
        load_data(decks, preset="long")
    assert info.value.problems == ["decks/presets/long.toml: no preset 'long' (these decks offer: standard, short)"]
    assert info.value.available == ["standard", "short"]
    assert problems(decks, preset="../rules") == [
        "decks/presets: no preset '../rules' (these decks offer: standard, short)"]


def test_an_unknown_rules_field_names_the_file_and_the_key(decks):
    write_preset(decks, "short", SHORT + "karma_begin = 3\n")
    assert problems(decks) == ["decks/presets/short.toml: rules: unknown key(s): karma_begin"]


@pytest.mark.parametrize("line, expected", [
    ('karma_start = "2"', 'decks/presets/short.toml: rules.karma_start: expected an integer, got "2"'),
    ("karma_start = true", "decks/presets/short.toml: rules.karma_start: expected an integer, got true"),
    ("karma_start = 2.5", "decks/presets/short.toml: rules.karma_start: expected an integer, got 2.5"),
    ('gift_pearls_per_reputation = "half"',
     'decks/presets/short.toml: rules.gift_pearls_per_reputation: expected a number, got "half"'),
])
def test_a_wrong_type_names_the_file_and_the_key(decks, line, expected):
    write_preset(decks, "short", SHORT.replace("karma_start = 2", line))
    assert problems(decks) == [expected]


def test_the_name_and_text_are_required_and_the_rules_must_be_a_table(decks):
    write_preset(decks, "short", 'text = "About an hour."\nrules = 3\n')
    assert problems(decks) == ["decks/presets/short.toml: rules: expected a table ([rules]), got 3"]
    write_preset(decks, "short", 'text = "About an hour."\n')
    assert problems(decks) == ["decks/presets/short.toml: name: missing (required)"]
    write_preset(decks, "short", SHORT + "[extra]\n")
    assert problems(decks) == ["decks/presets/short.toml: unknown key(s): extra"]


def test_a_preset_is_checked_even_when_another_is_played(decks):
    write_preset(decks, "broken", 'name = "Broken"\ntext = "x"\n[rules]\nkarma_start = "two"\n')
    assert problems(decks, preset="short") == [
        'decks/presets/broken.toml: rules.karma_start: expected an integer, got "two"']


def test_a_preset_s_rules_are_checked_as_rules_toml_s(decks):
    write_preset(decks, "short", SHORT.replace("karma_start = 2", "karma_start = 7"))
    assert problems(decks) == [
        "decks/presets/short.toml: rules.karma_start: must lie within karma_min..karma_max (1..5), got 7"]


def test_a_preset_that_puts_regions_out_of_reach_says_so(tmp_path):
    folder = tmp_path / "decks"
    shutil.copytree(paths.decks_dir(), folder)
    write_preset(folder, "short", SHORT.replace("karma_start = 2", "karma_max = 3"))
    found = problems(folder)
    assert found and all(p.startswith("decks/presets/short.toml: with its rules, decks/regions/") for p in found)
    assert "decks/presets/short.toml: with its rules, decks/regions/ss.toml: gates: no slugcat can reach " \
           "Five Pebbles even with karma 3" in found


def test_bad_toml_and_odd_file_names(decks):
    write_preset(decks, "short", "name = \n")
    write_preset(decks, "Long", 'name = "Long"\ntext = "x"\n')
    found = problems(decks)
    assert found[0].startswith("decks/presets/Long.toml: a preset is named by its file")
    assert found[1].startswith("decks/presets/short.toml: not valid TOML")


def test_decks_held_as_files_and_with_preset_and_deck_choice(decks):
    files = read_deck_files(decks)
    assert "presets/short.toml" in files  # a save carries its presets with the other deck files
    short = load_deck_files(files, preset="short")
    assert short == load_data(decks, preset="short")
    assert with_preset(load_data(decks), "short").rules == short.rules
    assert load_data(DeckChoice(decks, "short")).fingerprint == short.fingerprint
