"""The autosave's journal: one line per action beside a save written whole now and then, and
read_save applying it."""

from __future__ import annotations

import json
import os
import random

import pytest

from rainboard.engine import PlayerSetup, Setup, apply
from rainboard.engine.state import OVER
from rainboard.saves import Replay, SaveError, list_saves, new_save, read_save, sweep_leftovers, write_save
from rainboard.saves import disk
from rainboard.saves import journal as journal_module
from rainboard.saves.journal import journal_path
from rainboard.saves.savefile import save_stamp
from rainboard.ui.autosave import Autosaver
from rainboard.ui.session import GameSession

from . import T0, mini_data


def _start(tmp_path, game_id="j1", report=None, recovered=None):
    """A two-player game autosaved into tmp_path/games, written whole at its start."""
    setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "hunter")], seed="j1")
    session = GameSession.start(setup, mini_data())
    path = tmp_path / "games" / f"{game_id}.json"
    saver = Autosaver(path, new_save(setup, mini_data(), True, T0, game_id=game_id), report, recovered)
    session.saver = saver
    saver(session)
    return session, saver, path


def _play(session, count, chooser):
    for _ in range(count):
        session.act(chooser.choice(session.legal))


def _play_to_an_undo(session, chooser):
    while True:
        session.act(chooser.choice(session.legal))
        if session.undo_refusal() is None:
            return


def _lines(path):
    return journal_path(path).read_text(encoding="utf-8").splitlines()


def test_each_action_adds_one_journal_line_and_leaves_the_save_file_alone(tmp_path):
    session, _, path = _start(tmp_path)
    before = path.read_bytes()
    header = json.loads(_lines(path)[0])
    assert header == {"journal": "rainboard-journal", "game_id": "j1", "base": 0, "save": save_stamp(before)}
    assert len(_lines(path)) == 1
    chooser = random.Random(3)
    for number in range(1, 25):
        _play(session, 1, chooser)
        lines = _lines(path)
        assert len(lines) == number + 1
        line = json.loads(lines[-1])
        assert line["n"] == number and line["a"] == session.actions[-1]
        assert ("d" in line) == (number % 10 == 0)
        assert path.read_bytes() == before
    assert read_save(path, journal=False).actions == ()
    saved = read_save(path)
    assert list(saved.actions) == session.actions
    assert sorted(saved.digests) == [0, 10, 20]
    Replay(saved, path)  # every digest holds


def test_an_undo_writes_the_count_and_the_save_reads_shorter(tmp_path):
    session, _, path = _start(tmp_path)
    chooser = random.Random(3)
    _play_to_an_undo(session, chooser)
    longer = len(session.actions)
    session.undo()
    assert json.loads(_lines(path)[-1]) == {"n": longer - 1}
    assert list(read_save(path).actions) == session.actions
    _play(session, 3, chooser)  # the moves after it take its place
    saved = read_save(path)
    assert list(saved.actions) == session.actions and len(saved.actions) == longer + 2
    Replay(saved, path)


def test_a_last_line_cut_short_is_not_read(tmp_path):
    session, saver, path = _start(tmp_path)
    _play(session, 12, random.Random(4))
    saver.journal.close()
    with journal_path(path).open("ab") as out:
        out.write(b'{"n": 13, "a": "mo')
    assert list(read_save(path).actions) == session.actions
    journal_path(path).write_bytes(b'{"journal": "rainboard-jou')  # only a torn header: nothing to apply
    assert read_save(path).actions == ()


def test_the_end_of_the_game_writes_it_whole(tmp_path):
    session, _, path = _start(tmp_path)
    policy = random.Random(9)  # a game that ends in about 400 moves (under rules 3, Random(5)'s takes 2,373)
    while not session.over:
        _play(session, 1, policy)
        assert len(session.actions) < 2000, "the test game does not end"
    alone = read_save(path, journal=False)
    assert list(alone.actions) == session.actions
    assert alone.finished and alone.outcome is not None and alone.outcome.winner in ("Ada", "Bo")
    assert len(_lines(path)) == 1  # only the header: nothing beyond the file
    assert read_save(path) == alone
    Replay(alone, path)


