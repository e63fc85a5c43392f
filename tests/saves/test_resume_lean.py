"""Issue 29: Continue plays a save through `resume_state` (a Resumed), which checks it exactly as a
Replay does but keeps only the end of the game. The session it gives must be the one a full Replay
gives (state, digests, events held, each player's last move), and a save that does not replay must
be refused with the very same error."""

from __future__ import annotations

import json
import random
import tarfile
from pathlib import Path

import attrs
import pytest

from rainboard.data import load_data
from rainboard.engine import apply, digest, legal_actions, new_game
from rainboard.engine.digest import DIGEST_EVERY
from rainboard.engine.state import OVER
from rainboard.saves import Replay, SaveError, encode_save, new_save, parse_save, record
from rainboard.saves.resumed import Resumed, Untold, resume_state
from rainboard.sim import random_setup
from rainboard.ui.resume import session_from_replay
from rainboard.ui.session import KEEP_EVENTS

from . import T0, T1, play

GUARD = Path(__file__).resolve().parent.parent / "fixtures" / "guard-saves.tar.xz"


def _guard_saves(every: int) -> list:
    with tarfile.open(GUARD) as archive:
        members = [m for m in archive.getmembers() if m.isfile()][::every]
        return [parse_save(archive.extractfile(m).read().decode(), Path(m.name)) for m in members]


def _long_game(actions: int, keep_going: bool = True):
    """A 4-player random game on the shipped decks, `actions` long and not over (the same every run)."""
    data = load_data()
    for attempt in range(50):
        chooser = random.Random(attempt)
        setup = random_setup(data, f"lean-{attempt}", 4, chooser)
        state, _ = new_game(setup, data)
        chosen, digests = [], {0: digest(state)}
        while len(chosen) < actions and state.phase != OVER:
            action = chooser.choice(legal_actions(state))
            state, _ = apply(state, action)
            chosen.append(str(action))
            if len(chosen) % DIGEST_EVERY == 0:
                digests[len(chosen)] = digest(state)
        if len(chosen) == actions and state.phase != OVER:
            digests[actions] = digest(state)
            return record(new_save(setup, data, False, T0), chosen, digests, False, None, T1)
    raise AssertionError(f"no random game lasted {actions} actions")


@pytest.fixture(scope="module")
def long_save():
    return _long_game(4000)


def _same_session(save) -> tuple:
    """The sessions a full Replay and a Resumed give for the same save, and the two replays."""
    full = Replay(save)
    lean = resume_state(save, keep_events=KEEP_EVENTS)
    ours = session_from_replay(lean, len(lean), lean.data, lean.setup)
    theirs = session_from_replay(full, len(full), full.data, full.setup)
    return full, lean, ours, theirs


def _assert_same(full, lean, ours, theirs, name="") -> None:
    assert len(lean) == len(full), name
    assert lean.final_digest == full.final_digest, name
    assert lean.digests_checked == full.digests_checked == len(full.save.digests), name
    assert lean.cycle_starts == full.cycle_starts, name
    assert digest(ours.state) == digest(theirs.state), name
    assert ours.digests == theirs.digests, name
    assert ours.actions == theirs.actions, name
    assert ours.last_moves == theirs.last_moves, name
    assert ours.events.base == theirs.events.base and len(ours.events) == len(theirs.events), name
    assert ours.events.held == theirs.events.held, name


@pytest.mark.parametrize("chunk", range(4))
def test_guard_saves_resume_as_a_full_replay_does(chunk):
    """Every fourth guard save (50 games, 1 to 9 players, finished), in four parts."""
    for save in _guard_saves(4)[chunk::4]:
        _assert_same(*_same_session(save), name=save.game_id)


def test_a_long_game_resumes_as_a_full_replay_does_holding_only_its_end(long_save):
    full, lean, ours, theirs = _same_session(long_save)
    _assert_same(full, lean, ours, theirs)
    total = len(ours.events)
    assert total > 3 * KEEP_EVENTS  # long enough that most of the game's events were let go of
    assert ours.events.base > 0 and len(ours.events.held) >= KEEP_EVENTS
    kept = len(lean._held)
    assert kept < len(full) // 2  # the Resumed held only the last stretch of the actions' events
    assert lean.events_at(len(lean)) == full.events_at(len(full))
    assert lean.state_at(len(lean)) is lean.final_state
    with pytest.raises(IndexError):
        lean.state_at(1)  # no snapshots: states long before the end are gone


def test_an_action_whose_events_were_let_go_tells_how_many_and_nothing_else(long_save):
    lean = Resumed(long_save, keep_events=KEEP_EVENTS)
    full = Replay(long_save)
    told = lean.events_at(5)
    assert isinstance(told, Untold)
    assert len(told) == len(full.events_at(5))
    assert list(lean.event_starts[:3]) == [0, len(full.events_at(0)), len(full.events_at(0)) + len(full.events_at(1))]
    with pytest.raises(LookupError, match="action 5 were not kept"):
        list(told)
    with pytest.raises(LookupError):
        told[0]


# -- refused as a Replay refuses ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def going():
    played = play(seed="lean-refusal", limit=60)
    assert not played.save.finished
    return played.save


def _both_refuse(save) -> SaveError:
    with pytest.raises(SaveError) as replayed:
        Replay(save, "g.json")
    with pytest.raises(SaveError) as resumed:
        resume_state(save, "g.json", keep_events=KEEP_EVENTS)
    a, b = replayed.value, resumed.value
    assert (str(b), b.action, b.digest_mismatch) == (str(a), a.action, a.digest_mismatch)
    return b


def _edited(save, change) -> object:
    raw = json.loads(encode_save(save))
    change(raw)
    return parse_save(json.dumps(raw), Path("g.json"))


def test_a_drifted_digest_is_refused_with_the_replays_words(going):
    error = _both_refuse(_edited(going, lambda raw: raw["digests"].__setitem__("30", "0" * 16)))
    assert (error.action, error.digest_mismatch) == (30, True)
    assert "after action 30 the game's digest is" in str(error)


def test_an_illegal_action_is_refused_with_the_replays_words(going):
    def hibernate(raw):
        raw["actions"][24] = "hibernate" if raw["actions"][24] != "hibernate" else "walk nowhere"

    error = _both_refuse(_edited(going, hibernate))
    assert error.action == 25 and not error.digest_mismatch
    assert "action 25 " in str(error)


def test_a_save_that_ends_otherwise_than_it_says_is_refused_alike(going):
    error = _both_refuse(attrs.evolve(going, finished=True))  # (a save file could not say so without an outcome)
    assert "the save says the game is finished, but after its 60 actions it goes on" in str(error)


def test_a_long_game_drifting_late_is_refused_at_the_same_action(long_save):
    late = max(n for n in long_save.digests if n < len(long_save.actions))
    error = _both_refuse(_edited(long_save, lambda raw: raw["digests"].__setitem__(str(late), "f" * 16)))
    assert error.action == late
