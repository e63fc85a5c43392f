"""The working context of one engine step: the state being rebuilt, the dice, the events so far."""

from __future__ import annotations

from .dice import roll_check
from .drafts import OpenDeck, OpenPlayer, open_deck, open_player, open_state
from .events import DeckReshuffled, Event, Roll, Rolled
from .rng import Dice
from .state import DeckState, GameState, HandCard, Player

_new = object.__new__

# A card in hand is a value (the card and the deck it goes back to): one HandCard for each pair
# given so far serves every hand after, as one action value serves every list of legal actions.
_HELD: dict[tuple[str, str], HandCard] = {}


class Turn:
    """What a handler or a turn-start rule says of the turn: it goes on (a free action), it is over
    (`apply` passes play on), or it waits on a decision (a choice, a fight, a defender's answer).

    Three named values, compared by identity (`result is Turn.OVER`). Not an Enum: every handler
    returns one and `apply` asks which, and reading a member of an Enum class goes through the Enum
    metaclass's own attribute lookup, several times slower than reading a plain class attribute."""

    __slots__ = ("value",)
    GOES_ON: Turn
    OVER: Turn
    WAITS: Turn

    def __init__(self, value: str):
        self.value = value

    def __repr__(self) -> str:
        return f"<Turn {self.value}>"


Turn.GOES_ON, Turn.OVER, Turn.WAITS = Turn("goes on"), Turn("over"), Turn("waits")


class CycleEnds(Exception):
    """Raised where a cycle ends in a step that is not to wake the table (`Step.wake` False): the
    step stops there, as the cycle ended, for `game.apply` to give back."""


class Step:
    """One action being applied: the game state being rebuilt (a Draft), the dice and the events.

    There is one way to change the game: open the part to change and write its fields by name.
    The state's own fields are written on the draft (`step.state.pending = None`); a player is
    opened by `step.edit(i)` and a deck by `step.edit_deck(deck_id)`, each an open copy that stays
    the step's own until `finish` freezes everything at once. Reading (`step.player(i)`,
    `step.state.players[i]`, `step.deck(id)`) gives the value as it is now: after an edit, the open
    copy, so a value needed from before a change is read before making it."""

    __slots__ = ("state", "dice", "events", "emit", "data", "rules", "wake", "_opened", "_opened_decks",
                 "_old_players", "_old_decks")

    def __init__(self, state: GameState):
        self.state = open_state(state)
        # Dice(state.rng, state.script), filled in directly: the state's script is a tuple already
        self.dice = dice = _new(Dice)
        dice.state, dice.script = state.rng, state.script
        self.events: list[Event] = []
        self.emit = self.events.append  # `step.emit(event)` puts an event in the log
        self.data = state.data
        self.rules = state.data.rules
        self.wake = True  # False: the step stops where a cycle ends, before anyone wakes (CycleEnds)
        self._opened: list[OpenPlayer] = []  # players edited, to freeze
        self._opened_decks: list[OpenDeck] = []
        self._old_players = state.players  # kept by `finish` when no player changed
        self._old_decks = state.decks  # the draft's decks until one changes (edit_deck copies them then)

    # -- players ---------------------------------------------------------------------------
    def player(self, index: int) -> Player:
        """The player as they are now in this step."""
        return self.state.players[index]

    def edit(self, index: int) -> OpenPlayer:
        """The player, open to change by field name (`step.edit(i).food = 3`): the same open copy
        for the rest of the step, frozen with everything else when it finishes."""
        players = self.state.players
        player = players[index]
        if type(player) is not OpenPlayer:
            player = players[index] = open_player(player)
            self._opened.append(player)
        return player

    def slugcat(self, index: int):
        return self.data.slugcats[self.player(index).slugcat]

    def region(self, index: int):
        return self.data.regions[self.player(index).region]

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
        """The deck as it is now in this step."""
        return self.state.decks[deck_id]

    def edit_deck(self, deck_id: str) -> OpenDeck:
        """The deck, open to change by field name (`step.edit_deck(id).discard = ()`), as `edit`."""
        decks = self.state.decks
        deck = decks[deck_id]
        if type(deck) is not OpenDeck:
            if decks is self._old_decks:  # the first deck changed: the step's own dict from now on
                decks = self.state.decks = dict(decks)
            deck = decks[deck_id] = open_deck(deck)
            self._opened_decks.append(deck)
        return deck

    def new_deck(self, deck_id: str, cards) -> None:
        """A deck that was not in the game yet (as the game starts), its draw pile `cards` shuffled."""
        decks = self.state.decks
        if deck_id in decks:
            raise ValueError(f"there is a deck {deck_id!r} already")
        if decks is self._old_decks:
            decks = self.state.decks = dict(decks)
        decks[deck_id] = DeckState(draw=self.dice.shuffle(cards))

    def draw_card(self, deck_id: str) -> str | None:
        """Take the top card; an empty deck is first reshuffled from its discard pile."""
        deck = self.state.decks[deck_id]
        if not deck.draw:
            if not deck.discard:
                return None
            deck = self.edit_deck(deck_id)
            deck.draw, deck.discard = self.dice.shuffle(deck.discard), ()
            self.emit(DeckReshuffled(deck=deck_id))
        else:
            deck = self.edit_deck(deck_id)
        card, deck.draw = deck.draw[0], deck.draw[1:]
        return card

    def discard(self, card_id: str, deck_id: str | None) -> None:
        if deck_id is None:
            return
        deck = self.edit_deck(deck_id)
        deck.discard += (card_id,)

    def give(self, index: int, card_id: str, deck_id: str) -> None:
        held = _HELD.get((card_id, deck_id))
        if held is None:
            held = _HELD[card_id, deck_id] = HandCard(card_id, deck_id)
        player = self.edit(index)
        player.hand += (held,)

    def return_held(self, index: int, which) -> tuple[HandCard, ...]:
        """The cards in a player's hand for which `which(held)` is true go back to their decks'
        discard piles, in hand order; they are returned."""
        gone, kept = [], []
        for held in self.state.players[index].hand:
            (gone if which(held) else kept).append(held)
        if gone:
            for held in gone:
                self.discard(held.card, held.deck)
            self.edit(index).hand = tuple(kept)
        return tuple(gone)

    def take_from_hand(self, index: int, card_id: str) -> HandCard:
        hand = self.state.players[index].hand
        for i, held in enumerate(hand):
            if held.card == card_id:
                self.edit(index).hand = hand[:i] + hand[i + 1:]
                return held
        raise KeyError(card_id)

    def finish(self) -> GameState:
        """The next game state: every open value frozen, with the dice's new position and one step more."""
        draft = self.state
        draft.rng, draft.script, draft.steps = self.dice.state, self.dice.script, draft.steps + 1
        if self._opened:
            for player in self._opened:
                player.__class__ = Player
            draft.players = tuple(draft.players)
        else:  # nobody changed: the old state's tuple serves
            draft.players = self._old_players
        for deck in self._opened_decks:  # (a step that changed no deck kept the old dict: it is shared)
            deck.__class__ = DeckState
        self._opened = self._opened_decks = ()  # a finished step changes nothing more
        draft.__class__ = GameState
        return draft
