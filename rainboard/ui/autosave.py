"""Saving the game at the table after every action, so a closed terminal loses nothing shown."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from rainboard.engine import digest

from .session import GameSession


def now() -> datetime:
    return datetime.now(timezone.utc)


def outcome_summary(session: GameSession) -> dict | None:
    result = session.outcome
    if result is None:
        return None
    winner = session.state.players[result.winner]
    return {"winner": winner.name, "turns": winner.turns, "solo_score": result.solo_score}


def why_not_written(error: Exception) -> str:
    """The reason a save could not be written, in a few words ("No space left on device")."""
    problem = getattr(error, "problem", None) or getattr(error, "strerror", None) or str(error)
    return problem.removeprefix("cannot be written: ")


class Autosaver:
    """Writes the session's save file (atomically) each time the session changes.

    A write that fails (a full disk, a read-only or missing folder) never stops the game: the save
    in memory stays up to date, so it can still be written elsewhere (ctrl+s), the file already on
    disk is left as it was, and every later action tries again. `report(path, error)` hears about
    the first failure of a run of them, `recovered(path)` about the first write that works after."""

    def __init__(self, path: Path, save, report=None, recovered=None) -> None:
        self.path = path
        self.save = save
        self.report = report
        self.recovered = recovered
        self.failed = False

    @classmethod
    def for_new_game(cls, session: GameSession, data_dir: Path, handoffs: bool, report=None,
                     recovered=None) -> Autosaver:
        from rainboard.saves import games_dir, new_game_id, new_save

        moment = now()
        game_id = new_game_id(moment)
        save = new_save(session.setup, session.data, handoffs, moment, game_id=game_id,
                        challenge_code=session.challenge)
        saver = cls(games_dir(data_dir) / f"{game_id}.json", save, report, recovered)
        saver(session)
        return saver

    def __call__(self, session: GameSession) -> None:
        from rainboard.saves import SaveError, record, write_save

        digests = dict(session.digests)
        digests[len(session.actions)] = digest(session.state)
        self.save = record(self.save, list(session.actions), digests, finished=session.over,
                           outcome=outcome_summary(session), now=now())
        try:
            write_save(self.path, self.save)
        except (SaveError, OSError) as error:
            # keep playing: the last good save stays on disk untouched
            if not self.failed and self.report is not None:
                self.report(self.path, error)
            self.failed = True
            return
        if self.failed and self.recovered is not None:
            self.recovered(self.path)
        self.failed = False
