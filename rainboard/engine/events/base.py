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
    """One check: the die, every modifier by name, the total, and what it had to beat."""

    who: str
    purpose: str  # "attack", "flee", "strike", "chase", "turn order"
    die: str  # "d20", "2d6"
    natural: int
    modifiers: tuple[tuple[str, int], ...] = ()
    target: int | None = None  # the total must be strictly above this
    success: bool | None = None

    @property
    def total(self) -> int:
        return self.natural + sum(value for _, value in self.modifiers)

    def describe(self) -> str:
        parts = [f"{self.die} {self.natural}"]
        parts += [f"{'+' if v >= 0 else '-'} {abs(v)} {label}" for label, v in self.modifiers]
        text = " ".join(parts)
        if self.modifiers:
            text += f" = {self.total}"
        if self.target is not None:
            text += f" vs {self.target}"
            if self.success is not None:
                text += ": success" if self.success else ": failure"
        return f"{self.who} rolls for {self.purpose}: {text}"


@frozen(kw_only=True)
class Event:
    """Something that happened; `player` is whose story it belongs to (None: the table's)."""

    kind: ClassVar[str] = "event"
    player: int | None = None


