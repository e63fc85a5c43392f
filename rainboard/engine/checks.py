"""The two rolls of every fight: an attack and a flee, the same against a creature or a player."""

from __future__ import annotations

from attrs import evolve

from .dice import roll_contest, roll_food
from .events import Blasted, CompanionKilled, Roll
from .items import use_up
from .narrator import possessive
from .queries import AttackPlan, Modifiers, flee_modifiers
from .step import Step


def roll_attack(step: Step, index: int, plan: AttackPlan, item=None, *, target_card: str | None = None,
                target_player: int | None = None) -> bool:
    """Roll the planned attack (queries.attack_plan), then each companion's while none has killed;
    an item is used up after the player's roll. True when the target dies."""
    name = step.player(index).name
    if plan.blasted_hp is not None:
        step.emit(Blasted(player=index, by_card=item.id, target_card=target_card, target_player=target_player,
                          hp=plan.blasted_hp))
    roll = _graded(step, index, step.roll(name, "attack", plan.check.modifiers, target=plan.check.target))
    step.emit_roll(roll, index)
    if item is not None:
        use_up(step, index, item)
    if roll.success:
        return True
    for companion, check in plan.companions:
        roll = step.roll(f"{possessive(name)} {companion.name}", "attack", check.modifiers, target=check.target)
        roll = _graded(step, index, roll)
        step.emit_roll(roll, index)
        if roll.success:
            step.emit(CompanionKilled(player=index, companion=companion.id, target_card=target_card,
                                      target_player=target_player))
            return True
    return False


def roll_flee(step: Step, index: int, chaser: str, chaser_modifiers: Modifiers, item=None) -> bool:
    """The chaser rolls, then the player must beat its total (as the table's dice contest it); an item
    is used up. True on escape."""
    mine, theirs = roll_contest(step.dice, step.rules, (step.player(index).name, "flee",
                                                        flee_modifiers(step.state, index, item)),
                                (chaser, "chase", tuple(chaser_modifiers)))
    mine = _graded(step, index, mine)
    step.emit_roll(mine, index)
    if theirs is not None:  # (the d6 action roll folds the chaser into the player's own roll)
        step.emit_roll(theirs, index)
    if item is not None:
        use_up(step, index, item)
    return bool(mine.success)


def _graded(step: Step, index: int, roll: Roll) -> Roll:
    """A player's own roll with the food its grade brings under the table's dice (a critical kill's
    pip, a success's cost), given or taken within the stomach; the roll tells the pips that moved."""
    pips = roll_food(step.rules, roll)
    if not pips:
        return roll
    before = step.player(index).food
    food = max(0, min(step.slugcat(index).food_max, before + pips))
    if food != before:
        step.edit(index).food = food
    return evolve(roll, food=food - before)
