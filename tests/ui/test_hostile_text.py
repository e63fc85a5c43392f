"""Names and texts from saves, deck folders and the keyboard are shown as text, on every screen.

A shared save or deck folder can hold a player, card, region or slugcat name with escape sequences
(a window title, a screen clear, the clipboard by OSC 52) or with square brackets Textual would read
as markup (`[/]` used to crash the screens; `[@click=app.quit]` became a live link). Each test
plays such a table through the real screens, with notifications drawn, and looks at what the
terminal would be sent: the names as visible text, no byte a terminal acts on.
"""

from __future__ import annotations

import json
import random
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from textual import events

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, apply, digest, legal_actions, new_game, parse_action
from rainboard.saves import encode_save, games_dir, new_save, record
from rainboard.sim import EagerPolicy
from rainboard.text import printable
from rainboard.ui.app import RainboardApp
from rainboard.ui.textual_internals import screen_lines, screen_segments
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
from rainboard.ui.screens.game_over import GameOverScreen
from rainboard.ui.screens.replay import ReplayScreen
from rainboard.ui.screens.saves import SavesScreen
from rainboard.ui.screens.scores import ScoresScreen
from rainboard.ui.screens.setup import SetupScreen, SlugcatPickScreen, TableOptions
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.session import GameSession
from rainboard.ui.table_config import TableConfigError, parse_table

SHORT = Path(__file__).resolve().parent.parent / "fixtures" / "short"
QUIT_LINK = "[@click=app.quit]x[/]"
MARKUP_NAMES = ("[/]", QUIT_LINK, "[b]Bo")
ESCAPE_NAMES = ("\x1b]0;pwned\x07", "\x1b[2J", "\x1b]52;c;aGVsbG8=\x07")
ODD_NAMES = ("\u202eevil", "\x9b31m", "[/]\x1b[2J")
# what a terminal acts on: an OSC (title, clipboard), BEL, a one-byte CSI, a clear, a bidi override
TERMINAL_ACTS = ("\x1b]", "\x07", "\x9b", "\x1b[2J", "\u202e")
SIZE = (100, 32)


def spelled(name: str) -> str:
    """How a name reads on screen: control characters spelled out (Textual's Content itself leaves
    out BEL, BS, VT, FF and CR, so where a name went into Content first those are simply gone)."""
    return printable(name.translate(dict.fromkeys((7, 8, 11, 12, 13))))


def drawn(app) -> str:
    """What the terminal would be sent to draw the screen as it is now."""
    return screen_segments(app)


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def assert_text_only(app) -> None:
    sent = drawn(app)
    for act in TERMINAL_ACTS:
        assert act not in sent, (type(app.screen).__name__, act, screen_text(app))
    assert app.is_running and app.return_code is None  # no click on a name quit the app


class TableApp(RainboardApp):
    """Opens on a game begun for these players, with hand-offs, and writes no files."""

    def __init__(self, session: GameSession, **options) -> None:
        super().__init__(data=session.data, catch_errors=False, autosave=False, **options)
        self.session_to_begin = session

    def on_mount(self) -> None:
        super().on_mount()
        self.call_later(lambda: self.begin(self.session_to_begin, TableOptions(handoffs=True)))


async def play_and_look(pilot, app, moves: int, seed: int = 1) -> set[str]:
    """Play on by keys (the eager policy choosing), looking at every screen on the way; the kinds of
    screen seen."""
    policy = None
    seen = set()
    for _ in range(moves):
        screen = app.screen
        seen.add(type(screen).__name__)
        assert_text_only(app)
        if isinstance(screen, GameOverScreen):
            break
        if isinstance(screen, SlugcatPickScreen):  # a slugcat taken says by whom, in their name
            listing = screen.query_one("#slugcats")
            for player in screen.session.state.players:
                if player.slugcat is not None:
                    prompt = listing.get_option(player.slugcat).prompt
                    assert f"(taken by {spelled(player.name)}" in str(prompt), prompt
        if isinstance(screen, (ReportScreen, HandoffScreen, TurnResultScreen, SlugcatPickScreen)):
            await pilot.press("enter")
        else:
            assert isinstance(screen, BoardScreen), screen
            policy = policy or EagerPolicy(screen.session.data, random.Random(seed))
            index = screen._legal.index(policy(screen.session.state))
            if index < 9:
                await pilot.press(str(index + 1))
            else:
                screen.choose(screen._legal[index])
        await pilot.pause()
    return seen


