"""Loading decks/: the shipped data loads; each kind of mistake gives one clear line."""

import shutil
from pathlib import Path

import pytest

from rainboard import paths
from rainboard.data import DeckError, load_data
from rainboard.data.models import ABILITIES, AbilityWords

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"


@pytest.fixture
def decks(tmp_path):
    folder = tmp_path / "decks"
    shutil.copytree(MINI, folder)
    return folder


def problems(folder) -> list[str]:
    with pytest.raises(DeckError) as info:
        load_data(folder)
    return info.value.problems


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1))


def test_the_shipped_decks_load():
    data = load_data()
    assert len(data.regions) == 13
    assert {"survivor", "monk", "hunter"} <= set(data.slugcats)
    assert data.gates["gate_hi_su"].a_to_b == 2 and data.gates["gate_hi_su"].b_to_a == 3
    assert [e.card for e in data.regions["ss"].deck].count("mark") == 1


def test_the_drainage_system_and_chimney_canopy_share_a_gate():
    """The reference's karma gates (shared/reference/rain-world-facts.md): DS - CC, 5 to go from the
    Drainage System to Chimney Canopy, 3 to come back."""
    gate = load_data().gates["gate_cc_ds"]
    assert (gate.karma_from("ds"), gate.karma_from("cc")) == (5, 3)
    assert gate.name == "Karma Gate CC-DS"


def test_the_ability_words_load_for_every_ability():
    data = load_data()
    assert set(data.abilities) == set(ABILITIES)
    assert data.abilities["ambush"] == AbilityWords(name="Ambush", text="strikes first, before you can make a move")
    assert "abilities.toml" in data.files  # so it counts in the fingerprint like every other file


def test_decks_without_ability_words_take_the_shipped_ones(decks):
    """Decks from before abilities.toml (the test decks, and the decks inside every older save) load
    with the shipped words, and their fingerprint stays that of their own files."""
    assert not (decks / "abilities.toml").exists()
    data = load_data(decks)
    assert data.abilities == load_data().abilities
    assert "abilities.toml" not in data.files
    shipped = (paths.decks_dir() / "abilities.toml").read_text()
    (decks / "abilities.toml").write_text(shipped)
    edit(decks / "abilities.toml", 'name = "Ambush"\ntext = "strikes first, before you can make a move"',
         'name = "Pounce"\ntext = "it waits"')
    own = load_data(decks)
    assert own.abilities["ambush"] == AbilityWords(name="Pounce", text="it waits")
    assert own.fingerprint != data.fingerprint


def test_a_guard_save_carries_its_ability_words():
    import tarfile

    from rainboard.saves import game_from_save, parse_save

    with tarfile.open(MINI.parent / "guard-saves.tar.xz") as archive:
        member = next(m for m in archive.getmembers() if m.isfile())
        save = parse_save(archive.extractfile(member).read().decode(), member.name)
    assert "abilities.toml" in save.decks.files  # a save keeps the words it was played with
    data, _ = game_from_save(save)  # the fingerprint matches the save's own files
    assert data.abilities == load_data().abilities


def test_the_test_decks_load(decks):
    data = load_data(decks)
    assert data.gates["gate_hi_su"].karma_from("su") == 3
    assert data.gates["gate_hi_su"].karma_from("hi") == 2


def test_a_tame_price_apart_from_the_food_is_refused_but_replays_from_a_save(decks):
    """The rulebook's card has one number for food and tame price, so decks/ may not write
    `tame_cost`; decks carried by a save from before may, and their games keep their price."""
    from rainboard.data import read_deck_files
    from rainboard.data.loader import load_deck_files

    edit(decks / "cards" / "cards.toml", "food = 3", "food = 3\ntame_cost = 5")
    assert problems(decks) == ["decks/cards/cards.toml: cards[1]: unknown key(s): tame_cost"]
    card = load_deck_files(read_deck_files(decks), saved=True).cards["green_lizard"]
    from rainboard.engine.queries import tame_price

    assert (card.food, tame_price(card)) == (3, 5)
    assert tame_price(load_data(MINI).cards["green_lizard"]) == 3


def test_a_word_where_a_number_belongs(decks):
    edit(decks / "cards" / "cards.toml", "hp = 14", 'hp = "ten"')
    assert problems(decks) == ['decks/cards/cards.toml: cards[1].hp: expected an integer, got "ten"']


def test_no_silent_conversions(decks):
    edit(decks / "regions" / "su.toml", 'card = "shelter"\ncount = 2', 'card = "shelter"\ncount = "2"')
    edit(decks / "slugcats.toml", 'diet = "omnivore"', "diet = true")
    found = problems(decks)
    assert 'decks/regions/su.toml: deck[0].count: expected an integer, got "2"' in found
    assert "decks/slugcats.toml: slugcats[0].diet: expected a string, got true" in found


def test_unknown_and_missing_keys(decks):
    edit(decks / "cards" / "cards.toml", 'name = "Batfly"', 'name = "Batfly"\nspeed = 3')
    edit(decks / "regions" / "hi.toml", 'name = "Industrial Complex"\n', "")
    found = problems(decks)
    assert "decks/cards/cards.toml: cards[0]: unknown key(s): speed" in found
    assert "decks/regions/hi.toml: name: missing (required)" in found


def test_values_out_of_range_and_unknown_kinds(decks):
    edit(decks / "cards" / "cards.toml", "hp = 3", "hp = 0")
    edit(decks / "cards" / "cards.toml", 'kind = "food"', 'kind = "snack"')
    edit(decks / "regions" / "su.toml", "karma = 3", "karma = 7")
    found = problems(decks)
    assert "decks/cards/cards.toml: cards[0].hp: must be between 1 and 100, got 0" in found
    assert any(p.startswith('decks/cards/cards.toml: cards[4].kind: unknown kind "snack"') for p in found)
    assert "decks/regions/su.toml: gates[0].karma: must be between 1 and 5, got 7" in found


def test_bad_toml_names_the_file(decks):
    (decks / "regions" / "lf.toml").write_text("id = \n")
    found = problems(decks)
    assert len(found) == 1 and found[0].startswith("decks/regions/lf.toml: not valid TOML")


def test_references_to_cards_and_regions_that_do_not_exist(decks):
    edit(decks / "regions" / "sb.toml", 'card = "shelter"', 'card = "shelterr"')
    edit(decks / "slugcats.toml", 'start_region = "gw"', 'start_region = "xx"')
    found = problems(decks)
    assert "decks/regions/sb.toml: deck[0].card: no card 'shelterr'" in found
    assert "decks/slugcats.toml: slugcats[3].start_region: no region 'xx'" in found


def test_a_gate_whose_other_end_is_missing(decks):
    edit(decks / "regions" / "lf.toml", '[[gates]]\nto = "su"\nkarma = 2\n', "")
    found = problems(decks)
    assert found == [
        "decks/regions/su.toml: gates[1].to: the gate to 'lf' has no other end: "
        "decks/regions/lf.toml names no gate back to 'su'"
    ]


def test_a_region_without_shelters(decks):
    edit(decks / "regions" / "hi.toml", 'card = "shelter"', 'card = "green_lizard"')
    assert "decks/regions/hi.toml: deck: no shelter card, so nobody could hibernate here" in problems(decks)


def test_a_broken_card_file_does_not_echo_as_missing_cards(decks):
    edit(decks / "cards" / "cards.toml", "hp = 14", 'hp = "ten"')
    assert len(problems(decks)) == 1


def test_a_missing_folder():
    with pytest.raises(DeckError, match="no such decks folder"):
        load_data(Path("/nonexistent/decks"))
