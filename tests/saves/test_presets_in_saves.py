"""A save keeps the preset it was played with, and the preset files with the other deck files, so
it replays under the same rules; saves from before presets load as the standard game."""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path

import attrs
import pytest

from rainboard.data import load_data
from rainboard.engine import digest
from rainboard.saves import Replay, SaveError, encode_save, game_from_save, parse_save, read_save, write_save

from . import FIXTURES, MINI, play

SHORT = """name = "Short game"
text = "About an hour."

[rules]
karma_start = 2
ending_hibernations = 1
"""


@pytest.fixture(scope="module")
def short_data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("decks") / "decks"
    shutil.copytree(MINI, folder)
    (folder / "presets").mkdir()
    (folder / "presets" / "short.toml").write_text(SHORT)
    return load_data(folder, preset="short")


@pytest.fixture(scope="module")
def short_game(short_data):
    return play(seed="short", limit=150, data=short_data)


def test_a_save_records_its_preset_and_carries_the_preset_files(tmp_path, short_game, short_data):
    path = tmp_path / "g.json"
    write_save(path, short_game.save)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert list(raw["decks"]) == ["name", "preset", "dice", "fingerprint", "files"]
    assert raw["decks"]["preset"] == "short"
    assert raw["decks"]["files"]["presets/short.toml"] == SHORT
    assert raw["decks"]["fingerprint"] == short_data.fingerprint


def test_a_preset_save_replays_under_the_preset_s_rules(tmp_path, short_game):
    path = tmp_path / "g.json"
    write_save(path, short_game.save)
    save = read_save(path)
    data, _ = game_from_save(save, path)
    assert data.preset == "short" and data.rules.karma_start == 2 and data.rules.ending_hibernations == 1
    replay = Replay(save, path)
    for index, state in enumerate(short_game.states):
        assert replay.digest_at(index) == digest(state)
    assert replay.state_at(0).players[0].karma == 2  # the preset's karma_start, not rules.toml's 1


def test_the_same_game_under_another_preset_does_not_replay(short_game):
    """The preset is part of what the save names: played as standard, the digests tell it apart."""
    standard = attrs.evolve(short_game.save, decks=attrs.evolve(short_game.save.decks, preset="standard"))
    with pytest.raises(SaveError, match="decks.fingerprint"):
        Replay(standard)


def test_a_save_whose_preset_file_is_gone_says_so(short_game):
    files = {k: v for k, v in short_game.save.decks.files.items() if not k.startswith("presets/")}
    save = attrs.evolve(short_game.save, decks=attrs.evolve(short_game.save.decks, files=files))
    with pytest.raises(SaveError, match=r"cannot be played: decks/presets/short.toml: no preset 'short' "
                                        r"\(these decks offer: standard\)"):
        game_from_save(save)


def test_a_preset_must_be_a_string():
    raw = json.loads(encode_save(play(limit=3).save))
    raw["decks"]["preset"] = 2
    with pytest.raises(SaveError, match="decks.preset: expected a string, got 2"):
        parse_save(json.dumps(raw))


def test_a_save_from_before_presets_loads_and_replays_as_the_standard_game():
    """A guard save as Rainboard wrote it before presets existed: no `preset` key, no presets/ files.
    (The guard saves are made anew with each rules version, now with both, so they are taken out here.)"""
    with tarfile.open(FIXTURES / "guard-saves.tar.xz") as archive:
        member = next(m for m in archive.getmembers() if m.isfile())
        raw = json.loads(archive.extractfile(member).read().decode())
    assert raw["decks"].pop("preset") == "standard"
    raw["decks"].pop("dice", None)
    raw["decks"]["files"] = {k: v for k, v in raw["decks"]["files"].items() if not k.startswith("presets/")}
    text = json.dumps(raw)
    save = parse_save(text, member.name)
    assert save.decks.preset == "standard"
    data, _ = game_from_save(save, member.name)
    assert data.preset == "standard" and data.fingerprint == raw["decks"]["fingerprint"]
    assert len(Replay(save, Path(member.name))) == len(save.actions)


def test_a_standard_save_of_the_shipped_decks_keeps_their_fingerprint():
    played = play(limit=5, data=load_data(), slugcats=("survivor",))
    assert played.save.decks.preset == "standard"
    assert "presets/short.toml" in played.save.decks.files  # carried, though not played
    assert game_from_save(played.save)[0].fingerprint == load_data().fingerprint != load_data(preset="short").fingerprint


def test_the_list_of_saves_names_a_preset_other_than_standard(short_game):
    from rainboard.saves import describe

    assert describe(short_game.save).endswith("; short preset")
    assert "preset" not in describe(play(limit=3).save)
