"""The engine's two verbs, what may be done now and doing it, and the table from action to handler.

Every handler returns a Turn: the turn goes on, waits on a decision, or is over, and only here is
a turn ended.
"""

from __future__ import annotations

from . import combat, draw, food, hunts, scavengers, shelter, travel
from .actions import (
    Action,
    Attack,
    Buy,
    ChooseSlugcat,
    CrossGate,
    Draw,
    Eat,
    Flee,
    Give,
    Hibernate,
    Hunt,
    Keep,
    Leave,
    SearchShelter,
    Starve,
    Strike,
    TakeFood,
    Tame,
    TamePlayer,
    Walk,
    parse_action,
)
from .events import Event
from .hands import holding
from .setup import choose_slugcat
from .state import CHOOSING, OVER, PLAYING, Decision, Duel, Encounter, GameState, Market
from .step import CycleEnds, Step, Turn
from .turns import end_turn, legal_turn


class IllegalAction(ValueError):
    """An action that is not among the legal ones now; the message says what is legal."""


# The state legal_actions last answered for, and its answer: `apply` checking an action a caller has
# just chosen from legal_actions(state) finds the answer here instead of working it out again.
# States never change, so an answer stays true; only the newest is kept.
_answered: tuple = (None, ())


def legal_actions(state: GameState) -> list[Action]:
    """Everything the player to act (`state.to_act`) may do now, in a stable order."""
    global _answered
    asked, answer = _answered
    if asked is state:
        return list(answer)
    pending = state.pending
    phase = state.phase
    if pending is None and phase == PLAYING:  # the commonest: a turn to play
        legal = legal_turn(state)  # eating included
    elif phase == OVER:
        legal = []
    elif phase == CHOOSING:
        taken = {p.slugcat for p in state.players}
        legal = [ChooseSlugcat(s) for s in state.data.slugcats if s not in taken]
    elif isinstance(pending, Encounter):
        legal = combat.legal_in_combat(state, pending)
        if pending.player == state.order[state.turn]:
            legal += _eating(state, pending.player)
    elif isinstance(pending, Decision):
        legal = draw.legal_decision(state, pending)
    elif isinstance(pending, Market):
        legal = scavengers.legal_in_market(state, pending)
    else:
        assert isinstance(pending, Duel), pending
        legal = hunts.legal_in_duel(state, pending)
    _answered = (state, tuple(legal))
    return legal


def _eating(state: GameState, index: int) -> list[Action]:
    """Food items can be eaten at any moment of one's own turn, without using it up: `index` is
    the player whose turn it is, when they are the one to act."""
    # A loop, not a comprehension, here and in the few other lists made on every turn: on Python
    # 3.11 a comprehension is a function call of its own, and writing these five as comprehensions
    # made random play 4-5% slower (benchmarks/engine_versions.py, same run). 3.12 inlines them.
    moves: list[Action] = []
    for item in holding(state.data, state.players[index].hand).items:  # (items.held_items, not copied)
        if item.food > 0:
            moves.append(Eat(item.id))
    return moves


def apply(state: GameState, action: Action | str, *, trusted: bool = False,
          wake: bool = True) -> tuple[GameState, list[Event]]:
    """Apply a legal action; return the next state and the events that happened on the way.

    An action that is not among `legal_actions(state)` raises IllegalAction, unless the caller says
    `trusted=True`: it took the action from legal_actions(state) itself (a simulated player, a
    replay's own actions played a second time), so the check is skipped. An untrusted action, from a
    person or a file, must never be passed as trusted: the rules do not check it again.

    `wake=False` stops a move that ends the cycle as the cycle ends: who slept with what food, who
    starved, who died in the rain, before anyone wakes, loses their food or gains karma and the next
    cycle begins. It is for showing a turn's result (the last one awake asleep, fed), never played on.
    """
    if isinstance(action, str):
        action = parse_action(action)
    if not trusted:
        asked, legal = _answered  # the caller has usually just asked legal_actions(state)
        if asked is not state:
            legal = legal_actions(state)
        # an action taken from legal_actions is one of its very objects, found by identity without
        # calling __eq__ on the others; else an equal one (parsed from text, built by hand) will do
        for offered in legal:
            if offered is action:
                break
        else:
            if action not in legal:
                if state.phase == OVER:
                    raise IllegalAction(f"{action}: the game is over")
                options = ", ".join(str(a) for a in legal)
                who = state.players[state.to_act].name
                raise IllegalAction(f"{action}: not allowed now; {who} may: {options}")
    step = Step(state)
    if not wake:
        step.wake = False
    try:
        if _HANDLERS[type(action)](step, action) is Turn.OVER:
            end_turn(step)
    except CycleEnds:  # raised only when not waking: the step stopped as the cycle ended
        pass
    return step.finish(), step.events


def _choose(step: Step, action: ChooseSlugcat) -> Turn:
    choose_slugcat(step, action)
    return Turn.GOES_ON


def _attack(step: Step, action: Attack) -> Turn:
    if isinstance(step.state.pending, Duel):
        return hunts.fight_back(step, action)
    return combat.attack(step, action)


def _flee(step: Step, action: Flee) -> Turn:
    if isinstance(step.state.pending, Duel):
        return hunts.flee_attacker(step, action)
    return combat.flee(step, action)


def _leave(step: Step, action: Leave) -> Turn:
    if isinstance(step.state.pending, Market):
        return scavengers.leave_market(step)
    if isinstance(step.state.pending, Decision):
        return travel.let_go(step)
    return combat.leave(step)


_HANDLERS = {
    ChooseSlugcat: _choose,
    Draw: draw.draw,
    TakeFood: food.take_food,
    SearchShelter: shelter.search,
    Hibernate: shelter.hibernate,
    Starve: shelter.starve,
    Keep: draw.keep,
    CrossGate: travel.cross,
    Walk: travel.walk,
    Attack: _attack,
    Flee: _flee,
    Tame: combat.tame,
    Give: combat.give,
    Leave: _leave,
    Buy: scavengers.buy,
    Eat: food.eat,
    Hunt: hunts.hunt,
    Strike: hunts.strike,
    TamePlayer: hunts.tame_player,
}
