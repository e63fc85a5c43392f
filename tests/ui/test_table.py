"""The table around the game: the setup remembered between evenings, a rematch, named saves, the seed
on screen, the game's story at the end, the help and palette, a too-small terminal, empty scores."""

from __future__ import annotations

import json
import random
from pathlib import Path

from textual.widgets import Input, OptionList, Select

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.engine import events as ev
from rainboard.saves import named_dir, read_save
from rainboard.sim import EagerPolicy
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import ConfirmScreen, HandoffScreen, ReportScreen, TextPrompt
from rainboard.ui.screens.game_over import GameOverScreen
from rainboard.ui.screens.help import HelpScreen
from rainboard.ui.screens.saves import SavesScreen
from rainboard.ui.screens.scores import NO_RESULTS, ScoresScreen
from rainboard.ui.screens.setup import SetupScreen, SlugcatPickScreen, TableOptions
from rainboard.ui.screens.title import TitleScreen
from rainboard.ui.screens.too_small import TooSmallScreen
from rainboard.ui.session import GameSession
from rainboard.ui.story import sparkline, squeeze, stories
from rainboard.ui.table_config import TABLE_FILE
from rainboard.ui.widgets.rain_clock import RainClock

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"
MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"


def _text(widget) -> str:
    return str(widget.render())


def finished_game(seed: str = "over", names=("Ada", "Bo")) -> GameSession:
    """A two-player game on the short decks played to the end by the eager policy."""
    data = load_data(SHORT)
    slugcats = ("survivor", "monk")
    setup = Setup(players=[PlayerSetup(name, slugcat) for name, slugcat in zip(names, slugcats)], seed=seed)
    session = GameSession.start(setup, data)
    policy = EagerPolicy(data, random.Random(3))
    while not session.over:
        session.act(policy(session.state))
    return session


class ScreenApp(RainboardApp):
    """The app with one screen pushed over the title."""

    def __init__(self, make, **kwargs) -> None:
        super().__init__(**kwargs)
        self.make = make

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(self.make())


class PlayingApp(RainboardApp):
    """A two-player game on the short decks, saved as it goes, without hand-offs."""

    def on_mount(self) -> None:
        super().on_mount()
        self.call_later(self._start)

    def _start(self) -> None:
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "monk")], seed="named")
        self.begin(GameSession.start(setup, load_data(SHORT)), TableOptions(handoffs=False))


async def _open_setup(app, pilot) -> SetupScreen:
    await pilot.pause()
    await pilot.press("enter")  # New game, from the title
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


# -- the setup remembered ------------------------------------------------------------------------
async def test_the_setup_offers_the_table_last_played(tmp_path):
    config = tmp_path / "config"
    app = RainboardApp(catch_errors=False, seed="1", autosave=False, config=config)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(app, pilot)
        screen.query_one("#player-count", Select).value = 3
        await pilot.pause()
        for i, name in enumerate("XYZ"):
            screen.query_one(f"#name-{i}", Input).value = name
        screen.query_one("#precycles").value = False
        screen.query_one("#handoffs").value = False
        screen.query_one("#preset", Select).value = "short"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)  # the roll for turn order: the game has begun
    kept = json.loads((config / TABLE_FILE).read_text())
    assert kept["names"] == ["X", "Y", "Z"] and kept["preset"] == "short"

    again = RainboardApp(catch_errors=False, seed="1", autosave=False, config=config)
    async with again.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(again, pilot)
        assert screen.query_one("#player-count", Select).value == 3
        assert [screen.query_one(f"#name-{i}", Input).value for i in range(3)] == ["X", "Y", "Z"]
        assert [screen.query_one(f"#name-cell-{i}").display for i in range(4)] == [True, True, True, False]
        assert screen.query_one("#precycles").value is False
        assert screen.query_one("#handoffs").value is False
        assert screen.query_one("#wait").value is True
        assert screen.query_one("#preset", Select).value == "short"


async def test_a_broken_config_file_is_ignored_with_a_notice(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / TABLE_FILE).write_text('{"names": ["Ada", 7', encoding="utf-8")
    app = RainboardApp(catch_errors=False, seed="1", autosave=False, config=config)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(app, pilot)
        messages = [n.message for n in app._notifications]
        assert any(TABLE_FILE in m and "defaults" in m for m in messages)
        assert screen.query_one("#player-count", Select).value == 2
        assert [screen.query_one(f"#name-{i}", Input).value for i in range(2)] == ["Ada", "Bo"]


