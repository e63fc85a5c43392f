"""A slugcat to choose, in words: its numbers, diet, start, traits and story (the pick screen)."""

from __future__ import annotations

from textual.content import Content

from rainboard.data.models import GameData, Modifier

from ..words import signed


STAT_WORDS = {"attack": "attack", "flee": "flee", "tame": "tame cost"}


def modifier_words(data: GameData, modifier: Modifier) -> str:
    """A trait in words: "+1 flee in Outskirts", "+2 attack while carrying Scavenger Bomb"."""
    if modifier.stat == "tame":
        # a tame modifier takes pips off the price: +1 reads as one pip less
        amount = f"tame cost {signed(-modifier.value)}"
    else:
        amount = f"{signed(modifier.value)} {STAT_WORDS.get(modifier.stat, modifier.stat)}"
    conditions = []
    if modifier.in_region is not None:
        conditions.append(f"in {data.regions[modifier.in_region].name}")
    if modifier.in_water:
        conditions.append("in water regions")
    if modifier.needs_item is not None:
        conditions.append(f"while carrying {data.card(modifier.needs_item).name}")
    if modifier.unless_item is not None:
        conditions.append(f"unless carrying {data.card(modifier.unless_item).name}")
    if modifier.needs_trait is not None:
        conditions.append(f"for a {modifier.needs_trait}")
    if modifier.after_turns is not None:
        conditions.append(f"after {modifier.after_turns} turns")
    return " ".join([amount, *conditions])


def trait_words(data: GameData, trait: str) -> str:
    """A slugcat's trait tag in words, with what the regions do for it."""
    if trait == "no_reputation":
        return "scavengers never warm to it: gifts give no reputation"
    given = [(region, m) for region in data.regions.values() for m in region.modifiers if m.needs_trait == trait]
    if not given:
        return trait.replace("_", " ")
    effects = []
    for stat, value in dict.fromkeys((m.stat, m.value) for _, m in given):
        regions = {region.id for region, m in given if (m.stat, m.value) == (stat, value)}
        water = {r.id for r in data.regions.values() if r.water}
        where = "in water regions" if regions == water else "in " + ", ".join(
            data.regions[r].name for r in sorted(regions))
        effects.append(f"{signed(value)} {stat} {where}")
    return f"{trait.replace('_', ' ')}: {'; '.join(effects)}"


DIET_WORDS = {
    "omnivore": "eats plants and meat",
    "carnivore": "eats meat; plants count {share}",
    "herbivore": "eats plants; meat gives nothing",
}


def slugcat_preview_content(data: GameData, slugcat_id: str) -> Content:
    """A slugcat to choose: body, food, stats, diet, start region, traits and its story."""
    slugcat = data.slugcats[slugcat_id]
    parts = data.rules.carnivore_plant_parts
    share = "half" if parts == 2 else f"1/{parts}"
    lines: list[Content] = [
        Content.assemble((slugcat.name, "bold $text-accent")),
        Content.assemble(f"HP {slugcat.hp} · hibernates at {slugcat.food_line} of {slugcat.food_max} food"),
        Content.assemble(f"attack {signed(slugcat.attack)} · flee {signed(slugcat.flee)}"
              + (f" · tame cost {signed(-slugcat.tame)}" if slugcat.tame else "")),
        Content.assemble(DIET_WORDS[slugcat.diet].format(share=share)),
        Content.assemble(f"starts in {data.regions[slugcat.start_region].name}"),
    ]
    traits = [modifier_words(data, m) for m in slugcat.modifiers]
    traits += [trait_words(data, t) for t in slugcat.traits]
    if slugcat.becomes is not None:
        traits.append(f"becomes {data.cards[slugcat.becomes].name} after {slugcat.becomes_after} turns")
    for modifier, words in zip(slugcat.modifiers, traits):
        lines.append(Content.assemble("· ", words, (f" ({modifier.label})", "$text-muted")))
    for words in traits[len(slugcat.modifiers):]:
        lines.append(Content.assemble("· ", words))
    if slugcat.text:
        lines.append(Content.assemble((slugcat.text, "italic $text-muted")))
    return Content("\n").join(lines)


# -- a creature met ----------------------------------------------------------------------------------
