"""Which bonuses and penalties apply to a player's check, each with the name the roll shows."""

from __future__ import annotations

from .state import GameState


def check_modifiers(state: GameState, index: int, stat: str) -> tuple[tuple[str, int], ...]:
    """Every modifier to `stat` ("attack", "flee", "tame") for this player now, in a stable order."""
    data = state.data
    player = state.players[index]
    slugcat = data.slugcats[player.slugcat]
    region = data.regions[player.region]
    held = {card.card for card in player.hand}
    found: list[tuple[str, int]] = []

    base = getattr(slugcat, stat)
    if base:
        found.append((slugcat.name, base))
    for modifier in slugcat.modifiers + region.modifiers:
        if modifier.stat != stat:
            continue
        if modifier.unless_item is not None and modifier.unless_item in held:
            continue
        if modifier.needs_trait is not None and modifier.needs_trait not in slugcat.traits:
            continue
        if modifier.after_turns is not None and player.turns <= modifier.after_turns:
            continue
        found.append((modifier.label, modifier.value))
    if player.starving:
        penalty = {"attack": data.rules.starvation_attack, "flee": data.rules.starvation_flee}.get(stat, 0)
        if penalty:
            found.append(("starving", penalty))
    return tuple(found)
