"""Continue from the resume cache: a Resumed that starts from a cached state rather than action 0.

`resume_game` is what Continue calls. It reads the cache beside the autosave (resume_cache.py),
and plays on from the newest cached state that fits the save, checking every action after it (its
legality, each digest the save holds, the game's end) exactly as a Resumed does. The cached state is
believed only when its text hashes to the save's digest at that action, the save's actions up to
there hash to what the cache says, the state rebuilt from the text (state_text.py) has that digest
again, and the setup still starts the game whose digest the save holds at 0. Anything wrong, or a
cached state too late to give what the session needs (each player's last move, the newest events,
the last two cycles' starts), and it does what Resumed does from action 0, silently: a cache can
make Continue quicker, never refuse a save or lose a move. A Replay never reads the cache.
"""

from __future__ import annotations

import gc
from array import array
from itertools import accumulate
from pathlib import Path

import attrs

from rainboard.engine import GameState, apply, digest, new_game, parse_action
from rainboard.engine import events as ev
from rainboard.engine.state import OVER

from .replay import _Playback
from .resumed import CHECKPOINT_EVERY, Resumed, resume_state
from .resume_cache import CACHE_EVERY, CACHE_KEEP, TOTALS, Cache, CacheKeeper, cache_path, read_cache
from .savefile import SaveGame
from .state_text import StateTextError, state_from_text


class _Unusable(Exception):
    """The cache cannot give this save's resumed game: play it from action 0."""


class _Stretch:
    """Actions `start`+1 to the stretch's end, played and checked from the state after `start`."""

    __slots__ = ("start", "counts", "cycles", "moves", "checkpoints", "end")

    def __init__(self, start: int, state: GameState) -> None:
        self.start = start
        self.counts = array("q")  # events of each action
        self.cycles: list[int] = []  # actions whose events begin a cycle
        self.moves: dict[int, tuple[int, GameState]] = {}  # player -> (their last action, the state before it)
        self.checkpoints = [(start, state)]
        self.end = state


class CachedResume(Resumed):
    """A Resumed (the same answers, the same checks from the cached state on) built from `cache`;
    _Unusable when no cached state can give it."""

    def __init__(self, save: SaveGame, path: Path | str | None, cache: Cache, *, keep_events: int):
        _Playback.__init__(self, save, path)
        self.cache = cache
        first, opening = new_game(self.setup, self.data)  # the setup is the game the save's digests are of
        self._check_digest(0, first)
        if cache.counts[0] != len(opening):
            raise _Unusable
        self.walked: list[tuple[int, GameState]] = []  # (n, state) every CACHE_EVERY actions played here
        self.cache_points = ()
        stretches: list[_Stretch] = []  # the newest first
        upper = len(save.actions)
        for point in cache.points:  # the newest first
            if point.number >= upper:
                continue
            try:
                state = state_from_text(point.text, self.data)
            except (StateTextError, ValueError, TypeError):
                continue
            if digest(state) != point.digest:
                continue
            state = _decks_in_order(state, first)
            stretches.append(self._walk(point.number, state, upper))
            upper = point.number
            if self._settle(point.number, stretches, len(first.players), keep_events, opening):
                self.start = point.number  # the cached state it played on from
                return
        raise _Unusable

    def _walk(self, start: int, state: GameState, stop: int) -> _Stretch:
        """Actions start+1 to `stop` played from `state`, each checked as Resumed checks it (an
        action that is not legal, or a digest that differs, raises; the caller then plays from 0)."""
        stretch = _Stretch(start, state)
        actions, parsed, check = self.save.actions, self._parsed, self._check_digest
        counts, cycles, moves = stretch.counts.append, stretch.cycles, stretch.moves
        cycle_started = ev.CycleStarted
        for number in range(start + 1, stop + 1):
            text = actions[number - 1]
            action = parsed.get(text)
            if action is None:
                action = parsed[text] = parse_action(text)
            before = state
            state, events = apply(state, action)
            actor = before.to_act
            if actor is not None:
                moves[actor] = (number, before)
            counts(len(events))
            if cycle_started in map(type, events):
                cycles.append(number)
            check(number, state)
            if number % CHECKPOINT_EVERY == 0:
                stretch.checkpoints.append((number, state))
            if number % CACHE_EVERY == 0:
                self.walked.append((number, state))
        stretch.end = state
        return stretch

    def _settle(self, start: int, stretches: list[_Stretch], players: int, keep_events: int, opening) -> bool:
        """Whether the stretches played (from the state after `start` to the last action) give all
        Resumed keeps; if so, keep it. The counts and cycles up to `start` are the cache's."""
        ordered = stretches[::-1]
        counts = array("q", self.cache.counts[:start + 1])
        cycles = [n for n in self.cache.cycles if n <= start]
        moves: dict[int, tuple[int, GameState]] = {}
        for stretch in ordered:
            counts.extend(stretch.counts)
            cycles.extend(stretch.cycles)
            moves.update(stretch.moves)
        if len(moves) < players:  # someone's last move is older than the cached state
            return False
        starts = array("q", accumulate(counts, initial=0))
        total = starts.pop()
        self._starts, self.cycle_starts = starts, cycles
        floor = self._needed_from(total - keep_events, moves, players)
        if floor <= start:
            return False
        self.final_state = stretches[0].end
        self._check_end(self.final_state.phase == OVER)
        self._total, self._held_from = total, floor
        checkpoints = [point for stretch in ordered for point in stretch.checkpoints]
        self._held = self._events_from(floor, checkpoints, opening)
        oldest, state = min(moves.values(), key=lambda move: move[0])
        self._states_from, self._states = oldest - 1, [state]
        return True


