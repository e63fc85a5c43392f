"""What a player can do, as small values with a stable text form (the save file stores the text)."""

from __future__ import annotations

import re

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


def _with(verb: str, item: str | None) -> str:
    return verb if item is None else f"{verb} {item}"


@frozen
class Attack:
    """Attack the creature (or, as a defender, the attacking player), perhaps with an item."""

    item: str | None = None

    def __str__(self) -> str:
        return _with("attack", self.item)


@frozen
class Flee:
    item: str | None = None

    def __str__(self) -> str:
        return _with("flee", self.item)


@frozen
class Tame:
    """Pay the creature's tame cost in food pips (an item may lower it); it joins the hand."""

    item: str | None = None

    def __str__(self) -> str:
        return _with("tame", self.item)


@frozen
class Give:
    """Give a scavenger an item: reputation rises by one per half pearl of its worth."""

    item: str

    def __str__(self) -> str:
        return f"give {self.item}"


@frozen
class Leave:
    """Walk past a scavenger that ignores you, or stop trading with a merchant."""

    def __str__(self) -> str:
        return "leave"


@frozen
class Buy:
    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"


@frozen
class Eat:
    """Eat a food item from the hand; it does not use up the turn."""

    item: str

    def __str__(self) -> str:
        return f"eat {self.item}"


@frozen
class Hunt:
    """Track down another player in the same region, to strike at them next turn."""

    target: int

    def __str__(self) -> str:
        return f"hunt {self.target}"


@frozen
class Strike:
    """Attack the player hunted last turn, perhaps with an item (a spear, a bomb)."""

    target: int
    item: str | None = None

    def __str__(self) -> str:
        return f"strike {self.target}" if self.item is None else f"strike {self.target} {self.item}"


@frozen
class TamePlayer:
    """Tame the hunted player when they are in creature form (Hunter Long Legs)."""

    target: int

    def __str__(self) -> str:
        return f"tame {self.target}"


Action = (
    ChooseSlugcat | Draw | TakeFood | SearchShelter | Hibernate | Starve | Keep | CrossGate | Walk | Attack | Flee
    | Tame | Give | Leave | Buy | Eat | Hunt | Strike | TamePlayer
)

# An action that names nothing is a value like any other: one of each serves every list of legal
# actions (a list is made for every state, and reading a name costs far less than making one).
TAKE_FOOD, SEARCH, HIBERNATE, STARVE, KEEP = TakeFood(), SearchShelter(), Hibernate(), Starve(), Keep()
ATTACK, FLEE, TAME, LEAVE, DRAW, CROSS = Attack(), Flee(), Tame(), Leave(), Draw(), CrossGate()

_NO_ARGUMENT = {
    "food": TAKE_FOOD,
    "search": SEARCH,
    "hibernate": HIBERNATE,
    "starve": STARVE,
    "keep": KEEP,
    "attack": ATTACK,
    "flee": FLEE,
    "tame": TAME,
    "leave": LEAVE,
    "draw": DRAW,
    "cross": CROSS,
}
_ONE_ARGUMENT = {
    "choose": ChooseSlugcat,
    "draw": Draw,
    "cross": CrossGate,
    "walk": Walk,
    "attack": Attack,
    "flee": Flee,
    "tame": Tame,
    "give": Give,
    "buy": Buy,
    "eat": Eat,
}
_PLAYER_ARGUMENT = {"hunt": Hunt, "strike": Strike, "tame": TamePlayer}


# a player's number as an action writes it: ASCII digits only (str.isdigit takes "²" and "٣"
# too), no leading zero, and few enough that int() is instant
_PLAYER_NUMBER = re.compile(r"0|[1-9][0-9]{0,5}")
_DIGITS = re.compile(r"[0-9]+")


def parse_action(text: str) -> Action:
    """The action a text form names: `parse_action(str(a)) == a` for every action."""
    words = text.split()
    number = len(words) >= 2 and _PLAYER_NUMBER.fullmatch(words[1]) is not None
    if len(words) == 1 and words[0] in _NO_ARGUMENT:
        return _NO_ARGUMENT[words[0]]
    if len(words) == 2 and number and words[0] in _PLAYER_ARGUMENT:
        return _PLAYER_ARGUMENT[words[0]](int(words[1]))
    if len(words) == 3 and words[0] == "strike" and number and not _DIGITS.fullmatch(words[2]):
        return Strike(int(words[1]), words[2])
    if len(words) == 2 and words[0] in _ONE_ARGUMENT and not _DIGITS.fullmatch(words[1]):
        return _ONE_ARGUMENT[words[0]](words[1])
    raise ActionParseError(f"not an action: {text[:80]!r}")
