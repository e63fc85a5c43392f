"""A game killed mid-play (SIGKILL, no chance to clean up) leaves a save that reads and replays,
holding every action the game had reported as saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from rainboard.saves import Replay, latest_unfinished, list_saves, read_save

from . import MINI

ROOT = Path(__file__).resolve().parents[2]

# Plays random legal actions, rewriting the autosave after each one, and prints each action only
# once its save is on disk.
PLAYER = textwrap.dedent(
    """
    import random, sys, time
    from datetime import UTC, datetime
    from pathlib import Path

    from rainboard.data import load_data
    from rainboard.engine import PlayerSetup, Setup, apply, digest, legal_actions, new_game
    from rainboard.engine.state import OVER
    from rainboard.saves import new_save, outcome_record, record, write_save

    path, decks = Path(sys.argv[1]), Path(sys.argv[2])
    data = load_data(decks)
    setup = Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo"), PlayerSetup("Cy")], seed="r2")
    state, _ = new_game(setup, data)
    save = new_save(setup, data, True, datetime.now(UTC), game_id="killed")
    write_save(path, save)
    print("ready", flush=True)
    chooser = random.Random(7)
    actions, digests = [], dict(save.digests)
    while state.phase != OVER:
        action = chooser.choice(legal_actions(state))
        state, _ = apply(state, action)
        actions.append(str(action))
        digests[len(actions)] = digest(state)
        save = record(save, actions, digests, state.phase == OVER, outcome_record(state), datetime.now(UTC))
        write_save(path, save)
        print(action, flush=True)
        time.sleep(0.003)
    print("the game ended", flush=True)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("kill_after, extra_wait", [(5, 0.0), (40, 0.004), (90, 0.011)])
def test_a_killed_game_leaves_a_save_with_every_reported_action(tmp_path, kill_after, extra_wait):
    folder = tmp_path / "data"
    path = folder / "games" / "killed.json"
    env = {key: value for key, value in os.environ.items() if key != "RAINBOARD_DEBUG"}
    child = subprocess.Popen([sys.executable, "-c", PLAYER, str(path), str(MINI)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    reported: list[str] = []
    try:
        assert child.stdout.readline() == "ready\n", child.stderr.read()
        while len(reported) < kill_after:
            line = child.stdout.readline()
            assert line, f"the player stopped early: {child.stderr.read()}"
            assert line != "the game ended\n", "the game ended before the kill: pick a longer one"
            reported.append(line.rstrip("\n"))
        time.sleep(extra_wait)  # land the kill at different points of the next write
        os.kill(child.pid, signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    reported += [line for line in rest.splitlines() if line]
    assert "the game ended" not in reported

    save = read_save(path)
    assert not save.finished
    # every action reported was saved first; the killed process may have saved one more
    assert list(save.actions[: len(reported)]) == reported
    assert len(save.actions) - len(reported) in (0, 1)
    replay = Replay(save, path)
    assert replay.final_digest == save.digests[len(save.actions)]

    # the app's `continue` finds it; a temporary file a killed write left behind is not a save
    assert latest_unfinished(folder) == path
    assert [summary.path for summary in list_saves(folder)] == [path]
