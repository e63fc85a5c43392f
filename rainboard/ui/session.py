"""One game at the table: the engine's state, everything that happened, and the way to act.

The screens read from a GameSession and send it actions; it is the only place the interface
touches the engine's verbs, so no screen can decide a rule on its own. After every action (and
every undo) it calls its `saver` (a Saver: the app's autosave, ui/autosave.py), which keeps the game
on disk.

It also keeps where each player's news begins (`last_moves`): the story a hand-off tells is the
game's events from there on, so it needs neither the moves remembered for undo nor what this window
happened to see. A game resumed from its record finds each player's last move there once
(resume.py), and tells the same story as if it had never stopped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, overload

from attrs import define, field, frozen

from rainboard.data import GameData
from rainboard.engine import (
    Action,
    Event,
    GameState,
    Setup,
    apply,
    digest,
    legal_actions,
    new_game,
    outcome,
)
from rainboard.engine import events as ev
from rainboard.engine.digest import DIGEST_EVERY
from rainboard.engine.events import play_passed_at
from rainboard.engine.state import CHOOSING, OVER

from .words import action_label

if TYPE_CHECKING:
    from rainboard.saves import SaveGame

KEEP_STEPS = 1000  # moves remembered for undo and the news (a round of nine players is far fewer)
KEEP_EVENTS = 2000  # the newest events always kept: the board's log shows as many (EventLog.keep)
EVENT_SLACK = 500  # events past what is kept dropped together, so trimming is rare
# what a move may reveal that cannot be taken back: a card seen, a die rolled
# events that show a card or a die: a move that made one cannot be taken back
SHOWING_A_CARD = (ev.CardDrawn, ev.ShelterFound, ev.MarketOpened)
REVEALING = (*SHOWING_A_CARD, ev.Rolled, ev.DeckReshuffled, ev.PrecycleRolled, ev.RainTimerRolled)


@frozen
class LastMove:
    """A player's last move, as their news needs it: the index in the game's events where play passed
    on from it (what follows is news to them), and the rain timer as the move found it."""

    news_from: int
    rain: int


def last_move(events_before: int, events, rain: int) -> LastMove:
    """The mark a move leaves: its events began at `events_before`, and were `events`."""
    return LastMove(events_before + play_passed_at(events), rain)


@define
class Move:
    """One action taken, with what is needed to take it back."""

    action: str
    actor: int
    before: GameState | None  # the state to go back to; dropped once the move can never be undone
    events_before: int
    revealed: str | None  # why it cannot be undone, or None
    label: str = ""  # the action as the player saw it offered, odds and all
    rain_before: int = 0  # the rain timer and what was pending when the move was made, for the news
    pending_before: object = None
    last_move_before: LastMove | None = None  # the actor's mark before this move, for undo

    @property
    def named(self) -> str:
        """The move in words, without its odds: "Attack with Spear", "Eat Mushroom (+1 food)"."""
        return self.label.split(" · ")[0] if self.label else self.action


class EventWindow:
    """The game's events as a session holds them: numbered from the game's first event, though only
    the newest are kept (`base` is the number of the first one still held).

    Indices and slices count from the game's start, as `len()` does, so a mark such as a move's
    `events_before` stays valid as older events drop off; a slice that begins before `base` gives
    what is still held, and one plain index below it is an IndexError. Iterating gives the events
    held. Which ones may go is the session's call (GameSession._trim_events): never those the
    undo, the news or the last cycle's report still need."""

    __slots__ = ("base", "_held")

    def __init__(self, events: Iterable[Event] = (), base: int = 0) -> None:
        self.base = base
        self._held: list[Event] = list(events)

    @property
    def held(self) -> list[Event]:
        """The events still held, oldest first (the game's events from number `base` on)."""
        return self._held

    def __len__(self) -> int:
        return self.base + len(self._held)

    def __iter__(self) -> Iterator[Event]:
        return iter(self._held)

    def __bool__(self) -> bool:
        return len(self) > 0

    def _at(self, index: int | None, default: int) -> int:
        if index is None:
            return default
        if index < 0:
            index += len(self)
        return min(max(index - self.base, 0), len(self._held))

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index):
        if isinstance(index, slice):
            if index.step not in (None, 1):
                raise ValueError("the game's events are sliced in order only")
            return self._held[self._at(index.start, 0):self._at(index.stop, len(self._held))]
        number = index + len(self) if index < 0 else index
        if not self.base <= number < len(self):
            raise IndexError(f"event {index}: events {self.base} to {len(self) - 1} are held")
        return self._held[number - self.base]

    def __delitem__(self, index: slice) -> None:
        """Only the newest events are ever taken away (an undone move's): `del events[n:]`."""
        if not isinstance(index, slice) or index.stop is not None or index.step not in (None, 1):
            raise ValueError("only the newest events can be taken away: del events[n:]")
        del self._held[self._at(index.start, 0):]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventWindow):
            return self.base == other.base and self._held == other._held
        if isinstance(other, list):
            return self.base == 0 and self._held == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"EventWindow({len(self._held)} events from {self.base})"

    def append(self, event: Event) -> None:
        self._held.append(event)

    def extend(self, events: Iterable[Event]) -> None:
        self._held.extend(events)

    def drop_before(self, number: int) -> None:
        """Let go of every event numbered below `number`."""
        count = min(number, len(self)) - self.base
        if count > 0:
            del self._held[:count]
            self.base += count

    def tail(self, count: int) -> list[Event]:
        """The newest `count` events held (what a log of `count` lines shows)."""
        return self._held[-count:] if count > 0 else []


