"""Playing a save back: every action through the engine, every stored digest checked.

A `Replay` plays the whole game once when it is built, so a save that does not replay the same
fails at once with the action it fails at. It keeps the state every SNAPSHOT_EVERY actions and
the events of every action; any state is then at most SNAPSHOT_EVERY - 1 engine steps away, and the
states of the stretches last visited are kept, so stepping backwards is as quick as stepping forwards.

Indices count actions applied: `state_at(0)` is the game as `new_game` left it, `state_at(len(r))`
the last state. `events_at(i)` are the events of action i (1-based); `events_at(0)` those of
`new_game` (turn order, the first cycle).

`Resumed` checks a save the same way (the same code refuses it, with the same words) but keeps only
the end of the game, for going on with it: see `resume_state`.
"""

from __future__ import annotations

import gc
from array import array
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path

from rainboard.data import GameData
from rainboard.engine import (
    Action,
    ActionParseError,
    Event,
    GameState,
    IllegalAction,
    Outcome,
    Setup,
    SetupError,
    apply,
    digest,
    new_game,
    outcome,
    parse_action,
)
from rainboard.engine import events as ev
from rainboard.engine.state import OVER

from .converter import describe_value, printable
from .journal import read_save
from .resume_cache import CACHE_EVERY, CACHE_KEEP
from .savefile import SavedOutcome, SaveError, SaveGame, game_from_save, outcome_record
from .ready_states import ReadyStates

SNAPSHOT_EVERY = 32


class _Playback:
    """What a Replay and a Resumed share: the save opened and its challenge claim checked, then (in
    `_played`) every action played through the engine, each digest the save holds checked as it
    comes, and the end of the game checked against what the save says."""

    def __init__(self, save: SaveGame, path: Path | str | None = None):
        self.save = save
        self.path = Path(path) if path is not None else None
        self.data: GameData
        self.setup: Setup
        self.data, self.setup = game_from_save(save, self.path)
        if save.challenge is not None:  # a claimed code is checked, never believed: it decides the score book
            from .challenge import claim_problem  # (loaded for a challenge's save alone)

            problem = claim_problem(save.challenge.code, self.setup, self.data)
            if problem is not None:
                raise self._error(problem)
        self.digests_checked = 0
        self.final_state: GameState
        self._parsed: dict[str, Action] = {}  # each text read once: a long game says few, often

    def _played(self, partial: bool) -> Iterator[tuple[int, Action | None, GameState, list[Event]]]:
        """(number, action, state after it, its events) for each action of the save, checked, from
        (0, None, the new game, its opening events); SaveError at the first that fails. Once all are
        played the final state is kept and (unless `partial`) the game's end is checked."""
        try:
            state, opening = new_game(self.setup, self.data)
        except SetupError as exc:
            raise self._error(f"the setup in the save cannot start a game: {exc}") from None
        self._check_digest(0, state)
        yield 0, None, state, opening
        parsed = self._parsed
        for number, text in enumerate(self.save.actions, start=1):
            action = parsed.get(text)
            if action is None:
                try:
                    action = parsed[text] = parse_action(text)
                except ActionParseError:
                    raise self._error(f"action {number} {text!r} is not an action", action=number) from None
            try:
                state, events = apply(state, action)
            except IllegalAction as exc:
                why = printable(str(exc).removeprefix(f"{action}: "), 150)  # the engine starts with the action
                raise self._error(f"action {number} {text!r} is not legal at that point: {why}",
                                  action=number) from None
            self._check_digest(number, state)
            yield number, action, state, events
        self.final_state = state
        if not partial:
            self._check_end(state.phase == OVER)

    @classmethod
    def from_file(cls, path: Path | str, **options):
        """Read and play back a save file; SaveError for anything wrong with it."""
        return cls(read_save(path), path, **options)

    # -- checking ------------------------------------------------------------------------------
    def _error(self, problem: str, action: int | None = None, digest_mismatch: bool = False) -> SaveError:
        where = self.path if self.path is not None else f"save {self.save.game_id}"
        return SaveError(where, problem, action=action, digest_mismatch=digest_mismatch)

    def _check_end(self, over: bool) -> None:
        """The game ends where the save says, with the outcome it gives."""
        save = self.save
        if save.finished != over:
            said = "finished" if save.finished else "not finished"
            really = "is over" if over else "goes on"
            raise self._error(f"the save says the game is {said}, but after its {len(save.actions)} actions "
                              f"it {really}: the save does not replay the same")
        found = outcome_record(self.final_state)
        given = SavedOutcome(**found) if found is not None else None
        if given != save.outcome:
            raise self._error(f"outcome: the save says {_told(save.outcome)}, the game gives {_told(given)}")

    def _check_digest(self, number: int, state: GameState) -> None:
        wanted = self.save.digests.get(number)
        if wanted is None:
            return
        self.digests_checked += 1
        found = digest(state)
        if found != wanted:
            when = f"after action {number}" if number else "before the first action"
            raise self._error(f"{when} the game's digest is {found}, the save says {wanted}: "
                              f"the save does not replay the same", action=number or None, digest_mismatch=True)

    # -- what both answer ----------------------------------------------------------------------------
    @property
    def actions(self) -> tuple[str, ...]:
        """The action texts, as in the save."""
        return self.save.actions

    @property
    def final_digest(self) -> str:
        return digest(self.final_state)

    @property
    def outcome(self) -> Outcome | None:
        return outcome(self.final_state)


