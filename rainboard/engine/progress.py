"""How far along the ending a player is: the Mark, the ascension region reached with it, the sleeps
there, the wait. Asked through rainboard.engine.queries, as the ranking (ending.py), the outcome and
the interface's roster ask it; nothing here changes a state."""

from __future__ import annotations

from attrs import frozen

from .state import ASCENDED, GameState, Player


@frozen
class EndingProgress:
    """The steps of the ending a player has taken, as the ranking counts them."""

    ascended: bool
    mark: bool  # bears the Mark
    reached: bool  # carried the Mark into the ascension region
    sleeps: int  # hibernations there
    needed: int = 0  # the hibernations there the ending asks (ending_steps; 0 when not asked)
    waiting: int = 0  # turns of the ending's wait still to pass before ascending

    @property
    def sleeps_left(self) -> int:
        """Hibernations in the ascension region still to take (0 once they are all taken)."""
        return max(self.needed - self.sleeps, 0)

    @property
    def close(self) -> bool:
        """One sleep or the wait from ascending: waiting, or in the ascension region with the Mark and
        one hibernation left to take there."""
        return not self.ascended and (self.waiting > 0 or self.reached and self.sleeps_left == 1)

    @property
    def stage(self) -> int:
        """One number for ranking: 0 nothing, 1 the Mark, 2 the Mark carried into the ascension
        region, +1 per sleep there; 10 once ascended."""
        if self.ascended:
            return 10
        score = 2 if self.reached else 1 if self.mark else 0
        return score + self.sleeps


def ending_progress(player: Player) -> EndingProgress:
    """How far along the ending a player is, step by step."""
    return EndingProgress(ascended=player.status == ASCENDED, mark=player.has_mark,
                          reached=player.reached_ending, sleeps=player.ending_hibernations)


def ending_steps(state: GameState, index: int) -> EndingProgress:
    """How far along the ending a player is, with the table's numbers: the hibernations the
    ascension region asks (rules.ending_hibernations) and the turns of waiting left."""
    player = state.players[index]
    return EndingProgress(ascended=player.status == ASCENDED, mark=player.has_mark,
                          reached=player.reached_ending, sleeps=player.ending_hibernations,
                          needed=state.data.rules.ending_hibernations, waiting=player.waiting)


def ending_stage(player: Player) -> int:
    """How far along the ending a player is, for ranking (EndingProgress.stage)."""
    return ending_progress(player).stage