async def test_a_config_file_of_the_wrong_shape_is_ignored_too(tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    (config / TABLE_FILE).write_text(json.dumps({"names": ["Ada", "Ada"], "precycles": "yes"}), encoding="utf-8")
    app = RainboardApp(catch_errors=False, seed="1", autosave=False, config=config)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(app, pilot)
        assert any("share a name" in n.message for n in app._notifications)
        assert screen.query_one("#precycles").value is True


async def test_the_theme_chosen_is_the_theme_next_time(tmp_path):
    config = tmp_path / "config"
    app = RainboardApp(catch_errors=False, autosave=False, config=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "gruvbox"
        await pilot.pause()
    assert json.loads((config / TABLE_FILE).read_text())["theme"] == "gruvbox"
    again = RainboardApp(catch_errors=False, autosave=False, config=config)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "gruvbox"


async def test_enter_in_a_name_goes_to_the_next_field_and_never_starts_the_game():
    app = RainboardApp(catch_errors=False, seed="1", autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        screen = await _open_setup(app, pilot)
        assert screen.focused.id == "player-count"  # how many play comes first
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused.id == "name-0"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.focused.id == "name-1"
        await pilot.press("enter")  # the last of two names: on to the Roll button, still no game
        await pilot.pause()
        assert app.screen is screen and screen.focused.id == "start"
        await pilot.press("enter")  # the button itself starts
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)


# -- a rematch -------------------------------------------------------------------------------------
async def test_a_rematch_keeps_the_table_and_deals_a_new_seed():
    session = finished_game(seed="first")
    app = ScreenApp(lambda: GameOverScreen(session), catch_errors=False, autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert "first" in _text(app.screen.query_one("#over-seed"))
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen)  # the roll for turn order
        await pilot.press("enter")
        await pilot.pause()
        picking = app.screen
        assert isinstance(picking, SlugcatPickScreen)
        fresh = picking.session
        assert [p.name for p in fresh.state.players] == ["Ada", "Bo"]
        assert fresh.setup.options == session.setup.options
        assert fresh.state.seed not in ("first", "rain") and fresh.state.seed
        assert [type(s) for s in app.screen_stack] == [TitleScreen, SlugcatPickScreen]  # the old game is gone


async def test_new_game_from_the_end_offers_the_same_names_and_a_new_seed():
    session = finished_game(seed="first", names=("Xi", "Yo"))
    app = ScreenApp(lambda: GameOverScreen(session), catch_errors=False, autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert [screen.query_one(f"#name-{i}", Input).value for i in range(2)] == ["Xi", "Yo"]
        assert screen.query_one("#seed", Input).value not in ("", "first", "rain")


# -- the seed and the story -----------------------------------------------------------------------
async def test_the_seed_is_on_the_board_and_a_challenge_shows_its_code():
    from rainboard.saves.challenge import make_code
    from rainboard.ui.screens.challenge import ChallengeScreen

    setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "saint")], seed="pebbles")
    session = GameSession.start(setup, load_data(MINI))
    app = ScreenApp(lambda: BoardScreen(session), catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Seed pebbles" in _text(app.screen.query_one("#rain", RainClock))

    code = make_code(4242, 0, True)
    app = RainboardApp(catch_errors=False, challenge=code, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChallengeScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        clock = _text(app.screen.query_one("#rain", RainClock))
        assert f"Challenge {code}" in clock and "Seed" not in clock


async def test_the_game_over_screen_tells_each_players_story():
    session = finished_game()
    app = ScreenApp(lambda: GameOverScreen(session), catch_errors=False, autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#story")
        assert table.row_count == 2
        deaths = [sum(isinstance(e, ev.Died) and e.player == i for e in session.events) for i in range(2)]
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(2)]
        assert [row[0] for row in rows] == ["Ada", "Bo"]
        assert [int(row[5]) for row in rows] == deaths
        assert all(row[1].endswith(f"→{player.karma}") for row, player in zip(rows, session.state.players))
        assert "Seed over" in _text(app.screen.query_one("#over-seed"))


def test_a_story_follows_karma_and_food_cycle_by_cycle():
    session = finished_game()
    told = stories(session.events, session.state)
    cycles = sum(isinstance(e, ev.CycleStarted) for e in session.events)
    for index, story in enumerate(told):
        assert len(story.karma) == cycles + 1 and len(story.food) == cycles
        assert story.karma[-1] == session.state.players[index].karma
        eaten = sum(e.after - e.before for e in session.events if isinstance(e, ev.Fed) and e.player == index)
        assert sum(story.food) == eaten
        assert story.slept == sum(isinstance(e, ev.Hibernated) and e.player == index for e in session.events)
        assert story.kills >= sum(isinstance(e, ev.CreatureKilled) and e.player == index for e in session.events)


def test_sparklines_scale_and_long_games_are_squeezed():
    assert sparkline([1, 3, 5], 1, 5) == "▁▅█"
    assert sparkline([2, 2], 2, 2) == "▁▁"
    assert squeeze(list(range(10)), 5, last=True) == [1, 3, 5, 7, 9]
    assert squeeze([2, 4, 6, 8], 2, last=False) == [3, 7]
    assert squeeze([1, 2], 10, last=True) == [1, 2]


# -- named saves -------------------------------------------------------------------------------------
async def _save_as(pilot, app, name: str) -> None:
    await pilot.press("ctrl+s")
    await pilot.pause()
    prompt = app.screen
    assert isinstance(prompt, TextPrompt)
    prompt.query_one(Input).value = name
    await pilot.press("enter")
    await pilot.pause()


async def _move(pilot, app) -> None:
    """One move from the board, then past whatever follows it (the turn's result, a report, the
    hand-off) back to the board."""
    await _to_board(pilot, app)
    await pilot.press("1")
    await pilot.pause()
    await _to_board(pilot, app)


async def _to_board(pilot, app) -> None:
    for _ in range(6):
        if isinstance(app.screen, BoardScreen):
            return
        await pilot.press("enter")
        await pilot.pause()
    assert isinstance(app.screen, BoardScreen), app.screen


async def test_saving_over_a_name_asks_first(_private_data_dir):
    app = PlayingApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _move(pilot, app)
        await _save_as(pilot, app, "evening")
        path = named_dir(_private_data_dir) / "evening.json"
        first = read_save(path).actions
        await _move(pilot, app)
        await _save_as(pilot, app, "evening")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert read_save(path).actions == first  # kept as it was
        await _save_as(pilot, app, "evening")
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        assert list(read_save(path).actions) == app.screen.session.actions and len(read_save(path).actions) > len(first)


async def test_named_saves_are_listed_by_name_and_continue_in_a_new_autosave(_private_data_dir):
    app = PlayingApp(catch_errors=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await _move(pilot, app)
        await _move(pilot, app)
        await _save_as(pilot, app, "before the gate")
        kept = list(app.screen.session.actions)
    path = named_dir(_private_data_dir) / "before the gate.json"
    named_text = path.read_text(encoding="utf-8")

    again = RainboardApp(catch_errors=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        again.action_saved_games()
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, SavesScreen)
        listing = screen.query_one("#saves", OptionList)
        prompts = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        named = next(i for i, text in enumerate(prompts) if text.startswith("before the gate ·"))
        listing.highlighted = named
        await pilot.press("c")
        await pilot.pause()
        board = again.screen
        assert isinstance(board, BoardScreen) or isinstance(again.screen_stack[-2], BoardScreen)
        while isinstance(again.screen, HandoffScreen):
            await pilot.press("enter")
            await pilot.pause()
        board = again.screen
        assert board.session.actions == kept
        await _move(pilot, again)
        assert len(board.session.actions) == len(kept) + 1
        continued = board.session.saver.path
    assert path.read_text(encoding="utf-8") == named_text  # the named save is as it was
    assert continued.parent.name == "games" and list(read_save(continued).actions)[:len(kept)] == kept


# -- help, palette, a small terminal, scores -------------------------------------------------------------
class BoardApp(RainboardApp):
    def on_mount(self) -> None:
        super().on_mount()
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "saint")], seed=5)
        self.push_screen(BoardScreen(GameSession.start(setup, load_data(MINI))))


