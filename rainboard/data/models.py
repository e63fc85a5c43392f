"""Frozen definitions of everything that lives in decks/: cards, slugcats, regions, rules.

These are static: a game's moving parts (who holds what, which card is on top) live in the
engine's state and refer to these definitions by id.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from attrs import field, frozen

from .dice import DiceRules
from .limits import (DECK_COUNT_MAX, DIE_SIDES, FIGHT_EXCHANGES, FOOD, GATE_COPIES_MAX, GIFT_PEARLS, HP, KARMA,
                     PEARLS, RAIN_BONUS, RAIN_DICE, RAIN_SIDES, SMALL, STAT, TAME, TURNS, between, card_id, identifier,
                     identifiers, optional, quoted, region_code, region_id)
from .limits import name as _name, text as _text

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

    name: str = field(validator=_name)  # "Ambush"
    text: str = field(validator=_text)  # one line: what it does in play


def _q(value) -> str:
    return quoted(value, mark="'")


def _in(choices: tuple[str, ...]):
    def check(instance, attribute, value):
        if value not in choices:
            raise ValueError(f"{attribute.name}: expected one of {', '.join(choices)}, got {_q(value)}")

    return check


def _each_in(choices: tuple[str, ...], noun: str):
    def check(instance, attribute, value):
        for item in value:
            if item not in choices:
                raise ValueError(f"{attribute.name}: unknown {noun} {_q(item)} (known: {', '.join(choices)})")

    return check


@frozen
class Modifier:
    """A bonus or penalty to a check, shown by its label whenever it applies."""

    stat: str = field(validator=_in(STATS))
    value: int = field(validator=between(*STAT))
    label: str = field(validator=_name)
    unless_item: str | None = field(default=None, validator=optional(identifier))  # holding this item cancels it
    needs_item: str | None = field(default=None, validator=optional(identifier))  # applies only while holding it
    needs_trait: str | None = field(default=None, validator=optional(identifier))  # only for slugcats with it
    in_region: str | None = field(default=None, validator=optional(identifier))  # applies only in this region
    in_water: bool = False  # applies only in water regions
    after_turns: int | None = field(default=None, validator=optional(between(*TURNS)))  # once turns pass this


@frozen
class CreatureCard:
    id: str = field(validator=card_id)
    name: str = field(validator=_name)
    hp: int = field(validator=between(*HP))
    food: int = field(validator=between(*FOOD))  # pips for killing it, and its tame price (rulebook: one number)
    attack: int = field(default=0, validator=between(*STAT))  # added to its d20 when it strikes at a player
    flee: int = field(default=0, validator=between(*STAT))  # added to its d20 when a player tries to flee
    diet: str = field(default="meat", validator=_in(("meat", "plants", "anything", "none")))
    abilities: tuple[str, ...] = field(default=(), validator=_each_in(ABILITIES, "ability"))
    edible: bool = True
    text: str = field(default="", validator=_text)
    kind: Literal["creature"] = "creature"


@frozen
class SavedCreatureCard(CreatureCard):
    """A creature read from the decks inside a save. Saves from before the tame price became the food
    value carry decks that may set `tame_cost` apart from it; those games must replay as they were
    played, so only decks carried by a save may still write it (decks/ may not). The engine's
    queries.tame_price reads it when it is there."""

    tame_cost: int | None = field(default=None, validator=optional(between(1, FOOD[1])))


@frozen
class FoodCard:
    id: str = field(validator=card_id)
    name: str = field(validator=_name)
    pips: int = field(validator=between(1, FOOD[1]))
    food_type: str = field(default="plant", validator=_in(FOOD_TYPES))
    text: str = field(default="", validator=_text)
    kind: Literal["food"] = "food"


def _pearl_steps(instance, attribute, value):
    between(*PEARLS)(instance, attribute, value)
    if value * 2 != int(value * 2):
        raise ValueError(f"{attribute.name}: must be a whole or half number of pearls, got {value}")


@frozen
class ItemCard:
    """Something a slugcat carries: used on its own turn or in a fight, traded, or given away."""

    id: str = field(validator=card_id)
    name: str = field(validator=_name)
    pearls: float = field(default=0, validator=_pearl_steps)  # worth to scavengers; a merchant's price
    attack: int = field(default=0, validator=between(*STAT))  # bonus to an attack made with it
    flee: int = field(default=0, validator=between(*STAT))  # bonus to a flee made with it
    explosive: bool = False  # an attack with it counts the target's HP as half
    tame: int = field(default=0, validator=between(*FOOD))  # food pips it takes off a tame cost
    food: int = field(default=0, validator=between(*FOOD))  # pips when eaten
    food_type: str = field(default="plant", validator=_in(FOOD_TYPES))
    reusable: bool = False  # stays in hand after an attack or flee (a spear kept); otherwise used up
    saves_karma: bool = False  # used up to keep karma through one death (karma flower)
    text: str = field(default="", validator=_text)
    kind: Literal["item"] = "item"

    @property
    def usable_in_attack(self) -> bool:
        return self.attack != 0 or self.explosive

    @property
    def usable_in_flight(self) -> bool:
        return self.flee != 0


@frozen
class ShelterCard:
    id: str = field(validator=card_id)
    name: str = field(validator=_name)
    text: str = field(default="", validator=_text)
    kind: Literal["shelter"] = "shelter"


@frozen
class MarkCard:
    """The Mark of Communication: the first step of the ending."""

    id: str = field(validator=card_id)
    name: str = field(validator=_name)
    text: str = field(default="", validator=_text)
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
    card: str = field(validator=identifier)
    count: int = field(default=1, validator=between(1, DECK_COUNT_MAX))


@frozen
class GateLink:
    """One end of a karma gate, written in the region the gate leads out of."""

    to: str = field(validator=identifier)
    karma: int = field(validator=between(1, 5))  # karma needed to pass from this region to `to`
    copies: int = field(default=1, validator=between(1, GATE_COPIES_MAX))  # gate cards of it in this region's deck


@frozen
class Region:
    id: str = field(validator=region_id)
    code: str = field(validator=region_code)
    name: str = field(validator=_name)
    text: str = field(default="", validator=_text)
    water: bool = False
    sheltered_from_rain: bool = False  # Five Pebbles: the rain cannot reach anyone inside
    gives_mark: bool = False  # Five Pebbles: the only deck the Mark of Communication may be in
    ascension: bool = False  # Subterranean: where the ending is played out
    hazard: str | None = field(default=None, validator=optional(identifier))  # a card met every `hazard_every`
    hazard_every: int = field(default=0, validator=between(*SMALL))  # turns here (Farm Arrays' worm grass)
    free_crossings: tuple[str, ...] = field(default=(), validator=identifiers)  # regions reachable without
    modifiers: tuple[Modifier, ...] = ()  # a gate or karma (The Wall <-> The Underhang)
    deck: tuple[DeckEntry, ...] = ()
    gates: tuple[GateLink, ...] = ()


@frozen
class Slugcat:
    id: str = field(validator=identifier)
    name: str = field(validator=_name)
    hp: int = field(validator=between(*HP))
    food_line: int = field(validator=between(1, FOOD[1]))  # pips needed to hibernate
    food_max: int = field(validator=between(1, FOOD[1]))
    diet: str = field(validator=_in(DIETS))
    start_region: str = field(validator=identifier)
    attack: int = field(default=0, validator=between(*STAT))
    flee: int = field(default=0, validator=between(*STAT))
    tame: int = field(default=0, validator=between(*TAME))
    traits: tuple[str, ...] = field(default=(), validator=identifiers)
    modifiers: tuple[Modifier, ...] = ()
    becomes: str | None = field(default=None, validator=optional(identifier))  # a creature card it turns into
    becomes_after: int = field(default=0, validator=between(*TURNS))  # ... once its turn count passes this
    text: str = field(default="", validator=_text)


def _rule(default, low, high):
    """A field of Rules: its default and the range a table may set it within."""
    return field(default=default, validator=between(low, high))


@frozen
class Rules:
    """Every number of the game that is not on a card."""

    check_die: int = _rule(20, *DIE_SIDES)
    turn_order_die: int = _rule(20, *DIE_SIDES)
    karma_min: int = _rule(1, *KARMA)
    karma_max: int = _rule(5, *KARMA)
    karma_start: int = _rule(1, *KARMA)
    reputation_min: int = _rule(1, *KARMA)
    reputation_max: int = _rule(5, *KARMA)
    reputation_start: int = _rule(1, *KARMA)
    rain_dice: int = _rule(2, *RAIN_DICE)
    rain_sides: int = _rule(6, *RAIN_SIDES)
    rain_bonus: int = _rule(2, *RAIN_BONUS)
    precycle_die: int = _rule(20, *DIE_SIDES)
    precycle_on: int = _rule(1, 1, DIE_SIDES[1])  # the precycle die's face that makes a precycle
    precycle_rain_bonus: int = _rule(2, *RAIN_BONUS)
    precycle_forced_turns: int = _rule(3, *SMALL)
    food_token_pips: int = _rule(1, *FOOD)
    carnivore_plant_parts: int = _rule(2, 1, FOOD[1])  # a carnivore needs this many plant pips for one pip
    search_shelter_turns: int = _rule(3, 1, SMALL[1])
    starvation_attack: int = _rule(-1, -SMALL[1], SMALL[1])
    starvation_flee: int = _rule(-1, -SMALL[1], SMALL[1])
    ending_hibernations: int = _rule(2, 1, SMALL[1])
    ending_wait_turns: int = _rule(4, *SMALL)
    player_kill_food: int = _rule(3, *FOOD)
    # rounds a player killed by another player sits out before waking again; 0: the rest of the cycle
    player_kill_rounds_out: int = _rule(0, *SMALL)
    scavenger_ignore_at: int = _rule(3, *KARMA)  # reputation from which scavengers let you pass
    scavenger_friend_at: int = _rule(5, *KARMA)  # reputation from which a scavenger joins you
    scavenger_friends_max: int = _rule(3, *SMALL)
    gift_pearls_per_reputation: float = _rule(0.5, *GIFT_PEARLS)
    merchant_offers: int = _rule(3, *SMALL)  # treasure cards a merchant shows
    # an aquatic creature's edge in water, and its handicap out of it
    aquatic_bonus: int = _rule(2, 0, STAT[1])
    # a fight still undecided after this many exchanges ends: the creature leaves
    fight_exchanges_max: int = _rule(30, *FIGHT_EXCHANGES)
    # the [dice] table: which dice checks are rolled with, and how each variant reads the numbers
    dice: DiceRules = field(factory=DiceRules)


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
