"""The resume cache: a few states of a game kept beside its autosave, so Continue need not play
the whole game again (cached_resume.py reads it; docs/code-shape.md says when it is trusted).

    games/<game_id>.json     the autosave
    games/<game_id>.resume   its resume cache: never needed, only a shortcut

The file is two lines. The first is a header, `{"cache": "rainboard-resume-cache", "game_id": ...,
"sha256": ...}`, the SHA-256 of the second line's bytes. The second is a JSON object:

    "counts"  the number of events of each action, from the opening (0) to the newest point
    "cycles"  the actions whose events begin a cycle, up to the newest point
    "points"  up to CACHE_KEEP states, each {"n": actions played, "actions": the SHA-256 of those
              actions' texts (actions_hash), "digest": the save's digest there, "state": the text
              the digest hashes (digest.body_text)}

A point is taken every CACHE_EVERY actions, a number at which every save keeps a digest. The file is
written whole (disk.write_whole) on a thread of its own, never by the key that played the move.
"""

from __future__ import annotations

import hashlib
import json
import threading
from array import array
from collections.abc import Sequence
from pathlib import Path

from rainboard.engine import events as ev
from rainboard.engine.digest import DIGEST_EVERY, plain_text

from . import disk

FORMAT = "rainboard-resume-cache"
CACHE_EVERY = 500  # actions between points: a multiple of DIGEST_EVERY, so the save has a digest there
CACHE_KEEP = 4  # the newest points kept
MAX_BYTES = 16 * 2**20  # a bigger file is not read
TOTALS = "I"  # the keeper's events totals: 4 bytes each (a game of MAX_ACTIONS has far fewer than 2**32)
assert CACHE_EVERY % DIGEST_EVERY == 0


def cache_path(save_path: Path | str) -> Path:
    """The resume cache that goes with an autosave: `<game_id>.resume` beside `<game_id>.json`."""
    return Path(save_path).with_suffix(".resume")


def actions_hashes(actions: Sequence[str], numbers) -> dict[int, str]:
    """For each number n, the SHA-256 of the first n action texts, each followed by a line end (an
    action's text holds no control character), worked out in one pass."""
    hashing, done, found = hashlib.sha256(), 0, {}
    for number in sorted(set(numbers)):
        if done < number:
            hashing.update(("\n".join(actions[done:number]) + "\n").encode())
            done = number
        found[number] = hashing.hexdigest()
    return found


class CachedPoint:
    """One state of the file, its text checked against its digest and its actions' hash."""

    __slots__ = ("number", "digest", "text")

    def __init__(self, number: int, digest: str, text: str) -> None:
        self.number, self.digest, self.text = number, digest, text


class Cache:
    """What a file holds that fits a save: the events counts and cycle starts, and the points whose
    digest and actions are the save's, newest first."""

    def __init__(self, counts: list[int], cycles: list[int], points: list[CachedPoint]) -> None:
        self.counts, self.cycles, self.points = counts, cycles, points


def _whole_numbers(value, most: int | None = None) -> bool:
    return type(value) is list and all(type(n) is int and n >= 0 for n in value) and \
        (most is None or len(value) <= most)


def read_cache(path: Path, save) -> Cache | None:
    """The cache at `path` as far as it fits `save`, or None: missing, unreadable, of another game,
    not whole (its hash), or with no point the save agrees with. Never raises for what the file holds."""
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        raw = path.read_bytes()
    except OSError:
        return None
    try:
        return _parse(raw, save)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return None


def _parse(raw: bytes, save) -> Cache | None:
    head, _, body = raw.partition(b"\n")
    header = json.loads(head)
    if type(header) is not dict or header.get("cache") != FORMAT or header.get("game_id") != save.game_id \
            or header.get("sha256") != hashlib.sha256(body).hexdigest():
        return None
    whole = json.loads(body)
    counts, cycles, points = whole["counts"], whole["cycles"], whole["points"]
    if not _whole_numbers(counts) or not _whole_numbers(cycles) or type(points) is not list:
        return None
    actions, digests = save.actions, save.digests
    fitting = []
    for point in points[:CACHE_KEEP]:
        number, text = point["n"], point["state"]
        if type(number) is not int or not 0 < number <= len(actions) or number % DIGEST_EVERY \
                or number >= len(counts) or type(text) is not str or type(point["actions"]) is not str:
            continue
        wanted = digests.get(number)
        if wanted is None or point["digest"] != wanted or hashlib.sha256(text.encode()).hexdigest()[:16] != wanted:
            continue
        fitting.append((number, point["actions"], CachedPoint(number, wanted, text)))
    hashes = actions_hashes(actions, [number for number, _, _ in fitting])
    kept = sorted((point for number, said, point in fitting if hashes[number] == said),
                  key=lambda point: point.number, reverse=True)
    return Cache(counts, cycles, kept) if kept else None


