"""Saves record the rules they were played under; one from other rules is refused plainly, before
anything is replayed, and a save from before the rules were recorded counts as rules 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rainboard.cli import main
from rainboard.engine import RULES_VERSION
from rainboard.saves import SaveError, games_dir, latest_unfinished, list_saves, read_save, verify_file, write_save

from . import play

ROOT = Path(__file__).resolve().parents[2]
REFUSED = f"played under rules {RULES_VERSION + 1}; this Rainboard plays rules {RULES_VERSION}"


@pytest.fixture(scope="module")
def played():
    return play(seed="rules", limit=60)


def _rewrite(path: Path, change) -> Path:
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw, indent=1) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def save_file(tmp_path, played) -> Path:
    path = games_dir(tmp_path) / f"{played.save.game_id}.json"
    write_save(path, played.save)
    return path


@pytest.fixture
def newer_rules(save_file) -> Path:
    """The save as a later Rainboard, playing other rules, would have written it."""
    return _rewrite(save_file, lambda raw: raw.update(rules=RULES_VERSION + 1))


def test_a_save_records_the_rules_it_was_played_under(save_file, played):
    assert json.loads(save_file.read_text(encoding="utf-8"))["rules"] == RULES_VERSION
    assert read_save(save_file).rules == RULES_VERSION == played.save.rules


def test_a_save_without_the_rules_counts_as_rules_1_and_is_refused_as_such(save_file, played):
    """Saves written before the field existed were played under rules 1; the rulebook fixes of
    rules 2 would replay them differently, so they are refused by name, not as a digest mismatch."""
    assert RULES_VERSION >= 2
    _rewrite(save_file, lambda raw: raw.pop("rules"))
    with pytest.raises(SaveError) as caught:
        read_save(save_file)
    assert f"played under rules 1; this Rainboard plays rules {RULES_VERSION}" in str(caught.value)


def test_a_save_from_other_rules_is_refused_by_name(newer_rules):
    with pytest.raises(SaveError) as caught:
        read_save(newer_rules)
    assert str(caught.value) == f"{newer_rules}: {REFUSED}"


def test_rules_that_are_not_a_number_are_refused(save_file):
    _rewrite(save_file, lambda raw: raw.update(rules="1"))
    with pytest.raises(SaveError, match=r'rules: expected a whole number, got "1"'):
        read_save(save_file)


def test_replay_verify_refuses_other_rules_before_replaying(newer_rules, capsys):
    assert main(["replay", "--verify", str(newer_rules)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"rainboard replay: {newer_rules}: {REFUSED}\n"
    assert "digest" not in captured.err


def test_the_installed_command_refuses_other_rules(newer_rules):
    result = subprocess.run([sys.executable, "-m", "rainboard", "replay", "--verify", str(newer_rules)],
                            capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == f"rainboard replay: {newer_rules}: {REFUSED}\n"


def test_continue_refuses_other_rules(newer_rules, tmp_path):
    """Resuming opens the save through open_save (the title screen's Continue and `rainboard continue`);
    the saves list shows why; `continue` does not offer a game it could not resume."""
    from rainboard.ui.resume import open_save

    with pytest.raises(SaveError, match=REFUSED):
        open_save(newer_rules)
    [summary] = list_saves(tmp_path)
    assert summary.error == REFUSED
    assert latest_unfinished(tmp_path) is None
