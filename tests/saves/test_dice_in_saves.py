"""The table's dice travel with a game: a save records its variant and replays under it, a challenge
code names it, and the fingerprint keeps each variant's scores apart."""

from __future__ import annotations

import json
import tarfile
from pathlib import Path

import attrs
import pytest

from rainboard.data import UnknownDice, load_data, with_dice
from rainboard.data.dice import VARIANTS
from rainboard.engine import digest
from rainboard.saves import Replay, SaveError, describe, game_from_save, parse_save, read_save, write_save
from rainboard.saves.challenge import (ChallengeCodeError, canonical_code, challenge_for, code_fingerprint,
                                       make_code, parse_code)

from . import FIXTURES, mini_data, play


@pytest.fixture(scope="module")
def pool_game():
    return play(seed="pool", limit=150, data=with_dice(mini_data(), "pool"))


def test_a_save_records_its_dice_and_replays_under_them(tmp_path, pool_game):
    path = tmp_path / "g.json"
    write_save(path, pool_game.save)
    assert json.loads(path.read_text(encoding="utf-8"))["decks"]["dice"] == "pool"
    save = read_save(path)
    data, _ = game_from_save(save, path)
    assert data.rules.dice.variant == "pool"
    replay = Replay(save, path)
    for index, state in enumerate(pool_game.states):
        assert replay.digest_at(index) == digest(state)
    assert "pool dice" in describe(save)


def test_the_same_game_under_other_dice_does_not_replay(pool_game):
    d20 = attrs.evolve(pool_game.save, decks=attrs.evolve(pool_game.save.decks, dice="d20"))
    with pytest.raises(SaveError, match="decks.fingerprint"):
        Replay(d20)


def test_a_save_naming_unknown_dice_says_so_in_one_line(pool_game):
    bad = attrs.evolve(pool_game.save, decks=attrs.evolve(pool_game.save.decks, dice="d12"))
    with pytest.raises(SaveError, match="no dice variant 'd12'") as caught:
        game_from_save(bad, "g.json")
    assert "\n" not in str(caught.value)


def test_a_save_from_before_the_dice_variants_is_rolled_on_the_d20():
    """A guard save as Rainboard wrote it before the dice variants: no `dice` key. (The guard saves
    are made anew with each rules version, now with the key, so it is taken out here.)"""
    with tarfile.open(FIXTURES / "guard-saves.tar.xz") as archive:
        member = next(m for m in archive.getmembers() if m.isfile())
        raw = json.loads(archive.extractfile(member).read().decode())
    assert raw["decks"].pop("dice") == "d20"
    text = json.dumps(raw)
    save = parse_save(text, member.name)
    assert save.decks.dice == "d20"
    data, _ = game_from_save(save, member.name)
    assert data.rules.dice.variant == "d20"
    assert len(Replay(save, Path(member.name))) == len(save.actions)


def test_each_variant_is_a_game_of_its_own_fingerprint():
    shipped = load_data()
    prints = {with_dice(shipped, v).fingerprint for v in VARIANTS}
    assert len(prints) == len(VARIANTS)
    assert with_dice(shipped, "d20").fingerprint == shipped.fingerprint  # the default adds nothing
    with pytest.raises(UnknownDice, match="choose one of: d20, target, 2d10, pool, d6"):
        load_data(dice="d12")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_challenge_code_round_trips_with_each_variant(variant):
    shipped = load_data()
    made = challenge_for(with_dice(shipped, variant), 4321, "monk")
    assert made.dice == variant
    assert made.code.endswith("" if variant == "d20" else f"@{variant}")
    read = parse_code(made.code.lower(), shipped)  # the code alone fixes the dice, whatever the decks say
    assert read == made
    assert canonical_code(made.code) == made.code
    assert read.game_data(shipped).rules.dice.variant == variant
    assert code_fingerprint(made.code, shipped) == with_dice(shipped, variant).fingerprint
    short = make_code(4321, 1, True, "short", variant)
    assert parse_code(short, shipped).game_data(shipped).preset == "short"
    assert parse_code(short, shipped).dice == variant


def test_a_code_with_unknown_dice_is_refused():
    with pytest.raises(ChallengeCodeError, match="'d12' after '@' is not a dice variant"):
        canonical_code(make_code(1, 0, True) + "@d12")
    assert canonical_code(make_code(1, 0, True) + "@d20") == make_code(1, 0, True)
