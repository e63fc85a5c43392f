"""The ending: the wait at the Void Sea, ascending, and the game's end with everyone ranked."""

from __future__ import annotations

from .events import Ascended, GameOver, Waited
from .queries import ending_stage
from .state import ASCENDED, OVER
from .step import Step, Turn


def wait_at_the_void_sea(step: Step, index: int) -> Turn | None:
    """Turn-start rule: a player waiting to ascend spends the turn waiting; the last one ascends."""
    player = step.state.players[index]
    if player.waiting <= 0:
        return None
    left = player.waiting - 1
    step.edit(index).waiting = left
    step.emit(Waited(player=index, left=left))
    if left == 0:
        ascend(step, index)
        return Turn.WAITS  # the game is over
    return Turn.OVER


def ascend(step: Step, index: int, end: bool = True) -> None:
    player = step.edit(index)
    player.status, player.waiting = ASCENDED, 0
    step.emit(Ascended(player=index, turns=player.turns))
    if end:
        game_over(step, index)


def game_over(step: Step, winner: int, also: tuple[int, ...] = ()) -> None:
    """The game ends with `winner` ascended. Players who completed the ending while someone waited
    ascend with them ("so that others may also ascend before the game ends"), ranked after the
    winner by who finished first; `also` are others who ascended at the same moment, in order.
    Everyone else follows by how far along the ending, then karma, then turn order."""
    state = step.state
    position = {index: pos for pos, index in enumerate(state.order)}
    waiting = sorted((p.waiting, position[i], i) for i, p in enumerate(state.players)
                     if p.waiting > 0 and i != winner and i not in also)
    ascended = [winner, *also, *(i for _, _, i in waiting)]
    for _, _, index in waiting:
        ascend(step, index, end=False)
    state = step.state
    rest = sorted((i for i in range(len(state.players)) if i not in ascended),
                  key=lambda i: (-ending_stage(state.players[i]), -state.players[i].karma, position[i]))
    state.phase, state.winner, state.ranking, state.pending = OVER, winner, tuple(ascended + rest), None
    step.emit(GameOver(player=winner, turns=state.players[winner].turns))
