"""One key table (rainboard/ui/keys.py) drives the board's bindings, the footer and the help
(tests/test_readme_keys.py: and the README)."""

from __future__ import annotations

from pathlib import Path

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup
from rainboard.ui import keys, words
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.board import VERBS, BoardScreen
from rainboard.ui.screens.help import KEYS
from rainboard.ui.session import GameSession

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini"


def test_every_verb_of_the_board_is_in_the_help():
    for key, label in VERBS:
        assert f"`{key}`" in KEYS, key
    for row in keys.HELP_ROWS:
        assert row.written() in KEYS and row.does in KEYS


def test_the_help_lists_q_in_its_table_not_after_the_replay_keys():
    table, _, after = KEYS.partition("In a replay:")
    assert "| `q` | quit" in table and "`q`" not in after


def test_the_board_binds_exactly_the_key_table():
    bound = {(b.key, b.action, b.description) for b in BoardScreen.BINDINGS}
    wanted = {(b.key, b.action, b.description) for b in keys.board_bindings()}
    assert bound == wanted
    assert [(b.key, b.description) for b in BoardScreen.BINDINGS[:len(VERBS)]] == list(VERBS)


def test_every_action_key_the_words_use_has_a_verb_in_the_table():
    verbs = {key for key, _ in VERBS}
    used = {key for key in words.ACTION_KEYS.values() if key is not None} | {words.PRECYCLE_KEY}
    assert used == verbs


async def test_the_footer_shows_the_tables_words():
    class BoardApp(RainboardApp):
        def on_mount(self) -> None:
            setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "saint")], seed=5)
            self.push_screen(BoardScreen(GameSession.start(setup, load_data(MINI))))

    labels = dict(VERBS)
    app = BoardApp(catch_errors=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = {key: active.binding.description for key, active in app.screen.active_bindings.items()
                 if active.binding.show and active.enabled}
        assert {"d", "f", "s"} <= set(shown)
        for key in set(shown) & set(labels):
            assert shown[key] == labels[key]
        assert shown["q"] == keys.QUIT.label and shown["question_mark"] == keys.HELP.label
