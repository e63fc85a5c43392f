"""Rule queries: the questions the interface and the simulator ask, answered by the rules themselves.

The engine's own handlers call these same functions, so a label, an odds figure or a plan can never
disagree with what `apply` then does. Nothing here changes a state.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from rainboard.data.models import CardKind

from . import abilities
from .actions import Action, Buy, CrossGate, Flee, Hibernate, Tame
from .hands import holding
from .items import held_items
from .modifiers import check_modifiers, slugcat_traits
from .odds import (  # the fight questions, asked through this module too
    AttackPlan,
    Check,
    MeetingOdds,
    Modifiers,
    attack_plan,
    chance,
    companions,
    contest_chance,
    creature_strike,
    die_chance,
    failure_risk,
    flee_modifiers,
    form_blasts,
    hp_against,
    item_bonus,
    meeting_odds,
    plan_chance,
    player_attack_plan,
    strike_back_risk,
    strike_risk,
)
from .progress import EndingProgress, ending_progress, ending_stage, ending_steps  # the ending's, asked here too
from .scavengers import unpaid_offers
from .state import AWAKE, PRECYCLE_DECK, Decision, Encounter, GameState, Market


# -- food ---------------------------------------------------------------------------------------------
@frozen
class FoodGain:
    """What eating gives: pips the diet allows, the food board after (capped at the maximum), and
    the plant food a carnivore keeps towards its next pip. `worth` is the food in pips counting
    fractions (a carnivore's plant food is worth a share of a pip), for weighing one meal against
    another."""

    gained: int
    food: int
    parts: int
    worth: Fraction = Fraction(0)


def food_gain(state: GameState, index: int, pips: int, food_type: str) -> FoodGain:
    """What `pips` of `food_type` ("plant" or "meat") give this player now."""
    gained, food, parts, (share, of) = food_after(state, index, pips, food_type)
    player = state.players[index]
    room = state.data.slugcats[player.slugcat].food_max - player.food
    return FoodGain(gained=gained, food=food, parts=parts, worth=min(Fraction(share, of), room))


def food_after(state: GameState, index: int, pips: int, food_type: str) -> tuple[int, int, int, tuple[int, int]]:
    """food_gain in plain numbers, as eating applies it: pips gained, the food board after, the plant
    food kept, and the worth in pips as (numerator, denominator) before the board's cap."""
    player = state.players[index]
    slugcat = state.data.slugcats[player.slugcat]
    parts = player.food_parts
    if food_type == "meat" and slugcat.diet == "herbivore":
        gained, worth = 0, (0, 1)
    elif food_type == "plant" and slugcat.diet == "carnivore":
        parts += pips
        gained, parts = divmod(parts, state.data.rules.carnivore_plant_parts)
        worth = (pips, state.data.rules.carnivore_plant_parts)
    else:
        gained, worth = pips, (pips, 1)
    return gained, min(slugcat.food_max, player.food + gained), parts, worth


def token_gain(state: GameState, index: int) -> FoodGain:
    """What taking a food token would give this player now."""
    return food_gain(state, index, state.data.rules.food_token_pips, "plant")


def food_needed(state: GameState, index: int) -> int:
    """Pips needed to hibernate: the line, or the whole board after a starved cycle."""
    player = state.players[index]
    slugcat = state.data.slugcats[player.slugcat]
    return slugcat.food_max if player.starving else slugcat.food_line


def food_held(state: GameState, index: int) -> tuple[int, int, int]:
    """The player's food: whole pips, and the share of the next pip a carnivore's plant food makes
    (ruling 7: a token is half a pip), as numerator and denominator: (2, 0, 1), or (1, 1, 2)."""
    player = state.players[index]
    share = Fraction(player.food_parts, state.data.rules.carnivore_plant_parts)
    return player.food, share.numerator, share.denominator


def is_fed(state: GameState, index: int) -> bool:
    """Fed enough to hibernate (and so gain karma) rather than starve."""
    return state.players[index].food >= food_needed(state, index)


# -- shelters and gates ----------------------------------------------------------------------------------
def partners(state: GameState, index: int) -> list[int]:
    """Players whose kept shelter and gate cards this player may use: its tamer, or the creatures it
    tamed, while they are in the same region (they shelter and travel together)."""
    me = state.players[index]
    region, tamer = me.region, me.tamed_by
    found = []
    for other, them in enumerate(state.players):  # a loop: see game._eating
        if (them.tamed_by == index or tamer == other) and other != index and them.region == region:
            found.append(other)
    return found


def usable_cards(state: GameState, index: int, kind: CardKind) -> list[tuple[int, str]]:
    """Kept shelter or gate cards the player may use: (holder, card), its own first, each card once."""
    if kind not in (CardKind.SHELTER, CardKind.GATE):
        raise ValueError(f"only kept shelters and gates are used from a hand, not {kind!r}")
    found: dict[str, int] = {}
    for holder in [index] + partners(state, index):
        held = holding(state.data, state.players[holder].hand)
        for card in held.shelters if kind == CardKind.SHELTER else held.gates:
            if card not in found:
                found[card] = holder
    return [(holder, card) for card, holder in found.items()]


def usable_ids(state: GameState, index: int, mates: list[int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ids of usable_cards' shelters and gates at once, given `mates`, the player's partners."""
    if not mates:  # the common case: one's own hand, sorted once per hand
        own = holding(state.data, state.players[index].hand)
        return own.shelters, own.gates
    return (tuple(card for _, card in usable_cards(state, index, CardKind.SHELTER)),
            tuple(card for _, card in usable_cards(state, index, CardKind.GATE)))


def shelter_holder(state: GameState, index: int) -> int | None:
    """Whose kept shelter this player would sleep in now: their own first, else a partner's here
    (tamer or tamed creature); None without one."""
    usable = usable_cards(state, index, CardKind.SHELTER)
    return usable[0][0] if usable else None


def has_shelter(state: GameState, index: int) -> bool:
    """A kept shelter usable here: one's own, or its tamer's or tamed creature's here (there is a
    shelter_holder)."""
    return bool(usable_cards(state, index, CardKind.SHELTER))


def search_turns(state: GameState) -> int:
    """The turns a shelter search takes under the rules in play (rulebook: three; a preset or house
    rule may change it). The search itself and a downed player's waking count by it."""
    return state.data.rules.search_shelter_turns


def search_deck(state: GameState, index: int) -> str:
    """The deck a shelter search goes through: the region's, or the precycle deck during a
    precycle's forced first turns (the only deck the player may pick up from then)."""
    player = state.players[index]
    if state.precycle and player.cycle_turns <= state.data.rules.precycle_forced_turns:
        return PRECYCLE_DECK
    return player.region


def travels_alone(state: GameState, index: int) -> bool:
    """A tamed creature goes where its tamer goes: it never crosses or walks on its own."""
    return state.players[index].tamed_by is None


def gate_karma(state: GameState, gate_id: str, region: str) -> int:
    """The karma the gate asks of someone crossing from `region`."""
    return state.data.gates[gate_id].karma_from(region)


def can_cross(state: GameState, index: int, gate_id: str) -> bool:
    """The player stands at one end of the gate with the karma that side asks."""
    gate = state.data.gates[gate_id]
    player = state.players[index]
    return player.region in (gate.a, gate.b) and player.karma >= gate.karma_from(player.region)


# -- scavengers -------------------------------------------------------------------------------------------
def gains_reputation(state: GameState, index: int) -> bool:
    """Gifts can raise this slugcat's reputation (scavengers never warm to some)."""
    return "no_reputation" not in state.data.slugcats[state.players[index].slugcat].traits


def gift_reputation(state: GameState, index: int, item_id: str) -> int:
    """The reputation a gift of this item leaves the player with."""
    rules = state.data.rules
    player = state.players[index]
    if not gains_reputation(state, index):
        return player.reputation
    gain = int(state.data.cards[item_id].pearls / rules.gift_pearls_per_reputation)
    return min(rules.reputation_max, player.reputation + gain)


def attack_costs_reputation(state: GameState, encounter: Encounter) -> bool:
    """Attacking a scavenger lowers reputation, once per fight (if it can go lower)."""
    creature = state.data.cards[encounter.card]
    player = state.players[encounter.player]
    return (abilities.answers_reputation(creature) and not encounter.provoked
            and player.reputation > state.data.rules.reputation_min)


# -- taming -------------------------------------------------------------------------------------------------
def tame_price(creature) -> int | None:
    """The food a creature costs to tame before discounts (its one food number), or None if it
    cannot be tamed."""
    if not abilities.tameable(creature):
        return None
    cost = creature.tame_cost if getattr(creature, "tame_cost", None) is not None else creature.food
    return cost if cost >= 1 else None


def tame_cost(state: GameState, index: int, creature, item=None) -> tuple[int, Modifiers] | None:
    """Food pips this player pays to tame the creature, with the discounts named; None if it cannot be."""
    base = tame_price(creature)
    if base is None:
        return None
    discounts = list(check_modifiers(state, index, "tame"))
    if item is not None and item.tame:
        discounts.append((item.name, item.tame))
    # taming is feeding: however good the discounts, it takes at least one pip
    return max(1, base - sum(v for _, v in discounts)), tuple(discounts)



# -- why a move is missing ---------------------------------------------------------------------------------
@frozen
class Blocked:
    """A move the rules refuse the player now, and why. `reason` is "karma", "food" or "pearls" (the
    player has `have`, the move needs `need`; pearls may come in halves), "far" (a kept gate that
    does not start in this region), "follows" (a tamed creature goes only where its tamer goes) or
    "aggressive" (this creature cannot be fled from on this exchange)."""

    action: Action
    reason: str
    need: float | None = None
    have: float | None = None


def blocked_moves(state: GameState, index: int) -> list[Blocked]:
    """The moves a player would look for and not find among the legal actions, each with its reason:
    a drawn or kept gate they cannot cross, hibernating without the food, a tame they cannot pay,
    a flee an aggressive creature does not allow yet, an offer they cannot pay. Never one of `legal_actions`."""
    if state.to_act != index:
        return []
    pending = state.pending
    player = state.players[index]
    found: list[Blocked] = []
    if isinstance(pending, Decision):
        if state.data.card(pending.card).kind == CardKind.GATE:
            found += _gate_blocked(state, index, pending.card, CrossGate())
        elif not is_fed(state, index):
            found.append(Blocked(Hibernate(), "food", food_needed(state, index), player.food))
    elif isinstance(pending, Encounter):
        creature = state.data.cards[pending.card]
        if not pending.peaceful and not abilities.may_flee(creature, pending.exchange):
            found.append(Blocked(Flee(), "aggressive"))
        if tame_price(creature) is not None:
            tames = [None] + [item for item in held_items(state, index) if item.tame]
            for item in tames:
                cost, _ = tame_cost(state, index, creature, item)
                if cost > player.food:
                    found.append(Blocked(Tame(item.id if item else None), "food", cost, player.food))
    elif isinstance(pending, Market):  # the offers the items held do not pay for (scavengers.legal_in_market)
        found += [Blocked(Buy(card), "pearls", price, held) for card, price, held in unpaid_offers(state, pending)]
    elif pending is None and index == state.current:
        if has_shelter(state, index) and not is_fed(state, index):
            found.append(Blocked(Hibernate(), "food", food_needed(state, index), player.food))
        for _, card in usable_cards(state, index, CardKind.GATE):
            found += _gate_blocked(state, index, card, CrossGate(card))
    return found


def _gate_blocked(state: GameState, index: int, gate_id: str, action: CrossGate) -> list[Blocked]:
    gate = state.data.gates[gate_id]
    player = state.players[index]
    if not travels_alone(state, index):
        return [Blocked(action, "follows")]
    if player.region not in (gate.a, gate.b):
        return [Blocked(action, "far")]
    if not can_cross(state, index, gate_id):
        return [Blocked(action, "karma", gate_karma(state, gate_id, player.region), player.karma)]
    return []


# -- hunts --------------------------------------------------------------------------------------------------
def player_kill_food(state: GameState, victim: int) -> int:
    """The meat pips a kill of this player gives the killer: a creature form's own food (the
    rulebook: "other players can eat you for 3 food pips" once you are Hunter Long Legs, and its
    card says 3), else rules.player_kill_food for a slugcat."""
    form = state.players[victim].form
    return state.data.cards[form].food if form is not None else state.data.rules.player_kill_food


def hunters_of(state: GameState, index: int) -> list[int]:
    """Players who tracked this one down and may strike on their next turn: hunting them, awake, and
    still in their region."""
    me = state.players[index]
    return [j for j, p in enumerate(state.players)
            if j != index and p.hunting == index and p.status == AWAKE and p.region == me.region]
