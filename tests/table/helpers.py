"""Hosting tables and running headless seats (rainboard/table/headless.py) for the table's tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.table import host_table

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")
SLUGCATS = ("survivor", "monk")  # both wake in the same region, so they meet and hunt each other

_DATA = None


def decks():
    global _DATA
    if _DATA is None:
        _DATA = load_data()
    return _DATA


def host(folder: Path, players: int, seed: int | str = 7, slugcats: bool = False, grouping=None):
    """A table of `players` hosted in `folder`: (table, tokens)."""
    picks = [SLUGCATS[i % 2] if slugcats else None for i in range(players)]
    setup = Setup(players=[PlayerSetup(NAMES[i], picks[i]) for i in range(players)], seed=seed)
    return host_table(folder, setup, decks(), grouping)


def start_seat(folder: Path, code: str, seat: int | None, out: Path, moves: int = 100, *extra: str):
    return subprocess.Popen([sys.executable, "-m", "rainboard.table.headless", str(folder), code,
                             *([str(seat)] if seat is not None else []), "--moves", str(moves), "--out", str(out),
                             *extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONHASHSEED": "0"})


def wait_all(processes, timeout: float = 240.0) -> None:
    """Wait for every process to end; fail (killing the rest) if one fails or time runs out."""
    ends = time.monotonic() + timeout
    try:
        for process in processes:
            left = max(0.1, ends - time.monotonic())
            code = process.wait(left)
            if code != 0:
                raise AssertionError(f"a seat failed ({code}): {process.stderr.read().decode()[-2000:]}")
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()
            if process.stderr:
                process.stderr.close()


def wait_for_line(path: Path, text: str, timeout: float = 120.0) -> None:
    ends = time.monotonic() + timeout
    while time.monotonic() < ends:
        if path.exists() and text in path.read_text().split("\n"):
            return
        time.sleep(0.05)  # the test waiting on a child: not the table's way of hearing of moves
    raise AssertionError(f"{path.name} never said {text!r}")


def moves_seen(path: Path) -> dict[int, tuple[str, str]]:
    """What one screen saw: action count -> (digest, 'mine' or 'seen'); the last word for a count
    wins (a move taken back and made again)."""
    seen = {}
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 4:
            seen[int(parts[0])] = (parts[1], parts[3])
    return seen
