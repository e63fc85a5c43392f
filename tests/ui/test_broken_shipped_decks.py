"""`rainboard play` on decks someone broke: the title comes up, then says what is wrong and where,
and Rainboard closes with 2 (the decks are checked just after the title, not before it)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rainboard.ui.app import RainboardApp
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


async def test_good_decks_leave_the_title_alone(tmp_path):
    app = RainboardApp(data_dir=tmp_path / "data", autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):
            await pilot.pause(0.05)
            if app.data is not None:
                break
        assert app.data is not None and isinstance(app.screen, TitleScreen)
