"""Turns and rounds: who plays next, what happens as a turn starts, and what a turn may do.

`apply` ends a turn in one place (`end_turn`) when a handler says the turn is over. A turn starts
with the turn-start rules below, in order; a rule may play the turn by itself (a search, the
ending's wait) or leave the player a decision (a found shelter, a hazard met).
"""

from __future__ import annotations

from .actions import Draw, Eat, SearchShelter, TakeFood
from .combat import start_encounter
from .cycles import end_cycle
from .death import wake_downed
from .ending import wait_at_the_void_sea
from .events import RainFell, RoundEnded, TurnStarted
from .hunts import legal_hunts, must_hunt, transform
from .hands import holding
from .queries import usable_ids
from .shelter import can_search, keep_searching, sleep_action
from .state import AWAKE, PLAYING, PRECYCLE_DECK, GameState
from .step import Step, Turn
from .tables import tables
from .travel import legal_travel


def _hazard(step: Step, index: int) -> Turn | None:
    """A region's hazard (Farm Arrays' worm grass) is met every few turns spent there."""
    region = step.data.regions[step.state.players[index].region]
    if region.hazard is None or region.hazard_every <= 0:
        return None
    player = step.edit(index)
    player.region_turns += 1
    if player.region_turns % region.hazard_every != 0:
        return None
    result = start_encounter(step, index, region.hazard, None, ends_turn=False)
    return None if result is Turn.GOES_ON else result


# A turn owed to the ending's wait or to a search plays itself (begin_turn asks the player's
# `waiting`, then `busy`); a turn not owed is announced (TurnStarted), then the rules of a turn's
# start run. Each gets the player whose turn starts; None lets the next rule run, a Turn stops the
# list: OVER (the turn played itself: pass on) or WAITS (a decision, or the game is over).
# They can only act for a slugcat that becomes a creature or in a region with a hazard (the deck
# data's tables list both): for anyone else begin_turn does not ask them.
TURN_START_RULES = (transform, _hazard)


def begin_turn(step: Step) -> None:
    """Start the current player's turn; turns owed to a search or the ending's wait play themselves."""
    state = step.state  # the step's draft: the same object for the whole step
    table = tables(step.data)
    while state.phase == PLAYING:
        index = state.order[state.turn]
        player = step.edit(index)
        player.turns += 1
        player.cycle_turns += 1
        if player.waiting > 0:  # owed to the ending's wait
            result = wait_at_the_void_sea(step, index)
        elif player.busy > 0:  # owed to a search
            result = keep_searching(step, index)
        else:  # the turn is the player's to play
            step.emit(TurnStarted(player=index, region=player.region))
            if player.slugcat not in table.becoming and player.region not in table.hazards:
                return  # no turn-start rule has anything to do
            for rule in TURN_START_RULES:
                result = rule(step, index)
                if result is not None:
                    break
            else:
                return
        if result is Turn.WAITS:
            return
        advance(step)


def end_turn(step: Step) -> None:
    """The current player's turn is over: pass play on (and end the round or cycle if due)."""
    advance(step)
    if step.state.phase == PLAYING:
        begin_turn(step)


def advance(step: Step) -> None:
    """Move `turn` to the next awake player; end the round and maybe the cycle on the way."""
    state = step.state
    order, players = state.order, state.players
    for pos in range(state.turn + 1, len(order)):  # the next awake player later in the round
        if players[order[pos]].status == AWAKE:
            state.turn = pos  # the step's draft takes writes while the step runs
            return
    for first, i in enumerate(order):  # none later: the round ends, if anyone is still awake
        if players[i].status == AWAKE:
            break
    else:
        end_cycle(step, rained=False)
        return
    rain = state.rain - 1
    state.rain, state.round = rain, state.round + 1
    if rain < 0:
        step.emit(RainFell())
        end_cycle(step, rained=True)
        return
    step.emit(RoundEnded(rain=rain))
    if step.rules.player_kill_rounds_out:  # players killed by players may wake again now
        wake_downed(step)
        players = state.players
        for first, i in enumerate(order):  # the first awake now, the woken included
            if players[i].status == AWAKE:
                break
    state.turn = first


# actions are values: the same four are offered on every turn, and one of each meal named so far
# serves every turn after (a turn's list is made for every state)
_DRAW, _DRAW_PRECYCLE, _TAKE_FOOD, _SEARCH = Draw(), Draw(PRECYCLE_DECK), TakeFood(), SearchShelter()
_MEALS: dict[str, Eat] = {}


def legal_turn(state: GameState) -> list:
    """What the player whose turn it is may do with it, eating included.

    Partners (queries.partners) and hunt targets (hunts.hunt_targets) are read here in one pass over
    the players, and the hand is looked at once for its shelters, gates (queries.usable_ids) and
    meals (game._eating); the moves come in the order those queries give them."""
    index = state.order[state.turn]
    players = state.players
    player = players[index]
    region, tamer = player.region, player.tamed_by
    mates = targets = None
    for j, them in enumerate(players):  # partners and hunt targets at once (a loop: see game._eating)
        if them.region != region or j == index:
            continue
        if them.tamed_by == index or tamer == j:
            if mates is None:
                mates = []
            mates.append(j)
        elif them.status == AWAKE and them.waiting == 0 and index not in them.escaped_from:
            if targets is None:
                targets = []
            targets.append(j)
    data = state.data
    held = holding(data, player.hand)
    shelters, gates = usable_ids(state, index, mates) if mates else (held.shelters, held.gates)
    searchable = can_search(state, index)
    if player.form is not None and targets and must_hunt(state, index, targets):  # (only a creature form must)
        # it must go after the players it meets, but may always go to shelter instead
        moves = legal_hunts(state, index, targets)
        if shelters:
            moves.append(sleep_action(state, index))
        if searchable:
            moves.append(_SEARCH)
    else:
        if not state.precycle:
            moves = [_DRAW, _TAKE_FOOD]
        elif player.cycle_turns <= data.rules.precycle_forced_turns:
            moves = [_DRAW_PRECYCLE, _TAKE_FOOD]
        else:
            moves = [_DRAW, _DRAW_PRECYCLE, _TAKE_FOOD]
        if searchable:
            moves.append(_SEARCH)
        if shelters:
            moves.append(sleep_action(state, index))
        moves += legal_travel(state, index, gates)
        if targets:
            moves += legal_hunts(state, index, targets)
    for item in held.items:  # food items are eaten at any moment of one's own turn (game._eating)
        if item.food > 0:
            meal = _MEALS.get(item.id)
            if meal is None:
                meal = _MEALS[item.id] = Eat(item.id)
            moves.append(meal)
    return moves
