"""Which bonuses and penalties apply to a check, each with the name the roll shows."""

from __future__ import annotations

from .abilities import water_edge
from .narrator import possessive
from .state import GameState


def check_modifiers(state: GameState, index: int, stat: str) -> tuple[tuple[str, int], ...]:
    """Every modifier to `stat` ("attack", "flee", "tame") for this player now, in a stable order."""
    data = state.data
    player = state.players[index]
    slugcat = data.slugcats[player.slugcat]
    region = data.regions[player.region]
    held = None  # the card ids in hand, gathered when a modifier first asks
    found: list[tuple[str, int]] = []

    form = data.cards[player.form] if player.form else None
    if form is not None and stat == "attack":
        if form.attack:
            found.append((form.name, form.attack))  # a creature form fights with its own strength
    else:
        base = getattr(slugcat, stat)
        if base:
            found.append((slugcat.name, base))
    for modifier in slugcat_traits(state, index) + region.modifiers:
        if modifier.stat != stat:
            continue
        if held is None and (modifier.unless_item is not None or modifier.needs_item is not None):
            held = {card.card for card in player.hand}
        if modifier.unless_item is not None and modifier.unless_item in held:
            continue
        if modifier.needs_item is not None and modifier.needs_item not in held:
            continue
        if modifier.needs_trait is not None and modifier.needs_trait not in slugcat.traits:
            continue
        if modifier.in_region is not None and modifier.in_region != player.region:
            continue
        if modifier.in_water and not region.water:
            continue
        if modifier.after_turns is not None and player.turns <= modifier.after_turns:
            continue
        found.append((modifier.label, modifier.value))
    if player.starving:
        penalty = {"attack": data.rules.starvation_attack, "flee": data.rules.starvation_flee}.get(stat, 0)
        if penalty:
            found.append(("starving", penalty))
    return tuple(found)


def slugcat_traits(state: GameState, index: int) -> tuple:
    """The slugcat card's own modifiers that hold for this player: all of them, or, once the slugcat
    has become a creature and discarded its card (rulebook: "they discard 'The Hunter' card"), only
    those the card gives for good once its turns have passed (`after_turns`: the Hunter's
    "permanently gain -1 to fleeing after 20 turns"); the rest, such as spear mastery, go with it."""
    player = state.players[index]
    modifiers = state.data.slugcats[player.slugcat].modifiers
    if player.form is None:
        return modifiers
    return tuple(m for m in modifiers if m.after_turns is not None)


def creature_modifiers(state: GameState, region_id: str, creature, stat: str) -> tuple[tuple[str, int], ...]:
    """A creature's own modifiers to its strike ("attack") or its chase ("flee")."""
    found: list[tuple[str, int]] = []
    base = getattr(creature, stat)
    if base:
        found.append((f"{possessive(creature.name)} {'attack' if stat == 'attack' else 'speed'}", base))
    found += water_edge(state, region_id, creature)
    return tuple(found)


def player_hp(state: GameState, index: int) -> int:
    """The HP a strike must beat: the slugcat's, or its creature form's."""
    player = state.players[index]
    if player.form:
        return state.data.cards[player.form].hp
    return state.data.slugcats[player.slugcat].hp
