"""The game's moving parts: frozen values. An engine step changes them through open copies
(drafts.py), which it freezes into the next state when it finishes."""

from __future__ import annotations

from enum import StrEnum

from attrs import field, frozen

from rainboard.data.models import GameData


class Status(StrEnum):
    """A player's condition within the cycle (string values: the digest and saves spell them so)."""

    AWAKE = "awake"
    HIBERNATING = "hibernating"  # fed and asleep in a shelter: karma rises at cycle end
    STARVED = "starved"  # asleep in a shelter without enough food: survives, karma unchanged
    DEAD = "dead"  # killed this cycle; wakes next cycle
    ASCENDED = "ascended"


class Phase(StrEnum):
    """Where the game as a whole stands."""

    CHOOSING = "choosing"  # players pick slugcats in turn order
    PLAYING = "playing"
    OVER = "over"


AWAKE, HIBERNATING, STARVED, DEAD, ASCENDED = Status
CHOOSING, PLAYING, OVER = Phase
SHELTERED = (HIBERNATING, STARVED)

PRECYCLE_DECK = "precycle"
TREASURE_DECK = "treasure"


@frozen
class HandCard:
    """A card kept in hand, remembering the deck it goes back to."""

    card: str
    deck: str


@frozen(weakref_slot=False)  # no weakref slot: a step's open copy (drafts.py) must have its very layout
class Player:
    name: str
    slugcat: str | None = None
    region: str = ""
    wake_region: str = ""  # where they wake after dying: the last shelter's region
    karma: int = 1
    reputation: int = 1
    food: int = 0
    food_parts: int = 0  # plant food a carnivore has eaten towards its next pip
    hand: tuple[HandCard, ...] = ()
    status: Status = AWAKE
    starving: bool = False  # starved last cycle: penalties, and a full board to hibernate
    turns: int = 0  # every turn taken in the game: the solo score
    cycle_turns: int = 0  # turns taken this cycle: the precycle deck's first turns
    region_turns: int = 0  # turns started in the current region: Farm Arrays' worm grass
    busy: int = 0  # turns still owed to a multi-turn action; they pass by themselves
    busy_task: str | None = None
    has_mark: bool = False
    reached_ending: bool = False  # entered the ascension region while bearing the Mark
    ending_hibernations: int = 0
    waiting: int = 0  # the ending's wait: turns left before ascending
    hunting: int | None = None  # the player this one tracked down last turn, to strike this turn
    escaped_from: tuple[int, ...] = ()  # attackers this player fled from this cycle: safe from them
    form: str | None = None  # a creature card this player has become (the Hunter's Long Legs)
    tamed_by: int | None = None  # a player in creature form can be tamed, and then follows its tamer


@frozen(weakref_slot=False)  # no weakref slot: as Player
class DeckState:
    draw: tuple[str, ...] = ()  # index 0 is the top
    discard: tuple[str, ...] = ()


@frozen
class Encounter:
    """A fight under way: the player faces one creature card."""

    player: int
    card: str
    deck: str | None  # where the card goes when the fight ends; None for a region's hazard
    exchange: int = 1
    ends_turn: bool = True  # a hazard met at the start of a turn leaves the turn to be played
    peaceful: bool = False  # a scavenger that lets the player pass
    provoked: bool = False  # the player attacked this scavenger (reputation already lost)


@frozen
class Market:
    """A scavenger merchant's offer: treasure cards to buy with items of enough pearl value."""

    player: int
    card: str  # the merchant's own card
    deck: str
    offers: tuple[str, ...] = ()


@frozen
class Duel:
    """A player struck at by another: the defender answers (fight back or flee) on the attacker's turn."""

    player: int  # the defender, who must choose now
    attacker: int


@frozen
class Decision:
    """A drawn or found card waiting for its player's choice (a shelter or a gate)."""

    player: int
    card: str
    deck: str


Pending = Encounter | Decision | Market | Duel

@frozen
class Options:
    precycles: bool = True
    wait_turns: bool | None = None  # the ending's four-turn wait; None: on with 2+ players, off solo

    def waits(self, players: int) -> bool:
        return self.wait_turns if self.wait_turns is not None else players > 1


@frozen(weakref_slot=False)  # no weakref slot: as Player (a step works on a Draft of it)
class GameState:
    data: GameData = field(eq=False, repr=False)  # the definitions; not part of the digest
    seed: int | str
    options: Options
    rng: int
    phase: Phase
    players: tuple[Player, ...]
    order: tuple[int, ...] = ()  # player indices, first to last
    turn: int = 0  # position in `order` of the player whose turn it is
    cycle: int = 0
    precycle: bool = False
    rain: int = 0  # the rain timer
    rain_start: int = 0  # what the timer was rolled at this cycle
    round: int = 0  # rounds played this cycle
    decks: dict[str, DeckState] = field(factory=dict)
    pending: Pending | None = None
    winner: int | None = None
    ranking: tuple[int, ...] = ()
    steps: int = 0  # engine steps taken: setting the game up counts as one, then one per action
    script: tuple[int, ...] = ()  # faces the next die rolls show; only tests set it; saves stay seed + actions

    @property
    def current(self) -> int:
        """The player whose turn it is."""
        return self.order[self.turn]

    @property
    def to_act(self) -> int | None:
        """The player who must choose now, or None when the game is over."""
        if self.phase == OVER:
            return None
        if self.phase == CHOOSING:
            return next(i for i in self.order if self.players[i].slugcat is None)
        if self.pending is not None:
            return self.pending.player
        return self.current