def test_a_game_that_ends_while_its_save_cannot_be_written_still_reads(tmp_path, monkeypatch):
    told = []
    session, saver, path = _start(tmp_path, report=lambda p, e: told.append(e))
    policy = random.Random(5)
    while True:
        choice = policy.choice(session.legal)
        if apply(session.state, choice)[0].phase == OVER:
            break
        session.act(choice)
    assert saver.journal.wait_synced(30)
    monkeypatch.setattr(disk, "fsync", lambda handle: (_ for _ in ()).throw(OSError(5, "I/O error")))
    session.act(choice)  # the last move ends the game; its checkpoint cannot be written
    assert session.over and len(told) == 1
    saved = read_save(path)
    assert list(saved.actions) == session.actions[:-1] and not saved.finished
    Replay.from_file(path)  # the file does not say it is over, and the journal does not end it


def test_close_folds_the_journal_into_the_save(tmp_path):
    session, saver, path = _start(tmp_path)
    _play(session, 17, random.Random(6))
    saver.close()
    alone = read_save(path, journal=False)
    assert list(alone.actions) == session.actions and len(_lines(path)) == 1
    assert alone.digests[17] == read_save(path).digests[17]


def test_a_failed_append_is_told_once_and_the_next_change_writes_it_whole(tmp_path, monkeypatch):
    told, works = [], []
    session, saver, path = _start(tmp_path, report=lambda p, e: told.append((p, e)), recovered=works.append)
    chooser = random.Random(7)
    _play(session, 5, chooser)

    def full(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(disk, "write_all", full)
    _play(session, 3, chooser)
    assert len(told) == 1 and told[0][0] == path and isinstance(told[0][1], OSError)
    assert "No space left" in str(told[0][1]) and not works
    assert len(read_save(path).actions) == 5  # what was written before still reads
    monkeypatch.undo()
    _play(session, 1, chooser)
    assert works == [path] and len(told) == 1
    assert list(read_save(path, journal=False).actions) == session.actions  # a checkpoint
    _play(session, 2, chooser)
    assert list(read_save(path).actions) == session.actions and len(_lines(path)) == 3


def test_a_crash_between_the_new_file_and_the_fresh_journal_loses_nothing(tmp_path, monkeypatch):
    """The old journal left beside the new file names the old file and is not applied, even one
    taken back below its base."""
    session, saver, path = _start(tmp_path)
    chooser = random.Random(3)
    _play_to_an_undo(session, chooser)
    saver.close()  # the file holds the game whole; the journal starts at its end
    saver(session)  # a checkpoint again (after close), with the journal's base at the end
    session.undo()  # below that base
    old_journal = journal_path(path).read_bytes()
    real = journal_module.JournalFile.replace
    calls = []

    def crash_on_the_fresh_journal(self, game_id, base, body=b"", save=None):
        calls.append(base)
        raise OSError("the machine stopped")

    monkeypatch.setattr(journal_module.JournalFile, "replace", crash_on_the_fresh_journal)
    saver.close()
    assert calls == [len(session.actions)]  # the file first, then the fresh journal, which never came
    assert journal_path(path).read_bytes().startswith(old_journal)  # the old one is still there
    assert list(read_save(path, journal=False).actions) == session.actions
    assert list(read_save(path).actions) == session.actions
    monkeypatch.setattr(journal_module.JournalFile, "replace", real)


def test_a_finished_game_beside_a_journal_from_before_stamps_keeps_its_last_move(tmp_path):
    """Autosaves written before journals named their file: a finished game could be left beside
    the journal that held every move but the last. The file alone is the game."""
    session, saver, path = _start(tmp_path)
    policy = random.Random(5)
    while not session.over:
        _play(session, 1, policy)
    body = "".join(journal_module.action_line(n, a).decode() for n, a in enumerate(session.actions[:-1], start=1))
    journal_path(path).write_text('{"journal": "rainboard-journal", "game_id": "j1", "base": 0}\n' + body)
    saved = read_save(path)
    assert saved.finished and list(saved.actions) == session.actions
    Replay(saved, path)


def test_write_save_reads_back_its_own_file_without_the_journal(tmp_path):
    session, saver, path = _start(tmp_path)
    _play(session, 4, random.Random(8))
    saver.journal.close()
    journal_path(path).write_text('{"journal": "rainboard-journal", "game_id": "other", "base": 0}\n{"n": 1}\n')
    write_save(path, saver.save)  # the broken journal beside it does not stop the write
    with pytest.raises(SaveError):
        read_save(path)


def test_the_saves_list_shows_the_game_once_and_the_sweep_knows_journal_temp_files(tmp_path):
    session, _, path = _start(tmp_path)
    _play(session, 6, random.Random(9))
    summaries = list_saves(tmp_path)
    assert [s.path for s in summaries] == [path] and summaries[0].actions == 6
    leftover = path.parent / f".j1.journal.{2**22 + 12345}.abcd1234.tmp"  # a writer long gone
    leftover.write_text("x")
    assert sweep_leftovers(tmp_path) == [leftover] and journal_path(path).exists()


@pytest.mark.parametrize("lines, line, problem", [
    (['{"journal": "rainboard-journal", "game_id": "other", "base": 0}'], 1, 'game_id is "other"'),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 9}'], 1, "base: the journal starts after action 9"),
    (['{"journal": "something", "game_id": "j1", "base": 0}'], 1, "not a Rainboard journal"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": 2, "a": "pass"}'], 2, "skips ahead"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": 1}'], 2, "skips ahead"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": 1, "a": 3}'], 2, "a: expected a string"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": 1, "a": "x\\u001b"}'], 2, "control"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": 1, "n": 1}'], 2, "given twice"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": true}'], 2, "expected a whole number"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": 0, "x": 1}'], 2, 'unknown key "x"'),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '[1'], 2, "not JSON"),
    (['{"journal": "rainboard-journal", "game_id": "j1", "base": 0}', '{"n": 0}', "9" * 2000], 3, "at most 1000"),
])
def test_a_journal_that_does_not_fit_names_itself_and_the_line(tmp_path, lines, line, problem):
    _, saver, path = _start(tmp_path)
    saver.journal.close()
    journal_path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert caught.value.path == journal_path(path)
    assert str(caught.value).startswith(f"{journal_path(path)}: journal line {line}: ")
    assert problem in caught.value.problem


