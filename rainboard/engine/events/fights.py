"""Events of fights: creatures met and fought, tamed and joined, scavengers and merchants, hunts."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from .base import Event

# -- fights -----------------------------------------------------------------------------------------
@frozen(kw_only=True)
class CreatureMet(Event):
    kind: ClassVar[str] = "encounter"
    card: str
    hp: int


@frozen(kw_only=True)
class Ambushed(Event):
    kind: ClassVar[str] = "ambush"
    card: str


@frozen(kw_only=True)
class Blasted(Event):
    """An explosive strike: the target's HP counts for less. Who blasts: an item, a creature card or
    a player in creature form; who is blasted: a creature card or a player."""

    kind: ClassVar[str] = "explosive"
    by_card: str | None = None
    by_player: int | None = None
    target_card: str | None = None
    target_player: int | None = None
    hp: int


@frozen(kw_only=True)
class CreatureKilled(Event):
    kind: ClassVar[str] = "killed"
    card: str


@frozen(kw_only=True)
class CompanionKilled(Event):
    kind: ClassVar[str] = "companion_kill"
    companion: str
    target_card: str | None = None
    target_player: int | None = None


@frozen(kw_only=True)
class AttackMissed(Event):
    kind: ClassVar[str] = "missed"


@frozen(kw_only=True)
class StrikeDodged(Event):
    kind: ClassVar[str] = "survived"
    card: str


@frozen(kw_only=True)
class Fled(Event):
    """An escape from a creature (`card`) or from a hunting player (`attacker`)."""

    kind: ClassVar[str] = "fled"
    card: str | None = None
    attacker: int | None = None


@frozen(kw_only=True)
class Caught(Event):
    kind: ClassVar[str] = "caught"
    card: str | None = None
    attacker: int | None = None


@frozen(kw_only=True)
class Tamed(Event):
    """A creature card tamed (`card`), or a player in creature form (`target`)."""

    kind: ClassVar[str] = "tamed"
    card: str | None = None
    target: int | None = None
    cost: int
    price: int  # before discounts
    discounts: tuple[tuple[str, int], ...] = ()


@frozen(kw_only=True)
class Untamed(Event):
    kind: ClassVar[str] = "untamed"
    tamer: int


@frozen(kw_only=True)
class Joined(Event):
    """A creature joins the hand without a fight: a slugpup, or a scavenger friend."""

    kind: ClassVar[str] = "joined"
    card: str
    how: str  # "slugpup", "known" (reputation high enough), "gift"


@frozen(kw_only=True)
class LetPass(Event):
    kind: ClassVar[str] = "ignored"
    card: str
    after_gift: bool = False


@frozen(kw_only=True)
class CreatureGaveUp(Event):
    """A fight that went the rules' most exchanges: the creature leaves."""

    kind: ClassVar[str] = "gave_up"
    card: str
    exchanges: int


@frozen(kw_only=True)
class WalkedPast(Event):
    kind: ClassVar[str] = "left"
    card: str


# -- scavengers -------------------------------------------------------------------------------------
@frozen(kw_only=True)
class ReputationChanged(Event):
    """Reputation after an attack on a scavenger (`item` None) or a gift of `item`."""

    kind: ClassVar[str] = "reputation"
    card: str
    item: str | None = None
    before: int
    after: int
    never_gains: bool = False  # the slugcat's reputation never rises (Artificer)


@frozen(kw_only=True)
class MarketOpened(Event):
    kind: ClassVar[str] = "market"
    card: str
    offers: tuple[str, ...]


@frozen(kw_only=True)
class Bought(Event):
    kind: ClassVar[str] = "bought"
    card: str
    paid: tuple[str, ...]


@frozen(kw_only=True)
class MerchantLeft(Event):
    kind: ClassVar[str] = "left"
    card: str


# -- players hunting players ----------------------------------------------------------------------------
@frozen(kw_only=True)
class Hunting(Event):
    kind: ClassVar[str] = "hunt"
    target: int


@frozen(kw_only=True)
class Pounced(Event):
    kind: ClassVar[str] = "strike"
    target: int


@frozen(kw_only=True)
class MustAnswer(Event):
    """The defender (`player`) must fight back or flee."""

    kind: ClassVar[str] = "answer"
    attacker: int


@frozen(kw_only=True)
class BrokeApart(Event):
    kind: ClassVar[str] = "standoff"
    attacker: int


@frozen(kw_only=True)
class Transformed(Event):
    kind: ClassVar[str] = "transformed"
    slugcat: str
    creature: str

