"""Issue 29: what Continue on a long game does that the board does not need is left out. A save's
actions are read as one string for each different text, and a resumed game whose file already
holds it whole (no journal line read with it) is not written again: only a fresh journal naming
the file goes beside it. A file its journal added to is still written whole, journal folded in.
Continue's playing of a save holds Python's cycle collector off, and always lets it run again after."""

from __future__ import annotations

import gc

import attrs
import pytest

from rainboard.saves import SaveError, read_save, write_save
from rainboard.saves.journal import journal_path
from rainboard.saves.resumed import Resumed, resume_state
from rainboard.saves.savefile import save_stamp
from rainboard.ui.autosave import Autosaver
from rainboard.ui.resume import open_save, session_from_replay

from . import play


def _saved(tmp_path):
    game = play(seed="light", limit=300)
    path = tmp_path / "games" / f"{game.save.game_id}.json"
    path.parent.mkdir(parents=True)
    write_save(path, game.save)
    return game, path


def _resume(path):
    save, replay, data, setup = open_save(path)
    session = session_from_replay(replay, len(replay), data, setup)
    session.saver = Autosaver.resumed(path, save)
    session.saver(session)
    return session


def test_a_saves_repeated_actions_share_one_string_each(tmp_path):
    game, path = _saved(tmp_path)
    save = read_save(path)
    assert save.actions == game.save.actions
    assert len(set(save.actions)) < len(save.actions)  # the game says some actions more than once
    assert len({id(text) for text in save.actions}) == len(set(save.actions))


def test_a_whole_file_is_not_written_again_on_continue_and_play_goes_on(tmp_path):
    game, path = _saved(tmp_path)
    before = path.read_bytes()
    inode = path.stat().st_ino  # write_save puts a new file in place: a new inode
    session = _resume(path)
    try:
        assert path.stat().st_ino == inode and path.read_bytes() == before
        header = journal_path(path).read_text().splitlines()
        assert len(header) == 1 and save_stamp(before) in header[0]
        session.act(session.legal[0])
        after = read_save(path)  # the file and the journal beside it
        assert after.actions == (*game.save.actions, session.actions[-1])
        Resumed(after, path, keep_events=10)  # replays, every digest checked
    finally:
        session.saver.close()


def test_a_file_its_journal_added_to_is_written_whole_on_continue(tmp_path):
    game, path = _saved(tmp_path)
    session = _resume(path)
    session.act(session.legal[0])
    session.act(session.legal[0])
    session.saver.journal.close()  # the table killed: the two moves are in the journal only
    session.saver.lock = None
    inode = path.stat().st_ino
    again = _resume(path)
    try:
        assert again.actions == session.actions
        assert path.stat().st_ino != inode  # written whole, the journal's moves in it
        assert read_save(path, journal=False).actions == tuple(session.actions)
        assert len(journal_path(path).read_text().splitlines()) == 1
    finally:
        again.saver.close()


def test_the_collector_is_running_again_after_a_save_is_played_or_refused(tmp_path):
    game, path = _saved(tmp_path)
    assert gc.isenabled()
    resume_state(game.save, path, keep_events=10)
    assert gc.isenabled()
    wrong = dict(game.save.digests)
    wrong[max(wrong)] = "0" * 16
    with pytest.raises(SaveError, match="does not replay the same"):
        resume_state(attrs.evolve(game.save, digests=wrong), path, keep_events=10)
    assert gc.isenabled()
