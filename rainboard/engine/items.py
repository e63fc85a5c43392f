"""Items in hand: which can be used for what, and using them up."""

from __future__ import annotations

from .hands import holding
from .state import GameState
from .step import Step


def held_items(state: GameState, index: int) -> list:
    """The distinct item cards a player holds, in the order first picked up."""
    return list(holding(state.data, state.players[index].hand).items)


def use_up(step: Step, index: int, item) -> None:
    """The item leaves the hand for its deck's discard pile, unless it is kept after use."""
    if item.reusable:
        return
    give_away(step, index, item.id)


def give_away(step: Step, index: int, item_id: str) -> None:
    """The item leaves the hand for its deck's discard pile (a gift, a payment, a meal)."""
    held = step.take_from_hand(index, item_id)
    step.discard(held.card, held.deck)
