"""A turn told back: what happened to the player who just moved, and, for the player taking the
keyboard, what happened at the table since their last turn.

Both read the session's events (matched on their classes) and steps; the sentences come from the
engine's narrator, or are short phrases built from the events' fields. No hand is ever shown: only
what the table saw happen.
"""

from __future__ import annotations

from textual.content import Content

from rainboard.engine import events as ev
from rainboard.engine import queries
from rainboard.engine.events import Event
from rainboard.engine.narrator import a
from rainboard.engine.state import AWAKE, DEAD, HIBERNATING, STARVED, Duel, GameState

from .event_words import event_line
from .session import GameSession
from .widgets.rain_clock import rain_words

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


# -- since the last turn --------------------------------------------------------------------------------
def since_index(session: GameSession, player: int) -> int:
    """Where the events since the player's last move begin: that move's own events (the table's
    doings at its end are news), or, with no move of theirs remembered, the cycle's start."""
    for step in reversed(session.steps):
        if step.actor == player:
            return step.events_before
    starts = [i for i, e in enumerate(session.events) if isinstance(e, ev.CycleStarted)]
    return starts[-1] if starts else 0


def rain_then(session: GameSession, player: int) -> int | None:
    """The rain timer as the player's last move found it, if it is remembered."""
    for step in reversed(session.steps):
        if step.actor == player:
            return step.rain_before
    return None


def since_lines(session: GameSession, player: int) -> list[str]:
    """One short line per player about what happened to them since this player's last move (this
    player's own line only for what others did to them), then the rain."""
    state = session.state
    start = since_index(session, player)
    window = session.events[start:]
    mine = _after_own_move(session, player, start)
    lines = []
    order = list(state.order) or list(range(len(state.players)))
    after = order.index(player) + 1 if player in order else 0
    for index in order[after:] + order[:after]:  # in turn order from the next player, theirs last
        told = phrases(mine if index == player else window, index, state, you=player)
        if told:
            lines.append(f"{state.players[index].name} {told}.")
        elif index != player:
            lines.append(f"{state.players[index].name} {_resting(state, index)}.")
    lines.append(_rain_line(session, player, window))
    return lines


def _after_own_move(session: GameSession, player: int, start: int) -> list[Event]:
    """The events after the player's own last move had finished with them."""
    window = session.events[start:]
    ends = [i for i, e in enumerate(window) if isinstance(e, TURN_ENDS)]
    return window[ends[0]:] if ends and session.steps else window


def _resting(state: GameState, index: int) -> str:
    status = state.players[index].status
    if status == HIBERNATING:
        return "is hibernating"
    if status == STARVED:
        return "is asleep, hungry"
    if status == DEAD:
        return "is dead until the next cycle"
    if status == AWAKE:
        return "has had no turn since"
    return "has ascended"


def _rain_line(session: GameSession, player: int, window: list[Event]) -> str:
    state = session.state
    now = rain_words(state.rain).rstrip("!")
    if any(isinstance(e, ev.CycleEnded) for e in window):
        return f"☂ Cycle {state.cycle - 1} ended and cycle {state.cycle} began. {now}."
    if any(isinstance(e, ev.CycleStarted) for e in window):
        return f"☂ Cycle {state.cycle} began. {now}."
    then = rain_then(session, player)
    if then is None or then == state.rain:
        return f"☂ {now}."
    return f"☂ {now} (it was {then} at your last turn)."


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


# -- short phrases ---------------------------------------------------------------------------------
MOST_PHRASES = 4


def phrases(events: list[Event], index: int, state: GameState, you: int | None = None) -> str:
    """What happened to one player, in a few words joined: "drew a Green Lizard and killed it
    (+3 food)". The latest few if there were many. Player `you` is named "you"."""
    card = state.data.card
    named = _Named(state, you)
    said: list[str] = []
    food = 0
    met: str | None = None
    for e in events:
        if e.player != index:
            continue
        elif isinstance(e, ev.CardDrawn):
            met = e.card
            said.append(f"drew {_a_card(card(e.card))}")
        elif isinstance(e, ev.CreatureMet) and e.card != met:
            met = e.card
            said.append(f"met {a(card(e.card).name)}")
        elif isinstance(e, ev.Fed):
            food += max(0, e.after - e.before)
            if e.card is None and e.prey is None:
                said.append("took a food token")
        elif isinstance(e, ev.Died):
            said.append("was killed by it" if e.creature is not None and e.creature == met else _death(e, named))
        elif type(e) in _SIMPLE:
            said.append(_SIMPLE[type(e)](e, named, met))
    said = [s for n, s in enumerate(said) if s and (n == 0 or said[n - 1] != s)]
    if len(said) > MOST_PHRASES:
        said = ["…"] + said[-MOST_PHRASES:]
    if not said and not food:
        return ""
    text = " and ".join([", ".join(said[:-1]), said[-1]]) if len(said) > 1 else (said[0] if said else "ate")
    return text.replace("…, ", "… ") + (f" (+{food} food)" if food else "")


