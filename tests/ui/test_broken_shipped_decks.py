"""`rainboard play` on decks someone broke: the title comes up, then says what is wrong and where,
and Rainboard closes with 2 (the decks are checked just after the title, not before it)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rainboard.ui.app import DECKS_CHECKED, RainboardApp, decks_fingerprint
from rainboard.ui.screens.dialogs import ReportScreen
from rainboard.ui.screens.title import TitleScreen

DECKS = Path(__file__).resolve().parents[2] / "decks"


async def test_broken_decks_are_told_at_the_title_and_rainboard_closes(tmp_path):
    broken = tmp_path / "decks"
    shutil.copytree(DECKS, broken)
    slugcats = broken / "slugcats.toml"
    slugcats.write_text(slugcats.read_text().replace("hp = 13 ", 'hp = "ten" ', 1))
    app = RainboardApp(data_dir=tmp_path / "data", autosave=False)
    app.decks_dir = broken
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if isinstance(app.screen, ReportScreen):
                break
        assert isinstance(app.screen, ReportScreen)
        text = " ".join(str(line) for line in app.screen.lines)
        assert "slugcats.toml" in text and "expected an integer" in text
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 2


def _broken(tmp_path) -> Path:
    broken = tmp_path / "decks"
    shutil.copytree(DECKS, broken)
    slugcats = broken / "slugcats.toml"
    slugcats.write_text(slugcats.read_text().replace("hp = 13 ", 'hp = "ten" ', 1))
    return broken


async def _settle(pilot, app, until) -> None:
    for _ in range(50):
        await pilot.pause(0.05)
        if until():
            break


async def test_good_decks_leave_the_title_alone_and_are_not_loaded_again_next_time(tmp_path):
    app = RainboardApp(data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 30)) as pilot:
        await _settle(pilot, app, lambda: (tmp_path / "data" / DECKS_CHECKED).exists())
        assert app.data is not None and isinstance(app.screen, TitleScreen)
    assert (tmp_path / "data" / DECKS_CHECKED).read_text().strip() == decks_fingerprint(DECKS)
    again = RainboardApp(data_dir=tmp_path / "data")
    async with again.run_test(size=(100, 30)) as pilot:
        await again.workers.wait_for_complete()  # the title's check of the decks is done
        assert again.data is None  # the same decks, found good before: loaded at the first game
        await pilot.press("enter")  # New game
        await pilot.pause()
        assert again.data is not None and type(again.screen).__name__ == "SetupScreen"


async def test_decks_broken_after_their_check_are_told_at_new_game(tmp_path):
    """A mark that no longer tells the truth (say, a check the code has since added) cannot make
    New game fail without a word."""
    broken = _broken(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / DECKS_CHECKED).write_text(decks_fingerprint(broken) + "\n")
    app = RainboardApp(data_dir=tmp_path / "data", autosave=False)
    app.decks_dir = broken
    async with app.run_test(size=(100, 30)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.data is None
        await pilot.press("enter")  # New game
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)
        assert "expected an integer" in " ".join(str(line) for line in app.screen.lines)