class Replay(_Playback):
    """A saved game, played back and checked; raises SaveError if it does not replay the same.

    The game must end where the save says: finished or not, and if finished with the outcome the
    save gives (winner, turns, solo score), recomputed from the final state. `partial` leaves those
    two checks out, for playing a save that drifts up to its last good point. `watch`, if given, is
    called with every state as the game is played (a screen learning something of the whole game
    while it is played once anyway). A save that claims a
    challenge code must be the game that code deals (challenge.claim_problem), before anything is
    played. `digests_checked` counts the save's digests that were compared: with none, the save
    was checked only by playing every action through the rules and its end as above."""

    def __init__(self, save: SaveGame, path: Path | str | None = None, *, partial: bool = False,
                 watch: Callable[[GameState], object] | None = None):
        super().__init__(save, path)
        self._actions: list[Action] = []
        self._events: list[tuple[Event, ...]] = []
        self._snapshots: list[GameState] = []
        for number, action, state, events in self._played(partial):
            if number:
                self._actions.append(action)
            self._events.append(tuple(events))
            if number % SNAPSHOT_EVERY == 0:
                self._snapshots.append(state)
            if watch is not None:
                watch(state)
        self._blocks = ReadyStates(self._snapshots, self._actions, SNAPSHOT_EVERY)  # every action checked above
        self.cycle_starts = self._indices(ev.CycleStarted)
        self.round_starts = sorted(set(self.cycle_starts) | set(self._indices(ev.RoundEnded)))
        self.turn_starts = self._indices(ev.TurnStarted, every=True)

    def _indices(self, kind: type, every: bool = False) -> list[int]:
        """Indices whose events hold `kind`: once per index, or (`every`) once per such event."""
        found = []
        for index, events in enumerate(self._events):
            count = sum(isinstance(e, kind) for e in events)
            found += [index] * (count if every else min(count, 1))
        return found

    # -- looking around ----------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._actions)

    def action_at(self, index: int) -> Action:
        """Action `index` (1-based), as the engine's value."""
        if not 1 <= index <= len(self):
            raise IndexError(f"action {index}: the save holds actions 1 to {len(self)}")
        return self._actions[index - 1]

    def state_at(self, index: int) -> GameState:
        """The state after `index` actions (0 to len). The states between the nearest snapshot
        and `index` are kept, and the last few such stretches, so stepping to a neighbour (either
        way) or jumping back to where the replay stood rarely applies anything (state_blocks.py)."""
        if not 0 <= index <= len(self):
            raise IndexError(f"state {index}: the save holds states 0 to {len(self)}")
        return self._blocks.state_at(index)

    def ready(self, index: int) -> None:
        """Work out the state after `index` actions ahead of a key that goes there (ready_states.py)."""
        self._blocks.ready(max(0, min(len(self), index)))

    def events_at(self, index: int) -> tuple[Event, ...]:
        """The events of action `index` (1-based); 0 gives the opening events of `new_game`."""
        if not 0 <= index <= len(self):
            raise IndexError(f"events {index}: the save holds actions 1 to {len(self)}")
        return self._events[index]

    def digest_at(self, index: int) -> str:
        return digest(self.state_at(index))

    def index_at_turn(self, turn: int) -> int:
        """"Go to turn N": the index right after the N-th turn of the game began (counting every
        player's turns together, from 1), i.e. where the N-th "turn_started" event happened."""
        if not 1 <= turn <= len(self.turn_starts):
            raise IndexError(f"turn {turn}: the game has turns 1 to {len(self.turn_starts)}")
        return self.turn_starts[turn - 1]

    def turns_begun(self, index: int) -> int:
        """How many turns had begun by state `index` (the turn being played there, counted from 1)."""
        return bisect_right(self.turn_starts, index)


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


def _told(result: SavedOutcome | None) -> str:
    """An outcome in words: `"Ada" won in 31 turns (solo score 31)`."""
    if result is None:
        return "no winner"
    told = f"{describe_value(result.winner)} won in {describe_value(result.turns)} turns"
    return told if result.solo_score is None else f"{told} (solo score {describe_value(result.solo_score)})"


def verify_file(path: Path | str) -> str:
    """Read and replay a save file and return its final digest; SaveError if anything is wrong."""
    return Replay.from_file(path).final_digest