def test_damaged_journals_give_a_good_game_or_a_save_error(tmp_path):
    """A few hundred journals cut, doubled, shuffled and garbled: each reads (and replays) or says
    what is wrong with it in a SaveError, never any other exception."""
    session, saver, path = _start(tmp_path)
    _play(session, 40, random.Random(10))
    saver.journal.close()
    good = journal_path(path).read_bytes().split(b"\n")[:-1]
    chooser = random.Random(11)
    kinds = {"ok": 0, "journal": 0, "replay": 0}
    junk = [b"", b"{", b"[]", b'{"n": -1}', b'{"n": 1e3}', b'{"n": 99999999999}', b'{"n": 3, "d": "x"}',
            b"\xff\xfe", b'{"n": 5, "a": "\xc3\xa9"}', b'{"n": 2, "a": "nothing at all"}', b"null", b'"n"']
    for case in range(400):
        lines = list(good)
        for _ in range(chooser.randint(1, 3)):
            what = chooser.randrange(6)
            at = chooser.randrange(len(lines) + 1)
            if what == 0:
                del lines[at:]
            elif what == 1:
                lines.insert(at, chooser.choice(lines) if lines else b"")
            elif what == 2:
                lines.insert(at, chooser.choice(junk))
            elif what == 3 and at < len(lines):
                line = bytearray(lines[at])
                if line:
                    line[chooser.randrange(len(line))] = chooser.randrange(256)
                lines[at] = bytes(line)
            elif what == 4:
                chooser.shuffle(lines)
            else:
                lines.append(json.dumps({"n": chooser.randrange(50)}).encode())
        journal_path(path).write_bytes(b"\n".join(lines) + (b"\n" if chooser.random() < 0.8 else b""))
        try:
            Replay.from_file(path)
            kinds["ok"] += 1
        except SaveError as error:
            message = str(error)
            assert message.isprintable(), case
            if error.path == journal_path(path):
                kinds["journal"] += 1
            else:
                assert error.path == path, (case, message)
                kinds["replay"] += 1
    assert all(kinds.values()), kinds
    os.remove(journal_path(path))
    assert read_save(path).actions == ()