def encode_cache(game_id: str, counts: Sequence[int], cycles: Sequence[int], points: list[tuple[int, str, str, str]]) -> bytes:
    """The file's bytes: `points` are (n, actions hash, digest, state text)."""
    body = json.dumps({"counts": list(counts), "cycles": list(cycles),
                       "points": [{"n": n, "actions": said, "digest": digest, "state": text}
                                  for n, said, digest, text in sorted(points, reverse=True)]},
                      separators=(",", ":")).encode()
    header = json.dumps({"cache": FORMAT, "game_id": game_id, "sha256": hashlib.sha256(body).hexdigest()})
    return header.encode() + b"\n" + body


class CacheKeeper:
    """Keeps a game's resume cache as the game is played: told of every change (`seen`), on the
    table's thread, it counts the events of each action and notes where cycles begin (a few
    microseconds a move), and at every CACHE_EVERY actions hands a snapshot to a thread that writes
    the file whole. A change it cannot follow (several actions at once) stops it: the file is then
    left as it is, and Continue checks what it holds as always.

    `totals[n]` is the number of the game's events after n actions; `points` maps n to (digest,
    the state or its text)."""

    def __init__(self, path: Path, game_id: str, totals: array, cycles: Sequence[int],
                 points: dict[int, tuple[str, object]], on_disk: frozenset[int] = frozenset()) -> None:
        self.path, self.game_id = path, game_id
        self.totals, self.points = totals, points
        self.cycles = array(TOTALS, cycles)  # (as a list, an int object each: a long game has hundreds)
        self.on_disk = set(on_disk)  # the points the file holds already
        self.lost = False
        self._lock = threading.Lock()  # one write at a time, the newest last
        self._queued = self._done = 0
        self._threads: list[threading.Thread] = []

    @classmethod
    def at_start(cls, path: Path, game_id: str, opening: Sequence) -> CacheKeeper:
        """The keeper of a game with no action yet; `opening` are its first events."""
        cycles = [0] if any(isinstance(e, ev.CycleStarted) for e in opening) else []
        return cls(path, game_id, array(TOTALS, [len(opening)]), cycles, {})

    # -- the table's thread ---------------------------------------------------------------------------
    def seen(self, actions: Sequence[str], events, digests: dict, state) -> None:
        """The game after a change: `events` numbered from the game's first (len() counts them all)."""
        if self.lost:
            return
        count, total, totals = len(actions), len(events), self.totals
        if count == len(totals):  # one action more
            new = events[totals[-1]:total]
            if len(new) != total - totals[-1]:
                self.lost = True
                return
            totals.append(total)
            if any(isinstance(e, ev.CycleStarted) for e in new):
                self.cycles.append(count)
        elif count < len(totals) and totals[count] == total:  # moves taken back
            del totals[count + 1:]
            self.cycles = array(TOTALS, [n for n in self.cycles if n <= count])
            for number in [n for n in self.points if n > count]:
                del self.points[number]
                self.on_disk.discard(number)
            return
        else:
            self.lost = True
            return
        if count % CACHE_EVERY == 0 and digests.get(count) is not None:
            self.points[count] = (digests[count], state)
            self.write(actions)

    def write(self, actions: Sequence[str]) -> None:
        """Write the newest points on a thread, if the file does not hold them all already."""
        newest = sorted(self.points)[-CACHE_KEEP:]
        for number in list(self.points):
            if number not in newest:
                del self.points[number]
        if not newest or self.on_disk >= set(newest):
            return
        upto = newest[-1]
        snapshot = (tuple(actions[:upto]), self.totals[:upto + 1],
                    [n for n in self.cycles if n <= upto], dict(self.points))
        self.on_disk = set(newest)
        self._queued += 1
        thread = threading.Thread(target=self._write, args=(self._queued, *snapshot), name="resume-cache")
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def forget(self) -> None:
        """The game is over: its cache is of no more use."""
        self.lost = True
        self.points.clear()
        self._queued += 1
        thread = threading.Thread(target=self._remove, args=(self._queued,), name="resume-cache")
        self._threads = [t for t in self._threads if t.is_alive()] + [thread]
        thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the writes under way (tests; the threads are not daemons, so the process waits too)."""
        for thread in list(self._threads):
            thread.join(timeout)

    # -- the writer's thread ------------------------------------------------------------------------------
    def _write(self, order: int, actions: tuple, totals: array, cycles: list, points: dict) -> None:
        try:
            hashes = actions_hashes(actions, points)
            counts = [totals[0], *(b - a for a, b in zip(totals, totals[1:]))]
            rows = [(n, hashes[n], digest, kept if isinstance(kept, str) else plain_text(kept))
                    for n, (digest, kept) in points.items()]
            body = encode_cache(self.game_id, counts, cycles, rows)
            with self._lock:
                if order > self._done:  # a later snapshot written already is not overwritten
                    disk.write_whole(self.path, body)
                    self._done = order
        except Exception:  # noqa: BLE001 - a cache not written costs a slower Continue, nothing more
            with self._lock:
                self.on_disk = set()

    def _remove(self, order: int) -> None:
        try:
            with self._lock:
                if order > self._done:
                    self._done = order
                    self.path.unlink(missing_ok=True)
        except Exception:  # noqa: BLE001 - a cache left beside a finished game is never read
            pass
