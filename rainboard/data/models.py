"""Frozen definitions of everything that lives in decks/: cards, slugcats, regions, rules.

These are static: a game's moving parts (who holds what, which card is on top) live in the
engine's state and refer to these definitions by id.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from attrs import field, frozen

STATS = ("attack", "flee", "tame")
DIETS = ("omnivore", "carnivore", "herbivore")
FOOD_TYPES = ("plant", "meat")
# Abilities the engine knows. Unknown ones are rejected when decks load.
ABILITIES = (
    "ambush",  # strikes before the player's first move
    "stationary",  # cannot be attacked or tamed, only fled
    "aggressive",  # cannot be fled on the first exchange (and, as a player's form, must hunt others)
    "explosive",  # its strike counts the victim's HP as half
    "aquatic",  # stronger in water regions, weaker out of them
    "scavenger",  # answers to the player's scavenger reputation
    "merchant",  # a scavenger who trades from the treasure deck
    "slugpup",  # joins whoever finds it, no fight
)


class CardKind(StrEnum):
    """What a card is; each card class's `kind` holds one of these values."""

    CREATURE = "creature"
    FOOD = "food"
    ITEM = "item"
    SHELTER = "shelter"
    MARK = "mark"
    GATE = "gate"


@frozen
class AbilityWords:
    """How a creature ability is named and said at the table (decks/abilities.toml)."""

    name: str  # "Ambush"
    text: str  # one line: what it does in play


def _in(choices: tuple[str, ...]):
    def check(instance, attribute, value):
        if value not in choices:
            raise ValueError(f"{attribute.name}: expected one of {', '.join(choices)}, got {value!r}")

    return check


def _each_in(choices: tuple[str, ...], noun: str):
    def check(instance, attribute, value):
        for item in value:
            if item not in choices:
                raise ValueError(f"{attribute.name}: unknown {noun} {item!r} (known: {', '.join(choices)})")

    return check


def _at_least(low: int):
    def check(instance, attribute, value):
        if value < low:
            raise ValueError(f"{attribute.name}: must be at least {low}, got {value}")

    return check


def _between(low: int, high: int):
    def check(instance, attribute, value):
        if not low <= value <= high:
            raise ValueError(f"{attribute.name}: must be between {low} and {high}, got {value}")

    return check


@frozen
class Modifier:
    """A bonus or penalty to a check, shown by its label whenever it applies."""

    stat: str = field(validator=_in(STATS))
    value: int
    label: str
    unless_item: str | None = None  # holding this item cancels it (a lantern in Shaded Citadel)
    needs_item: str | None = None  # applies only while holding this item (a spear, a bomb)
    needs_trait: str | None = None  # applies only to slugcats with this trait (swimmers)
    in_region: str | None = None  # applies only in this region
    in_water: bool = False  # applies only in water regions
    after_turns: int | None = None  # applies once the player's turn count is above this


@frozen
class CreatureCard:
    id: str
    name: str
    hp: int = field(validator=_at_least(1))
    food: int = field(validator=_at_least(0))  # pips for killing it, and its tame price (rulebook: one number)
    attack: int = 0  # added to its d20 when it strikes at a player
    flee: int = 0  # added to its d20 when a player tries to flee
    diet: str = field(default="meat", validator=_in(("meat", "plants", "anything", "none")))
    abilities: tuple[str, ...] = field(default=(), validator=_each_in(ABILITIES, "ability"))
    edible: bool = True
    text: str = ""
    kind: Literal["creature"] = "creature"


@frozen
class SavedCreatureCard(CreatureCard):
    """A creature read from the decks inside a save. Saves from before the tame price became the food
    value carry decks that may set `tame_cost` apart from it; those games must replay as they were
    played, so only decks carried by a save may still write it (decks/ may not). The engine's
    queries.tame_price reads it when it is there."""

    tame_cost: int | None = field(default=None, validator=lambda i, a, v: v is None or _at_least(1)(i, a, v))


@frozen
class FoodCard:
    id: str
    name: str
    pips: int = field(validator=_at_least(1))
    food_type: str = field(default="plant", validator=_in(FOOD_TYPES))
    text: str = ""
    kind: Literal["food"] = "food"


def _pearl_steps(instance, attribute, value):
    if value < 0 or value * 2 != int(value * 2):
        raise ValueError(f"{attribute.name}: must be a whole or half number of pearls, got {value}")


@frozen
class ItemCard:
    """Something a slugcat carries: used on its own turn or in a fight, traded, or given away."""

    id: str
    name: str
    pearls: float = field(default=0, validator=_pearl_steps)  # worth to scavengers; a merchant's price
    attack: int = 0  # bonus to an attack made with it
    flee: int = 0  # bonus to a flee made with it
    explosive: bool = False  # an attack with it counts the target's HP as half
    tame: int = field(default=0, validator=_at_least(0))  # food pips it takes off a tame cost
    food: int = field(default=0, validator=_at_least(0))  # pips when eaten
    food_type: str = field(default="plant", validator=_in(FOOD_TYPES))
    reusable: bool = False  # stays in hand after an attack or flee (a spear kept); otherwise used up
    saves_karma: bool = False  # used up to keep karma through one death (karma flower)
    text: str = ""
    kind: Literal["item"] = "item"

    @property
    def usable_in_attack(self) -> bool:
        return self.attack != 0 or self.explosive

    @property
    def usable_in_flight(self) -> bool:
        return self.flee != 0


@frozen
class ShelterCard:
    id: str
    name: str
    text: str = ""
    kind: Literal["shelter"] = "shelter"


@frozen
class MarkCard:
    """The Mark of Communication: the first step of the ending."""

    id: str
    name: str
    text: str = ""
    kind: Literal["mark"] = "mark"


