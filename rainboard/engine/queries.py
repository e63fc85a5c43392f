"""Rule queries: the questions the interface and the simulator ask, answered by the rules themselves.

The engine's own handlers call these same functions, so a label, an odds figure or a plan can never
disagree with what `apply` then does. Nothing here changes a state.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from rainboard.data.models import CardKind

from . import abilities
from .actions import Action, CrossGate, Flee, Hibernate, Tame
from .items import held_items
from .modifiers import check_modifiers
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
    flee_modifiers,
    form_blasts,
    hp_against,
    item_bonus,
    meeting_odds,
    plan_chance,
    strike_risk,
)
from .state import ASCENDED, AWAKE, PRECYCLE_DECK, Decision, Encounter, GameState, Player
from .tables import SHELTER, tables


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
    for other, them in enumerate(state.players):  # asked twice a turn: nobody tamed is quickest
        if (them.tamed_by is not None and them.tamed_by == index or tamer is not None and tamer == other) \
                and other != index and them.region == region:
            found.append(other)
    return found


def usable_cards(state: GameState, index: int, kind: CardKind) -> list[tuple[int, str]]:
    """Kept cards of this kind the player may use: (holder, card), its own first, each card once."""
    mates = partners(state, index)
    if not mates:  # the common case: one's own hand, written out (no comprehension: this is hot)
        hand = state.players[index].hand
        if not hand:
            return []
        kinds = tables(state.data).kind
        seen: list[str] = []
        own: list[tuple[int, str]] = []
        for held in hand:
            card = held.card
            if kinds[card] == kind and card not in seen:
                seen.append(card)
                own.append((index, card))
        return own
    kinds = tables(state.data).kind
    found: dict[str, int] = {}
    for holder in [index] + mates:
        for held in state.players[holder].hand:
            if kinds[held.card] == kind and held.card not in found:
                found[held.card] = holder
    return [(holder, card) for card, holder in found.items()]


def shelter_holder(state: GameState, index: int) -> int | None:
    """Whose kept shelter this player would sleep in now: their own first, else a partner's here
    (tamer or tamed creature); None without one."""
    usable = usable_cards(state, index, SHELTER)
    return usable[0][0] if usable else None


def has_shelter(state: GameState, index: int) -> bool:
    """A kept shelter usable here: one's own, or its tamer's or tamed creature's here (there is a
    shelter_holder)."""
    return bool(usable_cards(state, index, SHELTER))


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


# -- the ending ------------------------------------------------------------------------------------------
@frozen
class EndingProgress:
    """The steps of the ending a player has taken, as the ranking counts them."""

    ascended: bool
    mark: bool  # bears the Mark
    reached: bool  # carried the Mark into the ascension region
    sleeps: int  # hibernations there

    @property
    def stage(self) -> int:
        """One number for ranking: 0 nothing, 1 the Mark, 2 the Mark carried into the ascension
        region, +1 per sleep there; 10 once ascended."""
        if self.ascended:
            return 10
        score = 2 if self.reached else 1 if self.mark else 0
        return score + self.sleeps


def ending_progress(player: Player) -> EndingProgress:
    """How far along the ending a player is, step by step."""
    return EndingProgress(ascended=player.status == ASCENDED, mark=player.has_mark,
                          reached=player.reached_ending, sleeps=player.ending_hibernations)


def ending_stage(player: Player) -> int:
    """How far along the ending a player is, for ranking (EndingProgress.stage)."""
    return ending_progress(player).stage


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
    """A move the rules refuse the player now, and why. `reason` is "karma" or "food" (the player
    has `have`, the move needs `need`), "far" (a kept gate that does not start in this region),
    "follows" (a tamed creature goes only where its tamer goes) or "aggressive" (this creature
    cannot be fled from on this exchange)."""

    action: Action
    reason: str
    need: int | None = None
    have: int | None = None


def blocked_moves(state: GameState, index: int) -> list[Blocked]:
    """The moves a player would look for and not find among the legal actions, each with its reason:
    a drawn or kept gate they cannot cross, hibernating without the food, a tame they cannot pay,
    a flee an aggressive creature does not allow yet. Never one of `legal_actions`."""
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
def hunters_of(state: GameState, index: int) -> list[int]:
    """Players who tracked this one down and may strike on their next turn: hunting them, awake, and
    still in their region."""
    me = state.players[index]
    return [j for j, p in enumerate(state.players)
            if j != index and p.hunting == index and p.status == AWAKE and p.region == me.region]
