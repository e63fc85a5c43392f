"""Checks across deck files: references, gates, the Mark, reachability and sane rule numbers.

Each file on its own is checked while it is structured (loader.py). What is checked here needs
several files at once. Every problem is one line naming the file and the place.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
from attrs import define

from .dice import dice_problems
from .limits import DECK_CARDS_MAX, quoted
from .models import ABILITIES, AbilityWords, Card, DeckEntry, GateCard, Region, Rules, Slugcat, gate_id


@define
class Deckset:
    """Everything read from a decks folder, with the names to show for each file."""

    rules: Rules | None
    rules_file: str
    slugcats: list[Slugcat]
    slugcat_file: str
    cards: dict[str, Card] | None  # None when a card file failed: card references are not checked
    regions: dict[str, Region]
    region_files: dict[str, str]
    regions_complete: bool  # False when a region file failed: region references are not checked
    precycle: tuple[DeckEntry, ...] | None
    precycle_file: str
    treasure: tuple[DeckEntry, ...] | None
    treasure_file: str
    abilities: dict[str, AbilityWords] | None = None  # None when abilities.toml failed to load
    abilities_file: str = "abilities.toml"
    # the checks only the rules can make (rainboard.engine.deck_checks.rule_problems), handed in by
    # whoever loads the decks for play: this layer knows no rule, so it runs none without being asked
    rule_check: RuleCheck | None = None


# A check the rules make on a deck set once its files are sound: one line per problem found.
RuleCheck = Callable[[Deckset], list[str]]


def build_gates(deckset: Deckset, problems: list[str]) -> dict[str, GateCard]:
    """One gate card for each pair of regions whose files name each other in [[gates]]."""
    regions, files = deckset.regions, deckset.region_files
    report = deckset.regions_complete
    gates: dict[str, GateCard] = {}
    for rid, region in regions.items():
        seen: set[str] = set()
        for i, link in enumerate(region.gates):
            where = f"{files[rid]}: gates[{i}].to"
            if link.to in seen:
                problems.append(f"{where}: a second gate to {link.to!r}; give the first more copies instead")
                continue
            seen.add(link.to)
            if link.to not in regions:
                if report:
                    problems.append(f"{where}: no region {link.to!r}")
                continue
            if link.to == rid:
                problems.append(f"{where}: a gate cannot lead to its own region")
                continue
            back = [g for g in regions[link.to].gates if g.to == rid]
            if not back:
                problems.append(f"{where}: the gate to {link.to!r} has no other end: "
                                f"{files[link.to]} names no gate back to {rid!r}")
                continue
            a, b = sorted((rid, link.to))
            gid = gate_id(a, b)
            if gid in gates:
                if {gates[gid].a, gates[gid].b} != {a, b}:  # gate_a_b_c: a and b_c, or a_b and c
                    problems.append(f"{where}: the gate to {link.to!r} would be named {gid!r}, as the gate "
                                    f"between {gates[gid].a!r} and {gates[gid].b!r} is; rename a region")
                continue
            a_to_b = link.karma if rid == a else back[0].karma
            b_to_a = back[0].karma if rid == a else link.karma
            name = f"Karma Gate {regions[a].code}-{regions[b].code}"
            gates[gid] = GateCard(id=gid, name=name, a=a, b=b, a_to_b=a_to_b, b_to_a=b_to_a)
    return gates


def cross_check(deckset: Deckset, gates: dict[str, GateCard], problems: list[str]) -> None:
    _check_rules(deckset, problems)
    _check_decks(deckset, problems)
    _check_regions(deckset, problems)
    _check_slugcats(deckset, problems)
    _check_mark(deckset, problems)
    _check_abilities(deckset, problems)
    if deckset.regions_complete and not problems:
        _check_reachable(deckset, gates, problems)
    if (deckset.rule_check is not None and deckset.regions_complete and deckset.cards is not None
            and deckset.rules is not None and not problems):
        problems += deckset.rule_check(deckset)


def check_preset(deckset: Deckset, gates: dict[str, GateCard], rules: Rules, where: str,
                 problems: list[str]) -> None:
    """A preset's rules (rules.toml with its overrides) checked as rules.toml's are, every problem
    named in the preset's file (`where`): `presets/short.toml: rules.karma_start: ...`."""
    found: list[str] = []
    cross_check(attrs.evolve(deckset, rules=rules, rules_file=where), gates, found)
    for line in found:
        if line.startswith(f"{where}: "):
            problems.append(f"{where}: rules.{line.removeprefix(f'{where}: ')}")
        else:  # a problem its rules make elsewhere (a region out of reach with a lower karma_max)
            problems.append(f"{where}: with its rules, {line}")


