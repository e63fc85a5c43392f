"""A turn told back: what happened to the player who just moved, and, for the player taking the
keyboard, what happened at the table since their last turn (news.since_lines) and who is after them.

The result reads the session's events (matched on their classes) and steps; every sentence comes
from the engine's narrator. No hand is ever shown: only what the table saw happen.
"""

from __future__ import annotations

from textual.content import Content

from rainboard.engine import events as ev
from rainboard.engine import queries
from rainboard.engine.events import Event
from rainboard.engine.state import Duel

from .event_words import event_line
from .news import since_lines
from .session import GameSession

__all__ = ["concerns", "result_lines", "result_title", "since_lines", "step_events", "this_turn", "warnings"]

TURN_ENDS = (ev.TurnStarted, ev.CycleEnded)  # what follows one of these belongs to the next turn
TABLE = (ev.RoundEnded, ev.RainFell)  # the table's events a player's result tells too
# fields through which an event concerns a player other than its own
OTHER_PARTIES = ("killer", "attacker", "target", "target_player", "prey", "by_player", "tamer")


def step_events(session: GameSession, i: int) -> list[Event]:
    """The events the i-th remembered step made."""
    steps = session.steps
    end = steps[i + 1].events_before if i + 1 < len(steps) else len(session.events)
    return session.events[steps[i].events_before:end]


def concerns(event: Event, index: int) -> bool:
    """The event is this player's, or names them as the other side (killer, attacker, target...)."""
    return event.player == index or any(getattr(event, f, None) == index for f in OTHER_PARTIES)


def _until_turn_end(events: list[Event]) -> list[Event]:
    ends = [i for i, e in enumerate(events) if isinstance(e, TURN_ENDS)]
    return events[:ends[0]] if ends else events


# -- the result of one's own turn ---------------------------------------------------------------------
def this_turn(session: GameSession, actor: int) -> list[tuple[str | None, list[Event]]]:
    """The actor's moves since their turn began (or since they were made to answer a strike), each as
    (the action as it was offered, the events that concern them), after what met them as the turn
    began (label None)."""
    steps = session.steps
    if not steps or steps[-1].actor != actor:
        return []
    first = len(steps) - 1
    while first > 0 and steps[first - 1].actor == actor and not any(
            isinstance(e, TURN_ENDS) for e in step_events(session, first - 1)):
        first -= 1
    parts: list[tuple[str | None, list[Event]]] = []
    if first > 0:  # the turn's start, told in the move that ended the turn before
        before = step_events(session, first - 1)
        starts = [i for i, e in enumerate(before) if isinstance(e, ev.TurnStarted) and e.player == actor]
        if starts:
            opening = [e for e in before[starts[-1] + 1:] if concerns(e, actor)]
        elif steps[first - 1].actor != actor:  # made to answer a strike: what the striker did to them
            opening = [e for e in before if concerns(e, actor)]
        else:
            opening = []
        if opening:
            parts.append((None, opening))
    for i in range(first, len(steps)):
        events = _until_turn_end(step_events(session, i))
        parts.append((steps[i].label, [e for e in events if concerns(e, actor) or isinstance(e, TABLE)]))
    return parts


def result_title(session: GameSession, actor: int) -> str:
    """What the result is of: the actor's turn, their strike (the other must answer now), or their
    answer to someone else's strike."""
    state = session.state
    name = state.players[actor].name
    then = session.steps[-1].pending_before if session.steps else None
    if isinstance(then, Duel) and then.player == actor:
        return f"{name}, you answered {state.players[then.attacker].name}"
    if isinstance(state.pending, Duel) and state.pending.attacker == actor:
        return f"{name}, {state.players[state.pending.player].name} must answer your strike"
    return f"{name}, your turn is over"


def result_lines(session: GameSession, actor: int) -> list[Content]:
    """The actor's turn in lines: each move as it was offered (odds and all), then what it did."""
    state = session.state
    lines: list[Content] = []
    for label, events in this_turn(session, actor):
        if label is not None:
            lines.append(Content.assemble(("▸ ", "bold $accent"), (label, "bold")))
        lines += [event_line(e, state) for e in events]
    return lines


# -- since the last turn: the news (news.py) --------------------------------------------------------------
def warnings(session: GameSession, player: int) -> list[str]:
    """What the player must know before anything else: someone attacking them now, or hunting them
    to strike on their next turn."""
    state = session.state
    names = state.players
    found = []
    if isinstance(state.pending, Duel) and state.pending.player == player:
        found.append(f"⚔ {names[state.pending.attacker].name} is attacking you: fight back or flee!")
    for hunter in queries.hunters_of(state, player):
        if not (isinstance(state.pending, Duel) and state.pending.attacker == hunter):
            found.append(f"⚔ {names[hunter].name} is hunting you, and can strike on their next turn.")
    return found
