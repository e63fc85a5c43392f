"""The `rainboard` command: deck checks report clearly and never show a traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rainboard import paths
from rainboard.cli import main

SCRIPT = Path(sys.prefix) / "bin" / "rainboard"


@pytest.fixture
def broken_decks(tmp_path: Path) -> Path:
    """A copy of the shipped decks with one creature's hp written as a word."""
    decks = tmp_path / "decks"
    shutil.copytree(paths.decks_dir(), decks)
    creatures = decks / "cards" / "creatures.toml"
    text = creatures.read_text(encoding="utf-8")
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.replace(" ", "").startswith("hp="))
    lines[index] = 'hp = "ten"'
    creatures.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return decks


def test_decks_check_passes_on_shipped_decks(capsys):
    assert main(["decks", "check"]) == 0
    out = capsys.readouterr().out
    assert "Outskirts" in out
    assert "Precycle" in out
    assert "slugcats" in out


def test_decks_check_reports_a_broken_file(broken_decks, capsys):
    assert main(["decks", "check", "--decks", str(broken_decks)]) == 1
    captured = capsys.readouterr()
    assert "Problems in the decks:" in captured.err
    assert "creatures.toml" in captured.err
    assert 'got "ten"' in captured.err
    assert "Traceback" not in captured.out + captured.err


def test_decks_check_on_a_missing_folder(tmp_path, capsys):
    assert main(["decks", "check", "--decks", str(tmp_path / "nowhere")]) == 1
    captured = capsys.readouterr()
    assert "nowhere" in captured.err
    assert "Traceback" not in captured.out + captured.err


@pytest.mark.skipif(not SCRIPT.exists(), reason="the rainboard script is not installed in this environment")
def test_installed_script_reports_a_broken_file(broken_decks, tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "RAINBOARD_DEBUG"}
    result = subprocess.run(
        [str(SCRIPT), "decks", "check", "--decks", str(broken_decks)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert result.returncode == 1
    assert "creatures.toml" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_unexpected_errors_are_one_line(monkeypatch, capsys):
    import rainboard.cli as cli

    def explode(args, out):
        raise RuntimeError("the rain came early\nsecond line")

    monkeypatch.delenv("RAINBOARD_DEBUG", raising=False)
    monkeypatch.setattr(cli, "cmd_decks_check", explode)
    assert main(["decks", "check"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "RuntimeError: the rain came early" in err


def test_sim_plays_games_and_prints_a_line_each_and_a_summary(capsys):
    assert main(["sim", "--games", "3", "--seed", "4", "--players", "2", "--cap", "300"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:3]] == ["game 1", "game 2", "game 3"]
    assert all("seed 4-" in line for line in out[:3])
    assert out[3].startswith("summary: 3 games,") and "0 raised" in out[3]


def test_sim_is_repeatable_and_the_eager_policy_reaches_ascension(capsys):
    argv = ["sim", "--games", "4", "--seed", "2", "--players", "4", "--policy", "eager"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out == first
    assert "ascended in" in first


def test_sim_on_broken_decks_says_so_without_a_traceback(capsys, tmp_path):
    assert main(["sim", "--games", "1", "--decks", str(tmp_path / "nowhere")]) == 1
    err = capsys.readouterr().err
    assert "Problems in the decks:" in err and "no such decks folder" in err
    assert "Traceback" not in err


def test_bad_arguments_exit_with_usage(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "--players", "10"])
    assert exit_info.value.code == 2
    assert "1 to 9 players" in capsys.readouterr().err


def test_sim_exits_non_zero_when_a_game_raises(monkeypatch, capsys):
    import rainboard.sim.play

    calls = {"n": 0}
    real_apply = rainboard.sim.play.apply

    def flaky_apply(state, action):
        calls["n"] += 1
        if calls["n"] == 50:
            raise RuntimeError("a rule went wrong")
        return real_apply(state, action)

    monkeypatch.setattr(rainboard.sim.play, "apply", flaky_apply)
    assert main(["sim", "--games", "2", "--seed", "1", "--players", "1", "--cap", "100"]) == 1
    out = capsys.readouterr().out
    assert "game 1: seed 1-1: Ada" in out and "RAISED" in out and "a rule went wrong" in out
    assert "summary: 2 games" in out and "1 raised" in out
