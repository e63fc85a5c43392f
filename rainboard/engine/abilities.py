"""Creature abilities: one registry, each ability written once as the hooks it changes.

A creature card lists ability ids (decks/cards/creatures.toml); what each one does at the table is
here, and the words players read about it are in decks/abilities.toml. The fight code asks the
questions below (does it strike first, may it be fled now, what does its hit do) and never names an
ability itself.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from rainboard.data.models import CardKind

from .events import Joined, LetPass
from .scavengers import open_market
from .state import Encounter, GameState
from .step import Step, Turn

# What a meeting hook returns: None lets the fight begin (`peaceful` when the creature lets the
# player pass); a Turn means the meeting is over without a fight.
Meeting = Callable[[Step, int, str, str | None], "Turn | bool | None"]


@frozen
class Ability:
    strikes_first: bool = False  # rolls against the player before their first move
    flee_from_exchange: int = 1  # the first exchange in which the player may flee
    attackable: bool = True  # the player may attack it
    tameable: bool = True  # the player may tame it by feeding it its food value
    blasts: bool = False  # its strike counts its target's HP as half
    water_bonus: bool = False  # stronger in water regions, weaker out of them
    answers_reputation: bool = False  # a scavenger: attacking it costs reputation; gifts please it
    hunts_players: bool = False  # as a player's creature form, untamed: must go after anyone it meets
    on_meet: Meeting | None = None


def _slugpup(step: Step, index: int, card_id: str, deck_id: str | None):
    step.give(index, card_id, deck_id)
    step.emit(Joined(player=index, card=card_id, how="slugpup"))
    return Turn.OVER


def _merchant(step: Step, index: int, card_id: str, deck_id: str | None):
    open_market(step, index, card_id, deck_id)
    return Turn.WAITS


def _scavenger(step: Step, index: int, card_id: str, deck_id: str | None):
    """A scavenger answers to reputation: a friend joins at once, a respectful one lets you pass."""
    rules = step.rules
    player = step.player(index)
    if player.reputation >= rules.scavenger_friend_at and scavenger_friends(step.state, index) < rules.scavenger_friends_max:
        step.give(index, card_id, deck_id)
        step.emit(Joined(player=index, card=card_id, how="known"))
        return Turn.OVER
    return player.reputation >= rules.scavenger_ignore_at  # peaceful or not


REGISTRY: dict[str, Ability] = {
    # meeting hooks are tried in this order: a slugpup joins before anything else is asked
    "slugpup": Ability(attackable=True, tameable=False, on_meet=_slugpup),
    "merchant": Ability(tameable=False, on_meet=_merchant),
    "scavenger": Ability(tameable=False, answers_reputation=True, on_meet=_scavenger),
    "ambush": Ability(strikes_first=True),
    "stationary": Ability(attackable=False, tameable=False),
    "aggressive": Ability(flee_from_exchange=2, hunts_players=True),
    "explosive": Ability(blasts=True),
    "aquatic": Ability(water_bonus=True),
}


@frozen
class Traits:
    """What a creature's abilities add up to, each question answered once per set of abilities."""

    abilities: tuple[Ability, ...]  # in registry order
    strikes_first: bool
    flee_from_exchange: int
    attackable: bool
    tameable: bool
    blasts: bool
    water_bonus: bool
    answers_reputation: bool
    hunts_players: bool


def _traits_of(abilities: tuple[Ability, ...]) -> Traits:
    return Traits(
        abilities=abilities,
        strikes_first=any(a.strikes_first for a in abilities),
        flee_from_exchange=max((a.flee_from_exchange for a in abilities), default=1),
        attackable=all(a.attackable for a in abilities),
        tameable=all(a.tameable for a in abilities),
        blasts=any(a.blasts for a in abilities),
        water_bonus=any(a.water_bonus for a in abilities),
        answers_reputation=any(a.answers_reputation for a in abilities),
        hunts_players=any(a.hunts_players for a in abilities),
    )


_TRAITS: dict[tuple[str, ...], Traits] = {}  # a card's ability ids -> what they add up to


def traits(creature) -> Traits:
    """The creature's abilities (registry order) and what they add up to."""
    ids = creature.abilities
    found = _TRAITS.get(ids)
    if found is None:
        found = _TRAITS[ids] = _traits_of(tuple(REGISTRY[a] for a in REGISTRY if a in ids))
    return found


def strikes_first(creature) -> bool:
    return traits(creature).strikes_first


def may_flee(creature, exchange: int) -> bool:
    return exchange >= traits(creature).flee_from_exchange


def attackable(creature) -> bool:
    return traits(creature).attackable


def tameable(creature) -> bool:
    return traits(creature).tameable


def blasts(creature) -> bool:
    return traits(creature).blasts


def hunts_players(creature) -> bool:
    return traits(creature).hunts_players


def answers_reputation(creature) -> bool:
    return traits(creature).answers_reputation


def struck_hp(hp: int, blast: bool) -> int:
    """The HP a strike must beat: an explosive strike counts it as half (rounded down)."""
    return hp // 2 if blast else hp


def water_edge(state: GameState, region_id: str, creature) -> tuple[tuple[str, int], ...]:
    """An aquatic creature's edge in a water region, or its handicap out of one."""
    if not traits(creature).water_bonus:
        return ()
    bonus = state.data.rules.aquatic_bonus
    if state.data.regions[region_id].water:
        return (("in its water", bonus),)
    return (("out of water", -bonus),)


def meet(step: Step, index: int, card_id: str, deck_id: str | None) -> Turn | bool:
    """The creature's meeting hooks, in registry order: a Turn if the meeting ended without a fight,
    else whether the fight that starts is peaceful (the creature lets the player pass)."""
    creature = step.data.cards[card_id]
    for ability in traits(creature).abilities:
        if ability.on_meet is not None:
            result = ability.on_meet(step, index, card_id, deck_id)
            if isinstance(result, Turn):
                return result
            return bool(result)
    return False


def let_pass(step: Step, encounter: Encounter, after_gift: bool) -> None:
    step.emit(LetPass(player=encounter.player, card=encounter.card, after_gift=after_gift))


def scavenger_friends(state: GameState, index: int) -> int:
    """Scavengers already in the player's hand (at most `scavenger_friends_max` may join)."""
    return sum(1 for held in state.players[index].hand
               if answers_reputation_card(state, held.card))


def answers_reputation_card(state: GameState, card_id: str) -> bool:
    card = state.data.card(card_id)
    return card.kind == CardKind.CREATURE and answers_reputation(card)