def _check_rules(deckset: Deckset, problems: list[str]) -> None:
    rules = deckset.rules
    if rules is None:
        return
    where = deckset.rules_file

    def need(ok: bool, place: str, text: str) -> None:
        if not ok:
            problems.append(f"{where}: {place}: {text}")

    need(1 <= rules.karma_min <= rules.karma_start <= rules.karma_max, "karma_start",
         f"must lie within karma_min..karma_max ({rules.karma_min}..{rules.karma_max}), got {rules.karma_start}")
    need(1 <= rules.reputation_min <= rules.reputation_start <= rules.reputation_max, "reputation_start",
         f"must lie within reputation_min..reputation_max, got {rules.reputation_start}")
    for name in ("scavenger_ignore_at", "scavenger_friend_at"):
        value = getattr(rules, name)
        need(rules.reputation_min <= value <= rules.reputation_max, name,
             f"must lie within reputation_min..reputation_max, got {value}")
    for name in ("check_die", "turn_order_die", "rain_sides", "precycle_die"):
        need(getattr(rules, name) >= 2, name, f"a die needs at least 2 sides, got {getattr(rules, name)}")
    need(1 <= rules.precycle_on <= rules.precycle_die, "precycle_on",
         f"must be a face of the precycle die (1..{rules.precycle_die}), got {rules.precycle_on}")
    for name in ("rain_dice", "carnivore_plant_parts", "search_shelter_turns", "ending_hibernations",
                 "fight_exchanges_max"):
        need(getattr(rules, name) >= 1, name, f"must be at least 1, got {getattr(rules, name)}")
    for name in ("rain_bonus", "precycle_rain_bonus", "precycle_forced_turns", "food_token_pips",
                 "ending_wait_turns", "player_kill_food", "player_kill_rounds_out", "scavenger_friends_max",
                 "merchant_offers", "aquatic_bonus"):
        need(getattr(rules, name) >= 0, name, f"must not be negative, got {getattr(rules, name)}")
    need(rules.gift_pearls_per_reputation > 0, "gift_pearls_per_reputation",
         f"must be above 0, got {rules.gift_pearls_per_reputation}")
    for place, text in dice_problems(rules.dice):
        need(False, f"dice.{place}", text)


def _kind(deckset: Deckset, card_id: str) -> str | None:
    card = (deckset.cards or {}).get(card_id)
    return None if card is None else card.kind


def _check_sizes(deckset: Deckset, problems: list[str]) -> None:
    """No deck holds more than DECK_CARDS_MAX cards, gates included."""
    decks = [(deckset.region_files[r], region.deck, sum(g.copies for g in region.gates))
             for r, region in deckset.regions.items()]
    decks += [(deckset.precycle_file, deckset.precycle or (), 0), (deckset.treasure_file, deckset.treasure or (), 0)]
    for where, deck, gates in decks:
        total = sum(e.count for e in deck) + gates
        if total > DECK_CARDS_MAX:
            problems.append(f"{where}: deck: {total} cards, more than a deck may hold ({DECK_CARDS_MAX})")


def _check_decks(deckset: Deckset, problems: list[str]) -> None:
    _check_sizes(deckset, problems)
    if deckset.cards is None:
        return
    decks = [(deckset.region_files[r], region.deck) for r, region in deckset.regions.items()]
    if deckset.precycle is not None:
        decks.append((deckset.precycle_file, deckset.precycle))
    for where, deck in decks:
        for i, entry in enumerate(deck):
            if entry.card not in deckset.cards:
                problems.append(f"{where}: deck[{i}].card: no card {entry.card!r}")
    for i, entry in enumerate(deckset.treasure or ()):
        kind = _kind(deckset, entry.card)
        if kind is None:
            problems.append(f"{deckset.treasure_file}: deck[{i}].card: no card {entry.card!r}")
        elif kind != "item":
            problems.append(f"{deckset.treasure_file}: deck[{i}].card: {entry.card!r} is a {kind}, "
                            "but merchants sell only items")
    if deckset.precycle is not None:
        shelters = sum(e.count for e in deckset.precycle if _kind(deckset, e.card) == "shelter")
        if shelters == 0:
            problems.append(f"{deckset.precycle_file}: deck: no shelter card, so a precycle could not be slept through")


def _check_modifiers(deckset: Deckset, modifiers, where: str, problems: list[str]) -> None:
    if deckset.cards is None:
        return
    for i, modifier in enumerate(modifiers):
        for name in ("unless_item", "needs_item"):
            item = getattr(modifier, name)
            if item is not None and _kind(deckset, item) != "item":
                problems.append(f"{where}modifiers[{i}].{name}: no item card {item!r}")
        if modifier.in_region is not None and deckset.regions_complete and modifier.in_region not in deckset.regions:
            problems.append(f"{where}modifiers[{i}].in_region: no region {modifier.in_region!r}")


