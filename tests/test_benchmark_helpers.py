"""The benchmarks' helpers (benchmarks/timing.py, benchmarks/ui_speed.py) compute what they say.
Nothing here times anything or asserts how long anything takes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def bench():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import timing
        import ui_speed

        yield timing, ui_speed
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_p95_is_the_nearest_rank(bench):
    timing, _ = bench
    assert timing.p95([5.0]) == 5.0
    assert timing.p95(list(range(1, 101))) == 95
    assert timing.p95(list(range(1, 21))) == 19  # rank ceil(0.95 * 20) = 19
    assert timing.p95([3, 1, 2, 10]) == 10  # sorted first; rank ceil(3.8) = 4
    with pytest.raises(ValueError):
        timing.p95([])


def test_times_keeps_wall_and_cpu_and_sums_them_up(bench):
    timing, _ = bench
    times = timing.Times()
    for wall, cpu in ((0.002, 0.001), (0.004, 0.003), (0.003, 0.002)):
        times.add(wall, cpu)
    assert times.summary() == "wall median 3.00 p95 4.00, cpu median 2.00 p95 3.00 ms (3 runs)"
    reference = timing.Times()
    reference.add(0.0015, 0.001)
    assert timing.ratio(times, reference) == "wall 2.00x, cpu 2.00x"
    assert times.time(lambda a, b: a + b, 2, 3) == 5 and len(times) == 4


def test_replay_points_cover_the_whole_game(bench):
    _, ui_speed = bench
    points = ui_speed.replay_points(3000, 10)
    assert points[0] == 0 and points[-1] == 3000 and len(points) == 10
    assert points == sorted(points) and sum(p > 120 for p in points) == 9
    assert ui_speed.replay_points(3000, 1) == [1500]


def test_the_keypress_game_reaches_action_3000(bench):
    from rainboard.data import load_data

    _, ui_speed = bench
    session = ui_speed.session_at(load_data(), 3000)
    assert len(session.actions) == 3000 and not session.over


def test_the_repaint_reference_paints_a_frame_for_every_key(bench):
    """bare_repaint times a key up to the frame it paints; a key whose panels were not updated
    would paint none and count zero (the reference would then say the repaint is free)."""
    import asyncio

    import bare_apps

    times = asyncio.run(bare_apps.bare_repaint())
    assert len(times) == bare_apps.REPAINT_PRESSES - 10
    assert min(times.wall) > 0 and min(times.cpu) > 0
