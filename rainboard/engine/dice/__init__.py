"""The table's dice: how one check is rolled, and the exact chance it succeeds, under each variant of
rules.toml's [dice] table (rainboard/data/dice.py holds the numbers and what each means). Each variant
is one class (variants.py) in one registry (base.VARIANTS); the entry points below roll and count on
the variant in play.
"""

from . import variants  # noqa: F401 - defining the variants registers them
from .base import (ATTACKS, VARIANTS, Modifiers, Variant, action_grade, action_size, check_chance, contest_chance,
                   pool_read, pool_size, pool_target, roll_check, roll_contest, roll_food)

__all__ = ["ATTACKS", "VARIANTS", "Modifiers", "Variant", "action_grade", "action_size", "check_chance",
           "contest_chance", "pool_read", "pool_size", "pool_target", "roll_check", "roll_contest", "roll_food"]
