"""Playing saves back: any step, either way, equals the game as played; round, cycle and turn marks
are where the events put them; `rainboard replay`, `continue` and `sim --save-dir` from the command line."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import attrs
import pytest

from rainboard.cli import main
from rainboard.engine import digest
from rainboard.engine.state import OVER
from rainboard.saves import SNAPSHOT_EVERY, Replay, games_dir, read_save, record, verify_file, write_save

from . import T1, play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def played():
    game = play(seed="r2", slugcats=("survivor", "hunter", "monk"), choose_later=True, limit=5000)  # ends (rules 3)
    assert len(game.states) > 3 * SNAPSHOT_EVERY and game.save.finished
    return game


@pytest.fixture(scope="module")
def replay(played):
    return Replay(played.save)


def test_every_state_equals_the_game_as_played(played, replay):
    assert len(replay) == len(played.states) - 1
    assert replay.actions == played.save.actions
    for index in range(len(replay) + 1):
        assert replay.state_at(index) == played.states[index]


def test_stepping_back_equals_the_direct_states(played, replay):
    for index in range(len(replay), -1, -1):
        assert replay.state_at(index) == played.states[index]
        assert replay.digest_at(index) == digest(played.states[index])


def test_jumping_around_equals_the_direct_states(played, replay):
    chooser = random.Random(3)
    for _ in range(200):
        index = chooser.randint(0, len(replay))
        assert replay.state_at(index) == played.states[index]
        if index:  # then a step either way
            assert replay.state_at(index - 1) == played.states[index - 1]
        if index < len(replay):
            assert replay.state_at(index + 1) == played.states[index + 1]


def test_events_are_those_of_each_action(played, replay):
    for index, events in enumerate(played.events):
        assert replay.events_at(index) == events
    assert [e.kind for e in replay.events_at(0)][-1] == "turn_order"  # slugcats are chosen in play


def test_out_of_range_indices_are_index_errors(replay):
    for ask in (lambda: replay.state_at(-1), lambda: replay.state_at(len(replay) + 1),
                lambda: replay.events_at(len(replay) + 1), lambda: replay.action_at(0),
                lambda: replay.index_at_turn(0), lambda: replay.index_at_turn(len(replay.turn_starts) + 1)):
        with pytest.raises(IndexError):
            ask()


def test_round_and_cycle_starts_are_where_the_game_says(played, replay):
    cycle_changes = [i for i in range(1, len(played.states)) if played.states[i].cycle != played.states[i - 1].cycle]
    assert replay.cycle_starts == cycle_changes  # choosing slugcats first: the first cycle starts in play
    assert len(replay.cycle_starts) >= 3
    round_changes = [
        i for i in range(1, len(played.states))
        if (played.states[i].cycle, played.states[i].round) != (played.states[i - 1].cycle, played.states[i - 1].round)
    ]
    # a round's end may also end the game: the mark stays (it is in the events); the rain ending the
    # last cycle moves the count without a round beginning
    assert set(replay.round_starts) <= set(round_changes)
    assert all(played.states[i].phase == OVER for i in set(round_changes) - set(replay.round_starts))
    assert len(replay.round_starts) > len(replay.cycle_starts)
    assert set(replay.cycle_starts) <= set(replay.round_starts)
    for index in replay.cycle_starts:
        assert any(e.kind == "cycle_started" for e in replay.events_at(index))
        assert replay.state_at(index).round == 0


def test_a_game_that_starts_at_once_begins_its_first_cycle_at_zero():
    game = Replay(play(seed="z", limit=40).save)
    assert game.cycle_starts[0] == 0 and game.round_starts[0] == 0 and game.turn_starts[0] == 0


def test_go_to_turn_n(played, replay):
    turns = [i for i, events in enumerate(played.events) for e in events if e.kind == "turn_started"]
    assert replay.turn_starts == turns
    for n in (1, 2, len(turns) // 2, len(turns)):
        index = replay.index_at_turn(n)
        assert index == turns[n - 1]
        assert any(e.kind == "turn_started" for e in replay.events_at(index))
        assert replay.turns_begun(index) >= n
        assert replay.turns_begun(index - 1 if index else 0) < n or index == 0


def test_a_prefix_of_a_save_replays(played):
    save = played.save
    for cut in (0, 1, 33, len(save.actions) // 2):
        shorter = record(save, list(save.actions[:cut]), save.digests, False, None, T1)
        assert Replay(shorter).final_digest == digest(played.states[cut])


def test_verify_file_gives_the_final_digest(tmp_path, played):
    path = tmp_path / "g.json"
    write_save(path, played.save)
    assert verify_file(path) == digest(played.states[-1])


def test_a_snapshot_is_never_changed_by_looking(played):
    replay = Replay(played.save)
    first = replay.state_at(0)
    for index in (len(replay), 5, 0, 40):
        replay.state_at(index)
    assert replay.state_at(0) is first


# -- the command line ------------------------------------------------------------------------------
@pytest.fixture
def save_file(tmp_path, played) -> Path:
    path = tmp_path / "game.json"
    write_save(path, played.save)
    return path


class FakeApp:
    """Stands in for the Textual app: records how it was started."""

    started: list[dict] = []

    def __init__(self, **kwargs):
        self.kwargs = kwargs

    def run(self):
        FakeApp.started.append(self.kwargs)


@pytest.fixture
def fake_app(monkeypatch):
    import rainboard.ui.app

    FakeApp.started = []
    monkeypatch.setattr(rainboard.ui.app, "RainboardApp", FakeApp)
    return FakeApp


def test_replay_verify_on_a_good_file(save_file, played, capsys):
    assert main(["replay", str(save_file), "--verify"]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"OK: {len(played.save.actions)} actions, final digest {digest(played.states[-1])}\n"
    assert captured.err == ""


def test_replay_verify_on_a_bad_file(save_file, capsys):
    text = save_file.read_text(encoding="utf-8").replace('"digests": {\n  "0": "', '"digests": {\n  "0": "f')
    save_file.write_text(text, encoding="utf-8")
    assert main(["replay", "--verify", str(save_file)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith(f"rainboard replay: {save_file}: before the first action")
    assert "Traceback" not in captured.err


def test_replay_verify_on_a_missing_file(tmp_path, capsys):
    assert main(["replay", "--verify", str(tmp_path / "gone.json")]) == 1
    assert capsys.readouterr().err == f"rainboard replay: {tmp_path / 'gone.json'}: no such file\n"


def test_replay_opens_the_app_on_a_readable_file(save_file, fake_app, tmp_path):
    assert main(["--data-dir", str(tmp_path / "data"), "replay", str(save_file)]) == 0
    assert fake_app.started == [{"replay": save_file, "data_dir": tmp_path / "data"}]


def test_replay_of_an_unreadable_file_does_not_open_the_app(tmp_path, fake_app, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rainboard-save", "version": 9}', encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    assert capsys.readouterr().err == f"rainboard replay: {bad}: version 9; this Rainboard reads version 1\n"
    assert fake_app.started == []


def test_continue_with_nothing_to_continue(tmp_path, fake_app, capsys):
    assert main(["--data-dir", str(tmp_path), "continue"]) == 1
    assert "No unfinished game to continue." in capsys.readouterr().err
    assert fake_app.started == []


def test_continue_resumes_the_latest_unfinished_game(tmp_path, played, fake_app, monkeypatch):
    unfinished = record(played.save, list(played.save.actions[:50]), played.save.digests, False, None, T1)
    path = games_dir(tmp_path) / f"{unfinished.game_id}.json"
    write_save(path, unfinished)
    write_save(games_dir(tmp_path) / "done.json",
               attrs.evolve(played.save, game_id="done", updated=datetime(2030, 1, 1, tzinfo=UTC)))
    monkeypatch.setenv("RAINBOARD_DATA_DIR", str(tmp_path / "elsewhere"))
    assert main(["continue"]) == 1  # the environment points somewhere empty
    assert main(["--data-dir", str(tmp_path), "continue"]) == 0  # the option wins
    monkeypatch.setenv("RAINBOARD_DATA_DIR", str(tmp_path))
    assert main(["continue"]) == 0
    assert fake_app.started == [{"resume": path, "data_dir": tmp_path}] * 2


def test_sim_save_dir_writes_a_save_per_game_and_they_all_verify(tmp_path, capsys):
    folder = tmp_path / "sims"
    argv = ["sim", "--games", "3", "--seed", "5", "--players", "2", "--cap", "400", "--save-dir", str(folder)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"saves: 3 written to {folder}" in out
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == ["sim-5-1.json", "sim-5-2.json", "sim-5-3.json"]
    for path in files:
        save = read_save(path)
        assert not save.table.handoffs
        assert sorted(save.digests)[-1] == len(save.actions)
        assert all(n % 10 == 0 for n in sorted(save.digests)[:-1])
        assert save.finished == (len(save.actions) < 400)
        assert main(["replay", "--verify", str(path)]) == 0
    assert capsys.readouterr().out.count("OK: ") == 3


def test_sim_saves_a_game_that_raised_up_to_its_last_good_action(simulator_fails, tmp_path, capsys):
    assert main(["sim", "--games", "1", "--players", "1", "--cap", "100", "--save-dir", str(tmp_path)]) == 1
    save = read_save(tmp_path / "sim-1-1.json")
    assert len(save.actions) == 49 and not save.finished
    assert main(["replay", "--verify", str(tmp_path / "sim-1-1.json")]) == 0


def test_the_installed_command_never_shows_a_traceback(save_file):
    save_file.write_text(save_file.read_text(encoding="utf-8")[:-200], encoding="utf-8")
    env = {key: value for key, value in os.environ.items() if key != "RAINBOARD_DEBUG"}
    result = subprocess.run([sys.executable, "-m", "rainboard", "replay", "--verify", str(save_file)],
                            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"rainboard replay: {save_file}: not JSON (line ")
    assert "Traceback" not in result.stderr
