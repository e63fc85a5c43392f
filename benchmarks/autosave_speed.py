"""What the autosave costs per action, early and late in a long game: the journal (one line appended)
beside the way it used to be done (the whole save recorded, written, synced and read back), measured
on the same moves in the same run, since the machine is shared and its speed varies. Also the cost
of one checkpoint (the save written whole and the journal begun again) at that point.

It asserts nothing. Run with `python benchmarks/autosave_speed.py [--early 50] [--late 3000]`.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from ui_speed import session_at

from rainboard.data import load_data
from rainboard.engine import digest, legal_actions
from rainboard.engine.rng import Chooser
from rainboard.saves import record, write_save
from rainboard.ui.autosave import Autosaver, now, outcome_summary

MOVES = 40


def figures(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return f"median {statistics.median(ms):7.3f} ms, p95 {ms[round(0.95 * (len(ms) - 1))]:7.3f} ms ({len(ms)} actions)"


def whole_write(saver: Autosaver, session, path: Path) -> None:
    """The old autosave: a digest, the whole save recorded and written atomically."""
    digests = dict(session.digests)
    digests[len(session.actions)] = digest(session.state)
    save = record(saver.checkpoint_save, list(session.actions), digests, finished=session.over,
                  outcome=outcome_summary(session), now=now())
    write_save(path, save)


def measure(data, at: int, folder: Path) -> tuple[list[float], list[float], float]:
    session = session_at(data, at)
    saver = Autosaver.for_new_game(session, folder, handoffs=False)
    old_path = folder / "whole" / "game.json"
    chooser = Chooser(13)
    journal, whole = [], []
    for _ in range(MOVES):
        session.act(chooser.choice(legal_actions(session.state)))  # no on_change: timed below
        start = time.perf_counter()
        saver(session)
        journal.append(time.perf_counter() - start)
        start = time.perf_counter()
        whole_write(saver, session, old_path)
        whole.append(time.perf_counter() - start)
    start = time.perf_counter()
    saver.close()  # the checkpoint the app makes when it closes
    return journal, whole, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--early", type=int, default=50)
    parser.add_argument("--late", type=int, default=3000)
    args = parser.parse_args()
    data = load_data()
    with tempfile.TemporaryDirectory(dir=Path.home()) as folder:  # a real disk, as a table's saves
        for at in (args.early, args.late):
            journal, whole, checkpoint = measure(data, at, Path(folder) / f"at-{at}")
            print(f"{f'autosave per action at {at}, journal':44} {figures(journal)}")
            print(f"{f'autosave per action at {at}, whole save':44} {figures(whole)}")
            print(f"{f'one checkpoint at {at + MOVES}':44} {checkpoint * 1000:7.3f} ms")


if __name__ == "__main__":
    main()
