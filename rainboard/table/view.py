"""What one seat may see of the game: the observation function.

Every screen of a table holds the whole game (it replays the journal), but what it shows is the game
as `seat_view` gives it: the other seats' hands are emptied and the draw piles are left unordered.
Screens render this, never the state the engine plays, so another seat's hand cannot reach a
screen (or a terminal's buffer) through a widget that shows more than it should. The log, the
roster and the map are everyone's and read the same events and positions for every seat.
"""

from __future__ import annotations

import attrs

from rainboard.engine import GameState


def seat_view(state: GameState, players: tuple[int, ...] | frozenset[int]) -> GameState:
    """The game as a seat holding `players` may see it (no players: a spectator)."""
    mine = set(players)
    hidden = tuple(p if i in mine or not p.hand else attrs.evolve(p, hand=()) for i, p in enumerate(state.players))
    decks = {name: attrs.evolve(deck, draw=tuple(sorted(deck.draw))) for name, deck in state.decks.items()}
    return attrs.evolve(state, players=hidden, decks=decks)


def hidden_cards(state: GameState, players: tuple[int, ...] | frozenset[int]) -> set[str]:
    """The card ids in the hands of players not in `players`: what a seat's screen must never show."""
    mine = set(players)
    return {held.card for i, p in enumerate(state.players) if i not in mine for held in p.hand}
