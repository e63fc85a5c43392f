"""Damage saves at scale and count what comes of it: the fuzz test's mutator (tests/saves/mutate.py),
run for as many cases as asked.

    python scripts/fuzz_saves.py --count 100000 --seed 1
    python scripts/fuzz_saves.py --count 20000 --deck-numbers   also grow numbers in the deck files

Each case is written to a file and met as Rainboard meets it (listed, read, played back, opened
in the replay viewer). The report counts good games, SaveErrors and anything else raised (by type,
with the first examples), messages that break their promises, the cases over --slow seconds, and
the longest message. A case still running after --limit seconds is stopped and counted as hung;
memory is capped (--memory-mb) so a runaway case fails instead of filling the machine. A SaveError
raised because the deck loader raised something other than DeckError is counted apart: that fault
is the loader's. Exit status 1 if anything but a SaveError came out, a promise was broken, or a case
was slow.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.saves.fuzzing import base_saves, try_case  # noqa: E402 - the repository's root goes first
from tests.saves.mutate import Mutator  # noqa: E402


class Hung(BaseException):
    """A case ran past the time limit (not an Exception: nothing on the way may swallow it)."""


def _alarm(_signum, _frame):
    raise Hung


def _cap_memory(megabytes: int) -> None:
    try:
        import resource

        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):
        print("note: the memory cap could not be set here", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="cases to run (default 10000)")
    parser.add_argument("--seed", type=int, default=1, help="the mutator's seed (default 1)")
    parser.add_argument("--start", type=int, default=0, help="the first case's number (default 0)")
    parser.add_argument("--deck-numbers", action="store_true", help="let numbers in the deck files grow too")
    parser.add_argument("--slow", type=float, default=10.0, help="report cases over this many seconds (10)")
    parser.add_argument("--limit", type=float, default=60.0, help="stop a case after this many seconds (60)")
    parser.add_argument("--memory-mb", type=int, default=4096, help="the process's memory cap (4096)")
    parser.add_argument("--examples", type=int, default=3, help="examples shown per kind (3)")
    args = parser.parse_args(argv)

    _cap_memory(args.memory_mb)
    mutator = Mutator(base_saves(), seed=args.seed, deck_numbers=args.deck_numbers)
    use_alarm = hasattr(signal, "setitimer")
    if use_alarm:
        signal.signal(signal.SIGALRM, _alarm)
    kinds: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    slow: list[tuple[float, int, str]] = []
    longest = (0, "")
    slowest = (0.0, -1, "")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "case.json"
        for n in range(args.start, args.start + args.count):
            what, body = mutator.case(n)
            began = time.perf_counter()
            if use_alarm:
                signal.setitimer(signal.ITIMER_REAL, args.limit)
            try:
                tried = try_case(path, body)
                kind = tried.kind
            except Hung:
                tried, kind = None, "hung"
            finally:
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            took = time.perf_counter() - began
            slowest = max(slowest, (took, n, what))
            if took > args.slow:
                slow.append((took, n, what))
            shown = ""
            if tried is not None and tried.error is not None:
                shown = str(tried.error)
                cause = tried.error.__cause__
                if kind == "SaveError" and cause is not None and type(cause).__name__ != "DeckError":
                    kind = f"SaveError (the deck loader raised {type(cause).__name__})"
                if kind.startswith("SaveError") and len(shown) > longest[0]:
                    longest = (len(shown), shown)
            if tried is not None and tried.faults:
                kind = f"{kind}, broken promises: {'; '.join(tried.faults)}"
            kinds[kind] += 1
            if kind not in ("ok", "SaveError") and len(examples[kind]) < args.examples:
                examples[kind].append(f"case {n} ({what}): {shown[:300]!r}")
            if (n - args.start + 1) % 10_000 == 0:
                print(f"... {n - args.start + 1} cases, {time.perf_counter() - started:.0f} s", file=sys.stderr)

    total = time.perf_counter() - started
    print(f"{args.count} damaged saves (seed {args.seed}, cases {args.start} to {args.start + args.count - 1}"
          f"{', deck numbers too' if args.deck_numbers else ''}) in {total:.0f} s")
    for kind, count in kinds.most_common():
        print(f"  {count:7d}  {kind}")
        for line in examples.get(kind, []):
            print(f"             {line}")
    print(f"cases over {args.slow:g} s: {len(slow)}; the slowest took {slowest[0]:.2f} s (case {slowest[1]}: {slowest[2]})")
    for took, n, what in sorted(slow, reverse=True)[:10]:
        print(f"  {took:6.1f} s  case {n} ({what})")
    print(f"longest message: {longest[0]} characters")
    if longest[1]:
        print(f"  {longest[1]}")
    clean = all(kind == "ok" or kind.startswith("SaveError") and "broken promises" not in kind for kind in kinds)
    return 0 if clean and not slow else 1


if __name__ == "__main__":
    sys.exit(main())
