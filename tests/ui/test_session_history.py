"""The table's history forgets what can never be used again: the states of moves that can no longer
be taken back, and moves far older than any news. Undo and the news read exactly as with the whole
history kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.engine.rng import Chooser
from rainboard.ui import session as session_module
from rainboard.ui.session import GameSession
from rainboard.ui.turn_story import result_lines, result_title, since_lines

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"
PLAYERS = [PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk"), PlayerSetup("Cy", "saint")]


class Hoarding(GameSession):
    """A session that keeps every state, as the table did before it learnt to forget."""

    def _forget_states(self, actor, revealed) -> None:
        return None


def _told(session: GameSession, mover: int | None) -> tuple:
    """Everything the table reads from the history: undo's answer for whoever may ask (the player to
    act, and the mover while their move's result is on screen), the news and each player's turn
    result."""
    players = range(len(session.state.players))
    return (session.undo_refusal() is None, mover is not None and session.undo_refusal(mover) is None,
            tuple(tuple(since_lines(session, p)) for p in players),
            tuple(tuple(line.plain for line in result_lines(session, p)) for p in players),
            tuple(result_title(session, p) for p in players))


@pytest.mark.parametrize("seed", ["history", "undo", 3])
def test_undo_and_the_news_read_the_same_as_with_every_state_kept(monkeypatch, seed):
    monkeypatch.setattr(session_module, "KEEP_STEPS", 40)  # so the oldest moves drop off too
    data = load_data(SHORT)
    setup = Setup(players=PLAYERS, seed=seed)
    kept, forgetful = Hoarding.start(setup, data), GameSession.start(setup, data)
    chooser = Chooser(5)
    undone = 0
    for number in range(600):
        if forgetful.over:
            break
        mover = None
        if chooser.below(2) == 0 and forgetful.undo_refusal() is None:
            assert kept.undo_refusal() is None
            assert forgetful.undo() == kept.undo()
            undone += 1
        else:
            action = chooser.choice(forgetful.legal)
            mover = forgetful.state.to_act
            forgetful.act(action)
            kept.act(action)
        assert forgetful.state == kept.state
        assert _told(forgetful, mover) == _told(kept, mover), f"after move {number}"
    assert undone > 5 and number > 100
    assert len(forgetful.steps) <= 40 + 40 // 4
    assert sum(step.before is not None for step in forgetful.steps) < 10 < len(kept.steps)
