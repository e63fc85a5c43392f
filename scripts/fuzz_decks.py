"""Mutate a deck folder thousands of ways and count what the loader and the simulator make of it.

    python scripts/fuzz_decks.py --count 5000 --seed 1                 the small test folder
    python scripts/fuzz_decks.py --count 5000 --seed 1 --base decks    the shipped decks

Each case (tests/data/deck_mutator.py) is loaded as `decks check` loads a folder (every fourth one
from disk, the rest as a save carries its decks). The loader may only refuse a case with a DeckError
whose problems are short single lines without raw control characters; a case it passes is played:
--games short games of the random policy (one or two players, --cap actions). Every case runs
under a timer (--timeout seconds): a case stopped by it counts as a hang. The memory the process
may take is capped (--memory MiB), so a case that would take it all fails with MemoryError.

It prints the counts, the first few examples of each failure, and exits 1 if anything but a
DeckError or a played game came out.
"""

from __future__ import annotations

import argparse
import collections
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rainboard.data import DeckError  # noqa: E402
from tests.data.deck_mutator import case, load_case, play_case, read_folder  # noqa: E402

LINE_MAX = 400
RAW_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


def _timed(seconds: float, work):
    signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.perf_counter()
    try:
        return work(), time.perf_counter() - start
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base", type=Path, default=ROOT / "tests" / "fixtures" / "mini")
    parser.add_argument("--games", type=int, default=1, help="games played on each case that loads")
    parser.add_argument("--cap", type=int, default=300, help="actions per game")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a case may take")
    parser.add_argument("--memory", type=int, default=2048, help="MiB the process may take")
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args(argv)

    limit = args.memory * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    base = read_folder(args.base)
    counts: collections.Counter = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    longest = ("", 0)
    slowest_load = slowest_game = (0.0, "")
    work = Path(tempfile.mkdtemp(prefix="fuzz-decks-"))
    started = time.perf_counter()

    def note(kind: str, text: str) -> None:
        counts[kind] += 1
        if len(examples[kind]) < args.examples:
            examples[kind].append(text)

    try:
        for number in range(args.count):
            files, notes = case(base, args.seed, number)
            label = f"case {args.seed}:{number} ({'; '.join(notes)[:300]})"
            folder = None
            if number % 4 == 0 or any(isinstance(t, bytes) for t in files.values()):
                folder = work / f"c{number}"
            try:
                data, took = _timed(args.timeout, lambda: load_case(files, folder))
                if took > slowest_load[0]:
                    slowest_load = (took, label)
            except DeckError as exc:
                counts["deck error"] += 1
                for line in exc.problems:
                    if len(line) > longest[1]:
                        longest = (line, len(line))
                    if len(line) > LINE_MAX or "\n" in line:
                        note("problem line too long or not one line", f"{label}: {line[:200]!r}")
                    if RAW_CONTROL.search(line):
                        note("problem line with a raw control character", f"{label}: {line[:200]!r}")
                continue
            except Timeout:
                note("load hang", label)
                continue
            except BaseException as exc:  # noqa: BLE001 - counting is the point
                if isinstance(exc, KeyboardInterrupt):
                    raise
                note(f"load raised {type(exc).__name__}", f"{label}: {exc!s:.200}\n{traceback.format_exc(limit=-3)}")
                continue
            finally:
                if folder is not None:
                    shutil.rmtree(folder, ignore_errors=True)
            counts["passed the check"] += 1
            for game in range(args.games):
                seed = f"{args.seed}:{number}:{game}"
                try:
                    result, took = _timed(args.timeout, lambda: play_case(data, seed, args.cap))
                except Timeout:
                    note("sim hang", f"{label}, game {seed}")
                    continue
                except BaseException as exc:  # noqa: BLE001
                    if isinstance(exc, KeyboardInterrupt):
                        raise
                    note(f"sim raised {type(exc).__name__}",
                         f"{label}, game {seed}: {exc!s:.200}\n{traceback.format_exc(limit=-3)}")
                    continue
                counts["games played"] += 1
                counts["games finished" if result.finished else "games stopped at the cap"] += 1
                if took > slowest_game[0]:
                    slowest_game = (took, f"{label}, game {seed}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print(f"{args.count} cases from {args.base} (seed {args.seed}) in {time.perf_counter() - started:.0f} s")
    for kind, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {kind}: {count}")
    print(f"longest problem line: {longest[1]} characters: {longest[0][:160]!r}")
    print(f"slowest load: {slowest_load[0]:.2f} s ({slowest_load[1][:160]})")
    print(f"slowest game: {slowest_game[0]:.2f} s ({slowest_game[1][:160]})")
    bad = {k: v for k, v in examples.items()}
    for kind, found in sorted(bad.items()):
        print(f"\n== {kind}")
        for text in found:
            print(f"- {text}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
