"""The base of every event, and the roll a check shows.

Events carry indices and ids, never sentences: the narrator (narrator.py) turns them into English,
and the interface matches on their types and fields. `kind` is a short stable name for logs and
tests; nothing should decide anything by it.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen


@frozen
class Roll:
    """One check: the dice, every modifier by name, the total, and what it had to beat.

    `variant` names the table's dice (rules.toml [dice]); the fields after it were added with the
    dice variants and keep their defaults for the rulebook's d20."""

    who: str
    purpose: str  # "attack", "flee", "strike", "chase", "turn order"
    die: str  # "d20", "2d6", "2d10", "4d6"
    natural: int  # the die's face; with several dice, what they read as (a sum, a kept die, matches added)
    modifiers: tuple[tuple[str, int], ...] = ()
    target: int | None = None  # d20, 2d10: the total must be above it; target, pool: reach it; d6: sets the pool
    success: bool | None = None
    variant: str = "d20"
    faces: tuple[int, ...] = ()  # every die's face, when more than one die was rolled
    pool: int | None = None  # pool, d6: the dice the modifiers gave (zero or fewer: keep the lowest)
    grade: str = ""  # "critical", "cost" (a success with a cost), "natural" (a face that always hits)
    food: int = 0  # food pips the roll's grade gained (+) or cost (-) the player
    tellers: ClassVar[dict] = {}  # variant name -> how its roll is told (each dice variant's `pieces`)

    @property
    def total(self) -> int:
        if self.pool is not None:  # a pool is read, not added to
            return self.natural
        return self.natural + sum(value for _, value in self.modifiers)

    def pieces(self) -> list[tuple[str, str]]:
        """The roll after "who rolls for what: ", as (text, style) pieces, style "" or "bold"; the
        narrator joins them, the log shows the bold ones bold. Each variant says it in its own words:
        its class in engine/dice.py registers how (Roll.tellers)."""
        return Roll.tellers[self.variant](self)

    def verdict(self) -> str | None:
        """"success", "failure", or the grade's words ("critical success", "success at a cost", "natural
        20: a hit"), with the food it brought; None for a roll against no target."""
        if self.success is None:
            return None
        word = "success" if self.success else "failure"
        if self.grade == "critical":
            word = f"critical {word}"
        elif self.grade == "cost":
            word = "success at a cost"
        elif self.grade == "natural":
            word = f"natural {self.natural}: a hit"
        if self.food:
            word += f" ({'+' if self.food > 0 else '-'}{abs(self.food)} food)"
        return word

    def describe(self) -> str:
        text = "".join(text for text, _ in self.pieces())
        verdict = self.verdict()
        if verdict is not None:
            text += f": {verdict}"
        return f"{self.who} rolls for {self.purpose}: {text}"



@frozen(kw_only=True)
class Event:
    """Something that happened; `player` is whose story it belongs to (None: the table's)."""

    kind: ClassVar[str] = "event"
    player: int | None = None


