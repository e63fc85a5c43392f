"""Fights with creatures: the player's move each exchange, companions' attacks, the creature's answer."""

from __future__ import annotations

from attrs import evolve

from .actions import Attack, Flee, Give, Leave, Tame
from .flow import end_turn, feed, kill
from .items import give_away, held_items, item_bonus, use_up
from .modifiers import check_modifiers, creature_modifiers, player_hp, tame_cost
from .events import possessive
from .state import AWAKE, DEAD, Encounter, GameState
from .step import Step


def start_encounter(step: Step, index: int, card_id: str, deck_id: str | None, ends_turn: bool) -> None:
    """A creature faces the player. Slugpups and friendly scavengers join at once, merchants trade,
    a scavenger that respects the player lets them pass, and an ambusher strikes before any move."""
    creature = step.data.cards[card_id]
    player = step.player(index)
    abilities = set(creature.abilities)
    rules = step.rules
    if "slugpup" in abilities:
        step.give(index, card_id, deck_id)
        step.emit("joined", f"A {creature.name} tags along with {player.name}.", player=index, card=card_id)
        if ends_turn:
            end_turn(step)
        return
    if "merchant" in abilities:
        from .scavengers import open_market

        open_market(step, index, card_id, deck_id)
        return
    peaceful = False
    if "scavenger" in abilities:
        if player.reputation >= rules.scavenger_friend_at and scavenger_friends(step.state, index) < rules.scavenger_friends_max:
            step.give(index, card_id, deck_id)
            step.emit("joined", f"The {creature.name} knows {player.name} well and joins as a friend.",
                      player=index, card=card_id)
            if ends_turn:
                end_turn(step)
            return
        peaceful = player.reputation >= rules.scavenger_ignore_at
    step.emit("encounter", f"{player.name} meets a {creature.name} (HP {creature.hp}).", player=index,
              card=card_id)
    step.update(pending=Encounter(player=index, card=card_id, deck=deck_id, ends_turn=ends_turn, peaceful=peaceful))
    if peaceful:
        step.emit("ignored", f"The {creature.name} watches {player.name} but lets them pass.", player=index)
    elif "ambush" in abilities:
        step.emit("ambush", f"The {creature.name} strikes first from hiding!", player=index, card=card_id)
        creature_strikes(step)


def scavenger_friends(state: GameState, index: int) -> int:
    return sum(1 for held in state.players[index].hand
               if "scavenger" in getattr(state.data.card(held.card), "abilities", ()))


def _fight(step: Step):
    """The fight under way: the encounter, the player's index, the creature and the player."""
    encounter = step.state.pending
    return encounter, encounter.player, step.data.cards[encounter.card], step.player(encounter.player)


def legal_in_combat(state: GameState, encounter: Encounter) -> list:
    index = encounter.player
    creature = state.data.cards[encounter.card]
    abilities = set(creature.abilities)
    items = held_items(state, index)
    moves: list = []
    if encounter.peaceful:
        moves.append(Leave())
    if "stationary" not in abilities:
        moves.append(Attack())
        moves += [Attack(item.id) for item in items if item.usable_in_attack]
    if not encounter.peaceful and not ("aggressive" in abilities and encounter.exchange == 1):
        moves.append(Flee())
        moves += [Flee(item.id) for item in items if item.usable_in_flight]
    food = state.players[index].food
    plain = tame_cost(state, index, creature)
    if plain is not None:
        if plain[0] <= food:
            moves.append(Tame())
        for item in items:
            if item.tame and tame_cost(state, index, creature, item)[0] <= food:
                moves.append(Tame(item.id))
    if "scavenger" in abilities:
        moves += [Give(item.id) for item in items if item.pearls > 0]
    return moves


def companions(state: GameState, index: int) -> list:
    """Who fights beside the player: creatures in hand (tamed, friends, slugpups) and tamed players."""
    player = state.players[index]
    found = [state.data.cards[h.card] for h in player.hand if state.data.card(h.card).kind == "creature"]
    for other, someone in enumerate(state.players):
        if someone.tamed_by == index and someone.region == player.region and someone.status == AWAKE:
            found.append(state.data.cards[someone.form])
    return found


def companions_attack(step: Step, index: int, hp: int, target: str) -> bool:
    """Each companion strikes after the player, with its own roll; True once one of them kills."""
    for companion in companions(step.state, index):
        need = hp // 2 if "explosive" in companion.abilities else hp
        mods = ((f"{possessive(companion.name)} attack", companion.attack),) if companion.attack else ()
        roll = step.roll(f"{possessive(step.player(index).name)} {companion.name}", "attack", mods, target=need)
        step.emit_roll(roll, index)
        if roll.success:
            step.emit("companion_kill", f"The {companion.name} brings down {target}.", player=index)
            return True
    return False


def attack(step: Step, item_id: str | None) -> None:
    encounter, index, creature, player = _fight(step)
    item = step.data.cards[item_id] if item_id else None
    if "scavenger" in creature.abilities and not encounter.provoked:
        provoke(step)
    target = creature.hp
    if item is not None and item.explosive:
        target = creature.hp // 2
        step.emit("explosive", f"The {item.name} blasts: the {creature.name}'s HP counts as {target}.",
                  player=index)
    mods = check_modifiers(step.state, index, "attack") + item_bonus(item, "attack")
    roll = step.roll(player.name, "attack", mods, target=target)
    step.emit_roll(roll, index)
    if item is not None:
        use_up(step, index, item)
    if roll.success or companions_attack(step, index, creature.hp, f"the {creature.name}"):
        step.emit("killed", f"The {creature.name} is dead.", player=index, card=encounter.card)
        if creature.edible and creature.food > 0:
            feed(step, index, creature.food, "meat", f"the {creature.name}")
        close(step)
    else:
        step.emit("missed", f"{player.name}'s attack fails.", player=index)
        creature_strikes(step)


