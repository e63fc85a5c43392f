"""A checkpoint stopped or failed at every one of its writes leaves a save that reads as every move
shown, and a finished game only with its last move.

Every kind of checkpoint (a new game, a resumed one, the game's end, leaving the table, leaving
after a move taken back below the journal's start, the change after a failed write) is run once
per disk call it makes, stopping as a killed process would at that call, and once more failing
it as a full disk does. scripts/fuzz_checkpoints.py (make fuzz) does the same with real kills
over many games.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from . import mini_data
from .checkpoints import KINDS, Faults, Killed, Scenario, check_on_disk

ROOT = Path(__file__).resolve().parents[2]
SEED = 1  # one game of each kind here; make fuzz plays many
MOST_CALLS = 40  # far more than a checkpoint makes: a sweep that reaches it has lost its way


def _sweep(tmp_path, kind, seed, mode):
    """Run the checkpoint stopped (or failed) at call 0, 1, 2... until one run makes fewer calls
    than that; returns what each run left on disk, and the calls of the run that completed."""
    seen = []
    for at in range(MOST_CALLS):
        scenario = Scenario(kind, tmp_path / f"{kind}-{seed}-{mode}-{at}", mini_data(), seed)
        with Faults(at, mode) as faults:
            try:
                scenario.run_checkpoint()
            except Killed:
                assert mode == "kill"
        completed = not faults.hit
        found = check_on_disk(scenario, completed)
        seen.append(found)
        if mode == "fail" and faults.hit:
            # a failed call is told to the table, or it cost nothing (a close of the old journal);
            # leaving tells no one, as the journal still holds every move
            if kind not in ("leave", "leave-after-undo"):
                assert scenario.told or found == "after", f"a failed {faults.calls[at]} lost moves untold"
            scenario.finish_after_failure()  # the disk works again: leaving writes it whole
            assert check_on_disk(scenario, True) == "after"
        scenario.dispose()
        if completed:
            return seen, faults.calls
    raise AssertionError(f"the {kind} checkpoint made {MOST_CALLS} disk calls or more")


@pytest.mark.parametrize("mode", ["kill", "fail"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_checkpoint_stopped_at_any_write_loses_no_move_shown(tmp_path, kind, mode):
    seen, calls = _sweep(tmp_path, kind, SEED, mode)
    assert seen[-1] == "after"
    # the new file goes in place before the fresh journal: stopped between them, the old
    # journal lies beside the new file (the case that lost finished games)
    renames = [n for n, name in enumerate(calls) if name == "replace"]
    assert len(renames) == 2, calls
    for at in renames:  # each file is on the disk before its rename, and the rename after it
        assert calls[at - 4:at] == ["temp_beside", "write_all", "fsync", "close"], calls
        assert calls[at + 1] == "sync_folder", calls
    if kind == "end" and mode == "kill":
        assert seen[renames[0] + 1:] == ["after"] * (len(seen) - renames[0] - 1)
        assert "before" in seen


def test_without_the_stamp_the_sweep_finds_the_finished_game_that_lost_its_last_move(tmp_path, monkeypatch):
    """A reader that applied whatever journal it found (as before journals named their file):
    killed between the new file and the fresh journal, the finished game reads one move short and
    does not replay. The sweep above would catch that."""
    from rainboard.saves import SaveError, journal

    real = journal._header_applies
    monkeypatch.setattr(journal, "_header_applies", lambda value, save, stamp: real(value, save, None))
    scenario = Scenario("end", tmp_path / "game", mini_data(), 1)
    with Faults(MOST_CALLS, "kill") as probe:
        scenario.run_checkpoint()
    between = probe.calls.index("sync_folder") + 1  # the file is in place, the fresh journal not yet
    scenario = Scenario("end", tmp_path / "again", mini_data(), 1)
    with Faults(between, "kill"), pytest.raises(Killed):
        scenario.run_checkpoint()
    with pytest.raises(SaveError, match="finished, but after its .* actions it goes on"):
        check_on_disk(scenario, False)
    scenario.dispose()


def test_real_kills_at_every_write_of_every_checkpoint():
    """The same sweep with real processes, each ended (os._exit) at its call: one game of each kind."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "fuzz_checkpoints.py"), "--games", "1",
                           "--seed", "3"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 lost" in done.stdout and " kills" in done.stdout, done.stdout
