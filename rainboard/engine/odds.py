"""Fight questions: who fights beside a player, how an attack or a flee will be rolled, and the
exact chance it succeeds, computed over the faces of the dice. Part of the rule queries (queries.py
re-exports it); the fight handlers roll exactly these plans."""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from . import abilities, dice
from .actions import Action, Attack, Flee, Strike, Tame, TamePlayer
from .items import held_items
from .modifiers import check_modifiers, creature_modifiers, player_hp
from .narrator import possessive
from .state import AWAKE, Duel, Encounter, GameState
from .tables import CREATURE

Modifiers = tuple[tuple[str, int], ...]


# -- fights ---------------------------------------------------------------------------------------------------
def companions(state: GameState, index: int) -> list:
    """Who fights beside the player: creatures in hand (tamed, friends, slugpups) and tamed players."""
    player = state.players[index]
    found = [state.data.cards[h.card] for h in player.hand if state.data.card(h.card).kind == CREATURE]
    for someone in state.players:
        if someone.tamed_by == index and someone.region == player.region and someone.status == AWAKE:
            found.append(state.data.cards[someone.form])
    return found


def item_bonus(item, stat: str) -> Modifiers:
    value = getattr(item, stat, 0) if item is not None else 0
    return ((item.name, value),) if value else ()


@frozen
class Check:
    """One roll: on the d20, succeeds when the die plus the modifiers is strictly above `target`; the
    table's dice (engine/dice.py) read the same numbers their own way."""

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


def player_attack_plan(state: GameState, index: int, target: int, item=None) -> AttackPlan:
    """One player's attack on another (a strike, or the answer to one), "the same way you attack a
    creature" (rulebook): the attacker's roll against the target's HP, halved if the attacker's form
    or item blasts; each companion's against the target's own HP, halved only if its own strike
    blasts."""
    return attack_plan(state, index, hp_against(state, index, target), item, player_hp(state, target))


def die_chance(state: GameState, check: Check) -> Fraction:
    """The exact chance one attack or strike check succeeds on the table's dice (engine/dice.py)."""
    return dice.check_chance(state.data.rules, "attack", sum(v for _, v in check.modifiers), check.target)


def contest_chance(state: GameState, mine: Modifiers, theirs: Modifiers) -> Fraction:
    """The exact chance my roll wins a flee contest against theirs, on the table's dice."""
    return dice.contest_chance(state.data.rules, sum(v for _, v in mine), sum(v for _, v in theirs))


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
            return plan_chance(state, player_attack_plan(state, defender, attacker, _item(state, action.item)))
        if isinstance(action, Flee):
            theirs = check_modifiers(state, attacker, "flee")
            return contest_chance(state, flee_modifiers(state, defender, _item(state, action.item)), theirs)
        return None
    if isinstance(action, Strike):
        return plan_chance(state, player_attack_plan(state, state.current, action.target, _item(state, action.item)))
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


def strike_back_risk(state: GameState, striker: int, target: int) -> Fraction:
    """Should a strike fail, the chance the hunted player's best answer kills the striker: their
    fight back (bare-handed or with their likeliest item, then their companions) succeeds. A failed
    strike changes none of the numbers the answer is rolled with, and a flee never harms the
    striker, so this is exact for the answer they may choose."""
    answers = [None] + [item for item in held_items(state, target) if item.usable_in_attack]
    return max(plan_chance(state, player_attack_plan(state, target, striker, item)) for item in answers)


def failure_risk(state: GameState, action: Action) -> Fraction | None:
    """The chance to die should this legal action's roll fail: in a creature fight, the creature's
    answer (strike_risk); for a strike at a player, that player's best answer (strike_back_risk); for
    the answer to a strike, nothing (0): the strike is a single exchange each way, and a failed
    answer only ends it. None for an action without a roll (a tame) or outside a fight."""
    if isinstance(action, (Tame, TamePlayer)):
        return None
    if isinstance(action, Strike):
        return strike_back_risk(state, state.current, action.target)
    if isinstance(state.pending, Duel) and isinstance(action, (Attack, Flee)):
        return Fraction(0)
    if isinstance(state.pending, Encounter) and isinstance(action, (Attack, Flee)):
        return strike_risk(state)
    return None


def creature_strike(state: GameState, index: int, creature) -> Check:
    """A creature's strike at the player: its attack against the player's HP (half if it blasts)."""
    hp = abilities.struck_hp(player_hp(state, index), abilities.blasts(creature))
    return Check(creature_modifiers(state, state.players[index].region, creature, "attack"), hp)


@frozen
class MeetingOdds:
    """A creature card as it would fight this player here and now, before it is drawn: the chance a
    bare-handed attack kills it (0 if it cannot be attacked), a bare flee gets away, its strike kills."""

    kill: Fraction
    escape: Fraction
    struck: Fraction


def meeting_odds(state: GameState, index: int, card_id: str) -> MeetingOdds:
    creature = state.data.cards[card_id]
    region = state.players[index].region
    kill = plan_chance(state, attack_plan(state, index, creature.hp)) if abilities.attackable(creature) else Fraction(0)
    theirs = creature_modifiers(state, region, creature, "flee")
    escape = contest_chance(state, flee_modifiers(state, index), theirs)
    return MeetingOdds(kill=kill, escape=escape, struck=die_chance(state, creature_strike(state, index, creature)))
