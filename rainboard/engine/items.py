"""Items in hand: which can be used for what, and using them up."""

from __future__ import annotations

from .state import GameState
from .step import Step
from .tables import tables


def held_items(state: GameState, index: int) -> list:
    """The distinct item cards a player holds, in the order first picked up."""
    hand = state.players[index].hand
    if not hand:
        return []
    items = tables(state.data).items
    seen: dict[str, object] = {}
    for held in hand:
        card = items.get(held.card)
        if card is not None and held.card not in seen:
            seen[held.card] = card
    return list(seen.values())


def use_up(step: Step, index: int, item) -> None:
    """The item leaves the hand for its deck's discard pile, unless it is kept after use."""
    if item.reusable:
        return
    give_away(step, index, item.id)


def give_away(step: Step, index: int, item_id: str) -> None:
    """The item leaves the hand for its deck's discard pile (a gift, a payment, a meal)."""
    held = step.take_from_hand(index, item_id)
    step.discard(held.card, held.deck)
