"""Temp files left by a write that was killed are swept as soon as their writer is gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from rainboard.saves import games_dir, sweep_leftovers

# A writer that stops for good half-way through writing a save: its temp file is on disk when it is killed.
STUCK_WRITER = """
import os, sys, time
from datetime import UTC, datetime
from pathlib import Path
from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.saves import autosave_path, new_save, write_save
from rainboard.saves import savefile

data = load_data(Path(sys.argv[2]))
save = new_save(Setup(players=[PlayerSetup("Ada", "survivor")], seed=1), data, False, datetime.now(UTC),
                game_id="stuck")
savefile.os.fsync = lambda handle: time.sleep(600)
write_save(autosave_path(Path(sys.argv[1]), "stuck"), save)
"""

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"


def test_a_writer_killed_mid_write_leaves_a_temp_file_that_the_next_start_sweeps(tmp_path):
    writer = subprocess.Popen([sys.executable, "-c", STUCK_WRITER, str(tmp_path), str(MINI)])
    folder = games_dir(tmp_path)
    try:
        for _ in range(600):  # until the temp file is there (the writer is stuck right after it)
            if folder.is_dir() and list(folder.glob(".*.tmp")):
                break
            if writer.poll() is not None:
                raise AssertionError(f"the writer ended early ({writer.returncode})")
            time.sleep(0.05)
        leftovers = list(folder.glob(".*.tmp"))
        assert len(leftovers) == 1 and f".{writer.pid}." in leftovers[0].name
        assert sweep_leftovers(tmp_path) == []  # its writer is still at it: left alone
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
    assert sweep_leftovers(tmp_path) == leftovers  # fresh, but its writer is gone
    assert not list(folder.iterdir())


def test_temp_files_of_running_writers_and_unknown_ones_wait_for_the_hour(tmp_path):
    folder = games_dir(tmp_path)
    folder.mkdir(parents=True)
    mine = folder / f".a.json.{os.getpid()}.abc123.tmp"
    unknown = folder / ".b.json.x2.tmp"
    for path in (mine, unknown):
        path.write_text("{", encoding="utf-8")
    assert sweep_leftovers(tmp_path) == []
    assert sweep_leftovers(tmp_path, now=time.time() + 7200) == sorted([mine, unknown])
