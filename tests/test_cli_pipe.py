"""`rainboard sim | head`: a reader that stops early ends the command quietly, without a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
QUIET = (0, 141)  # finished before the reader left, or stopped as a Unix tool is by SIGPIPE


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "RAINBOARD_DATA_DIR": str(tmp_path / "data")}


@pytest.mark.parametrize("command", [
    ["sim", "--games", "40", "--seed", "1", "--cap", "400"],
    ["balance", "--games", "2", "--players", "2", "--jobs", "1", "--cap", "400"],
    ["scores"],
])
def test_a_reader_that_has_gone_gets_no_traceback(command, tmp_path):
    """The reader's end is closed before the command writes a word: every write meets a broken pipe."""
    child = subprocess.Popen([sys.executable, "-m", "rainboard", *command], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, cwd=tmp_path, env=_env(tmp_path))
    child.stdout.close()
    errors = child.stderr.read().decode()
    child.stderr.close()
    assert child.wait(timeout=600) in QUIET
    assert "Traceback" not in errors and "BrokenPipe" not in errors and "error" not in errors.lower(), errors


def test_sim_piped_into_head(tmp_path):
    shell = f"{sys.executable} -m rainboard sim --games 60 --seed 1 --cap 400 | head -1; echo \"status ${{PIPESTATUS[0]}}\""
    done = subprocess.run(["bash", "-c", shell], capture_output=True, text=True, cwd=tmp_path, env=_env(tmp_path),
                          timeout=600)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("game 1: seed 1-1")
    assert int(lines[-1].split()[-1]) in QUIET
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr
