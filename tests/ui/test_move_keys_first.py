"""A move's key (a verb, a number, explain) and a turn result's Enter are answered as they come in:
the focused panel never sees them, nor do the panels between it and the screen (keys.py, _verb).
Keys a panel answers itself (the arrows) still reach it, and a remapped key is answered the same way."""

from __future__ import annotations

from pathlib import Path

from textual import events

from rainboard.ui.app import RainboardApp
from rainboard.ui.keymap import KEYMAP_FILE
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import HandoffScreen
from rainboard.ui.screens.setup import TableOptions
from rainboard.ui.screens.turn_result import TurnResultScreen

from .playing import SHIPPED, BoardApp, table


class KeymapBoardApp(RainboardApp):
    """The three-player board, with the config folder (and its keymap.toml) given."""

    def __init__(self, config: Path) -> None:
        super().__init__(data=SHIPPED, config=config, catch_errors=False, autosave=False)
        self.session = table()

    def on_mount(self) -> None:
        self.push_screen(BoardScreen(self.session, TableOptions(handoffs=False)))


def _keys_seen(widget) -> list[str]:
    """The keys `widget` is handed from now on, as it handles them."""
    seen: list[str] = []
    widget.message_signal.subscribe(
        widget, lambda message: seen.append(message.key) if isinstance(message, events.Key) else None,
        immediate=True)
    return seen


async def test_a_number_and_a_verb_make_their_move_without_passing_through_the_focused_list():
    app = BoardApp(table(), handoffs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        actions = board.query_one("#actions")
        assert app.focused is actions
        seen = _keys_seen(actions)
        await pilot.press("down")  # a key the list answers itself still reaches it
        await pilot.pause()
        assert seen == ["down"]

        before = app.session.state
        await pilot.press("f")  # take a food token: offered on every ordinary turn, and it ends the turn
        await pilot.pause()
        assert app.session.state is not before and app.session.actions == ["food"]
        assert seen == ["down"]
        assert isinstance(app.screen, TurnResultScreen)  # the turn's result: its Enter is answered first too
        told = _keys_seen(app.focused)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is board and told == []
        assert app.focused is actions

        before = app.session.state
        await pilot.press("1")
        await pilot.pause()
        assert app.session.state is not before and len(app.session.actions) == 2
        assert seen == ["down"]

async def test_a_verb_key_not_offered_still_goes_the_usual_way_and_changes_nothing():
    app = BoardApp(table(), handoffs=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        actions = app.screen.query_one("#actions")
        seen = _keys_seen(actions)
        before = app.session.state
        await pilot.press("x")  # strike: there is no hunt on the first turn
        await pilot.pause()
        assert app.session.state is before
        assert seen == ["x"]  # not answered by the board: handed on as any key is


async def test_a_remapped_move_key_is_answered_first_too(tmp_path: Path):
    config = tmp_path / "config"
    config.mkdir()
    (config / KEYMAP_FILE).write_text('draw = "n"\n', encoding="utf-8")
    app = KeymapBoardApp(config)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        seen = _keys_seen(app.screen.query_one("#actions"))
        before = app.session.state
        await pilot.press("n")
        await pilot.pause()
        assert app.session.state is not before and app.session.actions == ["draw"]
        assert seen == []


async def test_a_hand_offs_enter_is_answered_first_too():
    app = BoardApp(table(), handoffs=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(4):  # a move (a food token), its result put away: the next player's hand-off
            if isinstance(app.screen, HandoffScreen):
                break
            await pilot.press("f" if isinstance(app.screen, BoardScreen) else "enter")
            await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        told = _keys_seen(app.focused) if app.focused is not None else []
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not handoff and told == []
