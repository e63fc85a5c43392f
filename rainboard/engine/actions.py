"""What a player can do, as small values with a stable text form (the save file stores the text)."""

from __future__ import annotations

from attrs import frozen


class ActionParseError(ValueError):
    """Text that names no action."""


@frozen
class ChooseSlugcat:
    slugcat: str

    def __str__(self) -> str:
        return f"choose {self.slugcat}"


@frozen
class Draw:
    """Draw the top card of the region's deck, or of the precycle deck."""

    deck: str = "region"  # "region" or "precycle"

    def __str__(self) -> str:
        return "draw" if self.deck == "region" else f"draw {self.deck}"


@frozen
class TakeFood:
    def __str__(self) -> str:
        return "food"


@frozen
class SearchShelter:
    def __str__(self) -> str:
        return "search"


@frozen
class Hibernate:
    """Sleep in the shelter just drawn or found, or in a kept one (that costs the turn)."""

    def __str__(self) -> str:
        return "hibernate"


@frozen
class Starve:
    """Shelter without enough food: food to zero, survive the cycle."""

    def __str__(self) -> str:
        return "starve"


@frozen
class Keep:
    """Keep the drawn shelter or gate card in hand."""

    def __str__(self) -> str:
        return "keep"


@frozen
class CrossGate:
    """Cross the gate just drawn (gate None) or a kept gate card (costs the turn)."""

    gate: str | None = None

    def __str__(self) -> str:
        return "cross" if self.gate is None else f"cross {self.gate}"


@frozen
class Walk:
    """Cross to a linked region that needs no gate (The Wall and The Underhang)."""

    to: str

    def __str__(self) -> str:
        return f"walk {self.to}"


@frozen
class Attack:
    def __str__(self) -> str:
        return "attack"


@frozen
class Flee:
    def __str__(self) -> str:
        return "flee"


Action = ChooseSlugcat | Draw | TakeFood | SearchShelter | Hibernate | Starve | Keep | CrossGate | Walk | Attack | Flee

_NO_ARGUMENT = {
    "food": TakeFood(),
    "search": SearchShelter(),
    "hibernate": Hibernate(),
    "starve": Starve(),
    "keep": Keep(),
    "attack": Attack(),
    "flee": Flee(),
    "draw": Draw(),
    "cross": CrossGate(),
}
_ONE_ARGUMENT = {
    "choose": ChooseSlugcat,
    "draw": Draw,
    "cross": CrossGate,
    "walk": Walk,
}


def parse_action(text: str) -> Action:
    """The action a text form names: `parse_action(str(a)) == a` for every action."""
    words = text.split()
    if len(words) == 1 and words[0] in _NO_ARGUMENT:
        return _NO_ARGUMENT[words[0]]
    if len(words) == 2 and words[0] in _ONE_ARGUMENT:
        return _ONE_ARGUMENT[words[0]](words[1])
    raise ActionParseError(f"not an action: {text!r}")
