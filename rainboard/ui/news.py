"""What the table tells in stories: the news since a player's last move (the hand-off) and the end of
a cycle (its report).

Every sentence is the narrator's (narrator.tell): the very words of the log, told afterwards, with
the player at the keyboard as "you". Nothing here words an event itself; it chooses which events a
story tells, puts them in the order they happened (cycle by cycle, then player by player in turn
order), and joins what one player did into one sentence ("Bo met a Batfly (HP 3), escaped the
Batfly and kept searching for a shelter."). Every figure is what one event did, or the state now,
said as now. Nothing is left out for room: a long story scrolls.

The news begins where play passed on from the player's last move (session.last_moves), which the
game's record gives as well as a window that saw the moves: a resumed game tells the same story.
"""

from __future__ import annotations

from collections.abc import Sequence

from rainboard.engine import events as ev
from rainboard.engine.events import Event
from rainboard.engine.narrator import Sentence, tell
from rainboard.engine.state import ASCENDED, AWAKE, DEAD, HIBERNATING, STARVED, GameState

from .session import GameSession
from .widgets.rain_clock import rain_words

# table events that open a new part of the story, each on a line of its own
BREAKS = {ev.RainFell: "☂", ev.CycleEnded: "☾", ev.CycleStarted: "☀"}
# what a story leaves to the log: the dice, the blow-by-blow of a fight, the table's bookkeeping
UNTOLD = (ev.Rolled, ev.RoundEnded, ev.TurnStarted, ev.AttackMissed, ev.StrikeDodged, ev.Blasted,
          ev.Ambushed, ev.DeckReshuffled, ev.DeckEmpty, ev.MustAnswer, ev.MarketOpened, ev.MerchantLeft,
          ev.CreatureHidden, ev.TurnOrderTie, ev.TurnOrderSet)
# fields through which an event names a card: a draw followed by one of these is told by it
CARD_FIELDS = ("card", "target_card")


# -- since a player's last move ---------------------------------------------------------------------
def news(session: GameSession, player: int) -> tuple[Sequence[Event], int | None]:
    """The events since play passed on from the player's last move, and the rain timer as that move
    found it. With no move of theirs in the game (a table set up with its slugcats chosen), the
    events since the cycle began, and no rain then."""
    mark = session.last_moves.get(player)
    if mark is not None:
        return session.events[mark.news_from:], mark.rain
    events = session.events.held  # a long game's session holds its newest events only (session.py)
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], ev.CycleStarted):
            return events[index:], None
    return events, None


def since_lines(session: GameSession, player: int) -> list[str]:
    """The hand-off's story for `player`: what happened at the table since their last move, one
    line per player (in turn order from the next one, theirs last) for each part of it, the rain
    and the cycle's end and start on lines of their own; how each player who did nothing rests now;
    then the rain timer now."""
    events, rain = news(session, player)
    return story_lines(events, session.state, player, rain)


def story_lines(events: Sequence[Event], state: GameState, you: int, rain_then: int | None = None) -> list[str]:
    """`events` told to player `you` (see since_lines); `rain_then`: the timer at their last move."""
    lines: list[str] = []
    part: list[Event] = []
    new_cycle = False
    for event in events:
        mark = BREAKS.get(type(event))
        rolled = isinstance(event, ev.RainTimerRolled) or (isinstance(event, ev.PrecycleRolled) and event.precycle)
        if mark is None and not rolled:
            part.append(event)
            continue
        lines += _part_lines(part, state, you)
        part = []
        lines.append(f"{mark or '☂'} {tell(event, state, past=True, you=you).text}")
        new_cycle = new_cycle or isinstance(event, ev.CycleStarted)
    quiet = set(range(len(state.players))) - {you} - {e.player for e in events if _worth_telling(e) or
                                                      isinstance(e, ev.TurnStarted)}
    lines += _part_lines(part, state, you, quiet)
    lines.append(_rain_now(state, None if new_cycle else rain_then))
    return lines


def _part_lines(events: list[Event], state: GameState, you: int, quiet: set[int] = frozenset()) -> list[str]:
    """One line per player for one part of the story (between the rain, a cycle's end and start),
    and for each `quiet` player (nothing told of them in the whole story) how they rest now."""
    told: dict[int, list[Event]] = {}
    for event in events:
        if event.player is not None and _worth_telling(event):
            told.setdefault(event.player, []).append(event)
    lines = []
    for index in _from_next(state, you):
        if index in told:
            sentences = [tell(e, state, past=True, you=you) for e in _without_echoes(told[index])]
            lines.append(joined([s for at, s in enumerate(sentences) if at == 0 or s != sentences[at - 1]]))
        elif index in quiet:
            lines.append(f"{state.players[index].name} {_resting(state, index)}.")
    return lines


def _from_next(state: GameState, you: int) -> list[int]:
    """Every player in turn order from the one after `you`, `you` last."""
    order = list(state.order) or list(range(len(state.players)))
    after = order.index(you) + 1 if you in order else 0
    return order[after:] + order[:after]