async def test_question_mark_closes_the_help_it_opened():
    app = BoardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


async def test_the_palette_has_the_game_the_theme_and_the_screenshot_but_one_quit_and_no_maximize():
    app = BoardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        listing = app.screen.query_one("CommandList", OptionList)
        titles = [str(listing.get_option_at_index(i).prompt).split("\n")[0] for i in range(listing.option_count)]
        assert titles.count("Quit") == 1
        assert not any("Maximize" in t or "Minimize" in t for t in titles)
        assert titles.count("Screenshot") == 1  # the table's (sharing.py), not Textual's as well
        assert {"Theme", "Rules and keys", "New game", "Saved games", "Take a food token"} <= set(titles)


async def test_the_too_small_notice_says_how_to_quit_and_q_quits():
    app = BoardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "q or ctrl+c quits" in _text(app.screen.query_one("#too-small"))
        await pilot.press("q")  # no question, even in a game: every move is saved
        await pilot.pause()
    assert not app.is_running and app.return_code == 0


async def test_ctrl_c_quits_from_the_too_small_notice():
    app = BoardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert not app.is_running


async def test_scores_with_no_results_says_so():
    app = ScreenApp(ScoresScreen, catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _text(app.screen.query_one("#scores-note")) == NO_RESULTS
        assert not app.screen.query_one("#scores").display
