"""Setting up a position by hand: fixed dice, stacked decks, players placed and dealt cards.

For tests, and for a table that wants to replay a moment from a real game. Each function takes a
game state and returns a new one; nothing here changes the rules, so every action that follows is
played by the engine as usual.

    state = stack(state, "su", "green_lizard")  # Ada's next draw in Outskirts
    state = script_dice(state, 15)               # and her attack roll shows a 15
    state, events = apply(state, "draw")
    state, events = apply(state, "attack")

A state set up this way is no longer what its seed and actions rebuild, so it cannot be saved and
replayed: saves stay seed + actions.
"""

from __future__ import annotations

from attrs import evolve

from .state import PLAYING, DeckState, GameState, HandCard


def script_dice(state: GameState, *faces: int) -> GameState:
    """The next die rolls show these faces, in order, after any faces still scripted.

    Only die rolls are scripted (checks, the rain timer, the precycle roll, turn order); shuffles
    still come from the seed. A face that is not on the die rolled raises ValueError at the roll.
    """
    for face in faces:
        if not isinstance(face, int) or isinstance(face, bool) or face < 1:
            raise ValueError(f"a die face is a whole number from 1 up, not {face!r}")
    return evolve(state, script=state.script + tuple(faces))


def stack(state: GameState, deck: str, *cards: str) -> GameState:
    """Put these cards on top of a deck's draw pile, the first named on top.

    A card already in that deck (draw or discard pile) is moved rather than copied, so the deck
    keeps its size; a card the deck does not hold is added.
    """
    old = state.decks[deck]
    draw, discard = _take(cards, old.draw, old.discard)
    decks = dict(state.decks)
    decks[deck] = DeckState(draw=tuple(cards) + draw, discard=discard)
    return evolve(state, decks=decks)


def place(state: GameState, index: int, **changes) -> GameState:
    """Change a player's fields, e.g. place(state, 0, region="su", food=3, karma=2)."""
    players = list(state.players)
    players[index] = evolve(players[index], **changes)
    return evolve(state, players=tuple(players))


def give_cards(state: GameState, index: int, *cards: str, deck: str | None = None) -> GameState:
    """Add these cards to a player's hand; each goes back to `deck` when played or dropped.

    Without `deck`, each card belongs to the deck that holds a copy of it (the player's region
    first), or else to the player's region. A copy held by that deck is taken out of it, so the
    card is not in the game twice.
    """
    hand = list(state.players[index].hand)
    decks = dict(state.decks)
    region = state.players[index].region
    for card in cards:
        home = deck or _home(decks, card, region)
        if home in decks:
            old = decks[home]
            draw, discard = _take((card,), old.draw, old.discard)
            decks[home] = DeckState(draw=draw, discard=discard)
        hand.append(HandCard(card, home))
    state = evolve(state, decks=decks)
    return place(state, index, hand=tuple(hand))


def set_turn_order(state: GameState, order) -> GameState:
    """Make `order` (player indices, first to last) the turn order, with the first player to play.

    Meant for the start of a turn: the turn already begun is counted to the new first player
    instead of the one it was begun for.
    """
    order = tuple(order)
    if sorted(order) != list(range(len(state.players))):
        raise ValueError(f"a turn order names every player once: {order}")
    if state.order and state.phase == PLAYING and state.current != order[0]:
        old, new = state.players[state.current], state.players[order[0]]
        state = place(state, state.current, turns=old.turns - 1, cycle_turns=old.cycle_turns - 1)
        state = place(state, order[0], turns=new.turns + 1, cycle_turns=new.cycle_turns + 1)
    return evolve(state, order=order, turn=0)


def _take(cards, draw: tuple[str, ...], discard: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The piles with one copy of each card taken out (the topmost), where there is one."""
    draw, discard = list(draw), list(discard)
    for card in cards:
        if card in draw:
            draw.remove(card)
        elif card in discard:
            discard.remove(card)
    return tuple(draw), tuple(discard)


def _home(decks: dict[str, DeckState], card: str, region: str) -> str:
    for deck_id in [region] + [d for d in decks if d != region]:
        if deck_id in decks and card in decks[deck_id].draw + decks[deck_id].discard:
            return deck_id
    return region
