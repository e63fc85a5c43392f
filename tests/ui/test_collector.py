"""Python's full garbage collection waits for a still keyboard while a table runs, the young
generations are collected after a key's frames rather than during them, and Python's own settings
come back when the table closes."""

from __future__ import annotations

import gc

import pytest

from rainboard.ui import collector as module
from rainboard.ui.app import RainboardApp
from rainboard.ui.collector import Collector


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def counts(monkeypatch):
    """gc.get_count, set by the test: (young, middle, oldest pending)."""
    box = {"count": (0, 0, 0)}
    monkeypatch.setattr(module.gc, "get_count", lambda: box["count"])
    walked = []
    monkeypatch.setattr(module.gc, "collect", lambda *a: walked.append(a) or 0)
    box["walked"] = walked
    return box


def test_a_walk_waits_for_a_still_keyboard_and_for_something_to_find(counts):
    clock = Clock()
    keeper = Collector(clock)
    counts["count"] = (0, 0, module.DUE)
    keeper.touched()
    assert not keeper.check()  # a key this very moment
    clock.now += module.STILL_FOR
    assert keeper.check() and keeper.walks == 1 and len(counts["walked"]) == 1
    counts["count"] = (0, 0, module.DUE - 1)
    clock.now += 60
    assert not keeper.check()  # still, but too little has piled up to be worth a walk


def test_a_walk_gives_the_memory_it_freed_back_to_the_system(counts, monkeypatch):
    given = []
    monkeypatch.setattr(module, "give_back", lambda: given.append(True) or True)
    clock = Clock()
    keeper = Collector(clock)
    counts["count"] = (0, 0, module.DUE)
    clock.now += module.STILL_FOR
    assert keeper.check() and given == [True]


def test_memory_is_given_back_only_where_the_c_library_can(monkeypatch):
    trimmed = []
    monkeypatch.setattr(module, "_malloc_trim", lambda: trimmed.append)
    assert module.give_back() and trimmed == [0]
    monkeypatch.setattr(module, "_malloc_trim", lambda: None)
    assert not module.give_back()


def test_a_walk_long_overdue_runs_even_while_keys_come(counts):
    clock = Clock()
    keeper = Collector(clock)
    counts["count"] = (0, 0, module.OVERDUE)
    keeper.touched()
    assert keeper.check()


async def test_a_table_holds_back_pythons_full_walk_and_gives_it_back_on_closing():
    before = gc.get_threshold()
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        young, middle, oldest = gc.get_threshold()
        assert young == max(before[0], module.YOUNG) and middle == before[1] and oldest == module.NEVER
        stamp = app.collector._last_touch
        await pilot.press("down")
        assert app.collector._last_touch > stamp  # a key counts as someone at the keyboard
    assert gc.get_threshold() == before


def test_the_young_are_collected_after_a_key_only_when_enough_wait(counts):
    keeper = Collector(Clock())
    counts["count"] = (module.AFTER_KEY - 1, 0, 0)
    assert not keeper.after_key() and counts["walked"] == []
    counts["count"] = (module.AFTER_KEY, 0, 0)
    assert keeper.after_key() and counts["walked"] == [(1,)]  # the young and middle generations
    assert keeper.young_walks == 1


async def test_a_key_on_a_table_is_followed_by_a_young_collection_once_its_frames_are_painted():
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen = []
        after_key = app.collector.after_key
        app.collector.after_key = lambda: seen.append(gc.get_count()[0]) or after_key()
        walks = app.collector.young_walks
        await pilot.press("down")
        await pilot.pause()
        assert seen and seen[0] >= module.AFTER_KEY  # the young objects the key left waited for it
        assert app.collector.young_walks == walks + 1  # and were collected then, once
        assert gc.get_count()[0] < module.AFTER_KEY
        seen.clear()
        await pilot.pause()
        assert seen == []  # nothing more without a key