Card = CreatureCard | FoodCard | ItemCard | ShelterCard | MarkCard
CARD_KINDS: dict[str, type] = {
    "creature": CreatureCard,
    "food": FoodCard,
    "item": ItemCard,
    "shelter": ShelterCard,
    "mark": MarkCard,
}


def gate_id(a: str, b: str) -> str:
    """The id of the gate card between two regions, the same from either side."""
    first, second = sorted((a, b))
    return f"gate_{first}_{second}"


@frozen
class GateCard:
    """A karma gate between two regions; built from the regions' [[gates]] tables, not written as a card."""

    id: str
    name: str
    a: str
    b: str
    a_to_b: int  # karma needed to pass from a to b
    b_to_a: int
    kind: Literal["gate"] = "gate"

    def other(self, region: str) -> str:
        return self.b if region == self.a else self.a

    def karma_from(self, region: str) -> int:
        return self.a_to_b if region == self.a else self.b_to_a


@frozen
class DeckEntry:
    card: str
    count: int = field(default=1, validator=_at_least(1))


@frozen
class GateLink:
    """One end of a karma gate, written in the region the gate leads out of."""

    to: str
    karma: int = field(validator=_between(1, 5))  # karma needed to pass from this region to `to`
    copies: int = field(default=1, validator=_at_least(1))  # gate cards of it in this region's deck


@frozen
class Region:
    id: str
    code: str
    name: str
    text: str = ""
    water: bool = False
    sheltered_from_rain: bool = False  # Five Pebbles: the rain cannot reach anyone inside
    gives_mark: bool = False  # Five Pebbles: the only deck the Mark of Communication may be in
    ascension: bool = False  # Subterranean: where the ending is played out
    hazard: str | None = None  # a card met every `hazard_every` turns here (Farm Arrays' worm grass)
    hazard_every: int = field(default=0, validator=_at_least(0))
    free_crossings: tuple[str, ...] = ()  # regions reachable without gate or karma (Wall <-> Underhang)
    modifiers: tuple[Modifier, ...] = ()
    deck: tuple[DeckEntry, ...] = ()
    gates: tuple[GateLink, ...] = ()


@frozen
class Slugcat:
    id: str
    name: str
    hp: int = field(validator=_at_least(1))
    food_line: int = field(validator=_at_least(1))  # pips needed to hibernate
    food_max: int = field(validator=_at_least(1))
    diet: str = field(validator=_in(DIETS))
    start_region: str
    attack: int = 0
    flee: int = 0
    tame: int = 0
    traits: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    becomes: str | None = None  # a creature card this slugcat turns into (the Hunter: Hunter Long Legs)
    becomes_after: int = field(default=0, validator=_at_least(0))  # ... once its turn count passes this
    text: str = ""


@frozen
class Rules:
    """Every number of the game that is not on a card."""

    check_die: int = 20
    turn_order_die: int = 20
    karma_min: int = 1
    karma_max: int = 5
    karma_start: int = 1
    reputation_min: int = 1
    reputation_max: int = 5
    reputation_start: int = 1
    rain_dice: int = 2
    rain_sides: int = 6
    rain_bonus: int = 2
    precycle_die: int = 20
    precycle_on: int = 1  # the precycle die's face that makes a precycle
    precycle_rain_bonus: int = 2
    precycle_forced_turns: int = 3
    food_token_pips: int = 1
    carnivore_plant_parts: int = 2  # a carnivore needs this many plant pips for one pip
    search_shelter_turns: int = 3
    starvation_attack: int = -1
    starvation_flee: int = -1
    ending_hibernations: int = 2
    ending_wait_turns: int = 4
    player_kill_food: int = 3
    scavenger_ignore_at: int = 3  # reputation from which scavengers let you pass
    scavenger_friend_at: int = 5  # reputation from which a scavenger joins you
    scavenger_friends_max: int = 3
    gift_pearls_per_reputation: float = 0.5
    merchant_offers: int = 3  # treasure cards a merchant shows
    aquatic_bonus: int = 2  # an aquatic creature's edge in water, and its handicap out of it
    fight_exchanges_max: int = 30  # a fight still undecided after this many exchanges ends: the creature leaves


STANDARD_PRESET = "standard"  # the game as rules.toml has it; there even when decks/presets/ is not


@frozen
class Preset:
    """A way to play the table (decks/presets/<id>.toml): a name, a line for the players, and the
    Rules fields it sets differently from rules.toml."""

    id: str  # the file's name without .toml: "short"
    name: str  # "Short game"
    text: str  # one line shown to players
    overrides: dict[str, int | float] = field(factory=dict)  # Rules field -> value, as the file sets them


@frozen
class GameData:
    """All definitions a game is played with, checked and cross-linked."""

    rules: Rules
    slugcats: dict[str, Slugcat]
    cards: dict[str, Card]
    regions: dict[str, Region]
    gates: dict[str, GateCard]
    precycle_deck: tuple[DeckEntry, ...]
    treasure_deck: tuple[DeckEntry, ...]
    fingerprint: str  # a digest of the data, so a state's digest depends on the cards it is played with
    abilities: dict[str, AbilityWords] = field(factory=dict)  # the words for each ability, by id
    files: dict[str, str] = field(factory=dict, eq=False, repr=False)  # the TOML it was read from
    preset: str = STANDARD_PRESET  # the preset whose overrides `rules` holds
    presets: dict[str, Preset] = field(factory=dict)  # every preset the decks offer, standard first

    def card(self, card_id: str) -> Card | GateCard:
        if card_id in self.cards:
            return self.cards[card_id]
        return self.gates[card_id]