def _worth_telling(event: Event) -> bool:
    if isinstance(event, UNTOLD):
        return False
    if isinstance(event, ev.Caught):  # a creature keeping up is the fight's; a player held, the story's
        return event.attacker is not None
    return not isinstance(event, ev.PrecycleRolled)


def _without_echoes(events: list[Event]) -> list[Event]:
    """One player's events less those the next one tells again: a draw the next event names ("drew
    Dangle Fruit" before "ate Dangle Fruit"), and a creature's death after the companion that brought
    it down. (The same sentence twice running, turns of a search, is told once: _part_lines.)"""
    kept = []
    for at, event in enumerate(events):
        after = events[at + 1] if at + 1 < len(events) else None
        if isinstance(event, ev.CardDrawn) and after is not None and event.card in _cards(after):
            continue
        if (isinstance(event, ev.CreatureKilled) and kept and isinstance(kept[-1], ev.CompanionKilled)
                and kept[-1].target_card == event.card):
            continue
        kept.append(event)
    return kept


def _cards(event: Event) -> tuple:
    return tuple(getattr(event, name) for name in CARD_FIELDS if getattr(event, name, None) is not None)


def joined(sentences: list[Sentence]) -> str:
    """Sentences in a row, those about the same player joined into one: "Bo met a Batfly (HP 3),
    escaped the Batfly and kept searching for a shelter." A clause that holds a colon, a comma or an
    "and" of its own only ever ends such a sentence, and never follows another's "and"."""
    told: list[str] = []
    run: list[Sentence] = []
    for sentence in sentences:
        if run and sentence.subject == run[0].subject and _leads(run[-1]) and " and " not in sentence.predicate:
            run.append(sentence)
            continue
        told += _said(run)
        run = [sentence] if sentence.subject is not None else []
        if sentence.subject is None:
            told.append(sentence.text)
    told += _said(run)
    return " ".join(told)


def _leads(sentence: Sentence) -> bool:
    """Whether another clause may follow this one in the same sentence."""
    return sentence.end == "." and not any(mark in sentence.predicate for mark in (":", ",", " and "))


def _said(run: list[Sentence]) -> list[str]:
    if not run:
        return []
    clauses = [s.predicate for s in run]
    listed = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]
    return [f"{run[0].head} {listed}{run[-1].end}"]


def _resting(state: GameState, index: int) -> str:
    """A player with nothing to tell, as they are now."""
    status = state.players[index].status
    if status == HIBERNATING:
        return "is hibernating"
    if status == STARVED:
        return "is asleep, hungry"
    if status == DEAD:
        return "is dead until the next cycle"
    if status == ASCENDED:
        return "has ascended"
    return "has had no turn since" if status == AWAKE else "is resting"


def _rain_now(state: GameState, then: int | None) -> str:
    """The rain timer now, and as the player's last move found it when that was this cycle."""
    now = rain_words(state.rain).rstrip("!")
    if then is None or then == state.rain:
        return f"☂ {now}."
    return f"☂ {now} (it was {then} at your last turn)."


# -- the end of a cycle ----------------------------------------------------------------------------
FATE_MARKS = {ev.Died: "☠", ev.Hibernated: "⌂", ev.Starved: "○", ev.SparedByRain: "◈"}
AFTERMATH = (ev.KarmaChanged, ev.KarmaSaved, ev.EndingReached, ev.EndingSlept, ev.Woke, ev.Ascended)
NEW_CYCLE = (ev.CycleStarted, ev.PrecycleRolled, ev.RainTimerRolled)


def cycle_report_parts(session: GameSession) -> tuple[str, list[str], str]:
    """The end of the last cycle in words (title, lines, hint): how each player ended it, what the
    end brought (karma, waking), karma now, then the new cycle's rolls."""
    every = session.events
    end = _last_index(every, ev.CycleEnded, len(every))
    if end is None:
        end = len(every)
    begun = _last_index(every, ev.CycleStarted, end)
    cycle = every[begun or 0:end + 1]
    state = session.state
    lines: list[str] = []
    for index, player in enumerate(state.players):
        fates = [e for e in cycle if e.player == index and isinstance(e, tuple(FATE_MARKS))]
        if fates:
            lines.append(f"{FATE_MARKS[type(fates[-1])]} {tell(fates[-1], state, past=True).text}")
        else:
            lines.append(f"☠ {player.name} was still out when the cycle ended.")
    lines.append("")
    lines += [tell(e, state, past=True).text for e in every[end:] if isinstance(e, AFTERMATH)]
    lines.append("Karma now: " + ", ".join(f"{p.name} {p.karma}" for p in state.players))
    lines.append("")
    lines += [tell(e, state, past=True).text for e in every[end:] if isinstance(e, NEW_CYCLE)]
    return f"Cycle {state.cycle - 1} is over", lines, "Press Enter to start the new cycle."


def _last_index(events: Sequence[Event], kind: type, before: int) -> int | None:
    """Where the last event of `kind` before index `before` is (searched from the end: a long game's
    log is long), among the events held (a session's window holds them from its `base` on)."""
    for index in range(before - 1, getattr(events, "base", 0) - 1, -1):
        if isinstance(events[index], kind):
            return index
    return None
