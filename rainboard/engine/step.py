"""The working context of one engine step: the state being rebuilt, the dice, the events so far."""

from __future__ import annotations

from enum import Enum

from attrs import evolve

from .events import DeckReshuffled, Event, Roll, Rolled
from .rng import Dice
from .state import DeckState, GameState, HandCard, Player


class Turn(Enum):
    """What a handler or a turn-start rule says of the turn: it goes on (a free action), it is over
    (`apply` passes play on), or it waits on a decision (a choice, a fight, a defender's answer)."""

    GOES_ON = "goes on"
    OVER = "over"
    WAITS = "waits"


class Step:
    """Holds the newest state while an action is applied; every change goes through evolve."""

    def __init__(self, state: GameState):
        self.state = state
        self.dice = Dice(state.rng, state.script)
        self.events: list[Event] = []
        self.data = state.data
        self.rules = state.data.rules

    # -- players ---------------------------------------------------------------------------
    def player(self, index: int) -> Player:
        return self.state.players[index]

    def update_player(self, index: int, **changes) -> Player:
        players = list(self.state.players)
        players[index] = evolve(players[index], **changes)
        self.state = evolve(self.state, players=tuple(players))
        return players[index]

    def slugcat(self, index: int):
        return self.data.slugcats[self.player(index).slugcat]

    def region(self, index: int):
        return self.data.regions[self.player(index).region]

    def update(self, **changes) -> None:
        self.state = evolve(self.state, **changes)

    # -- events and dice ----------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, who: str, purpose: str, modifiers=(), target: int | None = None) -> Roll:
        """A d20 check: succeeds when the total is strictly above `target`."""
        natural = self.dice.roll(self.rules.check_die)
        roll = Roll(who=who, purpose=purpose, die=f"d{self.rules.check_die}", natural=natural,
                    modifiers=tuple(modifiers), target=target)
        if target is not None:
            roll = evolve(roll, success=roll.total > target)
        return roll

    def emit_roll(self, roll: Roll, player: int | None) -> None:
        """A roll in the log: the die, every modifier by name, the total and the verdict."""
        self.emit(Rolled(player=player, roll=roll))

    # -- decks ------------------------------------------------------------------------------
    def deck(self, deck_id: str) -> DeckState:
        return self.state.decks[deck_id]

    def set_deck(self, deck_id: str, deck: DeckState) -> None:
        decks = dict(self.state.decks)
        decks[deck_id] = deck
        self.update(decks=decks)

    def draw_card(self, deck_id: str) -> str | None:
        """Take the top card; an empty deck is first reshuffled from its discard pile."""
        deck = self.deck(deck_id)
        if not deck.draw:
            if not deck.discard:
                return None
            deck = DeckState(draw=self.dice.shuffle(deck.discard), discard=())
            self.emit(DeckReshuffled(deck=deck_id))
        card, rest = deck.draw[0], deck.draw[1:]
        self.set_deck(deck_id, DeckState(draw=rest, discard=deck.discard))
        return card

    def discard(self, card_id: str, deck_id: str | None) -> None:
        if deck_id is None:
            return
        deck = self.deck(deck_id)
        self.set_deck(deck_id, DeckState(draw=deck.draw, discard=deck.discard + (card_id,)))

    def give(self, index: int, card_id: str, deck_id: str) -> None:
        self.update_player(index, hand=self.player(index).hand + (HandCard(card_id, deck_id),))

    def return_held(self, index: int, which) -> tuple[HandCard, ...]:
        """The cards in a player's hand for which `which(held)` is true go back to their decks'
        discard piles, in hand order; they are returned."""
        hand = self.player(index).hand
        gone = tuple(held for held in hand if which(held))
        if gone:
            for held in gone:
                self.discard(held.card, held.deck)
            self.update_player(index, hand=tuple(held for held in hand if not which(held)))
        return gone

    def take_from_hand(self, index: int, card_id: str) -> HandCard:
        hand = list(self.player(index).hand)
        for i, held in enumerate(hand):
            if held.card == card_id:
                del hand[i]
                self.update_player(index, hand=tuple(hand))
                return held
        raise KeyError(card_id)

    def finish(self) -> GameState:
        return evolve(self.state, rng=self.dice.state, script=self.dice.script, steps=self.state.steps + 1)
