"""One game at the table: the engine's state, everything that happened, and the way to act.

The screens read from a GameSession and send it actions; it is the only place the interface
touches the engine's verbs, so no screen can decide a rule on its own.
"""

from __future__ import annotations

from attrs import define, field

from rainboard.data import GameData
from rainboard.engine import (
    Action,
    Event,
    GameState,
    Setup,
    apply,
    legal_actions,
    new_game,
    outcome,
)
from rainboard.engine.state import CHOOSING, OVER


@define
class GameSession:
    data: GameData
    setup: Setup
    state: GameState
    events: list[Event] = field(factory=list)  # everything that happened, for the log
    actions: list[str] = field(factory=list)  # every action taken, in text form

    @classmethod
    def start(cls, setup: Setup, data: GameData) -> GameSession:
        state, events = new_game(setup, data)
        return cls(data=data, setup=setup, state=state, events=list(events))

    @property
    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def act(self, action: Action) -> list[Event]:
        """Apply a legal action; the engine raises IllegalAction for anything else."""
        self.state, events = apply(self.state, action)
        self.events.extend(events)
        self.actions.append(str(action))
        return events

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
