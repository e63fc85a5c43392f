"""Keys of your own: keymap.toml in the config folder remaps the key table's bindings by id (Textual's
keymap); the bindings, the footer, the help and the action list show the keys in force, and a file
that cannot be used leaves the default keys with a one-line notice."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from textual.binding import Binding

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.ui import keys
from rainboard.ui.app import RainboardApp
from rainboard.ui.keymap import KEYMAP_FILE, KeymapError, key_name, parse_keymap
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.help import HelpScreen
from rainboard.ui.session import GameSession
from rainboard.ui.widgets.footer import KeysFooter

MINI = Path(__file__).resolve().parent.parent / "fixtures" / "mini"


class BoardApp(RainboardApp):
    """The app opened straight onto a two-player board, with the config folder given."""

    def __init__(self, **kwargs) -> None:
        super().__init__(catch_errors=False, autosave=False, **kwargs)
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "saint")], seed=5)
        self.session = GameSession.start(setup, load_data(MINI))

    def on_mount(self) -> None:  # Textual runs RainboardApp's on_mount (the notices) as well
        self.push_screen(BoardScreen(self.session))


def _config(tmp_path: Path, keymap: str) -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / KEYMAP_FILE).write_text(keymap, encoding="utf-8")
    return folder


def _footer(app) -> dict[str, str]:
    """The footer's keys as drawn (shown as -> words), the enabled ones."""
    shown, _palette = app.screen.query_one(KeysFooter)._keys()
    return {display: words for _key, display, words, enabled in shown if enabled}


async def test_a_keymap_remaps_a_board_key(tmp_path):
    app = BoardApp(config=_config(tmp_path, 'draw = "n"\n'))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen
        assert _footer(app).get("n") == "Draw" and "d" not in _footer(app)
        assert "Draw" in str(board.query_one(KeysFooter).render())
        draw_line = next(str(o.prompt) for o in board.query_one("#actions").options if "Draw" in str(o.prompt))
        assert draw_line.endswith("[n]")  # the action list's key hint is the key in force
        before = app.session.state
        await pilot.press("d")  # the default key no longer draws
        await pilot.pause()
        assert app.session.state is before
        await pilot.press("n")
        await pilot.pause()
        assert app.session.state is not before
        assert app.session.actions == ["draw"]

        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_keys = app.screen.query_one("#help-keys").source
        assert "| `n` `p` `f` `s` | draw, draw from the precycle deck" in help_keys
        assert "`d`" not in help_keys.partition("In a replay:")[0]


async def test_the_help_key_remapped_opens_and_closes_the_help(tmp_path):
    app = BoardApp(config=_config(tmp_path, 'help = "f2"\n'))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _footer(app).get("f2") == "Help"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "| `F2` | the keys and the rules" in app.screen.query_one("#help-keys").source
        await pilot.press("f2")  # the same key closes it
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)


BROKEN = [
    ('drwa = "n"\n', "no key called 'drwa' to remap (did you mean draw?)"),
    ('draw = "nope"\n', "draw: 'nope' is not a key Textual knows"),
    ('draw = "h"\n', "draw and hibernate would share the key h"),
    ('draw = "enter"\n', "draw: enter is kept for choosing in lists"),
    ('draw = "n"\nflee = [\n', "not TOML"),
]


@pytest.mark.parametrize("keymap, problem", BROKEN, ids=["unknown id", "bad key", "clash", "kept key", "not toml"])
async def test_a_broken_keymap_gives_a_notice_and_the_defaults(tmp_path, keymap, problem):
    config = _config(tmp_path, keymap)
    app = BoardApp(config=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        notices = [n.message for n in app._notifications]
        assert len(notices) == 1 and "\n" not in notices[0], notices
        assert str(config / KEYMAP_FILE) in notices[0] and problem in notices[0]
        assert notices[0].endswith("The keys are the defaults.")
        assert _footer(app).get("d") == "Draw" and "n" not in _footer(app)
        before = app.session.state
        await pilot.press("d")
        await pilot.pause()
        assert app.session.state is not before  # the game goes on, with the default keys


def test_keys_are_read_as_textual_names_them():
    assert key_name("?") == "question_mark"
    assert key_name("Ctrl+F2") == "ctrl+f2"
    assert key_name("ctrl++") == "ctrl+plus"
    assert key_name("N") == "N"
    for bad in ("", "fo", "hyperx+a", "ctrl+ctrl+a"):
        with pytest.raises(KeymapError):
            key_name(bad)


def test_keys_may_be_swapped_and_given_several():
    assert parse_keymap('draw = "p"\nprecycle-deck = "d"\n') == {"draw": "p", "precycle-deck": "d"}
    assert parse_keymap('help = ["f1", "?"]\nundo = "ctrl+u"\npick-1 = "z"\n') == {
        "help": "f1,question_mark", "undo": "ctrl+u", "pick-1": "z"}
    assert parse_keymap('next-panel = "tab"\nquit = "ctrl+q"\n')  # a kept key, to the row it belongs to


@pytest.mark.parametrize("keymap, problem", [
    ('quit = "g"\n', "quit and give would share the key g"),
    ('quit = "m"\n', "quit works on every screen, and m is kept for a rematch after a game"),  # r: the board's explain
    ('help = "y"\n', "help works on every screen, and y is kept for the answer yes"),
    ('next-panel = "n"\ndraw = "tab"\n', "draw: tab is kept for moving to the next panel"),
    ('draw = 3\n', 'draw: expected a key such as "n", or a list of keys'),
    ('draw = []\n', 'draw: expected a key such as "n", or a list of keys'),
])
def test_a_keymap_that_would_lose_a_key_is_refused(keymap, problem):
    with pytest.raises(KeymapError) as refused:
        parse_keymap(keymap)
    assert str(refused.value) == problem


SCREENS = ["board", "challenge", "dialogs", "game_over", "help", "replay", "saves", "scores", "setup", "title",
           "too_small", "turn_result"]


def test_every_key_a_screen_keeps_for_itself_is_one_the_keymap_checks():
    """Quit and help work on every screen: a key another screen binds for itself would take them
    over there, so the keymap refuses it for them, and for that it must know every such key."""
    from textual.screen import Screen

    table_ids = set(keys.default_keys())
    known = set(keys.KEPT_KEYS) | set(keys.SCREEN_KEYS)
    found = []
    for name in SCREENS:
        module = importlib.import_module(f"rainboard.ui.screens.{name}")
        for screen in vars(module).values():
            if isinstance(screen, type) and issubclass(screen, Screen) and screen.__module__ == module.__name__:
                for binding in screen.BINDINGS:
                    if isinstance(binding, Binding) and binding.id not in table_ids:
                        found += [(screen.__name__, key.strip()) for key in binding.key.split(",")]
    assert len({screen for screen, _ in found}) >= 8  # the walk found the screens
    missing = [(screen, key) for screen, key in found if key not in known]
    assert not missing, f"add these keys to keys.SCREEN_KEYS: {missing}"


def test_every_binding_of_the_table_has_an_id_and_the_ids_are_unique():
    bindings = keys.board_bindings() + keys.app_bindings()
    ids = [binding.id for binding in bindings]
    assert None not in ids and len(set(ids)) == len(ids) == len(keys.default_keys())


def test_the_readmes_example_keymap_is_one_rainboard_takes():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.partition("### Your own keys")[2]
    example = section.partition("```toml\n")[2].partition("```")[0]
    assert parse_keymap(example) == {"draw": "n", "precycle-deck": "d", "help": "f1,question_mark",
                                     "undo": "ctrl+u"}
