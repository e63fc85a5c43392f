"""How a finished game came out: the winner, everyone's place, and the solo score."""

from __future__ import annotations

from attrs import frozen

from .queries import ending_stage
from .state import OVER, GameState


@frozen
class Placing:
    player: int
    name: str
    place: int  # 1 is the winner
    turns: int
    karma: int
    progress: int  # how far along the ending: 0 nothing, 1 the Mark, 2 in Subterranean, +1 per sleep there


@frozen
class Outcome:
    winner: int
    placings: tuple[Placing, ...]  # in ranking order
    solo_score: int | None  # a one-player game's score: turns taken to ascend (fewer is better)


def outcome(state: GameState) -> Outcome | None:
    """The result of a finished game, or None while it is still being played."""
    if state.phase != OVER:
        return None
    placings = tuple(
        Placing(player=i, name=state.players[i].name, place=place, turns=state.players[i].turns,
                karma=state.players[i].karma, progress=ending_stage(state.players[i]))
        for place, i in enumerate(state.ranking, start=1)
    )
    solo = state.players[state.winner].turns if len(state.players) == 1 else None
    return Outcome(winner=state.winner, placings=placings, solo_score=solo)
