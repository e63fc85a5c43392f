"""A long game's session holds only the newest events (and what undo, the news and the cycle's report
still need), numbered from the game's start; everything read from it reads as if it held them all."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.engine.rng import Chooser
from rainboard.saves import Replay, new_save, record
from rainboard.ui import session as session_module
from rainboard.ui.news import cycle_report_parts, since_lines
from rainboard.ui.resume import session_from_replay
from rainboard.ui.session import EventWindow, GameSession
from rainboard.ui.turn_story import result_lines, result_title

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"
PLAYERS = [PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk"), PlayerSetup("Cy", "saint")]
KEEP, SLACK = 60, 20  # a small window, so a few hundred moves drop events many times over


class Hoarding(GameSession):
    """A session that holds every event, as the table did before it learnt to let them go."""

    def trim_events(self) -> None:
        return None


@pytest.fixture
def small_window(monkeypatch):
    monkeypatch.setattr(session_module, "KEEP_EVENTS", KEEP)
    monkeypatch.setattr(session_module, "EVENT_SLACK", SLACK)
    monkeypatch.setattr(session_module, "KEEP_STEPS", 40)
    import rainboard.ui.resume as resume_module

    monkeypatch.setattr(resume_module, "KEEP_EVENTS", KEEP)


def _told(session: GameSession) -> tuple:
    players = range(len(session.state.players))
    report = cycle_report_parts(session) if session.state.cycle > 1 else None
    return (len(session.events), session.log_events(KEEP), session.undo_refusal() is None,
            tuple(tuple(since_lines(session, p)) for p in players),
            tuple(tuple(line.plain for line in result_lines(session, p)) for p in players),
            tuple(result_title(session, p) for p in players), report)


def _play(sessions, moves: int, chooser: Chooser, undo: bool = True) -> int:
    """The same moves (and undos) on every session; how many were taken back."""
    first = sessions[0]
    undone = 0
    for number in range(moves):
        if first.over:
            break
        if undo and chooser.below(3) == 0 and first.undo_refusal() is None:
            undid = [s.undo() for s in sessions]
            assert undid == [undid[0]] * len(sessions)
            undone += 1
        else:
            action = chooser.choice(first.legal)
            for session in sessions:
                session.act(action)
        assert all(s.state == first.state for s in sessions)
        told = [_told(s) for s in sessions]
        assert told == [told[0]] * len(told), f"after move {number}"
    return undone


@pytest.mark.parametrize("seed", ["window", 7])
def test_a_session_holds_few_events_and_reads_as_if_it_held_them_all(small_window, seed):
    data = load_data(SHORT)
    setup = Setup(players=PLAYERS, seed=seed)
    whole, window = Hoarding.start(setup, data), GameSession.start(setup, data)
    undone = _play([window, whole], 700, Chooser(3))
    assert undone > 5
    assert len(window.events) == len(whole.events) > 4 * KEEP
    assert window.events.base > 0  # events were let go
    held = len(window.events.held)
    assert KEEP <= held < len(whole.events)
    assert list(window.events) == whole.events.held[-held:]
    assert window.whole_events() == whole.events.held  # the game-over's stories get the whole game


def test_the_held_events_stay_few_as_a_game_goes_on(small_window):
    data = load_data(SHORT)
    session = GameSession.start(Setup(players=PLAYERS, seed="long"), data)
    chooser = Chooser(9)
    most = 0
    while len(session.actions) < 1500 and not session.over:
        session.act(chooser.choice(session.legal))
        most = max(most, len(session.events.held))
    assert len(session.events) > 3 * most  # a long game, few held at any point of it
    assert session.log_events(KEEP) == session.events[len(session.events) - KEEP:]


def _saved(setup: Setup, data, moves: int, seed: int):
    """A game of `moves` random moves, its session holding everything, and its replay from a save."""
    session = Hoarding.start(setup, data)
    chooser = Chooser(seed)
    while len(session.actions) < moves and not session.over:
        session.act(chooser.choice(session.legal))
    now = datetime(2026, 1, 1, tzinfo=UTC)
    save = record(new_save(setup, data, True, now), session.actions, session.digests, session.over, None, now)
    return session, Replay(save)


@pytest.mark.parametrize("moves", [40, 360])
def test_continue_holds_the_newest_events_and_tells_the_same_news(small_window, moves):
    data = load_data(SHORT)
    setup = Setup(players=PLAYERS, seed="continue")
    played, replay = _saved(setup, data, moves, 4)
    assert not played.over
    resumed = session_from_replay(replay, len(replay), data, setup)
    whole = Hoarding(data=data, setup=setup, state=played.state, events=list(played.events),
                     actions=list(played.actions), last_moves=dict(played.last_moves))
    assert len(resumed.events) == len(played.events)
    if moves > 100:
        assert 0 < resumed.events.base and len(resumed.events.held) < len(played.events) // 2
    assert _told(resumed)[:2] == _told(whole)[:2]
    assert _told(resumed)[3:] == _told(whole)[3:]  # the news and the cycle's report (no undo yet: no steps)
    # played on after Continue: the same moves, undo and news as a session that holds everything
    _play([resumed, whole], 150, Chooser(8))
    assert resumed.whole_events() == whole.events.held


def test_undo_works_after_continue(small_window):
    data = load_data(SHORT)
    setup = Setup(players=PLAYERS, seed="continue")
    played, replay = _saved(setup, data, 360, 4)
    resumed = session_from_replay(replay, len(replay), data, setup)
    count = len(resumed.events)
    assert resumed.undo_refusal() == "Moves made before the game was resumed cannot be undone."
    chooser = Chooser(1)
    for _ in range(200):  # until a move is made that its player may take back
        before = resumed.state
        resumed.act(chooser.choice(resumed.legal))
        if resumed.undo_refusal() is None:
            resumed.undo()
            assert resumed.state == before and len(resumed.events) == count
            break
        count = len(resumed.events)
    else:
        pytest.fail("no move that could be taken back in 200")


def test_the_window_counts_from_the_games_start():
    window = EventWindow(["e5", "e6", "e7"], base=5)
    assert len(window) == 8 and window[5] == "e5" and window[-1] == "e7"
    assert window[6:] == ["e6", "e7"] and window[0:6] == ["e5"] and window[:] == ["e5", "e6", "e7"]
    with pytest.raises(IndexError):
        window[4]
    del window[7:]
    assert list(window) == ["e5", "e6"]
    window.drop_before(6)
    assert window.base == 6 and list(window) == ["e6"] and len(window) == 7
    with pytest.raises(ValueError):
        del window[:1]
