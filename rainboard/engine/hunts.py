"""Players hunting players, and the Hunter becoming Hunter Long Legs.

A hunt takes two turns: track the target down, then strike next turn if they are still there. A
strike is one exchange: the attacker (and companions) attack; a defender still alive answers once,
on the attacker's turn, by fighting back or fleeing. Fleeing keeps that attacker off them for the
rest of the cycle.
"""

from __future__ import annotations

from . import abilities
from .actions import ATTACK, FLEE, Attack, Flee, Hunt, Strike, TamePlayer
from .checks import roll_attack, roll_flee
from .death import kill
from .events import Blasted, BrokeApart, Caught, Fled, Hunting, MustAnswer, Pounced, Tamed, Transformed
from .food import feed
from .items import held_items
from .modifiers import check_modifiers
from .queries import form_blasts, hp_against, player_attack_plan, tame_cost, tame_price
from .state import AWAKE, Duel, GameState
from .step import Step, Turn


def hunt_targets(state: GameState, index: int) -> list[int]:
    """Players this one may hunt: awake in the same region, not waiting to ascend, not escaped from
    this hunter this cycle, and not its tamer or tamed creature."""
    me = state.players[index]
    region, tamer = me.region, me.tamed_by
    targets = []
    for j, them in enumerate(state.players):  # a loop: see game._eating
        if them.region == region and j != index and them.status == AWAKE and them.waiting == 0 \
                and index not in them.escaped_from and them.tamed_by != index and tamer != j:
            targets.append(j)
    return targets


def legal_hunts(state: GameState, index: int, targets: list[int]) -> list:
    """Striking the player hunted last turn if still a target, taming them, hunting any `targets`
    (hunt_targets(state, index))."""
    me = state.players[index]
    moves: list = []
    if me.hunting in targets:
        moves.append(Strike(me.hunting))
        moves += [Strike(me.hunting, item.id) for item in held_items(state, index) if item.usable_in_attack]
        form = state.players[me.hunting].form
        if form is not None:
            cost = tame_cost(state, index, state.data.cards[form])
            if cost is not None and cost[0] <= me.food:
                moves.append(TamePlayer(me.hunting))
    for j in targets:
        hunt = _HUNTS.get(j)
        if hunt is None:
            hunt = _HUNTS[j] = Hunt(j)
        moves.append(hunt)
    return moves


# Hunt(j) for each player index offered so far, made once (actions are values; see actions.ATTACK)
_HUNTS: dict[int, Hunt] = {}


def must_hunt(state: GameState, index: int, targets: list[int] | None = None) -> bool:
    """A player in an aggressive creature form, untamed, must go after anyone it can (`targets`:
    hunt_targets(state, index), when the caller has them already)."""
    me = state.players[index]
    if me.form is None or me.tamed_by is not None:
        return False
    if targets is None:
        targets = hunt_targets(state, index)
    return abilities.hunts_players(state.data.cards[me.form]) and bool(targets)


def hunt(step: Step, action: Hunt) -> Turn:
    index = step.state.current
    step.edit(index).hunting = action.target
    step.emit(Hunting(player=index, target=action.target))
    return Turn.OVER


def _blast(step: Step, striker: int, target: int) -> None:
    """A striker whose form blasts tells the target's HP halved against its own roll."""
    if form_blasts(step.state, striker):
        step.emit(Blasted(player=striker, by_player=striker, target_player=target,
                          hp=hp_against(step.state, striker, target)))


def strike(step: Step, action: Strike) -> Turn:
    index = step.state.current
    target = action.target
    step.edit(index).hunting = None
    step.emit(Pounced(player=index, target=target))
    item = step.data.cards[action.item] if action.item else None
    _blast(step, index, target)
    plan = player_attack_plan(step.state, index, target, item)
    if roll_attack(step, index, plan, item, target_player=target):
        _defeat(step, index, target)
        return Turn.OVER
    step.state.pending = Duel(player=target, attacker=index)
    step.emit(MustAnswer(player=target, attacker=index))
    return Turn.WAITS


def legal_in_duel(state: GameState, duel: Duel) -> list:
    items = held_items(state, duel.player)
    return ([ATTACK] + [Attack(i.id) for i in items if i.usable_in_attack]
            + [FLEE] + [Flee(i.id) for i in items if i.usable_in_flight])


def fight_back(step: Step, action: Attack) -> Turn:
    duel = step.state.pending
    defender, attacker = duel.player, duel.attacker
    item = step.data.cards[action.item] if action.item else None
    _blast(step, defender, attacker)
    plan = player_attack_plan(step.state, defender, attacker, item)
    if roll_attack(step, defender, plan, item, target_player=attacker):
        _defeat(step, defender, attacker)
    else:
        step.emit(BrokeApart(player=defender, attacker=attacker))
    step.state.pending = None
    return Turn.OVER


def flee_attacker(step: Step, action: Flee) -> Turn:
    duel = step.state.pending
    defender, attacker = duel.player, duel.attacker
    item = step.data.cards[action.item] if action.item else None
    chaser = check_modifiers(step.state, attacker, "flee")
    if roll_flee(step, defender, step.player(attacker).name, chaser, item):
        step.edit(defender).escaped_from += (attacker,)
        step.emit(Fled(player=defender, attacker=attacker))
    else:
        step.emit(Caught(player=defender, attacker=attacker))
    step.state.pending = None
    return Turn.OVER


def tame_player(step: Step, action: TamePlayer) -> Turn:
    index = step.state.current
    target = action.target
    me = step.edit(index)
    me.hunting = None
    creature = step.data.cards[step.player(target).form]
    cost, discounts = tame_cost(step.state, index, creature)
    me.food -= cost
    step.edit(target).tamed_by = index
    step.emit(Tamed(player=index, target=target, cost=cost, price=tame_price(creature), discounts=discounts))
    return Turn.OVER


def _defeat(step: Step, winner: int, loser: int) -> None:
    kill(step, loser, killer=winner)
    feed(step, winner, step.rules.player_kill_food, "meat", prey=loser)


def transform(step: Step, index: int) -> None:
    """Turn-start rule: a slugcat that `becomes` a creature does so once past its turn count."""
    player = step.state.players[index]
    slugcat = step.data.slugcats[player.slugcat]
    if slugcat.becomes is None or player.form is not None or player.turns <= slugcat.becomes_after:
        return None
    step.edit(index).form = slugcat.becomes
    step.emit(Transformed(player=index, slugcat=slugcat.id, creature=slugcat.becomes))
    return None
