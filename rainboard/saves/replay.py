"""Playing a save back: every action through the engine, every stored digest checked.

A `Replay` plays the whole game once when it is built, so a save that does not replay the same
fails at once with the action it fails at. It keeps the state every SNAPSHOT_EVERY actions and
the events of every action; any state is then at most SNAPSHOT_EVERY - 1 engine steps away, and the
states of the stretches last visited are kept, so stepping backwards is as quick as stepping forwards.

Indices count actions applied: `state_at(0)` is the game as `new_game` left it, `state_at(len(r))`
the last state. `events_at(i)` are the events of action i (1-based); `events_at(0)` those of
`new_game` (turn order, the first cycle).

`Resumed` (resumed.py) checks a save the same way (the same code, `_Playback`, refuses it, with the
same words) but keeps only the end of the game, for going on with it.
"""

from __future__ import annotations

from bisect import bisect_right
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


def _told(result: SavedOutcome | None) -> str:
    """An outcome in words: `"Ada" won in 31 turns (solo score 31)`."""
    if result is None:
        return "no winner"
    told = f"{describe_value(result.winner)} won in {describe_value(result.turns)} turns"
    return told if result.solo_score is None else f"{told} (solo score {describe_value(result.solo_score)})"


def verify_file(path: Path | str) -> str:
    """Read and replay a save file and return its final digest; SaveError if anything is wrong."""
    return Replay.from_file(path).final_digest
