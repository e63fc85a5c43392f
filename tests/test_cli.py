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
from rainboard.data import load_data

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


def test_sim_exits_non_zero_when_a_game_raises(simulator_fails, capsys):
    assert main(["sim", "--games", "2", "--seed", "1", "--players", "1", "--cap", "100"]) == 1
    out = capsys.readouterr().out
    assert "game 1: seed 1-1: Ada" in out and "RAISED" in out and "a rule went wrong" in out
    assert "summary: 2 games" in out and "1 raised" in out


# --- --preset: play, sim, challenge; decks check lists and checks the presets ---

class _FakeApp:
    opened: list[dict] = []
    return_code = None  # as a Textual app that was never told to exit with a code

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def run(self):
        _FakeApp.opened.append(self.kwargs)


@pytest.fixture
def fake_app(monkeypatch):
    import rainboard.ui.app

    _FakeApp.opened = []
    monkeypatch.setattr(rainboard.ui.app, "RainboardApp", _FakeApp)
    return _FakeApp.opened


def test_play_with_a_preset_opens_the_game_with_its_rules(fake_app):
    assert main(["play", "--preset", "short"]) == 0
    data = fake_app[-1]["data"]
    assert data.preset == "short" and data.rules == load_data(preset="short").rules
    assert main(["play"]) == 0
    # without --decks or --preset the title opens before the decks load; the app loads the standard
    # preset at the first game (RainboardApp.game_data)
    assert fake_app[-1]["data"] is None


def test_an_app_given_no_decks_plays_the_shipped_standard_preset():
    from rainboard.ui.app import RainboardApp

    app = RainboardApp()
    assert app.data is None  # nothing loaded until asked
    data = app.game_data()
    assert data.preset == "standard" and data.rules == load_data().rules and app.data is data


@pytest.mark.parametrize("argv", [
    ["play", "--preset", "long"],
    ["sim", "--games", "2", "--preset", "long"],
    ["challenge", "--daily", "--preset", "long"],
])
def test_an_unknown_preset_exits_2_naming_the_ones_there_are(fake_app, capsys, argv):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err == f"rainboard {argv[0]}: no preset 'long' in these decks; choose one of: standard, short\n"
    assert captured.out == "" and fake_app == []


def test_a_preset_the_given_decks_lack_exits_2(fake_app, capsys, tmp_path):
    decks = tmp_path / "decks"
    shutil.copytree(paths.decks_dir(), decks)
    shutil.rmtree(decks / "presets")
    assert main(["play", "--decks", str(decks), "--preset", "short"]) == 2
    assert "choose one of: standard\n" in capsys.readouterr().err


def test_sim_with_a_preset_plays_and_saves_games_under_its_rules(capsys, tmp_path):
    from rainboard.saves import Replay, read_save

    argv = ["sim", "--games", "2", "--seed", "3", "--players", "1", "--cap", "200", "--save-dir", str(tmp_path)]
    assert main(argv + ["--preset", "short"]) == 0
    short_out = capsys.readouterr().out
    assert "summary: 2 games" in short_out
    save = read_save(tmp_path / "sim-3-1.json")
    assert save.decks.preset == "short"
    replay = Replay(save)
    karma = load_data(preset="short").rules.karma_start
    assert karma != load_data().rules.karma_start
    assert replay.data.rules.karma_start == karma and replay.state_at(0).players[0].karma == karma
    assert main(argv) == 0
    assert read_save(tmp_path / "sim-3-1.json").decks.preset == "standard"


def test_decks_check_lists_the_presets_and_what_they_change(capsys):
    assert main(["decks", "check"]) == 0
    out = capsys.readouterr().out
    assert "  standard: Standard game (rules.toml as it is)\n" in out
    changes = ", ".join(f"{key} {value}" for key, value in load_data().presets["short"].overrides.items())
    assert "ending_hibernations 1" in changes
    assert f"  short: Short game ({changes})\n" in out


def test_decks_check_reports_a_broken_preset(capsys, tmp_path):
    decks = tmp_path / "decks"
    shutil.copytree(paths.decks_dir(), decks)
    (decks / "presets" / "short.toml").write_text('name = "Short"\ntext = "x"\n[rules]\nkarma_begin = 2\n')
    assert main(["decks", "check", "--decks", str(decks)]) == 1
    assert "decks/presets/short.toml: rules: unknown key(s): karma_begin" in capsys.readouterr().err


def test_a_challenge_with_a_preset(fake_app, capsys):
    from rainboard.saves.challenge import make_code

    assert main(["challenge", "--daily", "--preset", "short"]) == 0
    assert fake_app[-1]["challenge"].endswith("/short")
    assert capsys.readouterr().out.endswith(", Short game.\n")
    code = make_code(5, 1, False, "short")
    assert main(["challenge", "--code", code]) == 0
    assert capsys.readouterr().out == f"Challenge {code}: Monk, precycles off, Short game.\n"
    assert main(["challenge", "--code", code, "--preset", "short"]) == 0
    assert main(["challenge", "--code", code, "--preset", "standard"]) == 2
    assert "the code fixes the preset, so leave out --preset" in capsys.readouterr().err
