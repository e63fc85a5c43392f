"""What Continue leaves held once the board is up: the digests' memo of the states a save was read
back through is forgotten, the save written at once keeps the tuple and dict of the save read, and
the session's event starts stay an array."""

from __future__ import annotations

import sys
from array import array

from rainboard.engine import digest
from rainboard.engine.digest import forget_memo
from rainboard.saves import record, write_save
from rainboard.ui.resume import open_save, session_from_replay

from . import T1, play

MEMO = sys.modules["rainboard.engine.digest"]


def _memos() -> list[dict]:
    return [MEMO._texts, MEMO._old_texts, MEMO._entries, MEMO._old_entries]


def test_forgetting_the_memo_empties_it_and_changes_no_digest():
    game = play(seed="memo", limit=120)
    wanted = [digest(state) for state in game.states[-20:]]
    assert any(_memos())  # the states' parts were remembered
    forget_memo()
    assert not any(_memos())
    assert [digest(state) for state in game.states[-20:]] == wanted  # written anew, the same


def test_a_save_read_back_leaves_the_memo_empty(tmp_path):
    game = play(seed="memo", limit=300)
    path = tmp_path / "games" / f"{game.save.game_id}.json"
    path.parent.mkdir(parents=True)
    write_save(path, game.save)
    digest(game.states[-1])
    assert any(_memos())
    save, replay, data, setup = open_save(path)  # replays every action, each tenth digest checked
    assert not any(_memos())
    session = session_from_replay(replay, len(replay), data, setup)
    assert session.state == game.states[-1]


def test_a_save_recorded_again_unchanged_keeps_its_tuple_and_dict():
    save = play(seed="memo", limit=200).save
    again = record(save, list(save.actions), dict(save.digests), save.finished, save.outcome, T1)
    assert again.actions is save.actions and again.digests is save.digests
    assert again == save
    shorter = record(save, list(save.actions[:-10]), dict(save.digests), False, None, T1)
    assert shorter.actions == save.actions[:-10] and shorter.actions is not save.actions
    assert max(shorter.digests) <= len(shorter.actions) and shorter.digests is not save.digests
    reordered = dict(sorted(save.digests.items(), reverse=True))  # the same digests, another order
    assert list(record(save, list(save.actions), reordered, save.finished, save.outcome, T1).digests) == \
        list(save.digests)


def test_a_session_from_counted_starts_is_the_one_from_counting_them(tmp_path):
    game = play(seed="memo", limit=300)
    path = tmp_path / "games" / f"{game.save.game_id}.json"
    path.parent.mkdir(parents=True)
    write_save(path, game.save)
    _, replay, data, setup = open_save(path)
    assert isinstance(replay.event_starts, array)
    counted = session_from_replay(replay, len(replay), data, setup)

    class Uncounted:  # the same replay without its starts: session_from_replay counts them itself
        def __init__(self, inner):
            self._inner = inner

        def __getattr__(self, name):
            if name == "event_starts":
                raise AttributeError(name)
            return getattr(self._inner, name)

        def __len__(self):
            return len(self._inner)

    recounted = session_from_replay(Uncounted(replay), len(replay), data, setup)
    assert list(counted.events) == list(recounted.events)
    assert counted.events.base == recounted.events.base and len(counted.events) == len(recounted.events)
    assert counted.last_moves == recounted.last_moves


def test_the_resume_cache_keeper_holds_the_cycles_as_an_array(tmp_path):
    from rainboard.saves.resume_cache import CacheKeeper
    from rainboard.ui.autosave import Autosaver

    game = play(seed="memo", limit=300)
    path = tmp_path / "games" / f"{game.save.game_id}.json"
    path.parent.mkdir(parents=True)
    write_save(path, game.save)
    save, replay, data, setup = open_save(path)
    session = session_from_replay(replay, len(replay), data, setup)
    session.saver = Autosaver.resumed(path, save)
    try:
        keeper = session.saver.keeper
        assert isinstance(keeper, CacheKeeper) and keeper.cycles
        assert isinstance(keeper.cycles, array) and list(keeper.cycles) == list(replay.cycle_starts)
        session.act(session.legal[0])  # the keeper follows the game as before
        assert isinstance(keeper.cycles, array) and not keeper.lost
    finally:
        session.saver.close()
        if session.saver.keeper is not None:
            session.saver.keeper.wait()
