"""Shared by the benchmarks: wall time (time.perf_counter) and CPU time (time.process_time) taken
together, medians and p95 over repeated runs, and the machine's load, so a figure taken on a busy
shared machine says how busy it was. It measures; it asserts nothing about how long anything takes.
"""

from __future__ import annotations

import os
import statistics
import time


def p95(values) -> float:
    """The 95th percentile by nearest rank (the value at rank ceil(0.95 n) of the sorted values)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("p95 of no values")
    rank = -(-95 * len(ordered) // 100)  # ceil(0.95 n), at least 1
    return ordered[max(1, rank) - 1]


class Times:
    """Wall and CPU seconds of repeated runs of one thing."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)

    def time(self, run, *args):
        """Call run(*args), note its wall and CPU time, hand back what it returned."""
        wall, cpu = time.perf_counter(), time.process_time()
        result = run(*args)
        self.add(time.perf_counter() - wall, time.process_time() - cpu)
        return result

    def __len__(self) -> int:
        return len(self.wall)

    def summary(self, scale: float = 1000.0, unit: str = "ms", digits: int = 2, what: str = "runs") -> str:
        """'wall median .. p95 .., cpu median .. p95 .. (n runs)' in `unit` (seconds times `scale`)."""
        def two(values):
            return (f"median {statistics.median(values) * scale:.{digits}f} "
                    f"p95 {p95(values) * scale:.{digits}f}")
        return f"wall {two(self.wall)}, cpu {two(self.cpu)} {unit} ({len(self)} {what})"


def ratio(ours: Times, reference: Times) -> str:
    """Our median over the reference's median, wall and CPU, as 'wall 1.23x, cpu 1.10x'."""
    def one(a, b):
        bottom = statistics.median(b)
        return f"{statistics.median(a) / bottom:.2f}x" if bottom > 0 else "n/a"
    return f"wall {one(ours.wall, reference.wall)}, cpu {one(ours.cpu, reference.cpu)}"


def load() -> str:
    """The load averages (1, 5, 15 minutes) and the CPUs there are to share them."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def compiled_env(cache: str, env: dict | None = None) -> dict:
    """The environment for a fresh Python process that keeps its compiled modules in `cache`, as an
    installed Rainboard keeps them beside its files. Some shells and containers set
    PYTHONDONTWRITEBYTECODE, and then every fresh process would compile Rainboard from its sources
    (15-20 ms here) while the reference's Textual, installed, comes compiled: the cold starts would
    compare a compile with none. The caller runs one untimed start first, which fills the cache."""
    env = dict(os.environ if env is None else env)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = cache
    return env
