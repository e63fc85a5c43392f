"""What happened during a step: the interface narrates these and a replay shows them."""

from __future__ import annotations

from attrs import frozen


def possessive(name: str) -> str:
    """"Scavenger's", but "Hunter Long Legs'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def the(name: str, capital: bool = False) -> str:
    """"the Outskirts deck", but "The Underhang deck", not "the The Underhang deck"."""
    if name.lower().startswith("the "):
        return ("T" if capital else "t") + name[1:]
    return ("The " if capital else "the ") + name


@frozen
class Roll:
    """One check: the die, every modifier by name, the total, and what it had to beat."""

    who: str
    purpose: str  # "attack", "flee", "strike", "rain", "turn order", "precycle"
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


@frozen
class Event:
    """One happening; `kind` says what, `text` says it in words for the log."""

    kind: str
    text: str
    player: int | None = None
    roll: Roll | None = None
    card: str | None = None
    region: str | None = None
    amount: int | None = None
