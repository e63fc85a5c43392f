"""Open copies of the state's frozen values, for one engine step to change by field name.

A step (step.py) works on a Draft of the game state, and on an OpenPlayer or an OpenDeck for each
player or deck it changes: plain classes with exactly the slots of GameState, Player and DeckState,
so a rule writes `step.edit(i).food = 3` as it would write any object. When the step finishes, each
open value becomes the frozen class in place, by assigning its `__class__`: Python allows that
between two classes of one layout (and `_check_layout` below tries it once at import), so nothing
is copied a second time and nothing can see a value half-built.

The copies are written out field by field on purpose: a player is opened about twice an action,
and an engine whose open_player loops over the fields (getattr/setattr) played random games 10%
slower in the same run (benchmarks/engine_versions.py, Python 3.11). tests/engine/test_speed.py
fails, naming the field, if a field is added to a class and not here.
"""

from __future__ import annotations

from .state import DeckState, GameState, Player

_new = object.__new__


class Draft:
    """The game state while a step changes it: a GameState's fields, written by name
    (`step.state.pending = None`). Its `players` is the step's own list, and its `decks` the step's
    own dict from the first deck it changes."""

    __slots__ = GameState.__slots__
    current = GameState.current
    to_act = GameState.to_act


class OpenPlayer:
    """A player while a step changes it (step.edit): a Player's fields, written by name."""

    __slots__ = Player.__slots__


class OpenDeck:
    """A deck while a step changes it (step.edit_deck): its draw and discard piles, written by name."""

    __slots__ = DeckState.__slots__


def open_state(state: GameState) -> Draft:
    """An open copy of the game state, with a list of its players; its decks stay the state's own
    dict until the step changes one (Step.edit_deck copies it then)."""
    new = _new(Draft)
    new.data = state.data
    new.seed = state.seed
    new.options = state.options
    new.rng = state.rng
    new.phase = state.phase
    new.players = list(state.players)
    new.order = state.order
    new.turn = state.turn
    new.cycle = state.cycle
    new.precycle = state.precycle
    new.rain = state.rain
    new.rain_start = state.rain_start
    new.round = state.round
    new.decks = state.decks
    new.pending = state.pending
    new.winner = state.winner
    new.ranking = state.ranking
    new.steps = state.steps
    new.script = state.script
    return new


def open_player(player: Player) -> OpenPlayer:
    """An open copy of a player."""
    new = _new(OpenPlayer)
    new.name = player.name
    new.slugcat = player.slugcat
    new.region = player.region
    new.wake_region = player.wake_region
    new.karma = player.karma
    new.reputation = player.reputation
    new.food = player.food
    new.food_parts = player.food_parts
    new.hand = player.hand
    new.status = player.status
    new.starving = player.starving
    new.turns = player.turns
    new.cycle_turns = player.cycle_turns
    new.region_turns = player.region_turns
    new.busy = player.busy
    new.busy_task = player.busy_task
    new.has_mark = player.has_mark
    new.reached_ending = player.reached_ending
    new.ending_hibernations = player.ending_hibernations
    new.waiting = player.waiting
    new.hunting = player.hunting
    new.escaped_from = player.escaped_from
    new.form = player.form
    new.tamed_by = player.tamed_by
    return new


def open_deck(deck: DeckState) -> OpenDeck:
    """An open copy of a deck."""
    new = _new(OpenDeck)
    new.draw = deck.draw
    new.discard = deck.discard
    return new


def _check_layout(open_cls, cls) -> None:
    """An instance may change class only between classes of one layout: a frozen class that gained a
    slot besides its fields (attrs' weakref slot, say) is refused here, at import."""
    if tuple(open_cls.__slots__) != tuple(field.name for field in cls.__attrs_attrs__):
        raise TypeError(f"{cls.__name__}'s slots are not its fields (give it weakref_slot=False)")
    trial = _new(open_cls)
    try:
        trial.__class__ = cls
    except TypeError as error:
        raise TypeError(f"{open_cls.__name__} cannot become a {cls.__name__}: {error}") from None


for _open, _frozen in ((Draft, GameState), (OpenPlayer, Player), (OpenDeck, DeckState)):
    _check_layout(_open, _frozen)
del _open, _frozen
