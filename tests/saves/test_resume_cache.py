"""The resume cache (saves/resume_cache.py, cached_resume.py): Continue plays on from a cached state
only when the cache fits the save, and the session it gives is the one a play from action 0 gives.
A cache that is missing, damaged, stale or of another game is passed over without a word."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import attrs
import pytest

from rainboard.engine import GameState, digest, legal_actions
from rainboard.engine.digest import body_text
from rainboard.saves import SaveError, write_save
from rainboard.saves import cached_resume, replay
from rainboard.saves.cached_resume import CachedResume, Handover, resume_game
from rainboard.saves.replay import Replay
from rainboard.saves.resumed import Resumed, resume_state
from rainboard.saves.resume_cache import CACHE_EVERY, cache_path, read_cache
from rainboard.saves.state_text import StateTextError, state_from_text
from rainboard.ui.autosave import Autosaver
from rainboard.ui.resume import open_save, session_from_replay
from rainboard.ui.session import KEEP_EVENTS, GameSession

from .test_resume_lean import _long_game

GAME = 4000


@pytest.fixture(scope="module")
def long_save():
    return _long_game(GAME)


def _cut(save, upto: int):
    """The save as it stood after `upto` actions (its digests up to there, one at the end)."""
    digests = {n: d for n, d in save.digests.items() if n <= upto}
    if upto not in digests:
        digests[upto] = digest(Replay(attrs.evolve(save, actions=save.actions[:upto], digests=digests),
                                      partial=True).final_state)
    return attrs.evolve(save, actions=save.actions[:upto], digests=digests)


def _saved_with_cache(folder: Path, save) -> Path:
    """The save written in `folder`, with the resume cache a first Continue leaves beside it."""
    path = folder / "games" / f"{save.game_id}.json"
    write_save(path, save)
    keeper = Handover(resume_state(save, path, keep_events=KEEP_EVENTS)).keeper(path, save.game_id)
    keeper.write(save.actions)
    keeper.wait()
    assert cache_path(path).exists()
    return path


def _session(resumed):
    return session_from_replay(resumed, len(resumed), resumed.data, resumed.setup)


def _assert_same(ours, theirs, lean, full) -> None:
    assert ours.state == theirs.state and digest(ours.state) == digest(theirs.state)
    assert list(ours.state.decks) == list(theirs.state.decks)  # (the text sorts them by name: put back)
    assert ours.actions == theirs.actions
    assert ours.digests == theirs.digests
    assert ours.last_moves == theirs.last_moves
    assert ours.events.base == theirs.events.base and len(ours.events) == len(theirs.events)
    assert ours.events.held == theirs.events.held
    assert lean.cycle_starts == full.cycle_starts
    assert list(lean.event_starts) == list(full.event_starts)


class _Counting:
    """Counts the engine actions played by a resume (both modules' `apply`)."""

    def __init__(self, monkeypatch) -> None:
        self.played = 0
        for module in (replay, cached_resume):
            real = module.apply
            monkeypatch.setattr(module, "apply", self._counted(real))

    def _counted(self, real):
        def apply(*args, **options):
            self.played += 1
            return real(*args, **options)
        return apply


# -- the same game, far fewer actions played ---------------------------------------------------------------
@pytest.mark.parametrize("upto", [1370, 2510, 3333, GAME])
def test_a_game_resumed_from_the_cache_is_the_game_resumed_from_action_0(tmp_path, long_save, upto, monkeypatch):
    save = _cut(long_save, upto)
    path = _saved_with_cache(tmp_path, save)
    full = resume_state(save, path, keep_events=KEEP_EVENTS)
    counting = _Counting(monkeypatch)
    lean = resume_game(save, path, keep_events=KEEP_EVENTS)
    assert isinstance(lean, CachedResume)
    assert lean.start >= CACHE_EVERY and lean.start % CACHE_EVERY == 0
    assert counting.played < (upto - lean.start) * 2  # from the cached state on (and its last stretch again)
    _assert_same(_session(lean), _session(full), lean, full)
    assert lean.final_digest == full.final_digest


def test_the_cache_is_used_played_actions_counted(tmp_path, long_save, monkeypatch):
    path = _saved_with_cache(tmp_path, long_save)
    counting = _Counting(monkeypatch)
    resume_state(long_save, path, keep_events=KEEP_EVENTS)
    from_zero, counting.played = counting.played, 0
    resume_game(long_save, path, keep_events=KEEP_EVENTS)
    assert from_zero >= GAME
    assert counting.played < GAME // 2  # about 1,000 checked, and the events' last stretch again


def test_a_state_rebuilt_from_its_text_is_the_state_value_for_value(long_save):
    full = Replay(long_save)
    for index in range(0, len(full) + 1, 157):
        state = full.state_at(index)
        rebuilt = state_from_text(body_text(state), full.data)
        assert rebuilt == state and digest(rebuilt) == digest(state)
        for name in ("players", "order", "ranking", "script"):
            assert type(getattr(rebuilt, name)) is tuple
        for player, theirs in zip(rebuilt.players, state.players):
            assert type(player.status) is type(theirs.status) and type(player.hand) is tuple
        assert all(type(deck.draw) is tuple for deck in rebuilt.decks.values())


@pytest.mark.parametrize("text", ['{"_":"GameState"}', "[]", '"x"', "{" * 5000, '{"_":"os.system"}'])
def test_a_text_that_is_no_state_is_refused(long_save, text):
    data = Replay(_cut(long_save, 10)).data
    with pytest.raises(StateTextError):
        state_from_text(text, data)


# -- a cache that does not fit is passed over --------------------------------------------------------------
def _rewrite(path: Path, change) -> None:
    """The cache's body changed by `change(body)`, its header's hash made to fit again (a cache edited
    by hand, not one damaged: the hash alone would refuse that)."""
    header, body = path.read_bytes().split(b"\n", 1)
    whole = json.loads(body)
    change(whole)
    body = json.dumps(whole, separators=(",", ":")).encode()
    head = json.loads(header)
    head["sha256"] = hashlib.sha256(body).hexdigest()
    path.write_bytes(json.dumps(head).encode() + b"\n" + body)


def _state_tampered(whole) -> None:
    for point in whole["points"]:
        point["state"] = point["state"].replace('"rng":', '"rng":1', 1)


def _digest_swapped(whole) -> None:
    points = whole["points"]
    for point, other in zip(points, points[1:] + points[:1]):
        point["other"] = (other["digest"], other["state"])
    for point in points:
        point["digest"], point["state"] = point.pop("other")


def _counts_cut(whole) -> None:
    whole["counts"] = whole["counts"][:100]


DAMAGE = {
    "tampered state text": lambda path: _rewrite(path, _state_tampered),
    "wrong digest": lambda path: _rewrite(path, _digest_swapped),
    "counts too short": lambda path: _rewrite(path, _counts_cut),
    "truncated": lambda path: path.write_bytes(path.read_bytes()[: path.stat().st_size // 2]),
    "garbage": lambda path: path.write_bytes(bytes(random.Random(5).randrange(256) for _ in range(5000))),
    "a body that is no cache": lambda path: _rewrite(path, lambda whole: whole.update(points=7)),
    "empty": lambda path: path.write_bytes(b""),
    "another game's": lambda path: path.write_bytes(path.read_bytes().replace(b'"game_id": "', b'"game_id": "x', 1)),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_cache_is_passed_over_and_continue_works(tmp_path, long_save, damage, monkeypatch):
    path = _saved_with_cache(tmp_path, long_save)
    DAMAGE[damage](cache_path(path))
    full = resume_state(long_save, path, keep_events=KEEP_EVENTS)
    resumed = resume_game(long_save, path, keep_events=KEEP_EVENTS)
    assert type(resumed) is Resumed
    _assert_same(_session(resumed), _session(full), resumed, full)


def test_a_save_whose_earlier_action_was_edited_is_refused_as_without_a_cache(tmp_path, long_save):
    path = _saved_with_cache(tmp_path, long_save)
    full = Replay(_cut(long_save, 400))
    at = next(n for n in range(300, 400) if len(legal_actions(full.state_at(n - 1))) > 1)
    other = next(str(a) for a in legal_actions(full.state_at(at - 1)) if str(a) != long_save.actions[at - 1])
    actions = list(long_save.actions)
    actions[at - 1] = other
    edited = attrs.evolve(long_save, actions=tuple(actions))
    assert read_cache(cache_path(path), edited) is None  # every point's actions differ now
    with pytest.raises(SaveError) as without:
        resume_state(edited, path, keep_events=KEEP_EVENTS)
    with pytest.raises(SaveError) as with_cache:
        resume_game(edited, path, keep_events=KEEP_EVENTS)
    assert str(with_cache.value) == str(without.value)


def test_a_cached_state_too_late_for_the_session_is_passed_over(tmp_path, long_save):
    """The only point is a few actions before the end: the events the session needs begin before it."""
    save = _cut(long_save, 2 * CACHE_EVERY + 20)
    path = _saved_with_cache(tmp_path, save)
    _rewrite(cache_path(path), lambda whole: whole.update(points=[p for p in whole["points"] if p["n"] == 2 * CACHE_EVERY]))
    assert [p.number for p in read_cache(cache_path(path), save).points] == [2 * CACHE_EVERY]
    resumed = resume_game(save, path, keep_events=KEEP_EVENTS)
    assert type(resumed) is Resumed
    full = resume_state(save, path, keep_events=KEEP_EVENTS)
    _assert_same(_session(resumed), _session(full), resumed, full)


def test_a_save_that_drifts_after_the_cached_state_is_refused_as_without_a_cache(tmp_path, long_save):
    path = _saved_with_cache(tmp_path, long_save)
    last = max(long_save.digests)
    bad = attrs.evolve(long_save, digests={**long_save.digests, last - 10: "0" * 16})
    with pytest.raises(SaveError) as without:
        resume_state(bad, path, keep_events=KEEP_EVENTS)
    with pytest.raises(SaveError) as with_cache:
        resume_game(bad, path, keep_events=KEEP_EVENTS)
    assert str(with_cache.value) == str(without.value)


# -- kept as the game is played ------------------------------------------------------------------------------
def test_the_autosave_keeps_the_cache_as_the_game_is_played(tmp_path, long_save, monkeypatch):
    """A game resumed and played on at the table: a point every CACHE_EVERY actions, on a thread;
    the next Continue starts from one of them and gives the game as a play from 0 does."""
    start = _cut(long_save, 1990)
    path = tmp_path / "games" / f"{start.game_id}.json"
    write_save(path, start)
    save, resumed, data, setup = open_save(path)
    assert type(resumed) is Resumed and not cache_path(path).exists()  # no point yet: nothing written
    session = session_from_replay(resumed, len(resumed), data, setup)
    saver = Autosaver.resumed(path, save)
    session.saver = saver
    saver(session)
    assert saver.keeper is not None
    chooser = random.Random(3)
    while len(session.actions) < 6 * CACHE_EVERY + 50:
        session.act(chooser.choice(session.legal))
    saver.keeper.wait()
    saver.close()
    assert sorted(saver.keeper.points) == [1500, 2000, 2500, 3000]  # the newest four
    reread = open_save(path)[0]
    assert len(reread.actions) == 6 * CACHE_EVERY + 50
    cache = read_cache(cache_path(path), reread)
    assert [p.number for p in cache.points] == [3000, 2500, 2000, 1500]
    lean = resume_game(reread, path, keep_events=KEEP_EVENTS)
    assert isinstance(lean, CachedResume)
    full = resume_state(reread, path, keep_events=KEEP_EVENTS)
    _assert_same(_session(lean), _session(full), lean, full)


def test_a_point_taken_back_by_an_undo_is_forgotten(tmp_path, long_save):
    start = _cut(long_save, CACHE_EVERY - 1)
    path = tmp_path / "games" / f"{start.game_id}.json"
    write_save(path, start)
    save, resumed, data, setup = open_save(path)
    session = session_from_replay(resumed, len(resumed), data, setup)
    session.saver = saver = Autosaver.resumed(path, save)
    saver(session)
    for action in legal_actions(session.state):
        session.act(action)
        if session.undo_refusal() is None:
            break
        return  # (this game's move cannot be taken back: nothing to see here)
    assert CACHE_EVERY in saver.keeper.points
    session.undo()
    assert CACHE_EVERY not in saver.keeper.points
    assert len(saver.keeper.totals) == CACHE_EVERY
    saver.keeper.wait()
    saver.close()


def test_a_finished_game_lets_its_cache_go(tmp_path, long_save):
    path = _saved_with_cache(tmp_path, long_save)
    keeper = Handover(resume_state(long_save, path, keep_events=KEEP_EVENTS)).keeper(path, long_save.game_id)
    keeper.forget()
    keeper.wait()
    assert not cache_path(path).exists()


def test_a_new_game_at_the_table_starts_its_keeper(tmp_path, long_save):
    setup_save = _cut(long_save, 0)
    full = Replay(setup_save)
    session = GameSession.start(full.setup, full.data)
    saver = Autosaver.for_new_game(session, tmp_path, False)
    session.saver = saver
    assert saver.keeper is not None and list(saver.keeper.totals) == [len(session.events)]
    chooser = random.Random(1)
    for _ in range(30):
        session.act(chooser.choice(session.legal))
    assert list(saver.keeper.totals)[-1] == len(session.events) and len(saver.keeper.totals) == 31
    saver.close()
    assert isinstance(full.state_at(0), GameState)
