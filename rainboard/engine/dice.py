"""The table's dice: how one check is rolled, and the exact chance it succeeds, under each variant of
rules.toml's [dice] table (rainboard/data/dice.py holds the numbers and what each means).

Every check reaches here on the rulebook's d20 scale: modifiers by name and a target (strictly
above it succeeds on the d20), or a contest of two sides' modifiers (a flee against a chase). Each
variant maps those numbers onto its own dice, and the odds below count the same dice face by face,
so the chance the interface shows is the chance the roll has.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial

from attrs import evolve, frozen

from .events import Roll
from .rng import Dice

Modifiers = tuple[tuple[str, int], ...]
ATTACKS = ("attack", "strike")  # the purposes a natural hit (the `target` variant) always wins


def _sum(modifiers: Modifiers) -> int:
    total = 0
    for _, value in modifiers:  # a loop, not a generator: summed on every check
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


# -- rolling ------------------------------------------------------------------------------------------------
def roll_check(dice: Dice, rules, who: str, purpose: str, modifiers: Modifiers = (),
               target: int | None = None) -> Roll:
    """One check under the table's dice; `target` None rolls for a total only (a chaser's side)."""
    variant = rules.dice.variant
    modifiers = tuple(modifiers)
    m = _sum(modifiers)
    if variant == "d20":  # the rulebook's, and the most rolled: first, without the others' set-up
        natural = dice.roll(rules.check_die)
        return Roll(who=who, purpose=purpose, die=f"d{rules.check_die}", natural=natural, modifiers=modifiers,
                    target=target, success=None if target is None else natural + m > target, variant=variant)
    base = dict(who=who, purpose=purpose, modifiers=modifiers, variant=variant)
    if variant == "target":
        natural = dice.roll(rules.check_die)
        shown = None if target is None else target + rules.dice.target.target_add
        hit = purpose in ATTACKS and natural == rules.dice.target.natural_hit and shown is not None
        success = None if shown is None else hit or natural + m >= shown
        return Roll(die=f"d{rules.check_die}", natural=natural, target=shown, success=success,
                    grade="natural" if hit and natural + m < shown else "", **base)
    if variant == "2d10":
        two = rules.dice.two_d10
        faces = (dice.roll(two.sides), dice.roll(two.sides))
        shown = None if target is None else target + two.target_add
        success = None if shown is None else sum(faces) + m > shown
        return Roll(die=f"2d{two.sides}", natural=sum(faces), faces=faces, target=shown, success=success,
                    grade="critical" if faces[0] == faces[1] else "", **base)
    if variant == "pool":
        pool = rules.dice.pool
        size = pool_size(rules, m)
        faces = tuple(dice.roll(pool.sides) for _ in range(_rolled(size, pool.max_dice)))
        read = pool_read(faces, size)
        shown = None if target is None else pool_target(rules, target)
        return Roll(die=f"{len(faces)}d{pool.sides}", natural=read, faces=faces, pool=size, target=shown,
                    success=None if shown is None else read >= shown, **base)
    if variant == "d6":
        d6 = rules.dice.d6
        size = action_size(rules, m, target or 0)
        faces = tuple(dice.roll(d6.sides) for _ in range(_rolled(size, d6.max_dice)))
        read, success, grade = action_grade(rules, faces, size)
        return Roll(die=f"{len(faces)}d{d6.sides}", natural=read, faces=faces, pool=size, target=target,
                    success=success if target is not None else None, grade=grade if target is not None else "",
                    **base)
    raise ValueError(f"no such dice variant: {variant!r}")  # the loader admits only the five


def roll_contest(dice: Dice, rules, mine: tuple[str, str, Modifiers],
                 theirs: tuple[str, str, Modifiers]) -> tuple[Roll, Roll | None]:
    """A contest, (who, purpose, modifiers) a side: they roll, then mine must beat their total (meet
    it under `target`). Under `d6` only mine is rolled, against their modifiers + contest_target."""
    variant = rules.dice.variant
    if variant == "d6":
        target = _sum(theirs[2]) + rules.dice.d6.contest_target
        return roll_check(dice, rules, *mine, target=target), None
    their_roll = roll_check(dice, rules, *theirs)
    total = their_roll.total
    if variant == "pool":  # a pool must reach one more than the other pool's read
        mine_roll = roll_check(dice, rules, *mine)
        return evolve(mine_roll, target=total + 1, success=mine_roll.natural > total), their_roll
    if variant == "target":
        total -= rules.dice.target.target_add  # a contest is met as it stands: the shift is for fixed targets
    elif variant == "2d10":
        total -= rules.dice.two_d10.target_add
    return roll_check(dice, rules, *mine, target=total), their_roll


def roll_food(rules, roll: Roll) -> int:
    """Food pips a player's own roll (an attack or a flee) gains or costs by its grade."""
    dice = rules.dice
    variant = roll.variant
    if variant == "target" and roll.grade == "natural" and roll.purpose == "attack":
        return dice.target.natural_food
    if variant == "2d10" and roll.grade == "critical":
        if roll.purpose == "attack" and roll.success:
            return dice.two_d10.critical_food
        if roll.purpose == "flee" and not roll.success:
            return -dice.two_d10.fumble_food
    if variant == "d6" and roll.purpose in ("attack", "flee"):
        if roll.grade == "cost":
            return -(dice.d6.cost_food if roll.purpose == "attack" else dice.d6.flee_cost_food)
        if roll.grade == "critical" and roll.purpose == "attack":
            return dice.d6.critical_food
    return 0


