"""Cycles and the rain: the precycle roll and the rain timer at the start, and what the end brings
(death in the rain, karma for the sheltered, waking, the ending's sleeps)."""

from __future__ import annotations

from .death import kill, stay_down
from .ending import ascend, game_over
from .events import CycleEnded, CycleStarted, EndingSlept, KarmaChanged, PrecycleRolled, RainTimerRolled, \
    SparedByRain, Woke
from .state import AWAKE, DEAD, HIBERNATING, SHELTERED, STARVED
from .step import CycleEnds, Step
from .tables import tables


def start_cycle(step: Step) -> None:
    """A new cycle: the precycle roll (if played with), the rain timer, the first player."""
    rules = step.rules
    state = step.state
    cycle = state.cycle + 1
    precycle = False
    step.emit(CycleStarted(cycle=cycle))
    if state.options.precycles:
        face = step.dice.roll(rules.precycle_die)
        precycle = face == rules.precycle_on
        step.emit(PrecycleRolled(player=state.order[0], die=rules.precycle_die, face=face, precycle=precycle))
    faces = tuple(step.dice.roll(rules.rain_sides) for _ in range(rules.rain_dice))
    extra = rules.precycle_rain_bonus if precycle else 0
    timer = sum(faces) + rules.rain_bonus + extra
    step.emit(RainTimerRolled(player=state.order[0], dice=rules.rain_dice, sides=rules.rain_sides, faces=faces,
                              bonus=rules.rain_bonus, precycle_bonus=extra, timer=timer))
    state.cycle, state.precycle, state.round, state.turn = cycle, precycle, 0, 0
    state.rain = state.rain_start = timer


def end_cycle(step: Step, rained: bool) -> None:
    """The cycle is over: the rain takes whoever is out in it, the sheltered gain karma, the dead
    wake where they last slept, and hands lose food, shelters and gates. Then the next cycle, or
    the end of the game if someone ascends now."""
    state = step.state
    rules = step.rules
    if rained:
        for index in state.order:
            player = step.player(index)
            if player.status != AWAKE or player.waiting > 0:
                continue
            if step.region(index).sheltered_from_rain:
                step.emit(SparedByRain(player=index, region=player.region))
                continue
            kill(step, index)
    step.emit(CycleEnded(cycle=state.cycle))
    if not step.wake:  # the table as the cycle ended, for showing (game.apply's `wake`)
        raise CycleEnds

    ascending: list[int] = []
    shelters = tables(step.data).shelters
    waits = state.options.waits(len(state.players))
    for index in state.order:
        player = step.edit(index)
        status = player.status
        if status in SHELTERED:
            player.wake_region = player.region
        if status == HIBERNATING:
            karma = min(rules.karma_max, player.karma + 1)
            if karma != player.karma:
                step.emit(KarmaChanged(player=index, before=player.karma, after=karma))
                player.karma = karma
            if player.has_mark and step.region(index).ascension:
                player.ending_hibernations += 1
                step.emit(EndingSlept(player=index, region=player.region, slept=player.ending_hibernations,
                                      needed=rules.ending_hibernations))
                if player.ending_hibernations >= rules.ending_hibernations:
                    if waits and rules.ending_wait_turns > 0:
                        player.waiting = rules.ending_wait_turns
                    else:
                        ascending.append(index)
        player.starving = status == STARVED
        if status == DEAD:
            player.region, player.region_turns = player.wake_region, 0
            stay_down(step, index)  # killed by a player and not yet up again: up with everyone now
        # what the cycle's end takes away: food and shelters. Creatures in hand are all companions
        # (tamed, friends, slugpups) and stay; kept gates stay too ("travel back to the gate
        # anytime"; the dead lost theirs when they died).
        step.return_held(index, lambda held: held.card in shelters)
        player.food, player.food_parts, player.status, player.cycle_turns = 0, 0, AWAKE, 0
        player.hunting, player.escaped_from = None, ()
        if status == DEAD:
            step.emit(Woke(player=index, region=player.wake_region))
    state.pending = None
    if ascending:
        for index in ascending:
            ascend(step, index, end=False)
        game_over(step, ascending[0], also=tuple(ascending[1:]))
        return
    start_cycle(step)
