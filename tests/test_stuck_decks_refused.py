"""Every place that loads a decks folder for play hands the loader the rules' check
(rainboard/engine/deck_checks.py), so decks with a fight that could never end are refused there
with the check's own line: `decks check`, `play --decks` and `tutorial --decks` (the web server's
tabs run `play`), the simulator and the balance table, a save that carries such decks, and a folder
typed into the setup screen. The same decks with a way out load in each place."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rainboard.cli import main
from rainboard.data import load_deck_files
from rainboard.engine import PlayerSetup, Setup
from rainboard.saves import SaveError, game_from_save
from rainboard.saves.savefile import new_save
from tests.data.deck_mutator import read_folder

FIXTURES = Path(__file__).resolve().parent / "fixtures"
WALL = '\n[[cards]]\nkind = "creature"\nid = "wall"\nname = "Wall"\nhp = 60\nfood = 0\nattack = -60\nflee = 40\n'
STUCK = ("'survivor' and the creature 'wall' can never hurt each other, and 'survivor' can neither flee from "
         "nor tame it: their fights could only stop at fight_exchanges_max")


def _decks(tmp_path: Path, wall: str) -> Path:
    folder = tmp_path / "decks"
    shutil.copytree(FIXTURES / "mini", folder)
    with open(folder / "cards" / "cards.toml", "a", encoding="utf-8") as handle:
        handle.write(wall)
    text = (folder / "regions" / "su.toml").read_text(encoding="utf-8")
    (folder / "regions" / "su.toml").write_text(text + '\n[[deck]]\ncard = "wall"\n', encoding="utf-8")
    return folder


@pytest.fixture
def stuck(tmp_path):
    return _decks(tmp_path, WALL)


@pytest.fixture
def fine(tmp_path):
    return _decks(tmp_path, WALL.replace("food = 0", "food = 1"))  # it can be tamed now


@pytest.fixture
def fake_app(monkeypatch):
    """The app as `play` and `tutorial` would open it, without opening it."""
    import rainboard.ui.app

    opened = []

    class FakeApp:
        return_code = None  # as a Textual app that was never told to exit with a code

        def __init__(self, **kwargs):
            opened.append(kwargs)

        def run(self):
            pass

    monkeypatch.setattr(rainboard.ui.app, "RainboardApp", FakeApp)
    return opened


COMMANDS = {
    "decks check": ["decks", "check"],
    "play": ["play"],
    "tutorial": ["tutorial"],
    "sim": ["sim", "--games", "1", "--players", "1", "--cap", "200"],
    "balance": ["balance", "--games", "1", "--slugcat", "survivor", "--jobs", "1", "--cap", "200"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_refuses_stuck_decks_with_the_check_s_line(command, stuck, fake_app, capsys, tmp_path):
    code = main(["--data-dir", str(tmp_path / "data"), *COMMANDS[command], "--decks", str(stuck)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Traceback" not in err
    assert f"rainboard {command.split()[0]}: Problems in the decks:" in err
    assert f"decks/slugcats.toml: slugcats[0]: {STUCK}" in err.splitlines()
    assert fake_app == []  # no game was opened


@pytest.mark.parametrize("command", ["decks check", "play"])
def test_the_same_decks_with_a_way_out_are_played(command, fine, fake_app, capsys, tmp_path):
    assert main(["--data-dir", str(tmp_path / "data"), *COMMANDS[command], "--decks", str(fine)]) == 0
    if command == "play":
        assert "wall" in fake_app[0]["data"].cards


def test_a_save_carrying_stuck_decks_is_refused(stuck):
    data = load_deck_files(read_folder(stuck))  # the data layer alone knows no rule and loads them
    save = new_save(Setup(players=[PlayerSetup("Ada", "survivor")], seed=3), data, False,
                    datetime(2024, 1, 1, tzinfo=UTC))
    with pytest.raises(SaveError) as refused:
        game_from_save(save, "g.json")
    assert f"the decks in the save cannot be played: decks/slugcats.toml: slugcats[0]: {STUCK}" in str(refused.value)


def test_a_save_carrying_decks_with_a_way_out_loads(fine):
    data = load_deck_files(read_folder(fine))
    save = new_save(Setup(players=[PlayerSetup("Ada", "survivor")], seed=3), data, False,
                    datetime(2024, 1, 1, tzinfo=UTC))
    loaded, _ = game_from_save(save, "g.json")
    assert loaded.fingerprint == data.fingerprint


async def test_the_setup_screen_refuses_a_stuck_decks_folder(stuck):
    from rainboard.ui.app import RainboardApp
    from rainboard.ui.screens.setup import SetupScreen

    app = RainboardApp(catch_errors=False, seed="1")
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#decks").value = str(stuck)
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(screen.query_one("#setup-error").render())
        assert "cannot be played" in error and "can never hurt each other" in error
        assert app.screen is screen
