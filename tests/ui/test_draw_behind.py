"""The board under a turn's result: drawn while the result is read, so the Enter that puts the result
away only shows it; and a board under an opaque screen has none of its changes painted onto the
screen on top (textual_internals.WaitsWhenCovered, draw_hidden)."""

from __future__ import annotations

from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import ConfirmScreen, HandoffScreen
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.textual_internals import screen_lines

from tests.ui.test_turn_result import TableApp, table


def counting(board: BoardScreen) -> list[str]:
    """Each time the board's panels are drawn, whether it was on top ("shown") or covered."""
    drawn: list[str] = []
    draw = board.refresh_view

    def counted() -> None:
        drawn.append("shown" if board.app.screen is board else "covered")
        draw()

    board.refresh_view = counted
    return drawn


async def test_the_board_is_drawn_under_the_result_and_enter_draws_nothing_again():
    session = table()
    async with TableApp(session).run_test(size=(100, 30)) as pilot:
        app = pilot.app
        await pilot.pause()
        board = app.screen
        drawn = counting(board)
        await pilot.press("f")  # Ada takes a food token: her turn is over
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen)
        assert drawn == ["covered"]  # once, for Bo, while Ada reads her result
        assert not board.is_current  # the result is opaque: the board waits under it
        await pilot.press("enter")  # the result put away: the hand-off to Bo
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and not board.is_current
        await pilot.press("enter")  # Bo takes the keyboard
        await pilot.pause()
        assert app.screen is board and board.is_current
        assert drawn == ["covered"]  # neither Enter drew the board again: they only showed it
        shown = "\n".join(screen_lines(app))
        assert "Bo" in board.query_one("#card").border_title  # the next player's card
        assert "Bo's turn" in shown or "Bo" in str(board.query_one("#prompt").render())


async def test_the_board_drawn_ahead_looks_as_one_drawn_on_enter():
    drawn_ahead = table()
    async with TableApp(drawn_ahead).run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f", "enter", "enter")  # a food token, the result, the hand-off
        await pilot.pause()
        ahead = screen_lines(pilot.app)
    drawn_late = table()
    async with TableApp(drawn_late).run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        pilot.app.screen.DRAWS_BEHIND = False  # this board draws itself when Enter shows it
        await pilot.press("f", "enter", "enter")  # a food token, the result, the hand-off
        await pilot.pause()
        late = screen_lines(pilot.app)
    assert ahead == late


async def test_a_dimming_dialog_leaves_the_board_current():
    session = table()
    async with TableApp(session).run_test(size=(100, 30)) as pilot:
        app = pilot.app
        await pilot.pause()
        board = app.screen
        app.push_screen(ConfirmScreen("Leave?", "It is saved."))
        await pilot.pause()
        assert app.screen is not board
        assert board.is_current  # the dialog's background lets the board show through
