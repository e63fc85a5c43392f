"""The interface's share of an action, measured beside the engine's in the same run: what a
GameSession adds to `apply` (the label for undo, the undo record, a digest every ten actions), what
the autosave after every action costs once a game is long, and how long the program takes to start.

These parts belong to the interface (rainboard/ui); the figures are here so the engine's and the
interface's work can be told apart. Run with `make bench` or `python benchmarks/session.py`. It prints
numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import apply, legal_actions, new_game
from rainboard.engine.state import OVER
from rainboard.sim import random_setup


def _game(data, actions: int):
    """A setup and the actions of a 4-player random game at least `actions` long."""
    for attempt in range(100):
        chooser = random.Random(attempt)
        setup = random_setup(data, f"session-{attempt}", 4, chooser)
        state, _ = new_game(setup, data)
        chosen = []
        while len(chosen) < actions and state.phase != OVER:
            action = chooser.choice(legal_actions(state))
            state, _ = apply(state, action)
            chosen.append(action)
        if len(chosen) == actions:
            return setup, chosen
    raise RuntimeError("no random game lasted long enough")


def per_action(data, actions: int) -> None:
    from rainboard.ui.session import GameSession

    setup, chosen = _game(data, actions)
    engine, session_times = [], []
    state, _ = new_game(setup, data)
    session = GameSession.start(setup, data)
    clock = time.perf_counter
    for action in chosen:  # the same action through the engine alone, then through a session
        start = clock()
        state, _ = apply(state, action)
        engine.append(clock() - start)
        start = clock()
        session.act(action)
        session_times.append(clock() - start)
    print(f"\n## One action, {actions:,} actions of a 4-player game")
    print(f"{'':<44}{'median us':>10}{'mean us':>9}")
    for name, times in (("engine apply (reference)", engine), ("GameSession.act (undo record, label, digests)",
                                                                 session_times)):
        print(f"{name:<44}{statistics.median(times) * 1e6:>10.1f}{statistics.mean(times) * 1e6:>9.1f}")


def autosave(data, actions: int, repeat: int) -> None:
    from rainboard.ui.autosave import Autosaver
    from rainboard.ui.session import GameSession
    from rainboard.saves import new_save

    setup, chosen = _game(data, actions)
    session = GameSession.start(setup, data)
    for action in chosen:
        session.act(action)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "autosave.json"
        saver = Autosaver(path, new_save(setup, data, False, _now()))
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            saver(session)
            times.append(time.perf_counter() - start)
        size = path.stat().st_size
    print(f"\n## The autosave after an action, at action {actions:,} ({size / 1024:.0f} KiB file, written "
          f"{repeat} times)")
    print(f"{'Autosaver(session): digest, record, write + fsync + read back':<62}"
          f"{statistics.median(times) * 1000:>8.2f} ms median")


def _now():
    from datetime import UTC, datetime

    return datetime.now(UTC)


def start_up(repeat: int) -> None:
    commands = {
        "python -c pass (reference)": [sys.executable, "-c", "pass"],
        "import rainboard.engine": [sys.executable, "-c", "import rainboard.engine"],
        "import rainboard.saves": [sys.executable, "-c", "import rainboard.saves"],
        "rainboard --help": [sys.executable, "-m", "rainboard.cli", "--help"],
        "import rainboard.ui.app (Textual)": [sys.executable, "-c", "import rainboard.ui.app"],
    }
    print(f"\n## Starting up (each a new process, median of {repeat})")
    reference = None
    for name, command in commands.items():
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
        seconds = statistics.median(times)
        reference = reference or seconds
        print(f"{name:<44}{seconds:>8.3f} s{seconds / reference:>8.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    data = load_data()
    per_action(data, args.actions)
    autosave(data, args.actions, args.repeat * 4)
    start_up(args.repeat)


if __name__ == "__main__":
    main()
