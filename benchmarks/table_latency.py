"""A table at own screens: how long a move takes to reach every other screen, and what a seat costs.

For 2, 4 and 9 seats, one process per seat (rainboard/table/headless.py) plays MOVES moves of a
seeded game through one data folder; each screen notes the monotonic clock (one clock for every
process of the machine) when it has each move applied, the writer when its line is written. A
move's latency to a screen is the difference; "every screen" is the slowest of the others.

The same-run references: the bare mechanism, one process appending a line to a file and the others
hearing of it through watchfiles and reading it, with no game (the floor a table cannot go under);
and for memory, a process that only imports Rainboard and loads the decks.

Run with `python benchmarks/table_latency.py`. It prints figures; it asserts
nothing about how long anything takes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import load, p95  # noqa: E402

MOVES = 200
SEATS = (2, 4, 9)
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")


def _table(folder: Path, seats: int) -> str:
    from rainboard.data import load_data
    from rainboard.engine import PlayerSetup, Setup
    from rainboard.table import host_table

    table, _ = host_table(folder, Setup(players=[PlayerSetup(n) for n in NAMES[:seats]], seed=f"bench-{seats}"),
                          load_data())
    return table.code


def _read(path: Path) -> tuple[dict[int, tuple[float, str]], int]:
    seen, rss = {}, 0
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 4:
            seen[int(parts[0])] = (float(parts[2]), parts[3])
        elif parts[:1] == ["rss"]:
            rss = int(parts[1])
    return seen, rss


def table_run(seats: int, moves: int) -> tuple[list[float], list[float], list[int]]:
    """(latency to each other screen, latency to every screen, peak KiB per seat) for one table."""
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        code = _table(folder, seats)
        outs = [folder / f"seat{n}.txt" for n in range(1, seats + 1)]
        processes = [subprocess.Popen([sys.executable, "-m", "rainboard.table.headless", str(folder), code, str(n),
                                       "--moves", str(moves), "--out", str(out)])
                     for n, out in enumerate(outs, start=1)]
        for process in processes:
            if process.wait(600) != 0:
                raise SystemExit(f"a seat failed: {process.args}")
        screens = [_read(out) for out in outs]
    each, every = [], []
    for n in range(1, moves + 1):
        wrote = [seen[n][0] for seen, _ in screens if seen.get(n, (0, ""))[1] == "mine"]
        if not wrote:
            continue
        others = [seen[n][0] - wrote[0] for seen, _ in screens if n in seen and seen[n][1] == "seen"]
        each += others
        if others:
            every.append(max(others))
    return each, every, [rss for _, rss in screens]


_ECHO = textwrap.dedent("""
    import os, sys, threading, time
    from watchfiles import watch
    path, out, count, writer = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "w"
    log = open(out, "w", buffering=1)
    if writer:
        time.sleep(1.0)  # the readers' watches are up
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        for n in range(1, count + 1):
            log.write(f"{n} {time.monotonic():.6f}\\n")
            os.write(fd, f"{n}\\n".encode())
            time.sleep(0.02)
    else:
        seen, offset = 0, 0
        stop = threading.Event()
        for _ in watch(os.path.dirname(path), step=5, debounce=200, rust_timeout=250, yield_on_timeout=True,
                       stop_event=stop, recursive=False, raise_interrupt=False):
            with open(path, "rb") as f:
                f.seek(offset); data = f.read(); offset += len(data)
            now = time.monotonic()
            for line in data.decode().split():
                log.write(f"{line} {now:.6f}\\n"); seen = int(line)
            if seen >= count:
                break
""")


def reference_run(readers: int, moves: int) -> tuple[list[float], list[float]]:
    """The mechanism alone: a line appended, `readers` processes told by watchfiles."""
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        path = folder / "lines"
        path.write_bytes(b"")
        outs = [folder / f"r{n}.txt" for n in range(readers + 1)]
        processes = [subprocess.Popen([sys.executable, "-c", _ECHO, str(path), str(out), str(moves), "r"])
                     for out in outs[1:]]
        processes.append(subprocess.Popen([sys.executable, "-c", _ECHO, str(path), str(outs[0]), str(moves), "w"]))
        for process in processes:
            process.wait(600)
        sent = {int(a): float(b) for a, b in (line.split() for line in outs[0].read_text().splitlines())}
        got = [{int(a): float(b) for a, b in (line.split() for line in out.read_text().splitlines())} for out in outs[1:]]
    each = [g[n] - sent[n] for g in got for n in sent if n in g]
    every = [max(g[n] for g in got) - sent[n] for n in sent if all(n in g for g in got)]
    return each, every


def reference_rss() -> int:
    code = ("import resource; from rainboard.data import load_data; load_data(); "
            "import rainboard.table; print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, p95 {p95(values) * 1000:.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=MOVES)
    parser.add_argument("--seats", type=int, nargs="*", default=list(SEATS))
    args = parser.parse_args(argv)
    print(f"Table latency: {args.moves} moves per table, one process per seat; {load()}")
    base_rss = reference_rss()
    for seats in args.seats:
        started = time.perf_counter()
        each, every, rss = table_run(seats, args.moves)
        ref_each, ref_every = reference_run(seats - 1, min(args.moves, 100))
        print(f"{seats} seats ({time.perf_counter() - started:.1f} s):")
        print(f"  move to one other screen:   {ms(each)}   reference (watchfiles alone): {ms(ref_each)}")
        print(f"  move to every other screen: {ms(every)}   reference (watchfiles alone): {ms(ref_every)}")
        print(f"  memory per seat: median {statistics.median(rss) / 1024:.1f} MiB peak RSS "
              f"(max {max(rss) / 1024:.1f}); reference (imports and decks only): {base_rss / 1024:.1f} MiB")
    print(f"after: {load()}; {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
