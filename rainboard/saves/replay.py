"""Playing a save back: every action through the engine, every stored digest checked.

A `Replay` plays the whole game once when it is built, so a save that does not replay the same
fails at once with the action it fails at. It keeps the state every SNAPSHOT_EVERY actions and
the events of every action; any state is then at most SNAPSHOT_EVERY - 1 engine steps away, and the
states of the stretch last visited are kept, so stepping backwards is as quick as stepping forwards.

Indices count actions applied: `state_at(0)` is the game as `new_game` left it, `state_at(len(r))`
the last state. `events_at(i)` are the events of action i (1-based); `events_at(0)` those of
`new_game` (turn order, the first cycle).
"""

from __future__ import annotations

from bisect import bisect_right
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

from .challenge import claim_problem
from .converter import describe_value, printable
from .journal import read_save
from .savefile import SavedOutcome, SaveError, SaveGame, game_from_save, outcome_record

SNAPSHOT_EVERY = 32


class Replay:
    """A saved game, played back and checked; raises SaveError if it does not replay the same.

    The game must end where the save says: finished or not, and if finished with the outcome the
    save gives (winner, turns, solo score), recomputed from the final state. `partial` leaves those
    two checks out, for playing a save that drifts up to its last good point. A save that claims a
    challenge code must be the game that code deals (challenge.claim_problem), before anything is
    played. `digests_checked` counts the save's digests that were compared: with none, the save
    was checked only by playing every action through the rules and its end as above."""

    def __init__(self, save: SaveGame, path: Path | str | None = None, *, partial: bool = False):
        self.save = save
        self.path = Path(path) if path is not None else None
        self.data: GameData
        self.setup: Setup
        self.data, self.setup = game_from_save(save, self.path)
        if save.challenge is not None:  # a claimed code is checked, never believed: it decides the score book
            problem = claim_problem(save.challenge.code, self.setup, self.data)
            if problem is not None:
                raise self._error(problem)
        self.digests_checked = 0
        try:
            state, opening = new_game(self.setup, self.data)
        except SetupError as exc:
            raise self._error(f"the setup in the save cannot start a game: {exc}") from None
        self._check_digest(0, state)
        self._actions: list[Action] = []
        self._events: list[tuple[Event, ...]] = [tuple(opening)]
        self._snapshots: list[GameState] = [state]
        for number, text in enumerate(save.actions, start=1):
            try:
                action = parse_action(text)
            except ActionParseError:
                raise self._error(f"action {number} {text!r} is not an action", action=number) from None
            try:
                state, events = apply(state, action)
            except IllegalAction as exc:
                why = printable(str(exc).removeprefix(f"{action}: "), 150)  # the engine starts with the action
                raise self._error(f"action {number} {text!r} is not legal at that point: {why}",
                                  action=number) from None
            self._actions.append(action)
            self._events.append(tuple(events))
            if number % SNAPSHOT_EVERY == 0:
                self._snapshots.append(state)
            self._check_digest(number, state)
        self.final_state = state
        over = state.phase == OVER
        if not partial:
            self._check_end(over)
        self._block_base, self._block = 0, [self._snapshots[0]]
        self.cycle_starts = self._indices(ev.CycleStarted)
        self.round_starts = sorted(set(self.cycle_starts) | set(self._indices(ev.RoundEnded)))
        self.turn_starts = self._indices(ev.TurnStarted, every=True)

    @classmethod
    def from_file(cls, path: Path | str) -> Replay:
        """Read and play back a save file; SaveError for anything wrong with it."""
        return cls(read_save(path), path)

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
            raise self._error(f"the save says the game is {said}, but after its {len(self)} actions it "
                              f"{really}: the save does not replay the same")
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

    def action_at(self, index: int) -> Action:
        """Action `index` (1-based), as the engine's value."""
        if not 1 <= index <= len(self):
            raise IndexError(f"action {index}: the save holds actions 1 to {len(self)}")
        return self._actions[index - 1]

    def state_at(self, index: int) -> GameState:
        """The state after `index` actions (0 to len). The states between the nearest snapshot
        and `index` are kept, so stepping to a neighbour (either way) rarely applies anything."""
        if not 0 <= index <= len(self):
            raise IndexError(f"state {index}: the save holds states 0 to {len(self)}")
        base = index - index % SNAPSHOT_EVERY
        if base != self._block_base:
            self._block_base, self._block = base, [self._snapshots[base // SNAPSHOT_EVERY]]
        block = self._block
        while len(block) <= index - base:
            state, _ = apply(block[-1], self._actions[base + len(block) - 1], trusted=True)  # checked in __init__
            block.append(state)
        return block[index - base]

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
