"""Going on with a saved game: the save played and checked as a Replay checks it, but only the end of
the game kept (Continue on a long game needs its last stretch, not its whole story).

A `Resumed` refuses a save with the same code and the same words as a Replay (`_Playback`, in
replay.py); `resume_state` builds one with the garbage collector paused, and `Untold` stands for
the events of an action it let go of.
"""

from __future__ import annotations

import gc
from array import array
from bisect import bisect_right
from collections import deque
from pathlib import Path

from rainboard.engine import Event, GameState, apply
from rainboard.engine import events as ev

from .replay import _Playback
from .resume_cache import CACHE_EVERY, CACHE_KEEP
from .savefile import SaveGame


CHECKPOINT_EVERY = 256  # a Resumed keeps the state this often, from the first action it may need on


class Resumed(_Playback):
    """A saved game played and checked exactly as a Replay checks it (SaveError, in the same words,
    for a save that drifts, holds an action that is not legal, or ends otherwise than it says), but
    kept only as far as going on with it needs, for Continue on a long game: no snapshots, and the
    events of the last stretch only.

    It answers what ui/resume.py's `session_from_replay(resumed, len(resumed), ...)` asks of a
    replay: the final state and the states from just before the oldest of the players' last moves
    (so each player's last move can be read back), the events of every action from the one that
    holds the newest `keep_events` events, each player's last move, and the last two cycles' starts
    (the news and the cycle's report need them), `cycle_starts`, and how many events each older
    action had (`events_at` gives those as an `Untold`: a length and no events).

    While the save is checked it keeps no events at all, only how many each action had (events kept
    for a while and then let go cost the garbage collector more than playing a stretch again): a
    state every CHECKPOINT_EVERY actions from the first action it may still need (each bound only
    moves on), and at the end it plays the last stretch again from the checkpoint before it, trusted
    (every action was checked the first time), for that stretch's events."""

    def __init__(self, save: SaveGame, path: Path | str | None = None, *, keep_events: int):
        super().__init__(save, path)
        self.cycle_starts: list[int] = []
        starts = self._starts = array("q")  # where action n's events begin among the game's events
        before_moves: dict[int, tuple[int, GameState]] = {}  # player -> (their last action, the state before it)
        checkpoints: list[tuple[int, GameState]] = []  # (action number, the state after it), oldest first
        players = 0
        opening: list[Event] = []
        first = before = None
        total = 0
        check_at = keep_events + CHECKPOINT_EVERY  # the next count of events at which to let old checkpoints go
        cycle_started, cycles = ev.CycleStarted, self.cycle_starts
        kept = self.cache_points = deque(maxlen=CACHE_KEEP)  # (n, state) every CACHE_EVERY: for resume_cache.py
        add_start = starts.append  # (the loop runs once an action: kept lean)
        for number, _, state, events in self._played(partial=False):
            if number:
                actor = before.to_act
                if actor is not None:
                    before_moves[actor] = (number, before)
                if number % CHECKPOINT_EVERY == 0:
                    checkpoints.append((number, state))
                if number % CACHE_EVERY == 0:
                    kept.append((number, state))
            else:
                first, players, opening = state, len(state.players), events
                checkpoints.append((0, state))
            add_start(total)
            total += len(events)
            if cycle_started in map(type, events):
                cycles.append(number)
            before = state
            if total >= check_at:
                floor = self._needed_from(total - keep_events, before_moves, players)
                while len(checkpoints) > 1 and checkpoints[1][0] <= floor:
                    del checkpoints[0]
                check_at = total + CHECKPOINT_EVERY
        self._total = total
        self._held_from = self._needed_from(total - keep_events, before_moves, players)
        self._held = self._events_from(self._held_from, checkpoints, opening)
        # the states from just before the oldest last move on are played again when first asked
        if len(before_moves) == players:
            oldest, state = min(before_moves.values(), key=lambda move: move[0])
            self._states_from, self._states = oldest - 1, [state]
        else:  # someone has never moved: every state may be asked for
            self._states_from, self._states = 0, [first]

    def _events_from(self, floor: int, checkpoints: list, opening: list[Event]) -> list[list[Event]]:
        """The events of actions `floor` to the last, played again from the checkpoint before `floor`."""
        base, state = next(point for point in reversed(checkpoints) if point[0] <= floor)
        held = [opening] if floor == 0 else []
        actions, parsed = self.save.actions, self._parsed
        for number in range(base + 1, len(actions) + 1):
            state, events = apply(state, parsed[actions[number - 1]], trusted=True)  # checked as the game was played
            if number >= floor:
                held.append(events)
        return held

    def _needed_from(self, floor_event: int, before_moves: dict, players: int) -> int:
        """The first action whose events must still be held: the one holding event `floor_event`,
        each player's last move (none moved yet: all), the start of the cycle before the last."""
        floor = max(bisect_right(self._starts, floor_event) - 1, 0)  # (a short game: from the opening)
        if len(before_moves) < players:
            return 0
        floor = min(floor, *(number for number, _ in before_moves.values()))
        cycles = self.cycle_starts
        return min(floor, cycles[-2]) if len(cycles) >= 2 else 0

    # -- looking around ----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.save.actions)

    @property
    def event_starts(self) -> array:
        """Where each action's events begin among the game's events, by action number (0 the opening)."""
        return self._starts

    def events_at(self, index: int) -> tuple[Event, ...] | Untold:
        """The events of action `index` (0 the opening), if kept; else an Untold of their number."""
        if not 0 <= index <= len(self):
            raise IndexError(f"events {index}: the save holds actions 1 to {len(self)}")
        if index >= self._held_from:
            return tuple(self._held[index - self._held_from])
        following = self._starts[index + 1] if index + 1 < len(self._starts) else self._total
        return Untold(index, following - self._starts[index])

    def state_at(self, index: int) -> GameState:
        """The state after `index` actions: the last, or one from just before the oldest of the
        players' last moves on (played again from there, once, when first asked)."""
        if index == len(self):
            return self.final_state
        if not self._states_from <= index <= len(self):
            raise IndexError(f"state {index}: a resumed game keeps states {self._states_from} to {len(self)}")
        states = self._states
        while len(states) <= index - self._states_from:
            text = self.save.actions[self._states_from + len(states) - 1]
            state, _ = apply(states[-1], self._parsed[text], trusted=True)  # each was checked as the game was played
            states.append(state)
        return states[index - self._states_from]


class Untold:
    """The events of an action a Resumed let go of: how many there were, and nothing else. Reading
    them is an error (the game's whole story is a Replay's, or GameSession.whole_events)."""

    __slots__ = ("action", "count")

    def __init__(self, action: int, count: int):
        self.action, self.count = action, count

    def __len__(self) -> int:
        return self.count

    def _gone(self) -> LookupError:
        return LookupError(f"the events of action {self.action} were not kept (a resumed game keeps its last stretch)")

    def __iter__(self):
        raise self._gone()

    def __getitem__(self, index):
        raise self._gone()

    def __repr__(self) -> str:
        return f"Untold(action {self.action}: {self.count} events)"


def resume_state(save: SaveGame, path: Path | str | None = None, *, keep_events: int) -> Resumed:
    """The save played and checked as Replay does, kept only as far as going on needs (Resumed):
    the newest `keep_events` events at least; SaveError, in a Replay's words, if it does not replay."""
    running = gc.isenabled()
    gc.disable()  # each action's values go by their counts (no cycles): the collector's passes would find nothing
    try:
        return Resumed(save, path, keep_events=keep_events)
    finally:
        if running:
            gc.enable()
