"""Death: karma lost (unless a karma flower wilts instead), the cycle sat out, companions freed.

A player killed by another player sits out only `player_kill_rounds_out` rounds (rules.toml; 0: the
rest of the cycle, as any death), then wakes again where they last slept (wake_downed), out of the
hunt for the rest of the cycle: no player may hunt them, and they may hunt no player (a creature
form that must hunt is freed of it until the cycle ends).
"""

from __future__ import annotations

from .events import Died, GatesLeftBehind, KarmaChanged, KarmaSaved, Untamed, Woke
from .state import AWAKE, DEAD, GameState
from .step import Step
from .tables import GATE

DOWN = "down"  # the busy_task of a player killed by another player: `busy` counts the rounds left out


def kill(step: Step, index: int, *, creature: str | None = None, killer: int | None = None) -> None:
    """The player dies now (the rain when neither a creature nor a killer is named)."""
    rounds = step.rules.player_kill_rounds_out if killer is not None else 0
    player = step.edit(index)
    player.status, player.hunting = DEAD, None
    if rounds:  # back after a few rounds, and safe from every hunter for the rest of the cycle
        player.busy, player.busy_task = rounds, DOWN
        player.escaped_from = tuple(j for j in range(len(step.state.players)) if j != index)
    else:
        player.busy, player.busy_task = 0, None
    step.emit(Died(player=index, creature=creature, killer=killer))
    flower = next((h for h in player.hand if getattr(step.data.card(h.card), "saves_karma", False)), None)
    if flower is not None:
        step.take_from_hand(index, flower.card)
        step.discard(flower.card, flower.deck)
        step.emit(KarmaSaved(player=index, card=flower.card, karma=player.karma))
    else:
        before = player.karma
        player.karma = max(step.rules.karma_min, before - 1)
        if player.karma != before:
            step.emit(KarmaChanged(player=index, before=before, after=player.karma))
    # death takes back the ways one carried: kept gates go back to their decks, so a player who keeps
    # dying (and so cannot use them) never holds a gate away from everyone
    gates = step.return_held(index, lambda held: step.data.card(held.card).kind == GATE)
    if gates:
        step.emit(GatesLeftBehind(player=index, cards=tuple(h.card for h in gates)))
    for other, someone in enumerate(step.state.players):
        if someone.tamed_by == index:
            step.edit(other).tamed_by = None
            step.emit(Untamed(player=other, tamer=index))


def rounds_down(state: GameState, index: int) -> int | None:
    """Rounds before a player killed by another player wakes again this cycle (1: at the end of this
    round); None for anyone else, the dead who wait for the next cycle included."""
    player = state.players[index]
    return player.busy if player.status == DEAD and player.busy_task == DOWN else None


def wake_downed(step: Step) -> None:
    """Round-end rule: each player a player killed counts a round down, and at the last wakes again,
    in the region where they last slept, with an empty food board (their karma stays lost), out of
    the hunt until the cycle ends (everyone is safe from them, as they from everyone); unless
    the rain is too near for a shelter search (search_shelter_turns) to end before it: then they
    stay down until the cycle ends, rather than wake only to die in the rain."""
    rounds_left = step.state.rain + 1  # the round about to begin included
    players = step.state.players
    for index in step.state.order:
        player = players[index]
        if player.status != DEAD or player.busy_task != DOWN:
            continue
        if player.busy > 1:
            step.edit(index).busy -= 1
            continue
        if rounds_left < step.rules.search_shelter_turns:
            continue  # down for the rest of the cycle (stay_down at its end)
        player = step.edit(index)
        player.status, player.busy, player.busy_task = AWAKE, 0, None
        player.region, player.region_turns, player.food, player.food_parts = player.wake_region, 0, 0, 0
        for other, them in enumerate(step.state.players):  # nor may they hunt anyone (hunts.hunt_targets)
            if other != index and index not in them.escaped_from:
                step.edit(other).escaped_from += (index,)
        step.emit(Woke(player=index, region=player.wake_region))


def stay_down(step: Step, index: int) -> None:
    """Cycle end: a player still down wakes with everyone else, nothing left to count."""
    if step.player(index).busy_task == DOWN:
        player = step.edit(index)
        player.busy, player.busy_task = 0, None