class _Named:
    """Names for the phrases: a player's (or "you"), a card's, a region's."""

    def __init__(self, state: GameState, you: int | None) -> None:
        self.state, self.you = state, you

    def p(self, index: int) -> str:
        return "you" if index == self.you else self.state.players[index].name

    def c(self, card_id: str) -> str:
        return self.state.data.card(card_id).name

    def r(self, region_id: str) -> str:
        return self.state.data.regions[region_id].name


def _a_card(card) -> str:
    """"a Green Lizard", but food as it is named ("Eggbug Eggs"), as the narrator has it."""
    return card.name if card.kind == "food" else a(card.name)


def _death(e: ev.Died, n: _Named) -> str:
    if e.creature is not None:
        return f"was killed by {a(n.c(e.creature))}"
    if e.killer is not None:
        return f"was killed by {n.p(e.killer)}"
    return "was caught in the rain"


def _it(n: _Named, card_id: str, met: str | None) -> str:
    return "it" if card_id == met else f"the {n.c(card_id)}"


_SIMPLE = {
    ev.CreatureKilled: lambda e, n, met: f"killed {_it(n, e.card, met)}",
    ev.CompanionKilled: lambda e, n, met: f"their {n.c(e.companion)} made the kill",
    ev.Fled: lambda e, n, met: (f"got away from {n.p(e.attacker)}" if e.attacker is not None
                                else f"got away from {_it(n, e.card, met)}"),
    ev.Tamed: lambda e, n, met: f"tamed {n.p(e.target)}" if e.target is not None else f"tamed {_it(n, e.card, met)}",
    ev.Joined: lambda e, n, met: f"was joined by {a(n.c(e.card))}",
    ev.LetPass: lambda e, n, met: f"was let past {_it(n, e.card, met)}",
    ev.WalkedPast: lambda e, n, met: f"walked past {_it(n, e.card, met)}",
    ev.CreatureGaveUp: lambda e, n, met: f"outlasted {_it(n, e.card, met)}",
    ev.Hibernated: lambda e, n, met: "hibernated",
    ev.Starved: lambda e, n, met: "slept hungry in a shelter",
    ev.SearchStarted: lambda e, n, met: "started searching for a shelter",
    ev.Searching: lambda e, n, met: "kept searching for a shelter",
    ev.ShelterFound: lambda e, n, met: "found a shelter",
    ev.ShelterNotFound: lambda e, n, met: "found no shelter",
    ev.CardKept: lambda e, n, met: "kept it" if e.card == met else f"kept the {n.c(e.card)}",
    ev.CardLetGo: lambda e, n, met: f"let {_it(n, e.card, met)} go",
    ev.Moved: lambda e, n, met: (f"followed {n.p(e.leader)} to {n.r(e.region)}" if e.leader is not None
                                 else f"went to {n.r(e.region)}"),
    ev.MarkReceived: lambda e, n, met: "received the Mark of Communication",
    ev.EndingReached: lambda e, n, met: f"carried the Mark into {n.r(e.region)}",
    ev.EndingSlept: lambda e, n, met: f"slept there bearing the Mark ({e.slept} of {e.needed})",
    ev.Waited: lambda e, n, met: "waited at the edge of the Void Sea",
    ev.Ascended: lambda e, n, met: "ascended",
    ev.Hunting: lambda e, n, met: f"tracked {n.p(e.target)} down",
    ev.Pounced: lambda e, n, met: f"struck at {n.p(e.target)}",
    ev.BrokeApart: lambda e, n, met: f"broke apart from {n.p(e.attacker)}",
    ev.MarketOpened: lambda e, n, met: "met a scavenger merchant",
    ev.Bought: lambda e, n, met: f"bought {a(n.c(e.card))}",
    ev.ReputationChanged: lambda e, n, met: (f"{'rose' if e.after > e.before else 'fell'} to reputation {e.after}"
                                             if e.before != e.after else ""),
    ev.KarmaChanged: lambda e, n, met: f"{'rose' if e.after > e.before else 'fell'} to karma {e.after}",
    ev.Transformed: lambda e, n, met: f"became {n.c(e.creature)}!",
    ev.Untamed: lambda e, n, met: "went wild again",
    ev.SlugcatChosen: lambda e, n, met: f"plays {n.state.data.slugcats[e.slugcat].name}",
    ev.Woke: lambda e, n, met: f"woke in {n.r(e.region)}",
}
