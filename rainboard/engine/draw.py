"""Drawing a card from a deck, and the choice a drawn shelter or gate asks for."""

from __future__ import annotations

from .actions import KEEP, Draw, Keep
from .combat import start_encounter
from .events import CardDrawn, CardKept, DeckEmpty, DeckReshuffled, MarkReceived
from .food import feed
from .shelter import sleep_action
from .state import Decision, GameState
from .step import Step, Turn
from .tables import CREATURE, FOOD, GATE, ITEM, MARK, SHELTER
from .travel import legal_gate_decision


def draw(step: Step, action: Draw) -> Turn:
    """The top card of the region's (or the precycle) deck, and what it does at once."""
    index = step.state.current
    player = step.player(index)
    deck_id = player.region if action.deck == "region" else action.deck
    card_id = step.draw_card(deck_id)
    if card_id is None:
        step.emit(DeckEmpty(player=index, deck=deck_id))
        return Turn.OVER
    card = step.data.card(card_id)
    step.emit(CardDrawn(player=index, card=card_id, deck=deck_id))
    kind = card.kind
    if kind == CREATURE:
        return start_encounter(step, index, card_id, deck_id, ends_turn=True)
    if kind == FOOD:
        feed(step, index, card.pips, card.food_type, card=card_id)
        step.discard(card_id, deck_id)
        return Turn.OVER
    if kind == SHELTER or kind == GATE:
        step.state.pending = Decision(player=index, card=card_id, deck=deck_id)
        return Turn.WAITS
    if kind == ITEM:
        step.give(index, card_id, deck_id)
        step.emit(CardKept(player=index, card=card_id, picked_up=True))
        return Turn.OVER
    assert kind == MARK, kind
    if not player.has_mark:
        step.edit(index).has_mark = True
        step.emit(MarkReceived(player=index, card=card_id))
    # the Mark is shuffled back into the whole deck (discards too), so every player can find it;
    # into the draw pile alone, a pile of just the Mark would be drawn for ever
    deck = step.edit_deck(deck_id)
    deck.draw, deck.discard = step.dice.shuffle(deck.draw + deck.discard + (card_id,)), ()
    step.emit(DeckReshuffled(deck=deck_id, card=card_id))
    return Turn.OVER


def legal_decision(state: GameState, decision: Decision) -> list:
    """A drawn or found shelter: sleep in it or keep it. A gate: cross (karma permitting) or keep."""
    if state.data.card(decision.card).kind == SHELTER:
        return [sleep_action(state, decision.player), KEEP]
    return legal_gate_decision(state, decision)


def keep(step: Step, action: Keep) -> Turn:
    decision = step.state.pending
    step.state.pending = None
    step.give(decision.player, decision.card, decision.deck)
    step.emit(CardKept(player=decision.player, card=decision.card))
    return Turn.OVER
