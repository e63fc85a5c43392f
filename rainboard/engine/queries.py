"""Rule queries: the questions the interface and the simulator ask, answered by the rules themselves.

The engine's own handlers call these same functions, so a label, an odds figure or a plan can never
disagree with what `apply` then does. Nothing here changes a state.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from . import abilities
from .actions import Action, Attack, Flee, Strike, Tame, TamePlayer
from .modifiers import check_modifiers, creature_modifiers, player_hp
from .narrator import possessive
from .state import ASCENDED, AWAKE, Duel, Encounter, GameState, Player

Modifiers = tuple[tuple[str, int], ...]


# -- food ---------------------------------------------------------------------------------------------
@frozen
class FoodGain:
    """What eating gives: pips the diet allows, the food board after (capped at the maximum), and
    the plant food a carnivore keeps towards its next pip."""

    gained: int
    food: int
    parts: int


def food_gain(state: GameState, index: int, pips: int, food_type: str) -> FoodGain:
    """What `pips` of `food_type` ("plant" or "meat") give this player now."""
    player = state.players[index]
    slugcat = state.data.slugcats[player.slugcat]
    parts = player.food_parts
    if food_type == "meat" and slugcat.diet == "herbivore":
        gained = 0
    elif food_type == "plant" and slugcat.diet == "carnivore":
        parts += pips
        gained, parts = divmod(parts, state.data.rules.carnivore_plant_parts)
    else:
        gained = pips
    return FoodGain(gained=gained, food=min(slugcat.food_max, player.food + gained), parts=parts)


def food_needed(state: GameState, index: int) -> int:
    """Pips needed to hibernate: the line, or the whole board after a starved cycle."""
    player = state.players[index]
    slugcat = state.data.slugcats[player.slugcat]
    return slugcat.food_max if player.starving else slugcat.food_line


def is_fed(state: GameState, index: int) -> bool:
    """Fed enough to hibernate (and so gain karma) rather than starve."""
    return state.players[index].food >= food_needed(state, index)


# -- shelters and gates ----------------------------------------------------------------------------------
def shelter_holder(state: GameState, index: int) -> int | None:
    """Whose kept shelter this player would sleep in now: their own first, else, for a tamed
    creature, its tamer's if the tamer holds one here; None without one."""
    player = state.players[index]
    holders = [index]
    if player.tamed_by is not None and state.players[player.tamed_by].region == player.region:
        holders.append(player.tamed_by)
    return next((h for h in holders
                 if any(state.data.card(c.card).kind == "shelter" for c in state.players[h].hand)), None)


def has_shelter(state: GameState, index: int) -> bool:
    """A kept shelter usable here: one's own, or, for a tamed creature, one its tamer holds here."""
    return shelter_holder(state, index) is not None


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


# -- fights ---------------------------------------------------------------------------------------------------
def companions(state: GameState, index: int) -> list:
    """Who fights beside the player: creatures in hand (tamed, friends, slugpups) and tamed players."""
    player = state.players[index]
    found = [state.data.cards[h.card] for h in player.hand if state.data.card(h.card).kind == "creature"]
    for someone in state.players:
        if someone.tamed_by == index and someone.region == player.region and someone.status == AWAKE:
            found.append(state.data.cards[someone.form])
    return found


def item_bonus(item, stat: str) -> Modifiers:
    value = getattr(item, stat, 0) if item is not None else 0
    return ((item.name, value),) if value else ()


@frozen
class Check:
    """One roll: succeeds when the die plus the modifiers is strictly above `target`."""

    modifiers: Modifiers
    target: int


@frozen
class AttackPlan:
    """An attack as it will be rolled: the player's check, then each companion's (card, check)."""

    check: Check
    companions: tuple[tuple[object, Check], ...]
    blasted_hp: int | None  # an explosive item's halving, to be told; None without one


def attack_plan(state: GameState, index: int, hp: int, item=None, companion_hp: int | None = None) -> AttackPlan:
    """The attack on a target of `hp` with an optional item; companions strike at `companion_hp`
    (by default the same HP), each halving it for itself if its strike blasts."""
    target = abilities.struck_hp(hp, item is not None and item.explosive)
    blasted = target if item is not None and item.explosive else None
    mods = check_modifiers(state, index, "attack") + item_bonus(item, "attack")
    base = hp if companion_hp is None else companion_hp
    allies = tuple(
        (c, Check(((f"{possessive(c.name)} attack", c.attack),) if c.attack else (),
                  abilities.struck_hp(base, abilities.blasts(c))))
        for c in companions(state, index)
    )
    return AttackPlan(check=Check(mods, target), companions=allies, blasted_hp=blasted)


