"""A game at the table killed mid-play (SIGKILL) while its autosave keeps a journal: the save and its
journal read and replay, holding every action the game had shown as played."""

from __future__ import annotations

import os
import random
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

# Plays random legal moves through a GameSession saved by the app's Autosaver, and prints each move
# only once the saver has returned (as the table only shows a move after it).
PLAYER = textwrap.dedent(
    """
    import random, sys, time
    from pathlib import Path

    from rainboard.data import load_data
    from rainboard.engine import PlayerSetup, Setup
    from rainboard.ui.autosave import Autosaver
    from rainboard.ui.session import GameSession

    folder, decks = Path(sys.argv[1]), Path(sys.argv[2])
    setup = Setup(players=[PlayerSetup("Ada"), PlayerSetup("Bo"), PlayerSetup("Cy")], seed="r2")
    session = GameSession.start(setup, load_data(decks))
    def failed(path, error):
        print("failed", error, flush=True)
    saver = Autosaver.for_new_game(session, folder, True, failed)
    session.saver = saver
    print(saver.path, flush=True)
    chooser = random.Random(7)
    while not session.over:
        session.act(chooser.choice(session.legal))
        print(session.actions[-1], flush=True)
        time.sleep(0.002)
    print("the game ended", flush=True)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("kill_after", [3, 25, 60, 110])
def test_a_killed_game_keeps_every_move_shown_in_its_journal(tmp_path, kill_after):
    folder = tmp_path / "data"
    env = {key: value for key, value in os.environ.items() if key != "RAINBOARD_DEBUG"}
    child = subprocess.Popen([sys.executable, "-c", PLAYER, str(folder), str(MINI)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    reported: list[str] = []
    try:
        path = Path(child.stdout.readline().rstrip("\n"))
        assert path.name.endswith(".json"), child.stderr.read()
        while len(reported) < kill_after:
            line = child.stdout.readline()
            assert line, f"the player stopped early: {child.stderr.read()}"
            assert line != "the game ended\n", "the game ended before the kill: pick a longer one"
            reported.append(line.rstrip("\n"))
        time.sleep(random.Random(kill_after).uniform(0, 0.004))  # land the kill anywhere in the next move
        os.kill(child.pid, signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    reported += [line for line in rest.splitlines() if line]
    assert "the game ended" not in reported and not any(line.startswith("failed") for line in reported)

    save = read_save(path)
    assert not save.finished
    # every move shown was in the journal first; the killed process may have written one more
    assert list(save.actions[: len(reported)]) == reported
    assert len(save.actions) - len(reported) in (0, 1)
    assert len(read_save(path, journal=False).actions) == 0  # all of it came from the journal
    replay = Replay.from_file(path)
    assert len(replay) == len(save.actions)

    # the app's `continue` finds it, and the saves list shows it once
    assert latest_unfinished(folder) == path
    assert [summary.path for summary in list_saves(folder)] == [path]
