"""Python's full garbage collection, moved to the moments nobody is pressing a key.

Late in a long game the table holds tens of thousands of objects: the log's drawn lines, the
states kept for taking moves back, the screens' widgets. Every so often Python stops to walk all of
them in search of reference cycles, which took 30-60 ms at action 3,000 and landed on whatever key
had just been pressed: the keypress missed its frame. Nearly everything the table drops is freed at
once by reference counting; the walk only finds the odd cycle (a closed screen, a finished timer).

So while a table runs, Python's own trigger for the full walk is switched off and the table runs the
walk itself, on a timer, once the keyboard and mouse have been still for a moment. A table that
never goes still (a replay playing itself) still gets its walk once enough has piled up, as Python
would have done.

The young generations too: a move's frame makes thousands of objects, and Python collected the
youngest every 700 of them, ten times a keypress, and the middle one about once a keypress (half a
millisecond each time, about one millisecond a key in all). While a table runs the youngest is
collected only past YOUNG objects, and after each key, once its frames are painted, the table
collects the young and middle generations itself (`after_key`): the same work, done while the
player looks at the screen instead of while they wait for it.

Memory freed is kept by the C library's allocator for reuse, not handed back to the system: after
Continue has read a long save, about a megabyte of it, and after a full walk whatever the walk
freed. Where the C library is glibc (Linux), `give_back` hands it back at those two moments.
"""

from __future__ import annotations

import gc
import sys
import time
from functools import cache

CHECK_EVERY = 1.0  # seconds between looks at whether a walk is due
STILL_FOR = 0.4  # seconds without a key or a click before a walk may run
DUE = 10  # middle-generation collections since the last walk before one is due (Python's own figure)
OVERDUE = 400  # ...and after this many it runs even while keys are coming
NEVER = 1 << 30  # the oldest generation's threshold while a table runs: Python never triggers it
YOUNG = 20_000  # the youngest generation's threshold while a table runs (Python's own is 700)
AFTER_KEY = 1_000  # young objects at least, after a key, for the table to collect them then


class Collector:
    """Runs the full collection for one app: `start` when it mounts, `touched` on each key or
    click, `stop` when it shuts down (Python's thresholds are put back as they were)."""

    def __init__(self, clock=time.monotonic) -> None:
        self._clock = clock
        self._last_touch = clock()
        self._saved: tuple[int, int, int] | None = None
        self.walks = 0  # full collections run (the tests read it)
        self.young_walks = 0  # young and middle collections run after a key
        self._after_key_due = False

    def start(self, app) -> None:
        if self._saved is None:
            self._saved = gc.get_threshold()
            young, middle, _ = self._saved
            gc.set_threshold(max(young, YOUNG), middle, NEVER)
        app.set_interval(CHECK_EVERY, self.check, name="full garbage collection")

    def stop(self) -> None:
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None

    def touched(self, app=None) -> None:
        """A key or a click: the table is not still. Given the app, the young generations are
        collected once the frames it causes are painted (once, however many times the app is
        told of the same key)."""
        self._last_touch = self._clock()
        if app is not None and not self._after_key_due:
            self._after_key_due = True
            # after the frame the key causes, and a second one, which a screen pushed may paint
            app.call_after_refresh(app.call_after_refresh, self.after_key)

    def after_key(self) -> bool:
        """Once a key's frames are painted: collect the young and middle generations, if enough
        young objects wait (True when they were collected)."""
        self._after_key_due = False
        return self.collect_young()

    def collect_young(self) -> bool:
        """Collect the young and middle generations now, if enough young objects wait (after a key,
        or after work done once a key's frames are up, such as a replay readying its next jumps)."""
        if gc.get_count()[0] < AFTER_KEY:
            return False
        gc.collect(1)
        self.young_walks += 1
        return True

    def still_for(self) -> float:
        """Seconds since the last key or click."""
        return self._clock() - self._last_touch

    def due(self) -> bool:
        """Whether a walk should run now: enough has moved to the oldest generation, and the
        table is still (or so much has piled up that it cannot wait)."""
        pending = gc.get_count()[2]
        if pending >= OVERDUE:
            return True
        return pending >= DUE and self.still_for() >= STILL_FOR

    def check(self) -> bool:
        if not self.due():
            return False
        gc.collect()
        self.walks += 1
        give_back()
        return True


def give_back() -> bool:
    """Hand the heap memory freed so far back to the system (glibc's malloc_trim); False where the
    C library has no such call."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


@cache
def _malloc_trim():
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc
        return None
