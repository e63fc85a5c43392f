"""What one seat may see of the game: the observation function, and the one place that says what is
private.

Every screen of a table holds the whole game (it replays the journal), but what it shows is the game
as `seat_view` gives it and the events as `seat_events` tells them. Screens render these, never the
state the engine plays or the events it emitted, so another seat's hand cannot reach a screen (or a
terminal's buffer, or a browser tab) through a widget that shows more than it should.

What is private, by the engine's own terms:

- the cards in another seat's hand (`Player.hand`): emptied in the view;
- the card another seat drew and is still deciding on (a shelter or a gate: `Decision`): the
  decision is taken out of the view, so no panel can show its card;
- the card another seat drew, unless its kind is played face up where it is drawn (a creature is
  fought, a food card eaten, the Mark borne: PLAYED_FACE_UP); a shelter, a gate or an item is told
  as "Bo draws a card from the Outskirts deck.";
- a card another seat keeps, picks up or puts back, and the kept gates that go back to their decks
  when that seat moves on: told without the card (engine.events.CardConcealed).

Everything else is the table's: fights and the creatures in them, meals, moves, rolls (an item
used in a fight is shown as it is used), trades with a merchant, whose wares lie open, and the map
and the roster. A spectator has no players of its own: it sees every seat as another's.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rainboard.engine import GameState
from rainboard.engine import events as ev
from rainboard.engine.state import Decision

PLAYED_FACE_UP = frozenset({"creature", "food", "mark"})  # drawn cards the whole table sees played


def seat_view(state: GameState, players: tuple[int, ...] | frozenset[int]) -> GameState:
    """The game as a seat holding `players` may see it (no players: a spectator)."""
    mine = set(players)
    hidden = tuple(p if i in mine or not p.hand else attrs.evolve(p, hand=()) for i, p in enumerate(state.players))
    decks = {name: attrs.evolve(deck, draw=tuple(sorted(deck.draw))) for name, deck in state.decks.items()}
    pending = state.pending
    if isinstance(pending, Decision) and pending.player not in mine:
        pending = None  # another seat's drawn shelter or gate; to_act stays theirs (the current player)
    return attrs.evolve(state, players=hidden, decks=decks, pending=pending)


def hidden_cards(state: GameState, players: tuple[int, ...] | frozenset[int]) -> set[str]:
    """The card ids in the hands of players not in `players`: what a seat's screen must never show."""
    mine = set(players)
    return {held.card for i, p in enumerate(state.players) if i not in mine for held in p.hand}


def is_private(event: ev.Event, players: tuple[int, ...] | frozenset[int], state: GameState) -> bool:
    """Whether `event` tells a seat holding `players` a card of another seat's hand or private draw
    (`state` lends the cards' kinds: any state of the game)."""
    if event.player is None or event.player in players:
        return False
    if isinstance(event, ev.CardDrawn):
        return state.data.card(event.card).kind not in PLAYED_FACE_UP
    return isinstance(event, (ev.CardKept, ev.CardLetGo, ev.GatesLeftBehind))


def seat_event(event: ev.Event, players: tuple[int, ...] | frozenset[int], state: GameState) -> ev.Event:
    """The event as a seat holding `players` is told it: itself, or the same happening without the card."""
    if not is_private(event, players, state):
        return event
    if isinstance(event, ev.CardDrawn):
        return ev.CardConcealed(player=event.player, did="drew", deck=event.deck)
    if isinstance(event, ev.CardKept):
        return ev.CardConcealed(player=event.player, did="kept")
    if isinstance(event, ev.CardLetGo):
        return ev.CardConcealed(player=event.player, did="let_go")
    return ev.CardConcealed(player=event.player, did="returned", count=len(event.cards))


def seat_events(events: Iterable[ev.Event], players: tuple[int, ...] | frozenset[int],
                state: GameState) -> list[ev.Event]:
    """`seat_event` for each of `events`, in order, one for one (indices into the events stay valid)."""
    return [seat_event(event, players, state) for event in events]
