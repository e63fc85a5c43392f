"""Fights with creatures: the meeting, the player's move each exchange, the creature's answer."""

from __future__ import annotations

from attrs import evolve

from . import abilities
from .actions import ATTACK, FLEE, LEAVE, TAME, Attack, Flee, Give, Tame
from .checks import roll_attack, roll_flee
from .death import kill
from .events import Ambushed, CreatureGaveUp, AttackMissed, Caught, CreatureKilled, CreatureMet, Fled, Joined, \
    ReputationChanged, StrikeDodged, Tamed, WalkedPast, Blasted
from .food import feed
from .items import give_away, held_items
from .modifiers import creature_modifiers
from .queries import attack_plan, creature_strike, gains_reputation, gift_reputation, tame_cost, tame_price
from .state import DEAD, Encounter, GameState
from .step import Step, Turn


def start_encounter(step: Step, index: int, card_id: str, deck_id: str | None, ends_turn: bool) -> Turn:
    """A creature faces the player: its meeting hooks first (a slugpup joins, a merchant trades, a
    scavenger answers to reputation), then the fight, with an ambusher striking before any move."""
    met = abilities.meet(step, index, card_id, deck_id)
    if isinstance(met, Turn):
        return met if met is not Turn.OVER or ends_turn else Turn.GOES_ON
    creature = step.data.cards[card_id]
    step.emit(CreatureMet(player=index, card=card_id, hp=creature.hp))
    encounter = Encounter(player=index, card=card_id, deck=deck_id, ends_turn=ends_turn, peaceful=met)
    step.state.pending = encounter
    if met:
        abilities.let_pass(step, encounter, after_gift=False)
    elif abilities.strikes_first(creature):
        step.emit(Ambushed(player=index, card=card_id))
        return creature_strikes(step)
    return Turn.WAITS


def _fight(step: Step):
    """The fight under way: the encounter, the player's index, the creature and the player."""
    encounter = step.state.pending
    return encounter, encounter.player, step.data.cards[encounter.card], step.player(encounter.player)


def legal_in_combat(state: GameState, encounter: Encounter) -> list:
    index = encounter.player
    creature = state.data.cards[encounter.card]
    traits = abilities.traits(creature)  # (abilities.attackable, may_flee and the rest, asked once)
    items = held_items(state, index)
    moves: list = []
    if encounter.peaceful:
        moves.append(LEAVE)
    # loops, not comprehensions: see game._eating
    if traits.attackable:
        moves.append(ATTACK)
        for item in items:
            if item.usable_in_attack:
                moves.append(Attack(item.id))
    if not encounter.peaceful and encounter.exchange >= traits.flee_from_exchange:
        moves.append(FLEE)
        for item in items:
            if item.usable_in_flight:
                moves.append(Flee(item.id))
    food = state.players[index].food
    if food >= 1 and tame_price(creature) is not None:  # (a tame costs a pip at least: queries.tame_cost)
        if tame_cost(state, index, creature)[0] <= food:
            moves.append(TAME)
        for item in items:
            if item.tame and tame_cost(state, index, creature, item)[0] <= food:
                moves.append(Tame(item.id))
    if traits.answers_reputation:
        for item in items:
            if item.pearls > 0:
                moves.append(Give(item.id))
    return moves


def attack(step: Step, action: Attack) -> Turn:
    encounter, index, creature, player = _fight(step)
    item = step.data.cards[action.item] if action.item else None
    if abilities.answers_reputation(creature) and not encounter.provoked:
        provoke(step)
    plan = attack_plan(step.state, index, creature.hp, item)
    if roll_attack(step, index, plan, item, target_card=encounter.card):
        step.emit(CreatureKilled(player=index, card=encounter.card))
        if creature.edible and creature.food > 0:
            feed(step, index, creature.food, "meat", card=encounter.card)
        return close(step)
    step.emit(AttackMissed(player=index))
    return creature_strikes(step)


