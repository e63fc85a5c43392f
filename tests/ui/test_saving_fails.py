"""When the autosave cannot be written, play goes on: a notice says where saving failed, the game in
memory can be written elsewhere with ctrl+s, and the file already on disk is left as it was."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from textual.widgets import Input

from rainboard.saves import latest_unfinished, read_save
from rainboard.saves import disk
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import TextPrompt

from tests.ui.playing import PlayingApp, to_board



async def _move(pilot, app) -> None:
    await to_board(pilot, app)
    await pilot.press("1")
    await pilot.pause()
    await to_board(pilot, app)


def _notices(app, title: str) -> list[str]:
    return [n.message for n in app._notifications if n.title == title]


async def test_a_data_folder_that_is_a_file_still_plays_and_saves_elsewhere(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("in the way", encoding="utf-8")
    elsewhere = tmp_path / "kept" / "evening.json"
    app = PlayingApp(catch_errors=False, data_dir=blocker)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = await to_board(pilot, app)
        failed = _notices(app, "Saving failed")
        assert len(failed) == 1 and str(blocker) in failed[0]
        for _ in range(4):
            await _move(pilot, app)
        assert len(board.session.actions) >= 4
        assert len(_notices(app, "Saving failed")) == 1  # said once, not on every move
        assert not _notices(app, "Unexpected error")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)
        app.screen.query_one(Input).value = str(elsewhere)
        await pilot.press("enter")
        await pilot.pause()
        played = list(board.session.actions)
    assert list(read_save(elsewhere).actions) == played
    assert blocker.read_text(encoding="utf-8") == "in the way"


async def test_a_full_disk_mid_game_keeps_the_old_save_and_saving_resumes_after(_private_data_dir, monkeypatch):
    app = PlayingApp(catch_errors=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _move(pilot, app)
        await _move(pilot, app)
        path = latest_unfinished(_private_data_dir)
        assert path is not None
        before = path.read_bytes()
        saved = list(app.screen.session.actions)
        assert list(read_save(path).actions) == saved

        def full(*_args):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(disk, "fsync", full)  # the save written whole
        monkeypatch.setattr(disk, "write_all", full)  # and the journal beside it
        await _move(pilot, app)
        await _move(pilot, app)
        failed = _notices(app, "Saving failed")
        assert len(failed) == 1 and str(path) in failed[0] and os.strerror(errno.ENOSPC) in failed[0]
        assert path.read_bytes() == before  # the last good save, untouched
        assert list(read_save(path).actions) == saved  # and its journal still reads
        assert not list(path.parent.glob(".*.tmp"))  # no half-written file left beside it
        monkeypatch.undo()
        await _move(pilot, app)
        assert _notices(app, "Saving works again")
        played = list(app.screen.session.actions)
    assert list(read_save(path).actions) == played


async def test_ctrl_s_to_a_place_that_cannot_be_written_says_so_and_play_goes_on(_private_data_dir, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    app = PlayingApp(catch_errors=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _move(pilot, app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one(Input).value = str(blocker / "game.json")
        await pilot.press("enter")
        await pilot.pause()
        refused = _notices(app, "Not saved")
        assert len(refused) == 1 and str(blocker / "game.json") in refused[0]
        await _move(pilot, app)
        assert isinstance(app.screen, BoardScreen)
    assert blocker.read_text(encoding="utf-8") == "x"


def test_what_ctrl_s_takes_as_a_path_and_what_as_a_name(tmp_path):
    from rainboard.ui.named_saves import named_path

    assert named_path(tmp_path, "~/evening") == Path("~/evening.json").expanduser()
    assert named_path(tmp_path, str(tmp_path / "kept" / "game.json")) == tmp_path / "kept" / "game.json"
    assert named_path(tmp_path, "./here.json") == Path("here.json")
    assert named_path(tmp_path, "Ada/Bo cycle 3") == tmp_path / "saves" / "Ada_Bo cycle 3.json"
