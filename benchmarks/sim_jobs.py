"""Whether `rainboard balance --jobs` pays: games per second with 1 worker process, 2, and one per
core, measured side by side in one run (the 1-worker figure is the others' reference).

The runs alternate (1, 2, all, 1, 2, all...) so that load from elsewhere on the machine falls on
every count alike; each figure is the median over the rounds, in wall time (workers run in other
processes, whose CPU this process cannot count), with the load average printed before and after.
Run with `python benchmarks/sim_jobs.py [--games 40] [--rounds 3]`. It asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time

from rainboard.sim.balance import run


def games_per_second(games: int, jobs: int, seed: int) -> float:
    start = time.perf_counter()
    code = run(games=games, seed=seed, players=[4], policy="steady", jobs=jobs, as_json=True,
               out=io.StringIO(), err=io.StringIO())
    spent = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"balance exited {code} with --jobs {jobs}")
    return games / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="4-player games per run (default 40)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each count, alternated (default 3)")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    counts = sorted({1, 2, cores})
    print(f"cores: {cores}; load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    found: dict[int, list[float]] = {jobs: [] for jobs in counts}
    for number in range(args.rounds):
        for jobs in counts:
            found[jobs].append(games_per_second(args.games, jobs, seed=1 + number))
    reference = statistics.median(found[1])
    for jobs in counts:
        rate = statistics.median(found[jobs])
        print(f"--jobs {jobs}: {rate:6.1f} games/s (median of {args.rounds}; runs "
              f"{', '.join(f'{r:.1f}' for r in found[jobs])}), {rate / reference:.2f}x one worker")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
