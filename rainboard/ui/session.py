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

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

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
    events: list[Event] = field(factory=list)  # everything that happened, for the log
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
        self._changed()
        return events

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
