"""What a hand holds, sorted by kind: worked out once per hand and looked up after that.

Every turn's legal actions ask what the player keeps (a shelter to sleep in, gates to cross, items
to eat or strike with). A hand is a frozen tuple that states share until a card comes or goes, so
its sorting is kept per hand object: the entry holds the hand itself (so its id cannot be reused
while the entry lives) and the deck data it was sorted with, and nothing in it can change after.
Sorting every hand afresh instead played random 4-player games 10% slower (benchmarks/
engine_versions.py, same run, Python 3.11): a hand changes about once in three actions.
"""

from __future__ import annotations

from .tables import GATE, ITEM, SHELTER, tables


class Holding:
    """Cards by kind, each once, in the order first picked up: shelter ids, gate ids, item cards."""

    __slots__ = ("shelters", "gates", "items")

    def __init__(self, shelters: tuple[str, ...], gates: tuple[str, ...], items: tuple):
        self.shelters, self.gates, self.items = shelters, gates, items


NOTHING = Holding((), (), ())

# id(hand) -> (hand, data, Holding); emptied whole past _LIMIT, so hands of games long over go.
# A table holds a few dozen hands at once, and a small memory likely stays in the processor's cache: with
# 4,096 entries random 4-player play was about 3% slower than with 256 (same run), for the same hits.
_held: dict[int, tuple] = {}
_LIMIT = 256


def holding(data, hand: tuple) -> Holding:
    """What `hand` holds under this deck data."""
    if not hand:
        return NOTHING
    entry = _held.get(id(hand))
    if entry is not None and entry[0] is hand and entry[1] is data:
        return entry[2]
    table = tables(data)
    kinds, items = table.kind, table.items
    shelters: list[str] = []
    gates: list[str] = []
    found: dict[str, object] = {}
    for held in hand:
        card = held.card
        kind = kinds[card]
        if kind == SHELTER:
            if card not in shelters:
                shelters.append(card)
        elif kind == GATE:
            if card not in gates:
                gates.append(card)
        elif kind == ITEM and card not in found:
            found[card] = items[card]
    made = Holding(tuple(shelters), tuple(gates), tuple(found.values()))
    if len(_held) >= _LIMIT:
        _held.clear()
    _held[id(hand)] = (hand, data, made)
    return made
