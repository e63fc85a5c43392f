"""The two rolls of every fight: an attack and a flee, the same against a creature or a player."""

from __future__ import annotations

from .events import Blasted, CompanionKilled
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
    roll = step.roll(name, "attack", plan.check.modifiers, target=plan.check.target)
    step.emit_roll(roll, index)
    if item is not None:
        use_up(step, index, item)
    if roll.success:
        return True
    for companion, check in plan.companions:
        roll = step.roll(f"{possessive(name)} {companion.name}", "attack", check.modifiers, target=check.target)
        step.emit_roll(roll, index)
        if roll.success:
            step.emit(CompanionKilled(player=index, companion=companion.id, target_card=target_card,
                                      target_player=target_player))
            return True
    return False


def roll_flee(step: Step, index: int, chaser: str, chaser_modifiers: Modifiers, item=None) -> bool:
    """The chaser rolls, then the player must beat its total; an item is used up. True on escape."""
    theirs = step.roll(chaser, "chase", chaser_modifiers)
    mine = step.roll(step.player(index).name, "flee", flee_modifiers(step.state, index, item), target=theirs.total)
    step.emit_roll(mine, index)
    step.emit_roll(theirs, index)
    if item is not None:
        use_up(step, index, item)
    return bool(mine.success)
