"""The title's Continue is decided at a glance (saves/glance.py, glance_unfinished: each autosave's top-level
fields and its journal's header, no engine, no replay). It must pick the game latest_unfinished
picks, the full reading, on every kind of folder a table leaves: finished games, unfinished ones,
damaged files, and games whose last moves are only in their journal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import attrs
import pytest

from rainboard.saves import games_dir, latest_unfinished, write_save
from rainboard.saves import converter, glance, savefile, store
from rainboard.saves.journal import action_line, header_line, journal_path

from . import play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def finished_game():
    played = play(seed="fin6", limit=5000)
    assert played.save.finished
    return played


@pytest.fixture(scope="module")
def going_game():
    played = play(seed="long", limit=40)
    assert not played.save.finished
    return played


def _autosave(folder: Path, played, game_id: str, day: int) -> Path:
    save = attrs.evolve(played.save, game_id=game_id, updated=datetime(2026, 1, day, tzinfo=UTC))
    path = store.autosave_path(folder, game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    stamp = write_save(path, save)
    os.utime(path, (1_700_000_000 + day, 1_700_000_000 + day))
    return path, stamp


def _both(folder: Path):
    return glance.glance_unfinished(folder), latest_unfinished(folder)


def test_the_glance_s_constants_are_the_save_format_s():
    assert glance.FORMAT == savefile.FORMAT
    assert glance.MOST_BYTES == converter.MAX_FILE_BYTES
    assert store.autosave_path(Path("x"), "g").with_suffix(".journal") == journal_path(store.autosave_path(Path("x"), "g"))


def test_an_empty_or_missing_folder_has_nothing_to_continue(tmp_path):
    assert _both(tmp_path) == (None, None)
    games_dir(tmp_path).mkdir()
    assert _both(tmp_path) == (None, None)


def test_finished_games_are_not_continued_and_the_newest_unfinished_one_is(tmp_path, finished_game, going_game):
    _autosave(tmp_path, finished_game, "done", 9)
    assert _both(tmp_path) == (None, None)
    older, _ = _autosave(tmp_path, going_game, "old", 1)
    newer, _ = _autosave(tmp_path, going_game, "new", 2)
    assert _both(tmp_path) == (newer, newer)
    newer.unlink()
    assert _both(tmp_path) == (older, older)


@pytest.mark.parametrize("damage", [
    lambda data: data[: len(data) // 2],  # cut short
    lambda data: b"",
    lambda data: b"\xff\xfe" + data,  # not UTF-8
    lambda data: data.replace(b'"format": "rainboard-save"', b'"format": "something-else"'),
    lambda data: data.replace(b'"finished": false', b'"finished": "no"'),
    lambda data: data.replace(b'"updated": "', b'"updated": "not a time'),
    lambda data: b"[1, 2, 3]",
], ids=["cut", "empty", "not-utf8", "format", "finished", "updated", "not-an-object"])
def test_a_damaged_newest_save_is_passed_over_for_the_older_good_one(tmp_path, going_game, damage):
    good, _ = _autosave(tmp_path, going_game, "good", 1)
    bad, _ = _autosave(tmp_path, going_game, "bad", 5)
    bad.write_bytes(damage(bad.read_bytes()))
    assert _both(tmp_path) == (good, good)
    assert bad.exists()  # passed over, not deleted


def test_a_journal_s_moves_make_its_game_the_latest(tmp_path, going_game):
    """A game whose newest moves are only in its journal: the journal's last write counts as its
    update, for the glance as for the full reading."""
    journaled, stamp = _autosave(tmp_path, going_game, "journaled", 1)
    other, _ = _autosave(tmp_path, going_game, "other", 2)
    assert _both(tmp_path) == (other, other)
    actions = going_game.save.actions
    base = len(actions) - 1
    # the save file holds one action fewer; the journal holds the last one
    save = attrs.evolve(going_game.save, game_id="journaled", updated=datetime(2026, 1, 1, tzinfo=UTC),
                        actions=actions[:base], digests={n: d for n, d in going_game.save.digests.items() if n <= base})
    stamp = write_save(journaled, save)
    journal = journal_path(journaled)
    journal.write_bytes(header_line("journaled", base, stamp) + action_line(base + 1, actions[base]))
    os.utime(journal, (datetime(2026, 1, 3, tzinfo=UTC).timestamp(),) * 2)
    assert _both(tmp_path) == (journaled, journaled)
    # a journal begun beside an older file of the game is not applied: the other game is the latest
    journal.write_bytes(header_line("journaled", base, "0" * 16) + action_line(base + 1, actions[base]))
    os.utime(journal, (datetime(2026, 1, 3, tzinfo=UTC).timestamp(),) * 2)
    assert _both(tmp_path) == (other, other)
    # a journal with its header alone adds no move
    journal.write_bytes(header_line("journaled", base, stamp))
    os.utime(journal, (datetime(2026, 1, 3, tzinfo=UTC).timestamp(),) * 2)
    assert _both(tmp_path) == (other, other)
    # a journal of another game spoils the save for both readings
    journal.write_bytes(header_line("someone-else", base, stamp) + action_line(base + 1, actions[base]))
    os.utime(journal, (datetime(2026, 1, 5, tzinfo=UTC).timestamp(),) * 2)
    assert _both(tmp_path) == (other, other)


def test_the_title_comes_up_without_the_engine_the_board_or_a_save_s_full_reading():
    """Importing the app and its title loads none of what a game needs; a fresh interpreter, so
    nothing another test imported counts."""
    script = ("import sys, rainboard.ui.app, rainboard.ui.screens.title, rainboard.saves.glance; "
              "print('\\n'.join(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "rainboard.ui.screens.title" in loaded  # the check sees what was imported
    heavy = {"rainboard.engine", "rainboard.engine.game", "rainboard.ui.screens.board", "rainboard.ui.session",
             "rainboard.saves.savefile", "rainboard.saves.journal", "rainboard.saves.replay", "rainboard.data.loader",
             "rainboard.data.models", "rainboard.sim", "rainboard.ui.screens.tutorial"}
    assert not heavy & loaded, sorted(heavy & loaded)
