"""The table's dice variants, one class each (rules.toml [dice] `variant` names the one in play;
its numbers are the sub-table of the same name). Defining a class registers it (base.Variant)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

from attrs import evolve

from .base import (ATTACKS, Roll, Variant, _check_chance, _faces, _modifier_pieces, _reads, _rolled, _sum,
                   action_grade, action_size, pool_read, pool_size, pool_target, roll_check)


class D20(Variant):
    """The rulebook's: d20 + modifiers, strictly above the target."""

    name = "d20"


class MeetTheTarget(Variant):
    """`target`: d20 + modifiers meets or beats the target moved by target_add; on an attack the
    natural_hit face always hits, and a player's kill on it gains natural_food pips."""

    name = "target"
    told_target = "to meet"
    contest_shift = "target"

    def roll(self, dice, rules, who, purpose, modifiers, m, target):
        numbers = rules.dice.target
        natural = dice.roll(rules.check_die)
        shown = None if target is None else target + numbers.target_add
        hit = purpose in ATTACKS and natural == numbers.natural_hit and shown is not None
        success = None if shown is None else hit or natural + m >= shown
        return Roll(who=who, purpose=purpose, modifiers=modifiers, variant=self.name, die=f"d{rules.check_die}",
                    natural=natural, target=shown, success=success,
                    grade="natural" if hit and natural + m < shown else "")

    def food(self, rules, roll):
        return rules.dice.target.natural_food if roll.grade == "natural" and roll.purpose == "attack" else 0

    def chance(self, rules, attack, m, target):
        numbers = rules.dice.target
        shown = target + numbers.target_add
        wins = sum(1 for face in range(1, rules.check_die + 1)
                   if face + m >= shown or (attack and face == numbers.natural_hit))
        return Fraction(wins, rules.check_die)


class TwoD10(Variant):
    """`2d10`: two dice + modifiers above the target moved by target_add; doubles are a critical."""

    name = "2d10"
    contest_shift = "two_d10"

    def roll(self, dice, rules, who, purpose, modifiers, m, target):
        two = rules.dice.two_d10
        faces = (dice.roll(two.sides), dice.roll(two.sides))
        shown = None if target is None else target + two.target_add
        success = None if shown is None else sum(faces) + m > shown
        return Roll(who=who, purpose=purpose, modifiers=modifiers, variant=self.name, die=f"2d{two.sides}",
                    natural=sum(faces), faces=faces, target=shown, success=success,
                    grade="critical" if faces[0] == faces[1] else "")

    def food(self, rules, roll):
        if roll.grade != "critical":
            return 0
        if roll.purpose == "attack" and roll.success:
            return rules.dice.two_d10.critical_food
        if roll.purpose == "flee" and not roll.success:
            return -rules.dice.two_d10.fumble_food
        return 0

    def totals(self, rules, m):
        sides = rules.dice.two_d10.sides
        found: Counter = Counter(a + b + m for a, b in product(range(1, sides + 1), repeat=2))
        return tuple(sorted(found.items())), sides * sides

    def chance(self, rules, attack, m, target):
        shown = target + rules.dice.two_d10.target_add
        totals, ways = self.totals(rules, m)
        return Fraction(sum(n for t, n in totals if t > shown), ways)

    def pieces(self, roll):
        head = [(f"{roll.die} {_faces(roll)}", ""), (" doubles!" if roll.grade == "critical" else "", ""),
                (" = ", ""), (str(roll.natural), "bold")] + _modifier_pieces(roll)
        if roll.modifiers:
            head += [(" = ", ""), (str(roll.total), "bold")]
        return [piece for piece in head if piece[0]] + self._target_pieces(roll)


