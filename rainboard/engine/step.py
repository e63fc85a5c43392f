"""The working context of one engine step: the state being rebuilt, the dice, the events so far."""

from __future__ import annotations

from typing import ClassVar

import attrs

from .dice import roll_check
from .events import DeckReshuffled, Event, Roll, Rolled
from .quick import copier, field_replacer, freezer, replacer
from .rng import Dice
from .state import DeckState, GameState, HandCard, Player

_FIELDS = tuple(field.name for field in attrs.fields(GameState))
_replace_player = replacer(Player)
_new_hand = field_replacer(Player, "hand")  # update_player(index, hand=...), a card kept or given up
_new = object.__new__
_KEEP = object()  # Step.update's default for `pending`: left as it is


class Turn:
    """What a handler or a turn-start rule says of the turn: it goes on (a free action), it is over
    (`apply` passes play on), or it waits on a decision (a choice, a fight, a defender's answer).

    Three fixed values, Turn.GOES_ON, Turn.OVER and Turn.WAITS, compared with `is`. A plain class
    rather than an Enum: they are asked for several times an action, and reading an Enum's member
    costs several times reading a plain class attribute."""

    __slots__ = ("value",)
    GOES_ON: ClassVar[Turn]
    OVER: ClassVar[Turn]
    WAITS: ClassVar[Turn]

    def __init__(self, value: str):
        self.value = value

    def __repr__(self) -> str:
        return f"<Turn {self.value}>"


Turn.GOES_ON, Turn.OVER, Turn.WAITS = Turn("goes on"), Turn("over"), Turn("waits")


class CycleEnds(Exception):
    """Raised where a cycle ends in a step that is not to wake the table (`Step.wake` False): the
    step stops there, as the cycle ended, for `game.apply` to give back."""


class Draft:
    """The game state being worked on during one step: a GameState's fields, open to change.

    Rules read it exactly as they read a GameState (`players[i]`, `decks[id]`, `pending`, `current`,
    `to_act`...); changes go through the Step, and `Step.finish` turns the draft itself into the
    next GameState (it has a GameState's very slots, so nothing is copied), at the end of the step. `players` is a list and `decks` a dict of the step's own
    once the step first changes them; before that they are the old state's, never changed in place.
    """

    __slots__ = _FIELDS
    current = GameState.current
    to_act = GameState.to_act


_draft = copier(Draft, GameState)
_freeze = freezer(Draft, GameState)


