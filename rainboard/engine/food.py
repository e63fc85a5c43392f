"""Food: eating cards, tokens and prey as the slugcat's diet allows."""

from __future__ import annotations

from .actions import Eat, TakeFood
from .events import Fed
from .items import give_away
from .queries import food_after
from .step import Step, Turn


def feed(step: Step, index: int, pips: int, food_type: str, *, card: str | None = None,
         prey: int | None = None) -> None:
    """Add food as the slugcat's diet allows, never above its maximum (queries.food_gain)."""
    gained, food, parts, _ = food_after(step.state, index, pips, food_type)
    player = step.edit(index)
    before = player.food
    player.food, player.food_parts = food, parts
    step.emit(Fed(player=index, card=card, prey=prey, before=before, after=food,
                  food_max=step.data.slugcats[player.slugcat].food_max, gained=gained, part_kept=bool(parts)))


def take_food(step: Step, action: TakeFood) -> Turn:
    """A food token instead of a card: the turn is over."""
    feed(step, step.state.current, step.rules.food_token_pips, "plant")
    return Turn.OVER


def eat(step: Step, action: Eat) -> Turn:
    """Eat a food item from the hand: a free action, the turn goes on."""
    index = step.state.current
    item = step.data.cards[action.item]
    give_away(step, index, action.item)
    feed(step, index, item.food, item.food_type, card=item.id)
    return Turn.GOES_ON