def _window(events) -> EventWindow:
    return events if isinstance(events, EventWindow) else EventWindow(events)


class Saver(Protocol):
    """What keeps a session's game on disk (ui/autosave.Autosaver): called after every change, it
    knows its file and the whole game as a save, and lets go of the file when closed."""

    path: Path
    failed: bool  # its last write failed (the table was told)

    @property
    def save(self) -> SaveGame: ...

    def __call__(self, session: GameSession) -> None: ...

    def close(self) -> None: ...


@define
class GameSession:
    data: GameData
    setup: Setup
    state: GameState
    # what happened, numbered from the game's start; the newest KEEP_EVENTS and whatever the undo,
    # the news and the last cycle's report still need are held (the rest: whole_events)
    events: EventWindow = field(factory=EventWindow, converter=_window)
    actions: list[str] = field(factory=list)  # every action taken, in text form
    digests: dict[int, str] = field(factory=dict)  # actions taken -> the state's digest then
    steps: list[Move] = field(factory=list)  # for undo; empty for the part of a game resumed from a save
    last_moves: dict[int, LastMove] = field(factory=dict)  # player -> where their news begins
    saver: Saver | None = None  # keeps the game on disk; called after every change
    challenge: str | None = None  # the solo challenge's code, if this game is one

    @classmethod
    def start(cls, setup: Setup, data: GameData, challenge: str | None = None) -> GameSession:
        state, events = new_game(setup, data)
        return cls(data=data, setup=setup, state=state, events=list(events), digests={0: digest(state)},
                   challenge=challenge)

    @property
    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def act(self, action: Action) -> list[Event]:
        """Apply a legal action; the engine raises IllegalAction for anything else."""
        before = self.state
        actor = before.to_act
        self.state, events = apply(before, action)
        revealed = _revealed(before, self.state, events)
        self._forget_states(actor, revealed)
        self.steps.append(Move(str(action), actor, before, len(self.events), revealed,
                               action_label(before, action), before.rain, before.pending,
                               self.last_moves.get(actor)))
        if actor is not None:
            self.last_moves[actor] = last_move(len(self.events), events, before.rain)
        self.events.extend(events)
        self.actions.append(str(action))
        if len(self.actions) % DIGEST_EVERY == 0:
            self.digests[len(self.actions)] = digest(self.state)
        if len(self.events.held) >= KEEP_EVENTS + EVENT_SLACK:
            self.trim_events()
        self._changed()
        return events

    def needed_from(self) -> int:
        """The number of the oldest event something still needs: the newest KEEP_EVENTS (the log),
        the oldest move remembered (undo and a turn's story), each player's news, and the cycle
        that ended last with the one after it (the cycle's report, and the news of a player who has
        not moved since)."""
        events = self.events
        floor = len(events) - KEEP_EVENTS
        if self.steps:
            floor = min(floor, self.steps[0].events_before)
        for mark in self.last_moves.values():
            floor = min(floor, mark.news_from)
        held, found = events.held, 0
        for index in range(len(held) - 1, -1, -1):
            if isinstance(held[index], ev.CycleStarted):
                found += 1
                if found == 2:
                    return min(floor, events.base + index)
        return events.base if found else floor  # a cycle begun before the oldest held: keep what is held

    def trim_events(self) -> None:
        """Let go of the events nothing needs any more (see needed_from), a batch at a time."""
        floor = self.needed_from()
        if floor - self.events.base >= EVENT_SLACK:
            self.events.drop_before(floor)

    def log_events(self, count: int = KEEP_EVENTS) -> list[Event]:
        """The newest `count` events (at most KEEP_EVENTS are sure to be held): what a log shows."""
        return self.events.tail(min(count, len(self.events.held)))

    def whole_events(self) -> list[Event]:
        """Every event of the game from its first (the game-over's stories): what is held when that
        is all of it, else the game played again from its setup and actions, which the session
        has whole."""
        if self.events.base == 0:
            return list(self.events.held)
        state, every = new_game(self.setup, self.data)
        every = list(every)
        for text in self.actions:
            state, events = apply(state, text, trusted=True)  # played and checked once already
            every.extend(events)
        return every

    def _forget_states(self, actor: int, revealed: str | None) -> None:
        """Before a move that cannot be taken back, or another player's, no earlier move can be taken
        back again (undo looks at the last move only): their states go, and the history keeps only
        what the news needs, up to KEEP_STEPS moves."""
        if not self.steps:
            return
        if revealed or self.steps[-1].actor != actor:
            for step in reversed(self.steps):
                if step.before is None:
                    break
                step.before = None
        if len(self.steps) >= KEEP_STEPS + KEEP_STEPS // 4:
            del self.steps[:len(self.steps) - KEEP_STEPS]

    def undo_refusal(self, asker: int | None = None) -> str | None:
        """Why the last move cannot be taken back now, or None if it can. `asker` is the player at the
        keyboard: by default the player to act; the player who just ended their turn, while their
        turn's result is still on screen."""
        if not self.steps:
            return "There is nothing to undo." if not self.actions else "Moves made before the game was resumed cannot be undone."
        last = self.steps[-1]
        if last.revealed:
            return f"The last move ({last.named}) {last.revealed}: it cannot be taken back."
        if (self.state.to_act if asker is None else asker) != last.actor:
            name = self.state.players[last.actor].name
            return f"The last move was {name}'s, and play has moved on: only your own last move can be undone."
        if last.before is None:  # behind a move that showed a card: kept for the news only
            return f"The last move ({last.named}) can no longer be taken back."
        return None

    def undo(self, asker: int | None = None) -> str:
        """Take back the last move; returns what was undone, in the words it was offered with.
        Check undo_refusal first."""
        refusal = self.undo_refusal(asker)
        if refusal:
            raise ValueError(refusal)
        last = self.steps.pop()
        self.state = last.before
        del self.events[last.events_before:]
        if last.last_move_before is None:
            self.last_moves.pop(last.actor, None)
        else:
            self.last_moves[last.actor] = last.last_move_before
        self.actions.pop()
        self.digests = {n: d for n, d in self.digests.items() if n <= len(self.actions)}
        self._changed()
        return last.named

    def _changed(self) -> None:
        if self.saver is not None:
            self.saver(self)

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    @property
    def choosing(self) -> bool:
        return self.state.phase == CHOOSING

    @property
    def over(self) -> bool:
        return self.state.phase == OVER

    @property
    def outcome(self):
        return outcome(self.state)

    @property
    def hotseat(self) -> bool:
        return len(self.state.players) > 1


def _revealed(before: GameState, after: GameState, events: list[Event]) -> str | None:
    if any(isinstance(e, SHOWING_A_CARD) for e in events):
        return "showed a card"
    if after.rng != before.rng or any(isinstance(e, REVEALING) for e in events):
        return "rolled dice"
    return None