@pytest.mark.parametrize("names", [MARKUP_NAMES, ESCAPE_NAMES, ODD_NAMES], ids=["markup", "escapes", "odd"])
async def test_a_table_of_hostile_names_plays_on_every_screen(names):
    session = GameSession.start(Setup(players=[PlayerSetup(name) for name in names], seed="hostile"),
                                load_data(SHORT))
    app = TableApp(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SlugcatPickScreen)
        assert spelled(session.state.players[session.state.to_act].name) in screen_text(app)
        seen = await play_and_look(pilot, app, 60)
        assert {"SlugcatPickScreen", "BoardScreen", "TurnResultScreen", "HandoffScreen"} <= seen
        for _ in range(100):
            if isinstance(app.screen, HandoffScreen):
                break
            await play_and_look(pilot, app, 1)
        assert isinstance(app.screen, HandoffScreen)
        shown = screen_text(app)
        assert f"Pass the keyboard to {spelled(app.screen.player_name)}" in shown
        await pilot.click(".dialog-title")  # a name that reads as a link is only words
        await pilot.press("enter")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, BoardScreen)
        log = "\n".join(board.query_one("#log").plain_lines)
        assert all(spelled(name) in log for name in names), log
        assert_text_only(app)
        await pilot.press("ctrl+z")  # another's move, or a card shown: refused, in words naming it
        await pilot.pause()
        assert app._notifications
        assert_text_only(app)