def provoke(step: Step) -> None:
    """Attacking a scavenger costs a point of reputation, once per fight."""
    encounter = step.state.pending
    index = encounter.player
    player = step.player(index)
    reputation = max(step.rules.reputation_min, player.reputation - 1)
    step.update_player(index, reputation=reputation)
    step.update(pending=evolve(encounter, provoked=True, peaceful=False))
    step.emit("reputation", f"The scavengers will remember this: {player.name}'s reputation is {reputation}.",
              player=index, amount=reputation)


def flee(step: Step, item_id: str | None) -> None:
    encounter, index, creature, player = _fight(step)
    item = step.data.cards[item_id] if item_id else None
    theirs = step.roll(f"The {creature.name}", "chase",
                       creature_modifiers(step.state, player.region, creature, "flee"))
    mods = check_modifiers(step.state, index, "flee") + item_bonus(item, "flee")
    mine = step.roll(player.name, "flee", mods, target=theirs.total)
    step.emit_roll(mine, index)
    step.emit_roll(theirs, index)
    if item is not None:
        use_up(step, index, item)
    if mine.success:
        step.emit("fled", f"{player.name} escapes the {creature.name}.", player=index, card=encounter.card)
        close(step)
    else:
        step.emit("caught", f"The {creature.name} keeps up with {player.name}.", player=index)
        creature_strikes(step)


def tame(step: Step, item_id: str | None) -> None:
    encounter, index, creature, player = _fight(step)
    item = step.data.cards[item_id] if item_id else None
    cost, discounts = tame_cost(step.state, index, creature, item)
    if item is not None:
        give_away(step, index, item.id)
    step.update_player(index, food=player.food - cost)
    step.give(index, encounter.card, encounter.deck)
    lowered = "".join(f", {label} -{value}" for label, value in discounts)
    step.emit("tamed", f"{player.name} feeds the {creature.name} {cost} food and tames it "
              f"(cost {creature.base_tame_cost()}{lowered}).", player=index, card=encounter.card, amount=cost)
    close(step, keep_card=True)


def give(step: Step, item_id: str) -> None:
    encounter, index, creature, player = _fight(step)
    item = step.data.cards[item_id]
    rules = step.rules
    give_away(step, index, item_id)
    slugcat = step.slugcat(index)
    if "no_reputation" in slugcat.traits:
        gain = 0
    else:
        gain = int(item.pearls / rules.gift_pearls_per_reputation)
    reputation = min(rules.reputation_max, player.reputation + gain)
    step.update_player(index, reputation=reputation)
    step.emit("reputation", f"{player.name} gives the {creature.name} a {item.name}: reputation "
              f"{player.reputation} -> {reputation}." + (" Scavengers never warm to " + slugcat.name + "."
                                                         if "no_reputation" in slugcat.traits else ""),
              player=index, amount=reputation)
    if reputation >= rules.scavenger_friend_at and scavenger_friends(step.state, index) < rules.scavenger_friends_max:
        step.give(index, encounter.card, encounter.deck)
        step.emit("joined", f"The {creature.name} joins {player.name} as a friend.", player=index,
                  card=encounter.card)
        close(step, keep_card=True)
    elif reputation >= rules.scavenger_ignore_at and not encounter.peaceful:
        step.update(pending=evolve(encounter, peaceful=True))
        step.emit("ignored", f"The {creature.name} lowers its spear and lets {player.name} pass.", player=index)


def leave(step: Step) -> None:
    encounter = step.state.pending
    step.emit("left", f"{step.player(encounter.player).name} walks past the "
              f"{step.data.cards[encounter.card].name}.", player=encounter.player)
    close(step)


def creature_strikes(step: Step) -> None:
    """The creature's answer: above the player's HP kills; otherwise the next exchange begins."""
    encounter, index, creature, player = _fight(step)
    hp = player_hp(step.state, index)
    if "explosive" in creature.abilities:
        hp //= 2
        step.emit("explosive", f"The {creature.name} explodes at {player.name}: HP counts as {hp}.", player=index)
    mods = creature_modifiers(step.state, player.region, creature, "attack")
    roll = step.roll(f"The {creature.name}", "strike", mods, target=hp)
    step.emit_roll(roll, index)
    if roll.success:
        kill(step, index, f"killed by a {creature.name}")
        close(step)
    else:
        step.emit("survived", f"{player.name} dodges the {creature.name}.", player=index)
        step.update(pending=evolve(encounter, exchange=encounter.exchange + 1))


def close(step: Step, keep_card: bool = False) -> None:
    """The fight is over; the card goes to its discard pile (unless it joined) and the turn ends or goes on."""
    encounter = step.state.pending
    if not keep_card:
        step.discard(encounter.card, encounter.deck)
    step.update(pending=None)
    if step.player(encounter.player).status == DEAD or encounter.ends_turn:
        end_turn(step)
