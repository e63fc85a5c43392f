"""The rules' check of a decks folder (rainboard/engine/deck_checks.py): `decks check` reports a
slugcat and a creature that can never hurt each other when the slugcat can neither flee from nor
tame it, as their fight could only stop at fight_exchanges_max. (Until issue 25 this check sat in
the data layer, as tests/data/test_stalemate.py; the data layer now runs it only when handed it.)"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rainboard.cli import main
from rainboard.data import DeckError, load_data, load_deck_files
from rainboard.engine import PlayerSetup, Setup, new_game
from rainboard.engine.deck_checks import meetings, rule_problems
from rainboard.engine.queries import meeting_odds, tame_cost, tame_price
from rainboard.engine.testing import place
from rainboard.sim import play_random, random_setup
from rainboard.engine.rng import Chooser
from tests.data.deck_mutator import read_folder

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
WALL = '\n[[cards]]\nkind = "creature"\nid = "wall"\nname = "Wall"\nhp = 60\nfood = 0\nattack = -60\nflee = 40\n'


@pytest.fixture
def decks(tmp_path):
    folder = tmp_path / "decks"
    shutil.copytree(FIXTURES / "mini", folder)
    with open(folder / "cards" / "cards.toml", "a", encoding="utf-8") as handle:
        handle.write(WALL)
    text = (folder / "regions" / "su.toml").read_text(encoding="utf-8")
    (folder / "regions" / "su.toml").write_text(text + '\n[[deck]]\ncard = "wall"\n', encoding="utf-8")
    return folder


def stuck_lines(decks: Path, capsys) -> list[str]:
    code = main(["decks", "check", "--decks", str(decks)])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if "can never hurt each other" in line]
    assert (code == 1) == bool(lines)
    return lines


def test_a_creature_nobody_can_hurt_or_escape_is_reported_for_every_slugcat(decks, capsys):
    lines = stuck_lines(decks, capsys)
    assert lines[0] == ("decks/slugcats.toml: slugcats[0]: 'survivor' and the creature 'wall' can never hurt each "
                        "other, and 'survivor' can neither flee from nor tame it: their fights could only stop at "
                        "fight_exchanges_max")
    assert [re.match(r"decks/slugcats.toml: slugcats\[(\d)\]", line).group(1) for line in lines] == list("01234")


@pytest.mark.parametrize("change", [
    ("flee = 40\n", "flee = 10\n"),  # a slugcat can outrun it now
    ("attack = -60\n", "attack = 0\n"),  # it can kill every slugcat
    ("hp = 60\n", "hp = 25\n"),  # a spear (+3 with the Rivulet's spear craft) or a bomb gets through
    ("food = 0\n", "food = 2\n"),  # it can be tamed
])
def test_a_way_out_for_every_slugcat_is_no_problem(change, decks, capsys):
    text = (decks / "cards" / "cards.toml").read_text(encoding="utf-8")
    head, _, wall = text.rpartition('id = "wall"')
    (decks / "cards" / "cards.toml").write_text(head + 'id = "wall"' + wall.replace(*change), encoding="utf-8")
    assert stuck_lines(decks, capsys) == []


def test_a_creature_nowhere_in_a_deck_is_never_met(decks, capsys):
    text = (decks / "regions" / "su.toml").read_text(encoding="utf-8")
    (decks / "regions" / "su.toml").write_text(text.replace('\n[[deck]]\ncard = "wall"\n', ""), encoding="utf-8")
    assert stuck_lines(decks, capsys) == []


def test_a_creature_form_stuck_with_a_creature_is_reported_as_that_form(decks, capsys):
    # the Hunter gets through HP 24 with a spear (20 + 2 + 3), but not as a weakened Hunter Long Legs
    cards = decks / "cards" / "cards.toml"
    text = cards.read_text(encoding="utf-8").replace("explosive = true\n", "")  # no bomb to halve HP with
    text = text.replace('name = "Hunter Long Legs"\nhp = 13\nfood = 3\nattack = 1', 'name = "Hunter Long Legs"\nhp = 13\n'
                        'food = 3\nattack = -10')
    head, _, wall = text.rpartition('id = "wall"')
    cards.write_text(head + 'id = "wall"' + wall.replace("hp = 60", "hp = 24"), encoding="utf-8")
    lines = stuck_lines(decks, capsys)
    assert any("'hunter' (as 'hunter_long_legs') and the creature 'wall'" in line for line in lines), lines
    assert not any("'hunter' and the creature" in line for line in lines)


def test_a_preset_that_makes_a_fight_endless_is_reported_in_its_file(decks, capsys):
    text = (decks / "cards" / "cards.toml").read_text(encoding="utf-8")
    head, _, wall = text.rpartition('id = "wall"')
    (decks / "cards" / "cards.toml").write_text(head + 'id = "wall"' + wall.replace("flee = 40\n", "flee = 10\n"),
                                                encoding="utf-8")
    (decks / "presets").mkdir()
    (decks / "presets" / "slow.toml").write_text('name = "Slow"\ntext = "d6 checks"\n[rules]\ncheck_die = 6\n',
                                                 encoding="utf-8")
    lines = stuck_lines(decks, capsys)
    assert lines and all(line.startswith("decks/presets/slow.toml: with its rules, decks/slugcats.toml:") for line in lines)


# -- the check against the engine: on a small world with no modifiers, companions or fighting items, the
# check reports a pair exactly when the engine gives the fight no way to end in the region it is met in
BEAST = 'kind = "creature"\nid = "batfly"\nname = "Beast"\nhp = {hp}\nfood = {food}\nattack = {attack}\nflee = {flee}\n' \
        'abilities = {abilities}\n'


def _near(low: int, high: int):
    return st.integers(low, high)


# each number of the beast is drawn near the edge where the fight starts or stops having a way out
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hp_off=_near(-3, 3), food=st.integers(0, 4), attack_off=_near(-3, 3), flee_off=_near(-3, 3),
       abilities=st.lists(st.sampled_from(["aquatic", "stationary", "aggressive", "explosive", "ambush"]), unique=True),
       water=st.booleans(), slugcat=st.fixed_dictionaries({
           "hp": st.integers(5, 20), "attack": st.integers(-10, 5), "flee": st.integers(-10, 5),
           "tame": st.integers(-3, 3), "food_max": st.integers(1, 5)}))
def test_the_check_agrees_with_the_engine(hp_off, food, attack_off, flee_off, abilities, water, slugcat):
    hp = max(1, 20 + slugcat["attack"] + hp_off)  # the slugcat kills it on a 20 while hp < 20 + attack
    attack = slugcat["hp"] - 20 + attack_off  # it kills the slugcat on a 20 while 20 + attack > hp
    flee = 19 + slugcat["flee"] + flee_off  # the slugcat escapes on 20 against 1 while 20 + flee > 1 + its flee
    files = read_folder(FIXTURES / "short")
    cards = files["cards/cards.toml"]
    start = cards.index('kind = "creature"')
    end = cards.index("[[cards]]", start)
    files["cards/cards.toml"] = cards[:start] + BEAST.format(
        hp=hp, food=food, attack=attack, flee=flee, abilities="[" + ", ".join(f'"{a}"' for a in abilities) + "]"
    ) + "\n" + cards[end:]
    if water:
        files["regions/su.toml"] = files["regions/su.toml"].replace('name = "Outskirts"', 'name = "Outskirts"\nwater = true')
    survivor = "".join(f"{key} = {value}\n" for key, value in slugcat.items())
    files["slugcats.toml"] = files["slugcats.toml"].replace(
        "hp = 12\nfood_line = 1\nfood_max = 3\n", f"food_line = 1\n{survivor}", 1)
    try:
        load_deck_files(files, rule_check=rule_problems)
        reported = False
    except DeckError as exc:
        assert all("can never hurt each other" in p for p in exc.problems), exc.problems
        reported = any("slugcats[0]: 'survivor'" in p for p in exc.problems)
    data = load_deck_files(files)  # without the rules' check, to ask the engine about these decks
    state, _ = new_game(Setup(players=[PlayerSetup("Ada", "survivor")], seed=1), data)
    state = place(state, 0, region="su")
    creature = data.cards["batfly"]
    odds = meeting_odds(state, 0, "batfly")
    tameable = tame_price(creature) is not None and tame_cost(state, 0, creature)[0] <= data.slugcats["survivor"].food_max
    endless = odds.kill == 0 and odds.escape == 0 and odds.struck == 0 and not tameable
    assert reported == endless, (odds, tameable)


def test_a_mutated_wall_deck_that_passes_plays(decks):
    """With a way out, a game on these decks plays through fights with the wall."""
    text = (decks / "cards" / "cards.toml").read_text(encoding="utf-8")
    head, _, wall = text.rpartition('id = "wall"')
    (decks / "cards" / "cards.toml").write_text(head + 'id = "wall"' + wall.replace("food = 0\n", "food = 1\n"),
                                                encoding="utf-8")
    data = load_deck_files(read_folder(decks), rule_check=rule_problems)
    chooser = Chooser(3)
    result = play_random(random_setup(data, 3, 2, chooser), data, chooser, cap=400)
    assert result.actions > 0


# -- the check and the layers: data runs it only when handed it, and then exactly as before
def test_the_data_layer_alone_loads_stuck_decks_and_refuses_them_when_handed_the_check(decks):
    files = read_folder(decks)
    data = load_deck_files(files)  # the data layer knows no rule: these decks are well formed
    assert "wall" in data.cards
    with pytest.raises(DeckError) as refused:
        load_deck_files(files, rule_check=rule_problems)
    assert len(refused.value.problems) == 5  # one per slugcat of the mini decks
    assert all("and the creature 'wall' can never hurt each other" in p for p in refused.value.problems)
    with pytest.raises(DeckError) as from_folder:
        load_data(decks, rule_check=rule_problems)
    assert from_folder.value.problems == refused.value.problems


def test_the_check_is_not_run_while_the_files_have_other_problems(decks):
    """Stuck fights are looked for only in decks that are otherwise sound, so a broken file is not
    buried under lines worked out from half-read decks."""
    calls = []

    def counting(deckset):
        calls.append(deckset.rules_file)
        return rule_problems(deckset)

    files = read_folder(decks)
    with pytest.raises(DeckError):
        load_deck_files(files, rule_check=counting)
    assert calls == ["decks/rules.toml"]
    files["rules.toml"] += "\nno_such_rule = 1\n"
    with pytest.raises(DeckError) as refused:
        load_deck_files(files, rule_check=counting)
    assert calls == ["decks/rules.toml"]  # not called again
    assert not any("can never hurt" in p for p in refused.value.problems)


def test_each_preset_s_rules_go_through_the_check(decks):
    (decks / "presets").mkdir()
    (decks / "presets" / "short.toml").write_text('name = "Short"\ntext = "quick"\n[rules]\nkarma_start = 2\n',
                                                  encoding="utf-8")
    text = (decks / "cards" / "cards.toml").read_text(encoding="utf-8")
    head, _, wall = text.rpartition('id = "wall"')
    (decks / "cards" / "cards.toml").write_text(head + 'id = "wall"' + wall.replace("flee = 40\n", "flee = 10\n"),
                                                encoding="utf-8")
    seen = []

    def recording(deckset):
        seen.append((deckset.rules_file, deckset.rules.karma_start))
        return []

    load_data(decks, rule_check=recording)
    assert seen == [("decks/rules.toml", 1), ("decks/presets/short.toml", 2)]


def test_a_creature_is_met_where_its_decks_are_and_the_precycle_and_forms_everywhere(decks):
    from rainboard.data.checks import Deckset

    seen = {}

    def keep(deckset: Deckset):
        seen.update(meetings(deckset))
        return []

    data = load_data(decks, rule_check=keep)
    everywhere = set(data.regions)
    assert seen["wall"] == {"su"}
    for entry in data.precycle_deck:
        assert seen[entry.card] == everywhere
    forms = [s.becomes for s in data.slugcats.values() if s.becomes]
    assert forms and all(seen[form] == everywhere for form in forms)


@pytest.mark.parametrize("folder", [None, FIXTURES / "mini", FIXTURES / "short"])
def test_the_shipped_decks_and_the_fixtures_have_no_stuck_fight(folder):
    data = load_data(folder, rule_check=rule_problems)
    assert data.slugcats
