"""Scavenger merchants: three treasure cards, bought with items whose pearls cover the price."""

from __future__ import annotations

from attrs import evolve

from .actions import Buy, Leave
from .flow import end_turn
from .items import give_away
from .state import TREASURE_DECK, DeckState, GameState, Market
from .step import Step


def open_market(step: Step, index: int, card_id: str, deck_id: str | None) -> None:
    merchant = step.data.cards[card_id]
    offers = []
    for _ in range(step.rules.merchant_offers):
        card = step.draw_card(TREASURE_DECK)
        if card is None:
            break
        offers.append(card)
    names = ", ".join(f"{step.name_of(c)} ({pearls(_price(step.state, c))})" for c in offers) or "nothing"
    step.emit("market", f"A {merchant.name} spreads out its wares: {names}.", player=index, card=card_id)
    step.update(pending=Market(player=index, card=card_id, deck=deck_id, offers=tuple(offers)))


def pearls(value: float) -> str:
    """1 pearl, 1.5 pearls, half a pearl."""
    if value == 0.5:
        return "half a pearl"
    return f"{value:g} pearl" + ("" if value == 1 else "s")


def _price(state: GameState, card_id: str) -> float:
    return state.data.cards[card_id].pearls


def payment(state: GameState, index: int, price: float) -> tuple[str, ...] | None:
    """The items a player pays with: the least pearl value that covers the price, then the fewest
    items, then the earliest in hand; None if everything held is not enough."""
    if price <= 0:
        return ()
    valued = [h.card for h in state.players[index].hand
              if state.data.card(h.card).kind == "item" and state.data.cards[h.card].pearls > 0]
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


def legal_in_market(state: GameState, market: Market) -> list:
    moves: list = []
    for card in dict.fromkeys(market.offers):
        if payment(state, market.player, _price(state, card)) is not None:
            moves.append(Buy(card))
    moves.append(Leave())
    return moves


def buy(step: Step, card_id: str) -> None:
    market = step.state.pending
    index = market.player
    paid = payment(step.state, index, _price(step.state, card_id))
    for item in paid:
        give_away(step, index, item)
    offers = list(market.offers)
    offers.remove(card_id)
    step.update(pending=evolve(market, offers=tuple(offers)))
    step.give(index, card_id, TREASURE_DECK)
    paid_names = ", ".join(step.name_of(c) for c in paid) or "nothing"
    step.emit("bought", f"{step.player(index).name} buys a {step.name_of(card_id)} for {paid_names}.",
              player=index, card=card_id)


def leave_market(step: Step) -> None:
    """Unbought cards go under the treasure deck; the merchant moves on."""
    market = step.state.pending
    deck = step.deck(TREASURE_DECK)
    step.set_deck(TREASURE_DECK, DeckState(draw=deck.draw + market.offers, discard=deck.discard))
    step.discard(market.card, market.deck)
    step.update(pending=None)
    step.emit("left", f"The merchant packs up and moves on.", player=market.player)
    end_turn(step)
