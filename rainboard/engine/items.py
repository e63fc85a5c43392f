"""Items in hand: which can be used for what, and using them up."""

from __future__ import annotations

from rainboard.data.models import CardKind

from .state import GameState
from .step import Step


def held_items(state: GameState, index: int) -> list:
    """The distinct item cards a player holds, in the order first picked up."""
    seen: dict[str, object] = {}
    for held in state.players[index].hand:
        card = state.data.card(held.card)
        if card.kind == CardKind.ITEM and held.card not in seen:
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