def provoke(step: Step) -> None:
    """Attacking a scavenger costs a point of reputation, once per fight."""
    encounter = step.state.pending
    index = encounter.player
    player = step.edit(index)
    before = player.reputation
    player.reputation = max(step.rules.reputation_min, before - 1)
    step.state.pending = evolve(encounter, provoked=True, peaceful=False)
    step.emit(ReputationChanged(player=index, card=encounter.card, before=before, after=player.reputation))


def flee(step: Step, action: Flee) -> Turn:
    encounter, index, creature, player = _fight(step)
    item = step.data.cards[action.item] if action.item else None
    chaser = creature_modifiers(step.state, player.region, creature, "flee")
    if roll_flee(step, index, f"The {creature.name}", chaser, item):
        step.emit(Fled(player=index, card=encounter.card))
        return close(step)
    step.emit(Caught(player=index, card=encounter.card))
    return creature_strikes(step)


def tame(step: Step, action: Tame) -> Turn:
    encounter, index, creature, player = _fight(step)
    item = step.data.cards[action.item] if action.item else None
    cost, discounts = tame_cost(step.state, index, creature, item)
    if item is not None:
        give_away(step, index, item.id)
    step.edit(index).food -= cost
    step.give(index, encounter.card, encounter.deck)
    step.emit(Tamed(player=index, card=encounter.card, cost=cost, price=tame_price(creature), discounts=discounts))
    return close(step, keep_card=True)


def give(step: Step, action: Give) -> Turn:
    """A gift to a scavenger: reputation rises; at the friend level it joins, at the ignore level it
    lets the player pass. The fight goes on either way unless it joined."""
    encounter, index, creature, player = _fight(step)
    rules = step.rules
    before = player.reputation
    reputation = gift_reputation(step.state, index, action.item)
    give_away(step, index, action.item)
    step.edit(index).reputation = reputation
    never = not gains_reputation(step.state, index)
    step.emit(ReputationChanged(player=index, card=encounter.card, item=action.item, before=before,
                                after=reputation, never_gains=never))
    if reputation >= rules.scavenger_friend_at and abilities.scavenger_friends(step.state, index) < rules.scavenger_friends_max:
        step.give(index, encounter.card, encounter.deck)
        step.emit(Joined(player=index, card=encounter.card, how="gift"))
        return close(step, keep_card=True)
    if reputation >= rules.scavenger_ignore_at and not encounter.peaceful:
        step.state.pending = evolve(encounter, peaceful=True)
        abilities.let_pass(step, encounter, after_gift=True)
    return Turn.WAITS


def leave(step: Step) -> Turn:
    encounter = step.state.pending
    step.emit(WalkedPast(player=encounter.player, card=encounter.card))
    return close(step)


def creature_strikes(step: Step) -> Turn:
    """The creature's answer: above the player's HP kills; otherwise the next exchange begins."""
    encounter, index, creature, player = _fight(step)
    check = creature_strike(step.state, index, creature)
    if abilities.blasts(creature):
        step.emit(Blasted(player=index, by_card=encounter.card, target_player=index, hp=check.target))
    roll = step.roll(f"The {creature.name}", "strike", check.modifiers, target=check.target)
    step.emit_roll(roll, index)
    if roll.success:
        kill(step, index, creature=encounter.card)
        return close(step)
    step.emit(StrikeDodged(player=index, card=encounter.card))
    if encounter.exchange >= step.rules.fight_exchanges_max:
        step.emit(CreatureGaveUp(player=index, card=encounter.card, exchanges=encounter.exchange))
        return close(step)
    step.state.pending = evolve(encounter, exchange=encounter.exchange + 1)
    return Turn.WAITS


def close(step: Step, keep_card: bool = False) -> Turn:
    """The fight is over; the card goes to its discard pile (unless it joined). The turn ends if the
    fight was the turn's draw or the player died; a hazard met at the turn's start leaves it to play."""
    encounter = step.state.pending
    if not keep_card:
        step.discard(encounter.card, encounter.deck)
    step.state.pending = None
    if step.player(encounter.player).status == DEAD or encounter.ends_turn:
        return Turn.OVER
    return Turn.GOES_ON
