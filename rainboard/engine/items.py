"""Items in hand: which can be used for what, using them up, eating them."""

from __future__ import annotations

from .state import GameState
from .step import Step


def held_items(state: GameState, index: int) -> list:
    """The distinct item cards a player holds, in the order first picked up."""
    seen: dict[str, object] = {}
    for held in state.players[index].hand:
        card = state.data.card(held.card)
        if card.kind == "item" and held.card not in seen:
            seen[held.card] = card
    return list(seen.values())


def use_up(step: Step, index: int, item) -> None:
    """The item leaves the hand for its deck's discard pile, unless it is kept after use."""
    if item.reusable:
        return
    held = step.take_from_hand(index, item.id)
    step.discard(held.card, held.deck)


def give_away(step: Step, index: int, item_id: str) -> None:
    held = step.take_from_hand(index, item_id)
    step.discard(held.card, held.deck)


def eat(step: Step, index: int, item_id: str) -> None:
    from .flow import feed

    item = step.data.cards[item_id]
    give_away(step, index, item_id)
    feed(step, index, item.food, item.food_type, f"the {item.name}")


def item_bonus(item, stat: str) -> tuple[tuple[str, int], ...]:
    value = getattr(item, stat, 0) if item is not None else 0
    return ((item.name, value),) if value else ()