def _check_regions(deckset: Deckset, problems: list[str]) -> None:
    regions = deckset.regions
    for rid, region in regions.items():
        where = deckset.region_files[rid]
        _check_modifiers(deckset, region.modifiers, f"{where}: ", problems)
        if deckset.cards is not None:
            shelters = sum(e.count for e in region.deck if _kind(deckset, e.card) == "shelter")
            if shelters == 0:
                problems.append(f"{where}: deck: no shelter card, so nobody could hibernate here")
            if region.hazard is not None and _kind(deckset, region.hazard) != "creature":
                problems.append(f"{where}: hazard: no creature card {region.hazard!r}")
        if region.hazard is not None and region.hazard_every < 1:
            problems.append(f"{where}: hazard_every: a hazard needs hazard_every of 1 or more")
        for other in region.free_crossings:
            if other not in regions:
                if deckset.regions_complete:
                    problems.append(f"{where}: free_crossings: no region {other!r}")
            elif rid not in regions[other].free_crossings:
                problems.append(f"{where}: free_crossings: {other!r} does not lead back to {rid!r} "
                                f"(add it to {deckset.region_files[other]})")
    if deckset.regions_complete and regions and not any(r.ascension for r in regions.values()):
        problems.append("regions: no region has ascension = true, so nobody could win")


def _check_slugcats(deckset: Deckset, problems: list[str]) -> None:
    where = deckset.slugcat_file
    if not deckset.slugcats:
        problems.append(f"{where}: no slugcats")
    seen: set[str] = set()
    for i, slugcat in enumerate(deckset.slugcats):
        place = f"{where}: slugcats[{i}]"
        if slugcat.id in seen:
            problems.append(f"{place}.id: {slugcat.id!r} is defined twice")
        seen.add(slugcat.id)
        if deckset.regions_complete and slugcat.start_region not in deckset.regions:
            problems.append(f"{place}.start_region: no region {slugcat.start_region!r}")
        if deckset.cards is not None and slugcat.becomes is not None:
            if _kind(deckset, slugcat.becomes) != "creature":
                problems.append(f"{place}.becomes: no creature card {slugcat.becomes!r}")
        if slugcat.food_line > slugcat.food_max:
            problems.append(f"{place}.food_line: above food_max ({slugcat.food_max})")
        _check_modifiers(deckset, slugcat.modifiers, f"{place}.", problems)


def _check_mark(deckset: Deckset, problems: list[str]) -> None:
    """The Mark of Communication: in the deck of the region that gives it, and in no other deck."""
    if deckset.cards is None or not deckset.regions_complete:
        return
    marks = {cid for cid, card in deckset.cards.items() if card.kind == "mark"}
    givers = [rid for rid, region in deckset.regions.items() if region.gives_mark]
    if len(givers) != 1:
        named = ", ".join(givers) or "none"
        problems.append(f"regions: exactly one region must have gives_mark = true (Five Pebbles), found {named}")
    for rid, region in deckset.regions.items():
        holds = sum(e.count for e in region.deck if e.card in marks)
        if region.gives_mark and holds == 0:
            problems.append(f"{deckset.region_files[rid]}: deck: the Mark of Communication is missing from "
                            f"{region.name}, so nobody could begin the ending")
        if not region.gives_mark and holds:
            problems.append(f"{deckset.region_files[rid]}: deck: the Mark of Communication belongs only in "
                            f"the region with gives_mark = true, not in {region.name}")
    for where, deck in ((deckset.precycle_file, deckset.precycle), (deckset.treasure_file, deckset.treasure)):
        if any(e.card in marks for e in deck or ()):
            problems.append(f"{where}: deck: the Mark of Communication belongs only in the region that gives it")


def _check_abilities(deckset: Deckset, problems: list[str]) -> None:
    """Words for every ability the engine knows, and none for an ability it does not."""
    if deckset.abilities is None:
        return
    where = deckset.abilities_file
    for ability in deckset.abilities:
        if ability not in ABILITIES:
            shown = quoted(ability, mark="'")
            problems.append(f"{where}: {shown[1:-1]}: no ability {shown} (known: {', '.join(ABILITIES)})")
    for ability in ABILITIES:
        if ability not in deckset.abilities:
            problems.append(f"{where}: {ability}: missing: every ability needs a name and a text")


def _check_reachable(deckset: Deckset, gates: dict[str, GateCard], problems: list[str]) -> None:
    """With top karma, every region must be reachable from some slugcat's start."""
    top = deckset.rules.karma_max if deckset.rules else 5
    paths: dict[str, set[str]] = {rid: set(r.free_crossings) for rid, r in deckset.regions.items()}
    for gate in gates.values():
        if gate.a_to_b <= top:
            paths[gate.a].add(gate.b)
        if gate.b_to_a <= top:
            paths[gate.b].add(gate.a)
    reached = {s.start_region for s in deckset.slugcats if s.start_region in paths}
    frontier = list(reached)
    while frontier:
        here = frontier.pop()
        for there in paths[here] - reached:
            reached.add(there)
            frontier.append(there)
    for rid, region in deckset.regions.items():
        if rid not in reached:
            problems.append(f"{deckset.region_files[rid]}: gates: no slugcat can reach {region.name} even "
                            f"with karma {top}")

