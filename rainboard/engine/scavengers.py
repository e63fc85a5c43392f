"""Scavenger merchants: three treasure cards, bought with items whose pearls cover the price."""

from __future__ import annotations

from attrs import evolve

from rainboard.data.models import CardKind

from .actions import LEAVE, Buy
from .events import Bought, MarketOpened, MerchantLeft
from .items import give_away
from .state import TREASURE_DECK, GameState, Market
from .step import Step, Turn


def open_market(step: Step, index: int, card_id: str, deck_id: str | None) -> None:
    offers = []
    for _ in range(step.rules.merchant_offers):
        card = step.draw_card(TREASURE_DECK)
        if card is None:
            break
        offers.append(card)
    step.emit(MarketOpened(player=index, card=card_id, offers=tuple(offers)))
    step.state.pending = Market(player=index, card=card_id, deck=deck_id, offers=tuple(offers))


def price_of(state: GameState, card_id: str) -> float:
    """A merchant's price for a card, in pearls."""
    return state.data.cards[card_id].pearls


def _valued(state: GameState, index: int) -> list[str]:
    """The items in a player's hand a merchant takes: those with a pearl value, in hand order."""
    return [h.card for h in state.players[index].hand
            if state.data.card(h.card).kind == CardKind.ITEM and state.data.cards[h.card].pearls > 0]


def pearls_held(state: GameState, index: int) -> float:
    """What everything a player could pay a merchant with is worth, in pearls."""
    return sum(state.data.cards[card].pearls for card in _valued(state, index))


def payment(state: GameState, index: int, price: float) -> tuple[str, ...] | None:
    """The items a player pays with: the least pearl value that covers the price, then the fewest
    items, then the earliest in hand; None if everything held is not enough."""
    if price <= 0:
        return ()
    valued = _valued(state, index)
    halves = [round(state.data.cards[c].pearls * 2) for c in valued]
    need = round(price * 2)
    ceiling = need + max(halves, default=0)
    best: dict[int, tuple[int, ...]] = {0: ()}  # a sum of half pearls -> the fewest items making it
    for i, value in enumerate(halves):
        for total, combo in list(best.items()):
            if total >= need or total + value > ceiling:
                continue
            grown = combo + (i,)
            known = best.get(total + value)
            if known is None or len(grown) < len(known):
                best[total + value] = grown
    enough = sorted(total for total in best if total >= need)
    return tuple(valued[i] for i in best[enough[0]]) if enough else None


def unpaid_offers(state: GameState, market: Market) -> list[tuple[str, float, float]]:
    """The merchant's cards the player's items cannot pay for, each once: (card, its price, the
    pearls everything they could pay with is worth)."""
    held = pearls_held(state, market.player)
    unpaid = [(card, price_of(state, card)) for card in dict.fromkeys(market.offers)]
    return [(card, price, held) for card, price in unpaid if payment(state, market.player, price) is None]


def legal_in_market(state: GameState, market: Market) -> list:
    moves: list = []
    for card in dict.fromkeys(market.offers):
        if payment(state, market.player, price_of(state, card)) is not None:
            moves.append(Buy(card))
    moves.append(LEAVE)
    return moves


def buy(step: Step, action: Buy) -> Turn:
    """Pay with items and take the card; the merchant stays for more trade."""
    market = step.state.pending
    index = market.player
    paid = payment(step.state, index, price_of(step.state, action.card))
    for item in paid:
        give_away(step, index, item)
    offers = list(market.offers)
    offers.remove(action.card)
    step.state.pending = evolve(market, offers=tuple(offers))
    step.give(index, action.card, TREASURE_DECK)
    step.emit(Bought(player=index, card=action.card, paid=tuple(paid)))
    return Turn.GOES_ON


def leave_market(step: Step) -> Turn:
    """Unbought cards go under the treasure deck; the merchant moves on."""
    market = step.state.pending
    step.edit_deck(TREASURE_DECK).draw += market.offers
    step.discard(market.card, market.deck)
    step.state.pending = None
    step.emit(MerchantLeft(player=market.player, card=market.card))
    return Turn.OVER
