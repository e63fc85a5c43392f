"""Checks on a decks folder that only the rules can make, run by the deck loader when asked.

The data layer checks what the files say (references, limits, gates, reachable regions) and knows no
rule. Some decks are well formed and still cannot be played, because of what the rules do with
them; those checks live here, beside the rules they ask, and the places that load decks for play
hand `rule_problems` to the loader (`load_data(folder, rule_check=rule_problems)`), which runs it
for rules.toml and for each preset's rules and reports its lines with the other problems.

Today there is one such check: fights that could only stop at the exchange limit. Each exchange of
a fight (combat.py) ends it if the player kills the creature, flees, tames it or is let pass, or if
the creature's strike kills the player. When none of that can ever happen for some slugcat and
some creature, the fight runs on until rules.fight_exchanges_max gives up on it: the decks are
wrong, and the check names the slugcat and the creature.

"Never" is judged on the best case the decks allow the slugcat in the regions where the creature
can be met: every bonus its own modifiers and the region's could give at once, the best item, the
best companion it could have, the die's top face; against the creature's best strike and slowest
chase there. So a pair reported here is stuck in every game; bonuses that can never meet may hide
a stuck pair from the check, never make one up. The creature's side is the engine's own answer
(abilities.py, the tame price in queries.py), so the check and play agree on it.
"""

from __future__ import annotations

from collections.abc import Iterable

from rainboard.data.checks import Deckset
from rainboard.data.models import CardKind, CreatureCard, Rules, Slugcat

from . import abilities
from .queries import tame_price


def rule_problems(deckset: Deckset) -> list[str]:
    """Every problem the rules find in a deck set, one line each naming its file and place. The
    loader calls it only once the files are otherwise sound (rules, cards and regions all read)."""
    return _stuck_fights(deckset)


def meetings(deckset: Deckset) -> dict[str, set[str]]:
    """Each card that can be drawn, with the regions it can be met in: its region decks (and the
    region's hazard); anywhere for the precycle deck, drawn wherever a player stands, and for a
    slugcat's creature form, which is shuffled into every region's deck when nobody plays it."""
    everywhere = set(deckset.regions)
    found: dict[str, set[str]] = {}
    for rid, region in deckset.regions.items():
        for card in [e.card for e in region.deck] + ([region.hazard] if region.hazard else []):
            found.setdefault(card, set()).add(rid)
    for card in [e.card for e in deckset.precycle or ()] + [s.becomes for s in deckset.slugcats if s.becomes]:
        found[card] = everywhere
    return found


def _stuck_fights(deckset: Deckset) -> list[str]:
    places = [(f"{deckset.slugcat_file}: slugcats[{i}]", s) for i, s in enumerate(deckset.slugcats)]
    return stalemates(deckset.rules, places, deckset.cards, deckset.regions, meetings(deckset))


def stalemates(rules: Rules, slugcats: Iterable[tuple[str, Slugcat]], cards: dict, regions: dict,
               meetings: dict[str, set[str]]) -> list[str]:
    """One line per stuck pair, `<place>: ...`, for each slugcat (with the place that names it in
    its file) against each creature card in `meetings`, which maps it to the regions it can be met in."""
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
        if not abilities.traits(creature).water_bonus:
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


def _fights(creature: CreatureCard) -> bool:
    """Whether meeting the creature can start a fight: its first meeting hook (abilities.py)
    decides, and only a scavenger's lets one begin (a slugpup joins, a merchant trades)."""
    hooks = [ability for ability in abilities.traits(creature).abilities if ability.on_meet is not None]
    return not hooks or hooks[0].answers_reputation
