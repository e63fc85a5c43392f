"""Fights with creatures: exchanges of the player's move and the creature's strike."""

from __future__ import annotations

from attrs import evolve

from .actions import Attack, Flee
from .flow import end_turn, feed, kill
from .modifiers import check_modifiers
from .state import DEAD, Encounter, GameState
from .step import Step


def start_encounter(step: Step, index: int, card_id: str, deck_id: str | None, ends_turn: bool) -> None:
    """A creature faces the player; an ambusher strikes before the player can move."""
    creature = step.data.cards[card_id]
    player = step.player(index)
    step.emit("encounter", f"{player.name} meets a {creature.name} (HP {creature.hp}).", player=index,
              card=card_id)
    step.update(pending=Encounter(player=index, card=card_id, deck=deck_id, ends_turn=ends_turn))
    if "ambush" in creature.abilities:
        step.emit("ambush", f"The {creature.name} strikes first from hiding!", player=index, card=card_id)
        creature_strikes(step)


def legal_in_combat(state: GameState, encounter: Encounter) -> list:
    creature = state.data.cards[encounter.card]
    moves = []
    if "stationary" not in creature.abilities:
        moves.append(Attack())
    moves.append(Flee())
    return moves


def attack(step: Step) -> None:
    encounter = step.state.pending
    index = encounter.player
    creature = step.data.cards[encounter.card]
    player = step.player(index)
    roll = step.roll(player.name, "attack", check_modifiers(step.state, index, "attack"), target=creature.hp)
    step.emit("roll", roll.describe(), player=index, roll=roll)
    if roll.success:
        step.emit("killed", f"{player.name} kills the {creature.name}.", player=index, card=encounter.card)
        if creature.edible and creature.food > 0:
            feed(step, index, creature.food, "meat", f"the {creature.name}")
        close(step)
    else:
        step.emit("missed", f"{player.name}'s attack fails.", player=index)
        creature_strikes(step)


def flee(step: Step) -> None:
    encounter = step.state.pending
    index = encounter.player
    creature = step.data.cards[encounter.card]
    player = step.player(index)
    theirs = step.roll(f"The {creature.name}", "chase", ((f"{creature.name}'s speed", creature.flee),)
                       if creature.flee else ())
    mine = step.roll(player.name, "flee", check_modifiers(step.state, index, "flee"), target=theirs.total)
    step.emit("roll", mine.describe(), player=index, roll=mine)
    step.emit("roll", theirs.describe(), player=index, roll=theirs)
    if mine.success:
        step.emit("fled", f"{player.name} escapes the {creature.name}.", player=index, card=encounter.card)
        close(step)
    else:
        step.emit("caught", f"The {creature.name} keeps up with {player.name}.", player=index)
        creature_strikes(step)


def creature_strikes(step: Step) -> None:
    """The creature's answer: above the player's HP kills; otherwise the next exchange begins."""
    encounter = step.state.pending
    index = encounter.player
    creature = step.data.cards[encounter.card]
    player = step.player(index)
    hp = step.slugcat(index).hp
    mods = ((f"{creature.name}'s attack", creature.attack),) if creature.attack else ()
    roll = step.roll(f"The {creature.name}", "strike", mods, target=hp)
    step.emit("roll", roll.describe(), player=index, roll=roll)
    if roll.success:
        kill(step, index, f"killed by a {creature.name}")
        close(step)
    else:
        step.emit("survived", f"{player.name} dodges the {creature.name}.", player=index)
        step.update(pending=evolve(encounter, exchange=encounter.exchange + 1))


def close(step: Step) -> None:
    """The fight is over; the card goes to its discard pile and the turn ends or goes on."""
    encounter = step.state.pending
    step.discard(encounter.card, encounter.deck)
    step.update(pending=None)
    if step.player(encounter.player).status == DEAD or encounter.ends_turn:
        end_turn(step)