# -- exact odds -----------------------------------------------------------------------------------------------
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


def _totals(rules, m: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """A side's totals in a contest with their ways, and all the ways (d20, target, 2d10: die +
    modifiers; pool: the read)."""
    variant = rules.dice.variant
    if variant == "2d10":
        sides = rules.dice.two_d10.sides
        found: Counter = Counter(a + b + m for a, b in product(range(1, sides + 1), repeat=2))
        return tuple(sorted(found.items())), sides * sides
    if variant == "pool":
        pool = rules.dice.pool
        return _reads("pool", pool.sides, pool_size(rules, m), pool.max_dice)
    sides = rules.check_die
    return tuple((face + m, 1) for face in range(1, sides + 1)), sides


def check_chance(rules, purpose: str, modifiers: int, target: int) -> Fraction:
    """The exact chance a check with these summed modifiers succeeds against a d20-scale target."""
    return _check_chance(rules.check_die, rules.dice, purpose in ATTACKS, modifiers, target)


@lru_cache(maxsize=4096)
def _check_chance(check_die: int, dice, attack: bool, modifiers: int, target: int) -> Fraction:
    rules = _Numbers(check_die, dice)
    variant = dice.variant
    if variant == "target":
        rule = dice.target
        shown = target + rule.target_add
        wins = sum(1 for face in range(1, check_die + 1)
                   if face + modifiers >= shown or (attack and face == rule.natural_hit))
        return Fraction(wins, check_die)
    if variant == "2d10":
        shown = target + dice.two_d10.target_add
        totals, ways = _totals(rules, modifiers)
        return Fraction(sum(n for t, n in totals if t > shown), ways)
    if variant == "pool":
        need = pool_target(rules, target)
        totals, ways = _totals(rules, modifiers)
        return Fraction(sum(n for t, n in totals if t >= need), ways)
    if variant == "d6":
        d6 = dice.d6
        size = action_size(rules, modifiers, target)
        need = d6.full_at if size <= d6.desperate_at else d6.partial_at
        reads, ways = _reads("d6", d6.sides, size, d6.max_dice)
        return Fraction(sum(n for read, n in reads if read >= need), ways)
    return Fraction(sum(1 for face in range(1, check_die + 1) if face + modifiers > target), check_die)


def contest_chance(rules, mine: int, theirs: int) -> Fraction:
    """The exact chance my side wins a contest (as roll_contest rolls it) with these summed modifiers."""
    return _contest_chance(rules.check_die, rules.dice, mine, theirs)


@lru_cache(maxsize=4096)
def _contest_chance(check_die: int, dice, mine: int, theirs: int) -> Fraction:
    rules = _Numbers(check_die, dice)
    if dice.variant == "d6":
        return _check_chance(check_die, dice, False, mine, theirs + dice.d6.contest_target)
    meet = dice.variant == "target"
    (my_totals, my_ways), (their_totals, their_ways) = _totals(rules, mine), _totals(rules, theirs)
    wins = sum(p * q for a, p in my_totals for b, q in their_totals if a > b or (meet and a == b))
    return Fraction(wins, my_ways * their_ways)


@frozen
class _Numbers:
    """The two parts of the rules the odds read, as one key for their memory."""

    check_die: int
    dice: object
