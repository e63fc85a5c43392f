"""What the autosave costs per action, early and late in a long game: the journal (one line appended)
beside the way it used to be done (the whole save recorded, written, synced and read back), measured
on the same moves in the same run, since the machine is shared and its speed varies. Also the cost
of one checkpoint (the save written whole and the journal begun again) at that point, and how
soon the journal's worker has each line on the disk (fsync), beside the cost a key would pay if
it synced the line itself.

It asserts nothing. Run with `python benchmarks/autosave_speed.py [--early 50] [--late 3000]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from ui_speed import session_at

from rainboard.data import load_data
from rainboard.engine import digest, legal_actions
from rainboard.engine.rng import Chooser
from rainboard.saves import record, write_save
from rainboard.saves.journal import action_line
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


def synced_append(handle: int, line: bytes) -> None:
    """The reference: a line written and synced on the key's own path."""
    os.write(handle, line)
    os.fsync(handle)


def measure(data, at: int, folder: Path):
    session = session_at(data, at)
    saver = Autosaver.for_new_game(session, folder, handoffs=False)
    old_path = folder / "whole" / "game.json"
    reference = os.open(folder / "reference.journal", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    chooser = Chooser(13)
    journal, synced, inline, whole = [], [], [], []
    for _ in range(MOVES):
        session.act(chooser.choice(legal_actions(session.state)))  # no saver: timed below
        start = time.perf_counter()
        saver(session)
        journal.append(time.perf_counter() - start)
        saver.journal.wait_synced(10)
        synced.append(time.perf_counter() - start)
        start = time.perf_counter()
        synced_append(reference, action_line(len(session.actions), session.actions[-1]))
        inline.append(time.perf_counter() - start)
        start = time.perf_counter()
        whole_write(saver, session, old_path)
        whole.append(time.perf_counter() - start)
    os.close(reference)
    start = time.perf_counter()
    saver.close()  # the checkpoint the app makes when it closes
    return journal, synced, inline, whole, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--early", type=int, default=50)
    parser.add_argument("--late", type=int, default=3000)
    args = parser.parse_args()
    data = load_data()
    with tempfile.TemporaryDirectory(dir=Path.home()) as folder:  # a real disk, as a table's saves
        for at in (args.early, args.late):
            journal, synced, inline, whole, checkpoint = measure(data, at, Path(folder) / f"at-{at}")
            print(f"{f'autosave per action at {at}, journal':44} {figures(journal)}")
            print(f"{f'  the line on the disk (worker fsync) after':44} {figures(synced)}")
            print(f"{f'  reference: the key syncing it itself':44} {figures(inline)}")
            print(f"{f'autosave per action at {at}, whole save':44} {figures(whole)}")
            print(f"{f'one checkpoint at {at + MOVES}':44} {checkpoint * 1000:7.3f} ms")


if __name__ == "__main__":
    main()
