"""The interface's share of an action, measured beside the engine's in the same run: what a
GameSession adds to `apply` (the label for undo, the undo record, a digest every ten actions), what
the autosave after every action costs once a game is long, and how long the program takes to start.

These parts belong to the interface (rainboard/ui); the figures are here so the engine's and the
interface's work can be told apart. Run with `make bench` or `python benchmarks/session.py`. It prints
numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import Times, load, p95, ratio

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
    engine, session_times = Times(), Times()
    state, _ = new_game(setup, data)
    session = GameSession.start(setup, data)
    before = load()
    for action in chosen:  # the same action through the engine alone, then through a session, in turn
        state, _ = engine.time(apply, state, action)
        session_times.time(session.act, action)
    print(f"\n## One action, {actions:,} actions of a 4-player game, each through the engine and then a session")
    print(f"  before: {before}; after: {load()}")
    print(f"{'engine apply (reference)':<48}{engine.summary(1e6, 'us', 1, 'actions')}")
    print(f"{'GameSession.act (undo record, label, digests)':<48}{session_times.summary(1e6, 'us', 1, 'actions')}")
    print(f"{'  GameSession.act / apply, medians':<48}{ratio(session_times, engine)}")


def autosave(data, actions: int, new: int) -> None:
    """The autosave of a game `actions` long, written whole first (the checkpoint a table makes when
    it starts or resumes, untimed), then timed on each of `new` real new actions: the journal line
    it appends. Taking turns with it, the reference: the same line os.write-n to a plain file."""
    from rainboard.saves import new_save
    from rainboard.saves.journal import action_line
    from rainboard.ui.autosave import Autosaver
    from rainboard.ui.session import GameSession

    setup, chosen = _game(data, actions + new)
    session = GameSession.start(setup, data)
    for action in chosen[:actions]:
        session.act(action)
    saves, lines, synced = Times(), Times(), []
    with tempfile.TemporaryDirectory(dir=Path.home()) as folder:  # a real disk, as a table's saves
        path = Path(folder) / "autosave.json"
        saver = Autosaver(path, new_save(setup, data, False, _now()))
        checkpoint = Times()
        checkpoint.time(saver, session)  # the first call writes the game whole
        size = path.stat().st_size
        reference = os.open(Path(folder) / "reference.journal", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        before = load()
        for action in chosen[actions:]:
            session.act(action)  # a real new action, untimed: the autosave after it is timed
            written = saver.written
            start = time.perf_counter()
            saves.time(saver, session)
            saver.journal.wait_synced(10)
            synced.append(time.perf_counter() - start)
            assert saver.written == written + 1, "the autosave did not take the new action"
            number = len(session.actions)
            lines.time(os.write, reference, action_line(number, session.actions[-1], session.digests.get(number)))
        after = load()
        os.close(reference)
        saver.close()
    print(f"\n## The autosave after an action, actions {actions + 1:,} to {actions + new:,} of a game "
          f"({size / 1024:.0f} KiB saved whole at action {actions:,}, untimed)")
    print(f"  before: {before}; after: {after}")
    print(f"{'Autosaver(session) after a new action (journal)':<48}{saves.summary(1000, 'ms', 3, 'actions')}")
    print(f"{'  reference: the same line os.write-n, in turn':<48}{lines.summary(1000, 'ms', 3, 'actions')}")
    print(f"{'  the line on the disk (worker fsync), wall':<48}median {statistics.median(synced) * 1000:.3f} "
          f"p95 {p95(synced) * 1000:.3f} ms")
    print(f"{f'  for scale: the whole save at {actions:,}, once':<48}wall {checkpoint.wall[0] * 1000:.2f}, "
          f"cpu {checkpoint.cpu[0] * 1000:.2f} ms")


def _now():
    from datetime import UTC, datetime

    return datetime.now(UTC)


def _children_cpu() -> float:
    """User + system seconds of the finished child processes so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def start_up(repeat: int) -> None:
    commands = {
        "python -c pass (reference)": [sys.executable, "-c", "pass"],
        "import rainboard.engine": [sys.executable, "-c", "import rainboard.engine"],
        "import rainboard.saves": [sys.executable, "-c", "import rainboard.saves"],
        "rainboard --help": [sys.executable, "-m", "rainboard.cli", "--help"],
        "import rainboard.ui.app (Textual)": [sys.executable, "-c", "import rainboard.ui.app"],
    }
    print(f"\n## Starting up: each a new process, the commands in turn, {repeat} rounds "
          f"(cpu: the child's user + system time)")
    before = load()
    times = {name: Times() for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            wall, cpu = time.perf_counter(), _children_cpu()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            times[name].add(time.perf_counter() - wall, _children_cpu() - cpu)
    print(f"  before: {before}; after: {load()}")
    reference = times["python -c pass (reference)"]
    for name, taken in times.items():
        print(f"{name:<36}{taken.summary(1000, 'ms', 0)}; {ratio(taken, reference)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5, help="start-ups of each command")
    parser.add_argument("--saves", type=int, default=100, help="new actions autosaved, each timed")
    args = parser.parse_args()
    data = load_data()
    per_action(data, args.actions)
    autosave(data, args.actions, args.saves)
    start_up(args.repeat)


if __name__ == "__main__":
    main()
