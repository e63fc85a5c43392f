"""Events of the table: setting up, dice, cycles and turns, decks, food, shelter, karma, travel, the ending."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from .base import Event, Roll

# -- setting up -------------------------------------------------------------------------------
@frozen(kw_only=True)
class TurnOrderTie(Event):
    kind: ClassVar[str] = "tie"
    tied: tuple[int, ...]


@frozen(kw_only=True)
class TurnOrderSet(Event):
    kind: ClassVar[str] = "turn_order"
    order: tuple[int, ...]


@frozen(kw_only=True)
class SlugcatChosen(Event):
    kind: ClassVar[str] = "slugcat_chosen"
    slugcat: str


@frozen(kw_only=True)
class CreatureHidden(Event):
    """A creature some unplayed slugcat would become is shuffled into a region's deck."""

    kind: ClassVar[str] = "setup"
    slugcat: str
    creature: str
    region: str


# -- dice -------------------------------------------------------------------------------------
@frozen(kw_only=True)
class Rolled(Event):
    kind: ClassVar[str] = "roll"
    roll: Roll


# -- cycles, rounds, turns ----------------------------------------------------------------------
@frozen(kw_only=True)
class CycleStarted(Event):
    kind: ClassVar[str] = "cycle_started"
    cycle: int


@frozen(kw_only=True)
class PrecycleRolled(Event):
    kind: ClassVar[str] = "precycle_roll"
    die: int
    face: int
    precycle: bool


@frozen(kw_only=True)
class RainTimerRolled(Event):
    kind: ClassVar[str] = "rain_timer"
    dice: int
    sides: int
    faces: tuple[int, ...]
    bonus: int
    precycle_bonus: int  # 0 in an ordinary cycle
    timer: int


@frozen(kw_only=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    region: str


@frozen(kw_only=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    rain: int


@frozen(kw_only=True)
class RainFell(Event):
    kind: ClassVar[str] = "rain"


@frozen(kw_only=True)
class SparedByRain(Event):
    kind: ClassVar[str] = "rain_spared"
    region: str


@frozen(kw_only=True)
class CycleEnded(Event):
    kind: ClassVar[str] = "cycle_ended"
    cycle: int


@frozen(kw_only=True)
class Woke(Event):
    kind: ClassVar[str] = "woke"
    region: str


# -- decks ------------------------------------------------------------------------------------
@frozen(kw_only=True)
class DeckReshuffled(Event):
    kind: ClassVar[str] = "deck_reshuffled"
    deck: str
    card: str | None = None  # a card shuffled back in with the discards (the Mark)


@frozen(kw_only=True)
class DeckEmpty(Event):
    kind: ClassVar[str] = "deck_empty"
    deck: str


@frozen(kw_only=True)
class CardDrawn(Event):
    kind: ClassVar[str] = "drew"
    card: str
    deck: str


@frozen(kw_only=True)
class CardKept(Event):
    """A shelter or gate card kept, or an item picked up (`picked_up`)."""

    kind: ClassVar[str] = "kept"
    card: str
    picked_up: bool = False


@frozen(kw_only=True)
class CardLetGo(Event):
    """A drawn gate card put back (a player keeps one copy of a gate at most)."""

    kind: ClassVar[str] = "let_go"
    card: str


@frozen(kw_only=True)
class GatesLeftBehind(Event):
    """Kept gate cards that lead nowhere from the new region go back to their decks."""

    kind: ClassVar[str] = "gates_left"
    cards: tuple[str, ...]


@frozen(kw_only=True)
class CardConcealed(Event):
    """Another seat's card move as a table's screen tells it (rainboard/table/view.py): that a card
    was drawn (`did` "drew", from `deck`), kept ("kept"), put back ("let_go") or `count` kept cards
    went back to their decks ("returned"), never which card. The engine never emits it."""

    kind: ClassVar[str] = "concealed"
    did: str
    deck: str | None = None
    count: int = 1


@frozen(kw_only=True)
class MarkReceived(Event):
    kind: ClassVar[str] = "mark"
    card: str


# -- food, shelter, karma --------------------------------------------------------------------------
@frozen(kw_only=True)
class Fed(Event):
    """Food eaten: from a card (`card`), a player killed (`prey`), or a food token (neither)."""

    kind: ClassVar[str] = "food"
    card: str | None = None
    prey: int | None = None
    before: int
    after: int
    food_max: int
    gained: int  # pips the diet allowed, before the board's maximum cut them
    part_kept: bool = False  # a carnivore's plant food counted towards a later pip


@frozen(kw_only=True)
class SearchStarted(Event):
    kind: ClassVar[str] = "search"
    turns: int


@frozen(kw_only=True)
class Searching(Event):
    kind: ClassVar[str] = "busy"
    left: int


@frozen(kw_only=True)
class ShelterFound(Event):
    kind: ClassVar[str] = "search_found"
    card: str


@frozen(kw_only=True)
class ShelterNotFound(Event):
    kind: ClassVar[str] = "search_failed"
    deck: str


@frozen(kw_only=True)
class Hibernated(Event):
    kind: ClassVar[str] = "hibernated"
    region: str


@frozen(kw_only=True)
class Starved(Event):
    kind: ClassVar[str] = "starved"
    region: str


@frozen(kw_only=True)
class KarmaChanged(Event):
    kind: ClassVar[str] = "karma"
    before: int
    after: int


@frozen(kw_only=True)
class KarmaSaved(Event):
    """A karma flower used up: a death that costs no karma."""

    kind: ClassVar[str] = "karma_saved"
    card: str
    karma: int


@frozen(kw_only=True)
class Died(Event):
    """A death: in the rain (no killer), to a creature (`creature`) or to a player (`killer`)."""

    kind: ClassVar[str] = "died"
    creature: str | None = None
    killer: int | None = None


# -- travel -----------------------------------------------------------------------------------------
@frozen(kw_only=True)
class Moved(Event):
    """A region left for another: through a gate (`gate`), across a free crossing, or after a tamer."""

    kind: ClassVar[str] = "moved"
    origin: str
    region: str
    gate: str | None = None
    karma: int | None = None  # what the gate asked of this side
    leader: int | None = None  # the tamer followed


# -- the ending ---------------------------------------------------------------------------------------
@frozen(kw_only=True)
class EndingReached(Event):
    """The Mark carried into the ascension region."""

    kind: ClassVar[str] = "ending"
    region: str


@frozen(kw_only=True)
class EndingSlept(Event):
    kind: ClassVar[str] = "ending"
    region: str
    slept: int
    needed: int


@frozen(kw_only=True)
class Waited(Event):
    kind: ClassVar[str] = "waiting"
    left: int


@frozen(kw_only=True)
class Ascended(Event):
    kind: ClassVar[str] = "ascended"
    turns: int


@frozen(kw_only=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    turns: int

