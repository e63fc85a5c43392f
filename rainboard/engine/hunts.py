"""Players hunting players, and the Hunter becoming Hunter Long Legs.

A hunt takes two turns: track the target down, then strike next turn if they are still there. A
strike is one exchange: the attacker (and companions) attack; a defender still alive answers once,
on the attacker's turn, by fighting back or fleeing. Fleeing keeps that attacker off them for the
rest of the cycle.
"""

from __future__ import annotations

from .actions import Attack, Flee, Hunt, Strike, TamePlayer
from .combat import companions_attack
from .flow import end_turn, feed, kill
from .items import held_items, item_bonus, use_up
from .modifiers import check_modifiers, player_hp, tame_cost
from .state import AWAKE, Duel, GameState
from .step import Step


def hunt_targets(state: GameState, index: int) -> list[int]:
    """Players this one may hunt: awake in the same region, not waiting to ascend, not escaped from
    this hunter this cycle, and not its tamer or tamed creature."""
    me = state.players[index]
    return [
        j for j, them in enumerate(state.players)
        if j != index and them.status == AWAKE and them.region == me.region and them.waiting == 0
        and index not in them.escaped_from and them.tamed_by != index and me.tamed_by != j
    ]


def legal_hunts(state: GameState, index: int) -> list:
    me = state.players[index]
    targets = hunt_targets(state, index)
    moves: list = []
    if me.hunting in targets:
        moves.append(Strike(me.hunting))
        form = state.players[me.hunting].form
        if form is not None:
            cost = tame_cost(state, index, state.data.cards[form])
            if cost is not None and cost[0] <= me.food:
                moves.append(TamePlayer(me.hunting))
    moves += [Hunt(j) for j in targets]
    return moves


def must_hunt(state: GameState, index: int) -> bool:
    """A player in an aggressive creature form, untamed, must go after anyone it can."""
    me = state.players[index]
    if me.form is None or me.tamed_by is not None:
        return False
    return "aggressive" in state.data.cards[me.form].abilities and bool(hunt_targets(state, index))


def hunt(step: Step, target: int) -> None:
    index = step.state.current
    step.update_player(index, hunting=target)
    step.emit("hunt", f"{step.player(index).name} is tracking {step.player(target).name} down.", player=index)
    end_turn(step)


def _hp_against(step: Step, striker: int, target: int) -> int:
    hp = player_hp(step.state, target)
    form = step.player(striker).form
    if form and "explosive" in step.data.cards[form].abilities:
        hp //= 2
        step.emit("explosive", f"{step.player(striker).name} explodes into the fight: "
                  f"{step.player(target).name}'s HP counts as {hp}.", player=striker)
    return hp


def strike(step: Step, target: int) -> None:
    index = step.state.current
    me = step.update_player(index, hunting=None)
    them = step.player(target)
    step.emit("strike", f"{me.name} pounces on {them.name}!", player=index)
    hp = _hp_against(step, index, target)
    roll = step.roll(me.name, "attack", check_modifiers(step.state, index, "attack"), target=hp)
    step.emit_roll(roll, index)
    if roll.success or companions_attack(step, index, hp, them.name):
        _defeat(step, index, target)
        end_turn(step)
        return
    step.update(pending=Duel(player=target, attacker=index))
    step.emit("answer", f"{them.name} must answer: fight back or flee.", player=target)


def legal_in_duel(state: GameState, duel: Duel) -> list:
    items = held_items(state, duel.player)
    return ([Attack()] + [Attack(i.id) for i in items if i.usable_in_attack]
            + [Flee()] + [Flee(i.id) for i in items if i.usable_in_flight])


def fight_back(step: Step, item_id: str | None) -> None:
    duel = step.state.pending
    defender, attacker = duel.player, duel.attacker
    item = step.data.cards[item_id] if item_id else None
    hp = _hp_against(step, defender, attacker)
    if item is not None and item.explosive:
        hp //= 2
    mods = check_modifiers(step.state, defender, "attack") + item_bonus(item, "attack")
    roll = step.roll(step.player(defender).name, "attack", mods, target=hp)
    step.emit_roll(roll, defender)
    if item is not None:
        use_up(step, defender, item)
    if roll.success or companions_attack(step, defender, hp, step.player(attacker).name):
        _defeat(step, defender, attacker)
    else:
        step.emit("standoff", f"{step.player(defender).name} and {step.player(attacker).name} break apart.",
                  player=defender)
    step.update(pending=None)
    end_turn(step)


def flee_attacker(step: Step, item_id: str | None) -> None:
    duel = step.state.pending
    defender, attacker = duel.player, duel.attacker
    item = step.data.cards[item_id] if item_id else None
    theirs = step.roll(step.player(attacker).name, "chase", check_modifiers(step.state, attacker, "flee"))
    mods = check_modifiers(step.state, defender, "flee") + item_bonus(item, "flee")
    mine = step.roll(step.player(defender).name, "flee", mods, target=theirs.total)
    step.emit_roll(mine, defender)
    step.emit_roll(theirs, defender)
    if item is not None:
        use_up(step, defender, item)
    if mine.success:
        escaped = step.player(defender).escaped_from + (attacker,)
        step.update_player(defender, escaped_from=escaped)
        step.emit("fled", f"{step.player(defender).name} gets away: {step.player(attacker).name} cannot "
                  f"attack them again this cycle.", player=defender)
    else:
        step.emit("caught", f"{step.player(defender).name} cannot shake {step.player(attacker).name} off, "
                  "but the fight breaks up.", player=defender)
    step.update(pending=None)
    end_turn(step)


def tame_player(step: Step, target: int) -> None:
    index = step.state.current
    me = step.update_player(index, hunting=None)
    creature = step.data.cards[step.player(target).form]
    cost, _ = tame_cost(step.state, index, creature)
    step.update_player(index, food=me.food - cost)
    step.update_player(target, tamed_by=index)
    step.emit("tamed", f"{me.name} feeds {step.player(target).name} {cost} food: the {creature.name} now "
              f"follows {me.name}.", player=index, amount=cost)
    end_turn(step)


def _defeat(step: Step, winner: int, loser: int) -> None:
    name = step.player(loser).name
    kill(step, loser, f"killed by {step.player(winner).name}")
    feed(step, winner, step.rules.player_kill_food, "meat", name)


def transform(step: Step, index: int) -> None:
    """At the start of a turn: a slugcat that `becomes` a creature does so once past its turn count."""
    player = step.player(index)
    slugcat = step.slugcat(index)
    if slugcat.becomes is None or player.form is not None or player.turns <= slugcat.becomes_after:
        return
    step.update_player(index, form=slugcat.becomes)
    creature = step.data.cards[slugcat.becomes]
    step.emit("transformed", f"{player.name}'s long hunt is over: {slugcat.name} has become {creature.name} "
              f"(HP {creature.hp}). Others may now kill or tame them.", player=index)

