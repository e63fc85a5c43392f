"""A finished solo challenge written into the score book, from the board that played it."""

from __future__ import annotations

from .safe_text import tell
from .session import GameSession


def record_challenge_result(app, session: GameSession):
    """A finished solo challenge goes into the score book, under its decks' fingerprint; its answer
    says if it is a new best on those decks."""
    from datetime import date

    from rainboard.saves.challenge import claim_problem
    from rainboard.saves.scores import ScoreBook, ScoreBookError

    result = session.outcome
    if not session.challenge or result is None or result.solo_score is None:
        return None
    # only the game its code deals is a result on that code, however the session came to claim it
    problem = claim_problem(session.challenge, session.setup, session.data)
    if problem is not None:
        tell(app, f"The result was not kept: {problem}", severity="warning", timeout=8)
        return None
    path = session.saver.path if session.saver is not None else None
    try:
        book = ScoreBook.for_data_dir(app.data_dir)
        return book.record(session.challenge, session.state.players[0].slugcat, result.solo_score,
                           date.today(), str(path) if path else None, fingerprint=session.data.fingerprint)
    except (ScoreBookError, OSError) as error:
        tell(app, f"The result could not be kept: {error}", severity="warning", timeout=8)
        return None