# -- the app's own notices and palette ------------------------------------------------------------
async def test_continue_on_a_save_that_does_not_replay_says_why_as_text(_private_data_dir):
    path = save_game(_private_data_dir, ("Ada", "Bo"), action_at=(3, "[/]"))
    app = RainboardApp(catch_errors=False, autosave=False, resume=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert any("'[/]' is not an action" in n.message for n in app._notifications)
        assert "'[/]'" in screen_text(app)  # the toast, drawn
        assert_text_only(app)


async def test_an_unexpected_error_quoting_markup_is_reported_as_text():
    app = RainboardApp(data=load_data(SHORT), catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.report_error(ValueError("auto closing tag ('[/]') has nothing to close"))
        await pilot.pause()
        assert "('[/]')" in screen_text(app)
        assert_text_only(app)


async def test_the_command_palette_lists_moves_naming_players_as_text():
    data = load_data(SHORT)
    session = GameSession.start(Setup(players=[PlayerSetup("[/]", "survivor"), PlayerSetup(QUIT_LINK, "monk")],
                                      seed="palette"), data)
    app = TableApp(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)  # slugcats chosen at the setup: straight to the board
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert "[/]:" in screen_text(app) or f"{QUIT_LINK}:" in screen_text(app)
        assert_text_only(app)


async def test_saving_a_game_by_name_in_a_folder_whose_path_reads_as_markup(tmp_path):
    data = load_data(SHORT)
    session = GameSession.start(Setup(players=[PlayerSetup("Ada", "survivor")], seed="named"), data)
    app = RainboardApp(data=data, catch_errors=False, data_dir=tmp_path / "[/]saves")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.begin(session, TableOptions(handoffs=False))
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert any("[/]saves" in n.message for n in app._notifications)
        assert "Saved as" in screen_text(app)
        assert_text_only(app)


# -- saves: the Saved games list, a replay, a save that does not replay ------------------------------
def save_game(folder: Path, names, game_id: str = "hostile-1", moves: int = 25,
              action_at: tuple[int, str] | None = None) -> Path:
    """A save of a game on the short decks played by random legal moves; `action_at` overwrites one
    action's text, as a hand-edited or damaged file would hold it."""
    data = load_data(SHORT)
    now = datetime(2026, 1, 2, 3, 4, tzinfo=timezone.utc)
    setup = Setup(players=[PlayerSetup(name) for name in names], seed="saved")
    state, _ = new_game(setup, data)
    chooser = random.Random(3)
    actions = []
    for _ in range(moves):
        action = chooser.choice(legal_actions(state))
        state, _ = apply(state, action)
        actions.append(str(action))
    save = record(new_save(setup, data, True, now, game_id=game_id), actions, {len(actions): digest(state)},
                  finished=False, outcome=None, now=now)
    path = games_dir(folder) / f"{game_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(encode_save(save))  # as a shared file arrives: Rainboard itself writes no such save
    if action_at is not None:
        raw = json.loads(path.read_text(encoding="utf-8"))
        raw["actions"][action_at[0]] = action_at[1]
        path.write_text(json.dumps(raw), encoding="utf-8")
    return path


async def test_the_saved_games_list_a_replay_and_playing_on_show_names_as_text(_private_data_dir):
    markup = save_game(_private_data_dir, MARKUP_NAMES, game_id="markup")
    save_game(_private_data_dir, ESCAPE_NAMES, game_id="escapes")  # listed, or refused as unreadable
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_saved_games()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert all(name in screen_text(app) for name in MARKUP_NAMES)
        assert_text_only(app)
        for _ in range(2):
            listed = app.screen._highlighted()
            if listed is not None and listed.path == markup:
                break
            await pilot.press("down")
        assert app.screen._highlighted().path == markup
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        for key in ("right", "right", "right", "end", "home", "end"):
            await pilot.press(key)
            await pilot.pause()
            assert_text_only(app)
        log = "\n".join(app.screen.query_one("#log").plain_lines)
        assert all(name in log for name in MARKUP_NAMES)
        await pilot.click("#replay-status")
        await pilot.press("c")  # play on from here: the board, the names as they are
        await pilot.pause()
        assert isinstance(app.screen, (BoardScreen, HandoffScreen))
        assert_text_only(app)


@pytest.mark.parametrize("bad", ["[/]", "\x1b]0;pwned\x07"], ids=["markup", "escape"])
async def test_a_save_that_stops_replaying_at_a_strange_action_says_so_as_text(_private_data_dir, bad):
    save_game(_private_data_dir, ("Ada", "Bo"), action_at=(3, bad))
    app = RainboardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_saved_games()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert_text_only(app)
        if bad != "[/]":  # a control character: the save is refused as it is read, and listed so
            assert isinstance(app.screen, SavesScreen) and "cannot be read" in screen_text(app)
            return
        assert isinstance(app.screen, ReplayScreen)  # up to the last action that replays
        assert any(spelled(bad) in n.message for n in app._notifications)
        assert spelled(bad) in screen_text(app)  # the toast, drawn


# -- decks whose names read as markup -----------------------------------------------------------------
@pytest.fixture
def markup_decks(tmp_path: Path) -> Path:
    """The short decks with names that read as markup: a card, a region, a slugcat, the preset."""
    decks = tmp_path / "markup-decks"
    shutil.copytree(SHORT, decks)
    for path, old, new in [
        ("cards/cards.toml", 'name = "Batfly"', 'name = "[@click=app.quit]Bat[/]fly"'),
        ("regions/su.toml", 'name = "Outskirts"', 'name = "[/]Outskirts[b]"'),
        ("slugcats.toml", 'name = "The Monk"', 'name = "[/]Monk"'),
    ]:
        file = decks / path
        text = file.read_text(encoding="utf-8")
        assert old in text
        file.write_text(text.replace(old, new), encoding="utf-8")
    (decks / "presets").mkdir(exist_ok=True)
    (decks / "presets" / "standard.toml").write_text(
        'name = "[/]Standard"\ntext = "[@click=app.quit]Quit[/] when you like."\n\n[rules]\n', encoding="utf-8")
    return decks


async def test_deck_names_that_read_as_markup_from_the_setup_to_the_board(markup_decks):
    data = load_data(markup_decks)
    app = RainboardApp(data=data, catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_new_game()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "[/]Standard" in screen_text(app) and "[@click=app.quit]Quit[/] when you like." in screen_text(app)
        assert_text_only(app)
        app.screen.query_one("#seed").value = "markup"
        await pilot.press("ctrl+s")
        await pilot.pause()
        seen: set[str] = set()
        log = ""
        for _ in range(200):  # until the batfly has been met
            seen |= await play_and_look(pilot, app, 1)
            if isinstance(app.screen, BoardScreen):
                log = "\n".join(app.screen.query_one("#log").plain_lines)
                if "[@click=app.quit]Bat[/]fly" in log:
                    break
        assert {"SlugcatPickScreen", "BoardScreen", "TurnResultScreen"} <= seen
        assert "[@click=app.quit]Bat[/]fly" in log and "[/]Outskirts[b]" in log
        await pilot.press("ctrl+z")  # refused or done, the table is told in the deck's words
        await pilot.pause()
        assert app._notifications
        assert_text_only(app)


async def test_the_end_of_a_game_shows_every_name_as_text(markup_decks):
    data = load_data(markup_decks)
    names = ("[/]", "\x1b]0;pwned\x07", QUIT_LINK)
    session = GameSession.start(Setup(players=[PlayerSetup(n) for n in names], seed="end"), data)
    for slugcat in ("survivor", "monk", "saint"):
        session.act(parse_action(f"choose {slugcat}"))
    policy = EagerPolicy(data, random.Random(2))
    while not session.over:
        session.act(policy(session.state))
    app = RainboardApp(data=data, catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(GameOverScreen(session))
        await pilot.pause()
        ranking = app.screen.query_one("#ranking")
        cells = [str(ranking.get_cell_at((row, 1))) for row in range(len(names))]
        assert all(any(spelled(name) in cell for cell in cells) for name in names), cells
        assert any("[/]Monk" in str(cell) for row in range(len(names)) for cell in ranking.get_row_at(row))
        assert_text_only(app)
        await pilot.press("r")  # not saved: said so, as text
        await pilot.pause()
        assert_text_only(app)


async def test_the_scores_show_codes_and_slugcats_as_text(markup_decks, _private_data_dir):
    from datetime import date

    from rainboard.saves.challenge import make_code
    from rainboard.saves.scores import ScoreBook

    data = load_data(markup_decks)
    book = ScoreBook(_private_data_dir / "scores.sqlite3")
    book.record(make_code(7, 1, True), "monk", 30, date(2026, 1, 2), fingerprint=data.fingerprint)
    book.record("[/]\x1b]0;pwned\x07", "\x1b[2J", 40, date(2026, 1, 3))
    app = RainboardApp(data=data, catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.push_screen(ScoresScreen())
        await pilot.pause()
        text = screen_text(app)
        assert "[/]Monk" in text and "\\x1b[2J" in text and "[/]\\x1b]0;PWNED\\x07" in text
        assert_text_only(app)


# -- names typed at the table -------------------------------------------------------------------------
async def test_a_name_pasted_with_control_characters_is_taken_without_them():
    app = RainboardApp(data=load_data(SHORT), catch_errors=False, autosave=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.action_new_game()
        await pilot.pause()
        field = app.screen.query_one("#name-0")
        field.value = ""
        field.focus()
        field.post_message(events.Paste("Ada\x1b]0;pwned\x07\u202e"))
        await pilot.pause()
        assert field.value == "Ada]0;pwned"
        assert_text_only(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        session = next(s.session for s in app.screen_stack if hasattr(s, "session"))
        assert session.state.players[0].name == "Ada]0;pwned"


def test_a_remembered_table_with_a_control_character_in_a_name_is_not_used():
    with pytest.raises(TableConfigError, match="control character"):
        parse_table(json.dumps({"names": ["Ada", "Bo\u001b[2J"]}))
    assert parse_table(json.dumps({"names": ["[/]", "Bo"]})).names == ("[/]", "Bo")
