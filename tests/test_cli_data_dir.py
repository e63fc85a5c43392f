"""`--data-dir` reaches every command that reads or writes saves, before or after the command's
name, and wins over $RAINBOARD_DATA_DIR (which the test setup points at another folder)."""

from __future__ import annotations

import shlex
from datetime import date
from pathlib import Path

import pytest

from rainboard.cli import main
from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.saves import latest_unfinished, list_saves
from rainboard.saves.challenge import make_code
from rainboard.saves.scores import SCORES_FILE, ScoreBook
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.session import GameSession

SHORT = Path(__file__).resolve().parent / "fixtures" / "short"


@pytest.fixture
def opened(monkeypatch) -> list[RainboardApp]:
    """The apps the commands would have opened, kept instead of run."""
    apps: list[RainboardApp] = []
    monkeypatch.setattr(RainboardApp, "run", lambda self, *args, **kwargs: apps.append(self))
    return apps


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    return tmp_path / "elsewhere"


async def _play_a_little(app: RainboardApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed="dir")
        app.begin(GameSession.start(setup, load_data(SHORT)), TableOptions(handoffs=False))
        await pilot.pause()


@pytest.mark.parametrize("where", ["before", "after"])
async def test_play_saves_in_the_data_dir(opened, elsewhere, _private_data_dir, where):
    argv = ["--data-dir", str(elsewhere), "play"] if where == "before" else ["play", "--data-dir", str(elsewhere)]
    assert main(argv) == 0
    (app,) = opened
    await _play_a_little(app)
    assert latest_unfinished(elsewhere) is not None
    assert not list_saves(_private_data_dir)  # nothing went to the folder the environment names


async def test_continue_looks_in_the_data_dir(opened, elsewhere, _private_data_dir, capsys):
    assert main(["--data-dir", str(elsewhere), "continue"]) == 1  # nothing there yet
    assert "No unfinished game" in capsys.readouterr().err
    first = RainboardApp(data_dir=elsewhere, catch_errors=False)
    await _play_a_little(first)
    assert main(["continue", "--data-dir", str(elsewhere)]) == 0
    (app,) = opened
    assert app.start_with == ("resume", latest_unfinished(elsewhere))
    assert app.data_dir == elsewhere


def test_replay_plays_on_into_the_data_dir(opened, elsewhere, tmp_path):
    assert main(["--data-dir", str(elsewhere), "replay", str(_a_save(tmp_path))]) == 0
    (app,) = opened
    assert app.data_dir == elsewhere  # where "play on from here" writes its new game


def _a_save(tmp_path: Path) -> Path:
    import asyncio

    folder = tmp_path / "made"
    asyncio.run(_play_a_little(RainboardApp(data_dir=folder, catch_errors=False)))
    return latest_unfinished(folder)


def test_challenge_keeps_its_game_and_score_in_the_data_dir(opened, elsewhere):
    assert main(["challenge", "--daily", "--data-dir", str(elsewhere)]) == 0
    (app,) = opened
    assert app.data_dir == elsewhere


def test_scores_reads_the_book_in_the_data_dir(elsewhere, _private_data_dir, capsys):
    code = make_code(101, 0, True)
    ScoreBook(elsewhere / SCORES_FILE).record(code, "survivor", 52, date(2025, 1, 2))
    assert main(["scores"]) == 0
    assert "No challenge results yet." in capsys.readouterr().out
    assert main(["--data-dir", str(elsewhere), "scores"]) == 0
    assert code in capsys.readouterr().out


def test_serve_hands_the_data_dir_to_every_tab(monkeypatch, elsewhere):
    from rainboard.web.server import RainboardServer

    served: list[RainboardServer] = []
    monkeypatch.setattr(RainboardServer, "serve", lambda self, *args, **kwargs: served.append(self))
    assert main(["serve", "--data-dir", str(elsewhere), "--port", "8123"]) == 0
    (server,) = served
    words = shlex.split(server.command)
    assert words[words.index("--data-dir") + 1] == str(elsewhere.resolve())
    assert words[-1] == "play"
    assert (server.host, server.port) == ("127.0.0.1", 8123)
