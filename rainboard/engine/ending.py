"""The ending: the wait at the Void Sea, ascending, and the game's end with everyone ranked."""

from __future__ import annotations

from .events import Ascended, GameOver, Waited
from .queries import ending_stage
from .state import ASCENDED, OVER
from .step import Step, Turn


def wait_at_the_void_sea(step: Step, index: int) -> Turn | None:
    """Turn-start rule: a player waiting to ascend spends the turn waiting; the last one ascends."""
    player = step.player(index)
    if player.waiting <= 0:
        return None
    left = player.waiting - 1
    step.update_player(index, waiting=left)
    step.emit(Waited(player=index, left=left))
    if left == 0:
        ascend(step, index)
        return Turn.WAITS  # the game is over
    return Turn.OVER


def ascend(step: Step, index: int, end: bool = True) -> None:
    player = step.update_player(index, status=ASCENDED, waiting=0)
    step.emit(Ascended(player=index, turns=player.turns))
    if end:
        game_over(step, index)


def game_over(step: Step, winner: int) -> None:
    """The winner first; the others by how far along the ending, then karma, then turn order."""
    state = step.state
    position = {index: pos for pos, index in enumerate(state.order)}
    ranking = sorted(
        range(len(state.players)),
        key=lambda i: (i != winner, -ending_stage(state.players[i]), -state.players[i].karma, position[i]),
    )
    step.update(phase=OVER, winner=winner, ranking=tuple(ranking), pending=None)
    step.emit(GameOver(player=winner, turns=state.players[winner].turns))