def form_blasts(state: GameState, index: int) -> bool:
    """A player in an explosive creature form blasts whoever they fight."""
    form = state.players[index].form
    return form is not None and abilities.blasts(state.data.cards[form])


def hp_against(state: GameState, striker: int, target: int) -> int:
    """A player's HP as another player's strike must beat it."""
    return abilities.struck_hp(player_hp(state, target), form_blasts(state, striker))


def die_chance(state: GameState, check: Check) -> Fraction:
    """The exact chance one check succeeds on the check die."""
    sides = state.data.rules.check_die
    need = check.target - sum(v for _, v in check.modifiers)  # the face must be above this
    wins = sum(1 for face in range(1, sides + 1) if face > need)
    return Fraction(wins, sides)


def contest_chance(state: GameState, mine: Modifiers, theirs: Modifiers) -> Fraction:
    """The exact chance my roll beats theirs strictly, both on the check die."""
    sides = state.data.rules.check_die
    edge = sum(v for _, v in mine) - sum(v for _, v in theirs)
    wins = sum(1 for a in range(1, sides + 1) for b in range(1, sides + 1) if a + edge > b)
    return Fraction(wins, sides * sides)


def plan_chance(state: GameState, plan: AttackPlan) -> Fraction:
    """The chance the attack kills: the player's roll or any companion's after it."""
    miss = 1 - die_chance(state, plan.check)
    for _, check in plan.companions:
        miss *= 1 - die_chance(state, check)
    return 1 - miss


def _item(state: GameState, item_id: str | None):
    return state.data.cards[item_id] if item_id else None


def chance(state: GameState, action: Action) -> Fraction | None:
    """The exact chance a legal action's roll succeeds (attack: the foe dies; flee: the escape;
    strike: the hunted player dies; tame: always), or None for an action without one."""
    pending = state.pending
    if isinstance(action, (Tame, TamePlayer)):
        return Fraction(1)
    if isinstance(pending, Encounter):
        creature = state.data.cards[pending.card]
        index = pending.player
        if isinstance(action, Attack):
            return plan_chance(state, attack_plan(state, index, creature.hp, _item(state, action.item)))
        if isinstance(action, Flee):
            theirs = creature_modifiers(state, state.players[index].region, creature, "flee")
            return contest_chance(state, flee_modifiers(state, index, _item(state, action.item)), theirs)
        return None
    if isinstance(pending, Duel):
        defender, attacker = pending.player, pending.attacker
        if isinstance(action, Attack):
            hp = hp_against(state, defender, attacker)
            item = _item(state, action.item)
            companion_hp = abilities.struck_hp(hp, item is not None and item.explosive)
            return plan_chance(state, attack_plan(state, defender, hp, item, companion_hp))
        if isinstance(action, Flee):
            theirs = check_modifiers(state, attacker, "flee")
            return contest_chance(state, flee_modifiers(state, defender, _item(state, action.item)), theirs)
        return None
    if isinstance(action, Strike):
        index = state.current
        hp = hp_against(state, index, action.target)
        return plan_chance(state, attack_plan(state, index, hp))
    return None


def flee_modifiers(state: GameState, index: int, item=None) -> Modifiers:
    return check_modifiers(state, index, "flee") + item_bonus(item, "flee")


def strike_risk(state: GameState) -> Fraction | None:
    """In a fight, the chance the creature's answer kills the player if it comes."""
    pending = state.pending
    if not isinstance(pending, Encounter):
        return None
    creature = state.data.cards[pending.card]
    return die_chance(state, creature_strike(state, pending.player, creature))


def creature_strike(state: GameState, index: int, creature) -> Check:
    """A creature's strike at the player: its attack against the player's HP (half if it blasts)."""
    hp = abilities.struck_hp(player_hp(state, index), abilities.blasts(creature))
    return Check(creature_modifiers(state, state.players[index].region, creature, "attack"), hp)