def _decks_in_order(state: GameState, first: GameState) -> GameState:
    """The state with its decks in the order the game has them from its start (the text sorts them
    by name; a step changes a deck in place, so every state of a game keeps the first one's order)."""
    decks = state.decks
    if list(decks) == list(first.decks):
        return state
    ordered = {name: decks[name] for name in first.decks if name in decks}
    ordered.update(decks)
    return attrs.evolve(state, decks=ordered)


def resume_game(save: SaveGame, path: Path | str | None = None, *, keep_events: int) -> Resumed:
    """Continue's playing of a save: from its resume cache when one fits (CachedResume), else from
    action 0 (resumed.resume_state). Either checks every action it plays, and refuses a save that
    does not replay in the same words (a refusal always comes from the play from action 0)."""
    cached = _from_cache(save, path, keep_events) if path is not None else None
    return cached if cached is not None else resume_state(save, path, keep_events=keep_events)


def _from_cache(save: SaveGame, path: Path | str, keep_events: int) -> CachedResume | None:
    running = gc.isenabled()
    gc.disable()  # as resume_state: each action's values go by their counts
    try:
        cache = read_cache(cache_path(path), save)
        return CachedResume(save, path, cache, keep_events=keep_events) if cache is not None else None
    except Exception:  # noqa: BLE001 - anything wrong with the cache: the play from action 0 says what is wrong, if anything
        return None
    finally:
        if running:
            gc.enable()


class Handover:
    """What a resumed game hands to the keeper of its resume cache (resume_cache.CacheKeeper): the
    events of every action counted, the cycles' starts, and the newest states at every CACHE_EVERY
    actions (as text when the cache held them). Light: no events, at most CACHE_KEEP states."""

    def __init__(self, resumed: Resumed) -> None:
        save = resumed.save
        starts = resumed.event_starts
        self.totals = array(TOTALS, starts[1:])  # the game's events after each number of actions
        self.totals.append(resumed._total)
        self.cycles = list(resumed.cycle_starts)
        self.source = cache_path(resumed.path) if resumed.path is not None else None
        points: dict[int, tuple[str, object]] = {}
        cache = getattr(resumed, "cache", None)
        for point in cache.points if cache is not None else ():
            points[point.number] = (point.digest, point.text)
        self.read = frozenset(points)  # the points the file it was read from holds
        for number, state in [*resumed.cache_points, *getattr(resumed, "walked", ())]:
            wanted = save.digests.get(number)
            if number not in points and wanted is not None:
                points[number] = (wanted, state)
        self.points = {n: points[n] for n in sorted(points)[-CACHE_KEEP:]}
        self.complete = len(self.totals) == len(save.actions) + 1

    def keeper(self, save_path: Path, game_id: str) -> CacheKeeper | None:
        """The keeper of the cache beside `save_path`, the game going on from where it was resumed;
        it writes the file now if that does not hold these points already."""
        if not self.complete:
            return None
        path = cache_path(save_path)
        on_disk = self.read if path == self.source else frozenset()
        return CacheKeeper(path, game_id, array(TOTALS, self.totals), self.cycles, dict(self.points),
                           on_disk & frozenset(self.points))
