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
    becoming: frozenset[str]  # slugcats that become a creature after some turns (hunts.transform)
    hazards: frozenset[str]  # regions with a hazard met every few turns (turns._hazard)


# The card kinds by plain name, for the rules that ask a card's kind on every action: reading a member
# of an Enum class (CardKind.SHELTER) goes through the Enum metaclass's own attribute lookup, several
# times slower than reading a module's name.
CREATURE, FOOD, ITEM, SHELTER, MARK, GATE = (CardKind.CREATURE, CardKind.FOOD, CardKind.ITEM, CardKind.SHELTER,
                                             CardKind.MARK, CardKind.GATE)

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
        shelters=frozenset(c for c, k in kind.items() if k == SHELTER),
        items={c: data.cards[c] for c, k in kind.items() if k == ITEM},
        becoming=frozenset(s for s, slugcat in data.slugcats.items() if slugcat.becomes is not None),
        hazards=frozenset(r for r, region in data.regions.items()
                          if region.hazard is not None and region.hazard_every > 0),
    )
    key = id(data)

    def forget(ref: weakref.ref) -> None:
        if _made.get(key, (None,))[0] is ref:
            del _made[key]

    _made[key] = (weakref.ref(data, forget), made)
    _newest = (data, made)
    return made