def _pool_pieces(roll: Roll, told_against: bool) -> list[tuple[str, str]]:
    """A pool's dice, what they read as, and (with modifiers) the size the modifiers gave it."""
    lowest = roll.pool <= 0
    head = [(f"{roll.die} ", ""), (_faces(roll), ""), (" keep the lowest: " if lowest else " read ", ""),
            (str(roll.natural), "bold")]
    if roll.modifiers or (told_against and roll.target is not None):
        head.append((f" ({roll.pool} {'die' if abs(roll.pool) == 1 else 'dice'}", ""))
        head += [(":", "")] + _modifier_pieces(roll) if roll.modifiers else []
        head.append((f" against {roll.target})" if told_against and roll.target is not None else ")", ""))
    return head


class Pool(Variant):
    """`pool`: dice by the modifiers, the highest (or matching dice added) must reach a difficulty."""

    name = "pool"
    told_target = "to reach"

    def roll(self, dice, rules, who, purpose, modifiers, m, target):
        pool = rules.dice.pool
        size = pool_size(rules, m)
        faces = tuple(dice.roll(pool.sides) for _ in range(_rolled(size, pool.max_dice)))
        read = pool_read(faces, size)
        shown = None if target is None else pool_target(rules, target)
        return Roll(who=who, purpose=purpose, modifiers=modifiers, variant=self.name,
                    die=f"{len(faces)}d{pool.sides}", natural=read, faces=faces, pool=size, target=shown,
                    success=None if shown is None else read >= shown)

    def contest(self, dice, rules, mine, theirs):
        """A pool must reach one more than the other pool's read."""
        their_roll = roll_check(dice, rules, *theirs)
        total = their_roll.total
        mine_roll = roll_check(dice, rules, *mine)
        return evolve(mine_roll, target=total + 1, success=mine_roll.natural > total), their_roll

    def totals(self, rules, m):
        pool = rules.dice.pool
        return _reads("pool", pool.sides, pool_size(rules, m), pool.max_dice)

    def chance(self, rules, attack, m, target):
        need = pool_target(rules, target)
        totals, ways = self.totals(rules, m)
        return Fraction(sum(n for t, n in totals if t >= need), ways)

    def pieces(self, roll):
        return [piece for piece in _pool_pieces(roll, False) if piece[0]] + self._target_pieces(roll)


class ActionRoll(Variant):
    """`d6`: a pool sized by how far the modifiers stand above the target; read the highest die."""

    name = "d6"

    def roll(self, dice, rules, who, purpose, modifiers, m, target):
        d6 = rules.dice.d6
        size = action_size(rules, m, target or 0)
        faces = tuple(dice.roll(d6.sides) for _ in range(_rolled(size, d6.max_dice)))
        read, success, grade = action_grade(rules, faces, size)
        return Roll(who=who, purpose=purpose, modifiers=modifiers, variant=self.name,
                    die=f"{len(faces)}d{d6.sides}", natural=read, faces=faces, pool=size, target=target,
                    success=success if target is not None else None, grade=grade if target is not None else "")

    def contest(self, dice, rules, mine, theirs):
        """Only mine is rolled, against their modifiers + contest_target."""
        target = _sum(theirs[2]) + rules.dice.d6.contest_target
        return roll_check(dice, rules, *mine, target=target), None

    def food(self, rules, roll):
        d6 = rules.dice.d6
        if roll.purpose not in ("attack", "flee"):
            return 0
        if roll.grade == "cost":
            return -(d6.cost_food if roll.purpose == "attack" else d6.flee_cost_food)
        if roll.grade == "critical" and roll.purpose == "attack":
            return d6.critical_food
        return 0

    def chance(self, rules, attack, m, target):
        d6 = rules.dice.d6
        size = action_size(rules, m, target)
        need = d6.full_at if size <= d6.desperate_at else d6.partial_at
        reads, ways = _reads("d6", d6.sides, size, d6.max_dice)
        return Fraction(sum(n for read, n in reads if read >= need), ways)

    def contest_chance(self, rules, mine, theirs):
        return _check_chance(rules.check_die, rules.dice, False, mine, theirs + rules.dice.d6.contest_target)

    def pieces(self, roll):
        return [piece for piece in _pool_pieces(roll, True) if piece[0]]  # its target sets the pool: told inside
