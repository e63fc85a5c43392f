"""Fights that could only stop at the exchange limit: a slugcat and a creature that can never hurt
each other, where the slugcat can neither get away nor tame it.

Each exchange of a fight (engine/combat.py) ends it if the player kills the creature, flees, tames
it or is let pass, or if the creature's strike kills the player. When none of these can ever happen
the fight goes on until rules.fight_exchanges_max gives up on it: the decks are wrong, and the check
says which slugcat and which creature.

"Never" is judged on the best case the decks allow the slugcat in the regions where the creature
can be met: every bonus its own modifiers and the region's could give at once, the best item, the
best companion it could have, the die's top face; against the creature's best strike and slowest
chase there. So a pair reported here is stuck in every game; bonuses that can never meet may hide
a stuck pair from the check, never make one up. The creature's side is asked of the engine (its
abilities, its tame price, how an explosive strike counts HP), so check and play agree on it.
"""

from __future__ import annotations

from collections.abc import Iterable

from .models import CardKind, CreatureCard, Rules, Slugcat


def stalemates(rules: Rules, slugcats: Iterable[tuple[str, Slugcat]], cards: dict, regions: dict,
               meetings: dict[str, set[str]]) -> list[str]:
    """One line per stuck pair, `<place>: ...`, for each slugcat (with the place that names it in
    its file) against each creature card in `meetings`, which maps it to the regions it can be met in."""
    from rainboard.engine import abilities
    from rainboard.engine.queries import tame_price

    slugcats = list(slugcats)
    creatures = {cid: c for cid, c in cards.items() if c.kind == CardKind.CREATURE}
    items = [c for c in cards.values() if c.kind == CardKind.ITEM]
    forms = [creatures[s.becomes] for _, s in slugcats if s.becomes in creatures]
    gifts = any(item.pearls > 0 for item in items)
    die = rules.check_die

    def bonus(stat: str, slugcat: Slugcat, where: set[str]) -> int:
        """The most the slugcat's own modifiers and one region's could add to `stat` at once."""
        own = sum(m.value for m in slugcat.modifiers if m.stat == stat and m.value > 0)
        here = max((sum(m.value for m in regions[r].modifiers if m.stat == stat and m.value > 0) for r in where),
                   default=0)
        return own + here

    def edge(creature: CreatureCard, where: set[str], highest: bool) -> int:
        """An aquatic creature's edge (+bonus in a water region, -bonus out of one), best or worst."""
        if not any(ability.water_bonus for ability in _abilities(creature)):
            return 0
        sides = [rules.aquatic_bonus if regions[r].water else -rules.aquatic_bonus for r in where]
        return max(sides) if highest else min(sides)

    def tames(slugcat: Slugcat, creature: CreatureCard, where: set[str]) -> bool:
        price = tame_price(creature)
        if price is None:
            return False
        discount = slugcat.tame + bonus("tame", slugcat, where) + max((i.tame for i in items), default=0)
        return max(1, price - discount) <= slugcat.food_max

    def befriends(slugcat: Slugcat, level: int) -> bool:
        """Whether the slugcat's scavenger reputation can reach `level`."""
        return (gifts and "no_reputation" not in slugcat.traits) or rules.reputation_start >= level

    def companions(slugcat: Slugcat) -> list[CreatureCard]:
        """Creatures that could fight beside the slugcat: those it could tame (a creature form
        too), slugpups, and scavengers that could come to like it enough to join."""
        everywhere = set(regions)
        return [c for c in [*creatures.values(), *forms]
                if tames(slugcat, c, everywhere) or "slugpup" in c.abilities
                or (abilities.answers_reputation(c) and befriends(slugcat, rules.scavenger_friend_at))]

    def kills(slugcat: Slugcat, attack: int, creature: CreatureCard, where: set[str]) -> bool:
        if not abilities.attackable(creature):
            return False
        attack += bonus("attack", slugcat, where) + max(0, rules.starvation_attack)
        tries = [(creature.hp, 0)] + [(abilities.struck_hp(creature.hp, item.explosive), item.attack)
                                      for item in items if item.usable_in_attack]
        if any(die + attack + extra > hp for hp, extra in tries):
            return True
        return any(die + c.attack > abilities.struck_hp(creature.hp, abilities.blasts(c)) for c in companions(slugcat))

    def flees(slugcat: Slugcat, creature: CreatureCard, where: set[str]) -> bool:
        item = max((i.flee for i in items if i.usable_in_flight), default=0)
        mine = die + slugcat.flee + bonus("flee", slugcat, where) + max(0, rules.starvation_flee) + max(0, item)
        return mine > 1 + creature.flee + edge(creature, where, highest=False)

    def passes(slugcat: Slugcat, creature: CreatureCard) -> bool:
        """A scavenger lets pass a player whose reputation is high enough."""
        return abilities.answers_reputation(creature) and befriends(slugcat, rules.scavenger_ignore_at)

    found: list[str] = []
    for place, slugcat in slugcats:
        form = creatures.get(slugcat.becomes) if slugcat.becomes else None
        bodies = [(slugcat.hp, slugcat.attack, None)] + ([(form.hp, form.attack, form)] if form else [])
        for cid in sorted(meetings):
            creature, where = creatures.get(cid), meetings[cid] & set(regions)
            if creature is None or not where or not _fights(creature):
                continue
            if flees(slugcat, creature, where) or tames(slugcat, creature, where) or passes(slugcat, creature):
                continue
            strike = die + creature.attack + edge(creature, where, highest=True)
            for hp, attack, body in bodies:
                if strike > abilities.struck_hp(hp, abilities.blasts(creature)):
                    continue
                if kills(slugcat, attack, creature, where):
                    continue
                who = f"{slugcat.id!r}" + (f" (as {body.id!r})" if body is not None else "")
                found.append(f"{place}: {who} and the creature {cid!r} can never hurt each other, and "
                             f"{slugcat.id!r} can neither flee from nor tame it: their fights could only "
                             "stop at fight_exchanges_max")
                break
    return found


def _abilities(creature: CreatureCard) -> list:
    from rainboard.engine.abilities import REGISTRY

    return [REGISTRY[a] for a in REGISTRY if a in creature.abilities]


def _fights(creature: CreatureCard) -> bool:
    """Whether meeting the creature can start a fight: the first meeting hook (engine/abilities.py)
    decides, and only a scavenger's lets one begin (a slugpup joins, a merchant trades)."""
    hooks = [ability for ability in _abilities(creature) if ability.on_meet is not None]
    return not hooks or hooks[0].answers_reputation
