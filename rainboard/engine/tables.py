"""Look-up tables worked out once per deck data, for the questions the rules ask on every action
(what kind of card is this, which cards are shelters, which are items).

GameData is frozen, so a table made from it stays true for as long as the data lives; tables are
kept per data object (by identity, dropped when the data is) and never depend on a game state.
"""

from __future__ import annotations

import weakref

from attrs import frozen

from rainboard.data.models import CardKind, GameData


@frozen
class Tables:
    kind: dict[str, CardKind]  # every card id, gates too -> its kind
    shelters: frozenset[str]  # shelter card ids
    items: dict[str, object]  # item card id -> the card


_made: dict[int, tuple[weakref.ref, Tables]] = {}
_newest: tuple = (None, None)  # the data last asked about and its tables: nearly always the one asked


def tables(data: GameData) -> Tables:
    """The tables for this deck data, made on first use."""
    global _newest
    if _newest[0] is data:
        return _newest[1]
    entry = _made.get(id(data))
    if entry is not None and entry[0]() is data:
        _newest = (data, entry[1])
        return entry[1]
    kind = {gate_id: gate.kind for gate_id, gate in data.gates.items()}
    kind.update((card_id, card.kind) for card_id, card in data.cards.items())  # as data.card: cards first
    made = Tables(
        kind=kind,
        shelters=frozenset(c for c, k in kind.items() if k == CardKind.SHELTER),
        items={c: data.cards[c] for c, k in kind.items() if k == CardKind.ITEM},
    )
    key = id(data)

    def forget(ref: weakref.ref) -> None:
        if _made.get(key, (None,))[0] is ref:
            del _made[key]

    _made[key] = (weakref.ref(data, forget), made)
    _newest = (data, made)
    return made
