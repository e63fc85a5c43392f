"""The `[dice]` table of rules.toml: which dice a table rolls its checks with, and each variant's numbers.

Every check of the game is written once, on the rulebook's d20 scale: modifiers (a slugcat's attack,
a creature's speed...) and a target (a creature's HP, a player's HP). A variant other than `d20`
maps those same numbers onto its own dice through the sub-table named after it, so a table tunes a
variant here, never in code:

    [dice]
    variant = "d20"        # d20, target, 2d10, pool or d6

    [dice.pool]
    base_dice = 2          # ... every key is optional; a missing one keeps its default below

The defaults below are the shipped rules.toml's values; assets/rules.md gives the reason for each.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import field, frozen

from .limits import FOOD, between

DEFAULT_VARIANT = "d20"
SHIFT = (-20, 20)  # how far a variant moves a target
POOL_SIZE = (1, 12)  # dice in a pool at most: 12 d6 keep the exact odds quick to count
SIDES = (2, 20)


def _variant(instance, attribute, value):
    if value not in VARIANTS:
        raise ValueError(f"{attribute.name}: expected one of {', '.join(VARIANTS)}, got {value!r}")


@frozen
class TargetDice:
    """`target` (GRIMWIRE): d20 + modifiers meets or beats the target moved by `target_add`; on an
    attack the `natural_hit` face always hits, and a player's kill on it gains `natural_food` pips."""

    variant: ClassVar[str] = "target"
    title: ClassVar[str] = "d20, meet the target"

    target_add: int = field(default=1, validator=between(*SHIFT))
    natural_hit: int = field(default=20, validator=between(1, 100))
    natural_food: int = field(default=1, validator=between(*FOOD))


@frozen
class TwoD10Dice:
    """`2d10` (the "Rainworld" tabletop rules): two dice of `sides` + modifiers, above the target
    moved by `target_add`. Doubles are a critical: a player's kill on them gains `critical_food`
    pips, a player's flee failed on them costs `fumble_food` pips."""

    variant: ClassVar[str] = "2d10"
    title: ClassVar[str] = "2d10, doubles critical"

    sides: int = field(default=10, validator=between(*SIDES))
    target_add: int = field(default=0, validator=between(*SHIFT))
    critical_food: int = field(default=1, validator=between(*FOOD))
    fumble_food: int = field(default=1, validator=between(*FOOD))


@frozen
class PoolDice:
    """`pool` (the action-pool rules): `base_dice` d`sides`, one more per `points_per_die` points of
    modifiers (one fewer per point below zero), up to `max_dice`; the highest die, or matching dice
    added together, must reach the difficulty (target + target_add) // target_div. At zero dice or
    fewer, two dice and one per missing die are rolled and the lowest is kept."""

    variant: ClassVar[str] = "pool"
    title: ClassVar[str] = "d6 pool, highest die"

    sides: int = field(default=6, validator=between(*SIDES))
    base_dice: int = field(default=2, validator=between(0, 10))
    points_per_die: int = field(default=3, validator=between(1, 20))
    max_dice: int = field(default=8, validator=between(*POOL_SIZE))
    target_add: int = field(default=-1, validator=between(*SHIFT))
    target_div: int = field(default=2, validator=between(1, 20))


@frozen
class ActionDice:
    """`d6` (Forged in the Dark): a pool of d`sides`, `base_dice` plus one per `points_per_die`
    points by which the modifiers stand above target - `pivot`, up to `max_dice`; read the highest die.
    `full_at` and up succeeds; `partial_at` and up succeeds with a cost (`cost_food` pips off the
    player on a kill, `flee_cost_food` on an escape); below fails; two dice at `full_at` or up are a critical (a kill gains `critical_food`
    pips). No dice: two are rolled and the lower is read (one more per missing die), never a critical;
    at `desperate_at` dice or fewer only a full success counts.
    A contest (a flee) is the player's roll alone, against the chaser's modifiers + `contest_target`."""

    variant: ClassVar[str] = "d6"
    title: ClassVar[str] = "d6 action roll"

    sides: int = field(default=6, validator=between(*SIDES))
    base_dice: int = field(default=1, validator=between(0, 10))
    points_per_die: int = field(default=5, validator=between(1, 20))
    pivot: int = field(default=10, validator=between(-40, 40))
    max_dice: int = field(default=6, validator=between(*POOL_SIZE))
    full_at: int = field(default=6, validator=between(1, 20))
    partial_at: int = field(default=4, validator=between(1, 20))
    contest_target: int = field(default=10, validator=between(-40, 40))
    desperate_at: int = field(default=-1, validator=between(-20, 0))
    cost_food: int = field(default=1, validator=between(*FOOD))
    flee_cost_food: int = field(default=1, validator=between(*FOOD))
    critical_food: int = field(default=1, validator=between(*FOOD))


@frozen
class DiceRules:
    """Which variant the table rolls (`variant`) and every variant's numbers."""

    variant: str = field(default=DEFAULT_VARIANT, validator=_variant)
    target: TargetDice = field(factory=TargetDice)
    two_d10: TwoD10Dice = field(factory=TwoD10Dice)  # [dice.2d10] in rules.toml
    pool: PoolDice = field(factory=PoolDice)
    d6: ActionDice = field(factory=ActionDice)


RENAMED = {"two_d10": "2d10"}  # attrs field -> rules.toml key

# Each variant but the rulebook's has its numbers' class above (and a field of DiceRules, its sub-table);
# its rolling, odds and telling are its class in rainboard/engine/dice.py, which registers under the same name.
TABLES = (TargetDice, TwoD10Dice, PoolDice, ActionDice)
VARIANTS = (DEFAULT_VARIANT, *(table.variant for table in TABLES))
VARIANT_NAMES = {DEFAULT_VARIANT: "d20 (the rulebook)", **{table.variant: table.title for table in TABLES}}


def dice_problems(dice: DiceRules) -> list[tuple[str, str]]:
    """What no single field can say wrong on its own: (place under dice., problem) pairs."""
    found = []  # (a natural_hit above the check die is allowed: it never comes up, as a table may want)
    d6 = dice.d6
    if not 1 <= d6.partial_at <= d6.full_at <= d6.sides:
        found.append(("d6.partial_at", f"must satisfy 1 <= partial_at <= full_at <= sides "
                                       f"({d6.partial_at}, {d6.full_at}, {d6.sides})"))
    return found