class Step:
    """Holds the state being rebuilt while an action is applied (a Draft), the dice and the events.

    Players stay frozen values, replaced one by one; `step.player(i)` taken before a change keeps the
    values from before it."""

    __slots__ = ("state", "dice", "events", "emit", "data", "rules", "_own_players", "_own_decks", "wake")

    def __init__(self, state: GameState):
        self.state = _draft(state)
        # Dice(state.rng, state.script), filled in directly: the state's script is a tuple already
        self.dice = dice = _new(Dice)
        dice.state, dice.script = state.rng, state.script
        self.events: list[Event] = []
        # `step.emit(event)` puts an event in the log: the list's own append, the commonest call of a step
        self.emit = self.events.append
        self.data = state.data
        self.rules = state.data.rules
        self._own_players = False
        self._own_decks = False
        self.wake = True  # False: the step stops where a cycle ends, before anyone wakes (CycleEnds)

    # -- players ---------------------------------------------------------------------------
    def player(self, index: int) -> Player:
        return self.state.players[index]

    def update_player(self, index: int, **changes) -> Player:
        return self.set_player(index, _replace_player(self.state.players[index], changes))

    def set_player(self, index: int, player: Player) -> Player:
        """Put a new value for the player in (one made by a quick.field_replacer, say); returned."""
        draft = self.state
        if not self._own_players:
            draft.players = list(draft.players)
            self._own_players = True
        draft.players[index] = player
        return player

    def slugcat(self, index: int):
        return self.data.slugcats[self.player(index).slugcat]

    def region(self, index: int):
        return self.data.regions[self.player(index).region]

    def update(self, pending=_KEEP, **changes) -> None:
        """Change fields of the state being built: `step.update(pending=None, rain=3)`."""
        draft = self.state
        if pending is not _KEEP:  # the commonest change of all, and often the only one: no loop for it
            draft.pending = pending
            if not changes:
                return
        try:
            for name, value in changes.items():
                setattr(draft, name, value)
        except AttributeError:  # the draft's slots are the state's fields: no slot, no field
            raise TypeError(f"a game state has no field {name!r}") from None
        if "players" in changes:
            self._own_players = False
        if "decks" in changes:
            self._own_decks = False

    # -- events and dice ----------------------------------------------------------------------
    def roll(self, who: str, purpose: str, modifiers=(), target: int | None = None) -> Roll:
        """A check on the table's dice (engine/dice.py); on the rulebook's d20 it succeeds when the
        total is strictly above `target`."""
        return roll_check(self.dice, self.rules, who, purpose, tuple(modifiers), target)

    def emit_roll(self, roll: Roll, player: int | None) -> None:
        """A roll in the log: the die, every modifier by name, the total and the verdict."""
        self.emit(Rolled(player=player, roll=roll))

    # -- decks ------------------------------------------------------------------------------
    def deck(self, deck_id: str) -> DeckState:
        return self.state.decks[deck_id]

    def set_deck(self, deck_id: str, deck: DeckState) -> None:
        draft = self.state
        if not self._own_decks:
            draft.decks = dict(draft.decks)
            self._own_decks = True
        draft.decks[deck_id] = deck

    def draw_card(self, deck_id: str) -> str | None:
        """Take the top card; an empty deck is first reshuffled from its discard pile."""
        deck = self.state.decks[deck_id]
        if not deck.draw:
            if not deck.discard:
                return None
            deck = DeckState(draw=self.dice.shuffle(deck.discard), discard=())
            self.emit(DeckReshuffled(deck=deck_id))
        card, rest = deck.draw[0], deck.draw[1:]
        self.set_deck(deck_id, DeckState(rest, deck.discard))
        return card

    def discard(self, card_id: str, deck_id: str | None) -> None:
        if deck_id is None:
            return
        deck = self.state.decks[deck_id]
        self.set_deck(deck_id, DeckState(deck.draw, deck.discard + (card_id,)))

    def give(self, index: int, card_id: str, deck_id: str) -> None:
        player = self.state.players[index]
        self.set_player(index, _new_hand(player, player.hand + (HandCard(card_id, deck_id),)))

    def return_held(self, index: int, which) -> tuple[HandCard, ...]:
        """The cards in a player's hand for which `which(held)` is true go back to their decks'
        discard piles, in hand order; they are returned."""
        gone, kept = [], []
        for held in self.state.players[index].hand:
            (gone if which(held) else kept).append(held)
        if gone:
            for held in gone:
                self.discard(held.card, held.deck)
            self.set_player(index, _new_hand(self.state.players[index], tuple(kept)))
        return tuple(gone)

    def take_from_hand(self, index: int, card_id: str) -> HandCard:
        player = self.state.players[index]
        hand = list(player.hand)
        for i, held in enumerate(hand):
            if held.card == card_id:
                del hand[i]
                self.set_player(index, _new_hand(player, tuple(hand)))
                return held
        raise KeyError(card_id)

    def finish(self) -> GameState:
        """The next game state: the draft frozen, with the dice's new position and one step more."""
        draft = self.state
        draft.rng, draft.script, draft.steps = self.dice.state, self.dice.script, draft.steps + 1
        if self._own_players:
            draft.players = tuple(draft.players)
        self._own_players = self._own_decks = False  # the new state holds them now: copy before any change
        return _freeze(draft)
