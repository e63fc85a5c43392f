"""The table's dice, the parts every variant shares: the Variant class and its registry, how pools
are built and read, and the entry points that roll and count on the variant in play.

Every check reaches here on the rulebook's d20 scale: modifiers by name and a target (strictly
above it succeeds on the d20), or a contest of two sides' modifiers (a flee against a chase). Each
variant maps those numbers onto its own dice, and the odds below count the same dice face by face,
so the chance the interface shows is the chance the roll has.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from attrs import frozen

from ..events import Roll
from ..rng import Dice

Modifiers = tuple[tuple[str, int], ...]
ATTACKS = ("attack", "strike")  # the purposes a natural hit (the `target` variant) always wins


def _sum(modifiers: Modifiers) -> int:
    total = 0
    for _, value in modifiers:  # a loop, not sum() of a generator: see game._eating
        total += value
    return total


# -- how a pool is built and read ----------------------------------------------------------------------------
def pool_size(rules, modifiers: int) -> int:
    """`pool`: the dice a check rolls; zero or fewer means the lowest of 2 - size dice is kept."""
    pool = rules.dice.pool
    return min(pool.base_dice + modifiers // pool.points_per_die, pool.max_dice)


def action_size(rules, modifiers: int, target: int) -> int:
    """`d6`: the dice an action roll takes, from how far the modifiers stand above the target."""
    d6 = rules.dice.d6
    return min(d6.base_dice + (modifiers - target + d6.pivot) // d6.points_per_die, d6.max_dice)


def _rolled(size: int, cap: int) -> int:
    """The dice on the table for a pool of `size`: itself, or two and one per missing die (at most `cap`)."""
    return size if size > 0 else min(2 - size, max(cap, 2))


def pool_read(faces, size: int) -> int:
    """`pool`: the highest die, or matching dice added when they beat it; with no dice, the lowest."""
    if size <= 0:
        return min(faces)
    counts = Counter(faces)
    return max(max(faces), max((face * n for face, n in counts.items() if n > 1), default=0))


def action_grade(rules, faces, size: int) -> tuple[int, bool, str]:
    """`d6`: (the die read, success, grade) for an action roll's faces."""
    d6 = rules.dice.d6
    read = min(faces) if size <= 0 else max(faces)
    if read >= d6.full_at:
        critical = size > 0 and sum(1 for face in faces if face >= d6.full_at) >= 2
        return read, True, "critical" if critical else ""
    if read >= d6.partial_at and size > d6.desperate_at:  # a desperate roll has no partial success
        return read, True, "cost"
    return read, False, ""


def pool_target(rules, target: int) -> int:
    """`pool`: the difficulty a read must reach for a d20 target."""
    pool = rules.dice.pool
    return (target + pool.target_add) // pool.target_div


# -- the variants ---------------------------------------------------------------------------------------------
class Variant:
    """One way of rolling the table's checks, named by rules.toml's [dice] `variant` (its numbers are
    the sub-table of the same name, rainboard/data/dice.py). Everything a variant does is here: how a
    check and a contest are rolled, what a roll's grade does to food, the exact chances, and how its
    roll is told. A new variant is a subclass with its `name` (registered on definition), and its
    sub-table in rules.toml. The defaults are the rulebook's d20: above the target succeeds."""

    name = ""
    told_target = ""  # how a roll's target is told after "vs": "" (above it), "to meet", "to reach"
    contest_shift = ""  # the [dice] sub-table whose target_add a contest's total is taken back by

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        VARIANTS[cls.name] = cls()
        Roll.tellers[cls.name] = VARIANTS[cls.name].pieces

    def roll(self, dice: Dice, rules, who: str, purpose: str, modifiers: Modifiers, m: int,
             target: int | None) -> Roll:
        natural = dice.roll(rules.check_die)
        return Roll(who=who, purpose=purpose, die=f"d{rules.check_die}", natural=natural, modifiers=modifiers,
                    target=target, success=None if target is None else natural + m > target, variant=self.name)

    def contest(self, dice: Dice, rules, mine: tuple[str, str, Modifiers],
                theirs: tuple[str, str, Modifiers]) -> tuple[Roll, Roll | None]:
        """They roll, then mine must beat their total, taken back by the target's shift if any."""
        their_roll = roll_check(dice, rules, *theirs)
        total = their_roll.total
        if self.contest_shift:  # a contest is met as it stands: the shift is for fixed targets
            total -= getattr(rules.dice, self.contest_shift).target_add
        return roll_check(dice, rules, *mine, target=total), their_roll

    def food(self, rules, roll: Roll) -> int:
        """Food pips a player's own roll (an attack or a flee) gains or costs by its grade."""
        return 0

    def totals(self, rules, m: int) -> tuple[tuple[tuple[int, int], ...], int]:
        """A side's totals in a contest with their ways, and all the ways."""
        sides = rules.check_die
        return tuple((face + m, 1) for face in range(1, sides + 1)), sides

    def chance(self, rules, attack: bool, m: int, target: int) -> Fraction:
        """The exact chance a check with summed modifiers `m` succeeds against a d20-scale target."""
        sides = rules.check_die
        return Fraction(sum(1 for face in range(1, sides + 1) if face + m > target), sides)

    def contest_chance(self, rules, mine: int, theirs: int) -> Fraction:
        meet = self.told_target == "to meet"
        (my_totals, my_ways), (their_totals, their_ways) = self.totals(rules, mine), self.totals(rules, theirs)
        wins = sum(p * q for a, p in my_totals for b, q in their_totals if a > b or (meet and a == b))
        return Fraction(wins, my_ways * their_ways)

    def pieces(self, roll: Roll) -> list[tuple[str, str]]:
        """The roll after "who rolls for what: " as (text, style) pieces: the die, each modifier, the
        total and what it had to beat."""
        head = [(f"{roll.die} ", ""), (str(roll.natural), "bold")] + _modifier_pieces(roll)
        if roll.modifiers:
            head += [(" = ", ""), (str(roll.total), "bold")]
        return head + self._target_pieces(roll)

    def _target_pieces(self, roll: Roll) -> list[tuple[str, str]]:
        if roll.target is None:
            return []
        return [(f" vs {roll.target}" + (f" ({self.told_target})" if self.told_target else ""), "")]


