"""A creature met, as the player facing it sees it: its figures, its price to tame, its abilities and
its story (the fight panel shows it; the help explains a creature's abilities in these words)."""

from __future__ import annotations

from textual.content import Content

from rainboard.engine import abilities
from rainboard.engine.queries import tame_cost, tame_price
from rainboard.engine.state import Encounter, GameState

from ..words import signed


def _line(*pieces) -> Content:
    return Content.assemble(*pieces)


def ability_words(state: GameState, creature, viewer: int | None) -> list[str]:
    """Each of a creature's abilities in the words of decks/abilities.toml ("Ambush: strikes first,
    ..."), and, where a rule's number decides it, what that number means for the viewer."""
    rules = state.data.rules
    player = state.players[viewer] if viewer is not None else None
    words = []
    for ability in creature.abilities:
        said = state.data.abilities.get(ability)
        text = f"{said.name}: {said.text}" if said is not None else ability
        if ability == "aquatic" and player is not None and player.region:
            edge = sum(v for _, v in abilities.water_edge(state, player.region, creature))
            text += f" ({signed(edge)} here: {'water' if edge > 0 else 'dry'})"
        elif ability == "aquatic":
            text += f" (+{rules.aquatic_bonus} in water, -{rules.aquatic_bonus} out of it)"
        elif ability == "scavenger" and player is not None:
            text += (f" (yours {player.reputation}; {rules.scavenger_ignore_at} passes, "
                     f"{rules.scavenger_friend_at} joins)")
        words.append(text)
    return words


def creature_card_content(state: GameState, card_id: str, viewer: int | None, story: bool = True) -> Content:
    """A creature as the player facing it sees it: HP, food, its price to tame for that player,
    its attack and speed, its abilities and (unless `story` is False) its story."""
    creature = state.data.cards[card_id]
    lines: list[Content] = [_line((creature.name, "bold"))]
    if not creature.edible:
        food: Content = _line(("not edible", "$text-muted"))
    elif creature.food:
        food = _line(("●" * creature.food, "$text-success"), f" food {creature.food}")
    else:
        food = _line(("no food", "$text-muted"))
    lines.append(_line(f"HP {creature.hp} · ", food))
    lines.append(_line(f"attack {signed(creature.attack)} · speed {signed(creature.flee)}"))
    price = tame_cost(state, viewer, creature) if viewer is not None else None
    if tame_price(creature) is None:
        lines.append(_line(("cannot be tamed", "$text-muted")))
    elif price is None:
        lines.append(_line(f"tame for {tame_price(creature)} food"))
    else:
        cost, discounts = price
        lowered = "".join(f", {label} {signed(-v)}" for label, v in discounts)
        detail = f" ({tame_price(creature)}{lowered})" if discounts else ""
        short = state.players[viewer].food < cost
        lines.append(_line(f"tame for {cost} food", (detail, "$text-muted"),
                           (f" · you have {state.players[viewer].food}", "$text-warning") if short else ""))
    for words in ability_words(state, creature, viewer):
        lines.append(_line(("· ", "$text-muted"), words))
    pending = state.pending
    if isinstance(pending, Encounter) and pending.card == card_id and pending.peaceful:
        lines.append(_line(("✓ it lets you pass", "$text-success")))
    if creature.text and story:
        lines.append(_line((creature.text, "italic $text-muted")))
    return Content("\n").join(lines)
