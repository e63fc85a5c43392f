"""The autosave's journal at the table: moves go to the journal, and leaving the app or resuming the
game writes the save file whole, the journal folded into it."""

from __future__ import annotations

import random

from rainboard.saves import latest_unfinished, read_save
from rainboard.saves.journal import journal_path
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen

from .test_saves_in_app import NewGameApp, _press_moves


async def test_leaving_the_app_writes_the_game_whole(_private_data_dir):
    app = NewGameApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press_moves(pilot, app, 9, random.Random(4))
        played = list(app.screen.session.actions)
        path = latest_unfinished(_private_data_dir)
        assert list(read_save(path, journal=False).actions) == []  # so far only in the journal
        assert len(journal_path(path).read_text(encoding="utf-8").splitlines()) == 1 + len(played)
    alone = read_save(path, journal=False)
    assert list(alone.actions) == played and len(played) >= 9
    assert sorted(alone.digests)[-1] == len(played)  # with the digest after the last move
    assert len(journal_path(path).read_text(encoding="utf-8").splitlines()) == 1


async def test_resuming_folds_the_journal_and_play_goes_on_in_it(_private_data_dir):
    app = NewGameApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press_moves(pilot, app, 6, random.Random(5))
        path = latest_unfinished(_private_data_dir)
        kept = path.read_bytes(), journal_path(path).read_bytes()
        played = list(app.screen.session.actions)
    path.write_bytes(kept[0])  # as a killed app would have left them: nothing folded
    journal_path(path).write_bytes(kept[1])
    assert list(read_save(path, journal=False).actions) == []
    again = RainboardApp(catch_errors=False, resume=path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, BoardScreen)
        assert list(read_save(path, journal=False).actions) == played  # folded as it was resumed
        await _press_moves(pilot, again, 2, random.Random(6))
        session = again.screen.session
        assert list(read_save(path, journal=False).actions) == played
        assert list(read_save(path).actions) == session.actions and len(session.actions) >= len(played) + 2


async def test_a_resumed_game_gives_back_what_reading_its_save_freed(_private_data_dir, monkeypatch):
    from rainboard.ui import collector

    app = NewGameApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _press_moves(pilot, app, 3, random.Random(7))
    path = latest_unfinished(_private_data_dir)
    given = []
    monkeypatch.setattr(collector, "give_back", lambda: given.append(True) or True)
    again = RainboardApp(catch_errors=False, resume=path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, BoardScreen)
        assert given == [True]  # once, with the board up