VARIANTS: dict[str, Variant] = {}


def _modifier_pieces(roll: Roll) -> list[tuple[str, str]]:
    return [(f" {'+' if v >= 0 else '-'} {abs(v)} {label}", "") for label, v in roll.modifiers]


def _faces(roll: Roll) -> str:
    return f"({', '.join(map(str, roll.faces))})"


# -- rolling and the odds, on the table's variant ----------------------------------------------------------------
def roll_check(dice: Dice, rules, who: str, purpose: str, modifiers: Modifiers = (),
               target: int | None = None) -> Roll:
    """One check under the table's dice; `target` None rolls for a total only (a chaser's side)."""
    modifiers = tuple(modifiers)
    return VARIANTS[rules.dice.variant].roll(dice, rules, who, purpose, modifiers, _sum(modifiers), target)


def roll_contest(dice: Dice, rules, mine: tuple[str, str, Modifiers],
                 theirs: tuple[str, str, Modifiers]) -> tuple[Roll, Roll | None]:
    """A contest, (who, purpose, modifiers) a side, as the table's variant rolls it (Variant.contest)."""
    return VARIANTS[rules.dice.variant].contest(dice, rules, mine, theirs)


def roll_food(rules, roll: Roll) -> int:
    """Food pips a player's own roll (an attack or a flee) gains or costs by its grade."""
    return VARIANTS[roll.variant].food(rules, roll)


# The odds count ways (whole numbers) over every face of the dice, and are kept per set of numbers: the
# simulator's players ask them thousands of times a game.
@lru_cache(maxsize=512)
def _reads(variant: str, sides: int, size: int, cap: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """Every read of a pool (`pool`, or a `d6` highest die) with the ways it comes up, and all the ways."""
    count = _rolled(size, cap)
    found: Counter = Counter()
    for faces in combinations_with_replacement(range(1, sides + 1), count):
        ways = factorial(count)
        for n in Counter(faces).values():
            ways //= factorial(n)
        read = pool_read(faces, size) if variant == "pool" else (min(faces) if size <= 0 else max(faces))
        found[read] += ways
    return tuple(sorted(found.items())), sides ** count


def check_chance(rules, purpose: str, modifiers: int, target: int) -> Fraction:
    """The exact chance a check with these summed modifiers succeeds against a d20-scale target."""
    return _check_chance(rules.check_die, rules.dice, purpose in ATTACKS, modifiers, target)


@lru_cache(maxsize=4096)
def _check_chance(check_die: int, dice, attack: bool, modifiers: int, target: int) -> Fraction:
    return VARIANTS[dice.variant].chance(_Numbers(check_die, dice), attack, modifiers, target)


def contest_chance(rules, mine: int, theirs: int) -> Fraction:
    """The exact chance my side wins a contest (as roll_contest rolls it) with these summed modifiers."""
    return _contest_chance(rules.check_die, rules.dice, mine, theirs)


@lru_cache(maxsize=4096)
def _contest_chance(check_die: int, dice, mine: int, theirs: int) -> Fraction:
    return VARIANTS[dice.variant].contest_chance(_Numbers(check_die, dice), mine, theirs)


@frozen
class _Numbers:
    """The two parts of the rules the odds read, as one key for their memory."""

    check_die: int
    dice: object
