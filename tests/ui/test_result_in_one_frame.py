"""Issue 29: a move whose result is shown, and the Enter that puts it away, each paint one frame,
and neither lays the screen out for what changed with the turn.

- The turn's lines and the card under them are one view of a fixed size (widgets/told_lines.py),
  so a turn of more lines, or a player whose card has more rows, lays nothing out; of the view,
  only the rows that show something else are drawn again.
- The board drawn behind the result takes the layouts its panels asked for then
  (textual_internals.draw_hidden), so it is not laid out again when Enter shows it.
- A screen shown again with a layout waiting paints both in one frame (whole_in_one_frame).
"""

from __future__ import annotations

import random

from textual.app import App, ComposeResult
from textual.content import Content
from textual.visual import Visual
from textual.widgets import Static

from rainboard.engine import PlayerSetup, Setup, testing
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.session import GameSession
from rainboard.ui.textual_internals import screen_lines
from rainboard.ui.widgets.told_lines import ToldLines, framed

from tests.ui.playing import SHIPPED, BoardApp, table
from tests.ui.test_turn_result_quiet import _record_layouts

RESULT = ("result-title", "result-lines", "result-hint")


def record_frames(monkeypatch) -> list[str]:
    """The screen painted, once for each frame handed to the terminal from now on."""
    frames: list[str] = []
    display = App._display

    def counted(self, screen, renderable):
        if renderable is not None:
            frames.append(type(screen).__name__)
        return display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", counted)
    return frames


async def play(pilot, presses: int, seed: int, each) -> None:
    """`presses` keys of random play (a move by its number on the board, else Enter); after each,
    `each(before, after)` with the screens before and after the key."""
    chooser = random.Random(seed)
    app = pilot.app
    for _ in range(presses):
        before = app.screen
        if isinstance(before, BoardScreen) and before._legal:
            key = str(chooser.randrange(min(len(before._legal), 9)) + 1)
        else:
            key = "enter"
        await pilot.press(key)
        await pilot.pause()
        each(before, app.screen)


async def test_a_result_shown_and_put_away_paints_one_frame_each(monkeypatch):
    frames = record_frames(monkeypatch)
    counted = {"shown": 0, "put away": 0}

    def each(before, after):
        if isinstance(before, BoardScreen) and isinstance(after, TurnResultScreen):
            counted["shown"] += 1
            assert frames == ["TurnResultScreen"]
        elif isinstance(before, TurnResultScreen) and isinstance(after, BoardScreen):
            counted["put away"] += 1
            assert frames == ["BoardScreen"]
        frames.clear()

    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")  # the first result: its screen is built (and laid out) once
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        frames.clear()
        await play(pilot, 40, 5, each)
    assert counted["shown"] >= 12 and counted["put away"] >= 12


async def test_the_board_shown_again_is_not_laid_out_again(monkeypatch):
    """Drawn behind the result (fights begun and ended switch its map and fight panels), the
    board needs no layout when Enter shows it."""
    layouts: list[object] = []
    put_away = 0

    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = pilot.app.screen
        board.screen_layout_refresh_signal.subscribe(board, layouts.append)

        def each(before, after):
            nonlocal put_away
            if isinstance(before, TurnResultScreen) and after is board:
                put_away += 1
                assert not layouts
            layouts.clear()

        await play(pilot, 40, 5, each)
    assert put_away >= 12


async def test_a_turn_of_other_lines_and_another_players_card_lays_nothing_out(monkeypatch):
    async with BoardApp(table(), handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        result = pilot.app.screen
        assert isinstance(result, TurnResultScreen)
        await pilot.press("enter")
        await pilot.pause()
        asked = _record_layouts(monkeypatch)
        seen: set[str] = set()

        def each(before, after):
            if after is result:
                seen.add(result.query_one(ToldLines).text)
                assert not set(RESULT) & set(asked), asked
            asked.clear()

        await play(pilot, 30, 3, each)
    assert len(seen) >= 8  # many different turns were shown, each without a layout


class ViewApp(App):
    def compose(self) -> ComposeResult:
        yield ToldLines()


LINES = [Content(f"line {n}: " + "word " * (n % 4)) for n in range(6)]


async def test_the_view_draws_again_only_the_rows_that_changed(monkeypatch):
    async with ViewApp().run_test(size=(40, 10)) as pilot:
        view = pilot.app.query_one(ToldLines)
        view.show(LINES)
        await pilot.pause()
        regions: list = []
        refresh = view.refresh

        def recorded(*given, **kwargs):
            regions.append(given)
            return refresh(*given, **kwargs)

        view.refresh = recorded
        view.show([*LINES[:3], Content("another line"), *LINES[4:]])
        assert [[(r.y, r.height) for r in given] for given in regions] == [[(3, 1)]]
        regions.clear()
        view.show(LINES[:4])  # two fewer: the rows they leave are blank now
        assert [[r.y for r in given] for given in regions] == [[3, 4, 5]]
        await pilot.pause()
        assert view.text == "\n".join(line.plain for line in LINES[:4])
        assert view.virtual_size.height == 4


async def test_a_line_shown_again_is_not_drawn_again(monkeypatch):
    drawn: list[str] = []
    to_strips = Visual.to_strips

    def counted(widget, visual, *args, **kwargs):
        drawn.append(str(visual))
        return to_strips(widget, visual, *args, **kwargs)

    async with ViewApp().run_test(size=(40, 10)) as pilot:
        view = pilot.app.query_one(ToldLines)
        await pilot.pause()
        monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
        view.show(LINES[:3])
        view.show([LINES[1], Content("new")])
        await pilot.pause()
    assert sorted(drawn) == sorted([LINES[0].plain, LINES[1].plain, LINES[2].plain, "new"])


async def test_the_view_wraps_a_long_line_and_counts_its_rows():
    async with ViewApp().run_test(size=(20, 10)) as pilot:
        view = pilot.app.query_one(ToldLines)
        await pilot.pause()
        long = Content("a long line of words that wraps")
        assert view.rows([long, Content("short")], 20) == 3
        view.show([long, Content("short")])
        await pilot.pause()
        assert view.virtual_size.height == 3


def test_a_framed_card_is_its_lines_in_a_frame_of_the_width_asked():
    rows = framed(Content("Ada · Hunter\nHP 13"), 30)
    assert [row.plain for row in rows] == [
        "╭" + "─" * 28 + "╮",
        "│ Ada · Hunter" + " " * 15 + "│",
        "│ HP 13" + " " * 22 + "│",
        "╰" + "─" * 28 + "╯",
    ]
    assert all(row.cell_length == 30 for row in rows)


def test_a_framed_card_has_its_head_in_its_top_edge_and_wraps_a_long_line():
    rows = framed(Content("food 2 · karma 1 · HP 13 · rep 1/5"), 20, Content("Bo · Monk"))
    assert rows[0].plain == "╭─ Bo · Monk ──────╮"
    assert [row.plain for row in rows[1:-1]] == ["│ food 2 · karma 1 │", "│ · HP 13 · rep    │", "│ 1/5              │"]
    assert all(row.cell_length == 20 for row in rows)


async def test_a_result_whose_hint_takes_another_row_still_paints_one_frame(monkeypatch):
    """The hint under the turn wraps to two rows for a long name: shown again with one row, the
    result is laid out (the view gets the row) and painted whole in one frame."""
    setup = Setup(players=[PlayerSetup(name, cat) for name, cat in
                           (("Ada", "survivor"), ("Bartholomew Long", "hunter"), ("Cy", "monk"))], seed=11)
    session = GameSession.start(setup, SHIPPED)
    session.state = testing.set_turn_order(session.state, range(3))
    async with BoardApp(session, handoffs=True).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")  # Ada's turn is over: pass the keyboard to Bartholomew Long
        await pilot.pause()
        result = pilot.app.screen
        hint = result.query_one("#result-hint", Static)
        assert isinstance(result, TurnResultScreen) and hint.size.height == 2
        await pilot.press("enter", "enter")  # the hand-off, then his board
        await pilot.pause()
        frames = record_frames(monkeypatch)
        await pilot.press("f")  # his turn is over: pass the keyboard to Cy, in one row
        await pilot.pause()
        assert pilot.app.screen is result and hint.size.height == 1
        assert frames == ["TurnResultScreen"]


async def test_a_long_turn_opens_at_its_end_with_the_short_card_and_scrolls_up(monkeypatch):
    """More lines than the rows of 80x24: the card is the short one, its head in its frame, the
    view opens at the turn's end, the hint says there is more above, and up shows it."""
    import rainboard.ui.screens.turn_result as turn_result

    told = [Content(f"· exchange {n} of a long fight") for n in range(1, 31)]
    monkeypatch.setattr(turn_result, "result_lines", lambda session, actor: told)
    async with BoardApp(table(), handoffs=False).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        result = pilot.app.screen
        assert isinstance(result, TurnResultScreen)
        view = result.query_one(ToldLines)
        shown = "\n".join(screen_lines(pilot.app))
        assert "exchange 30 of" in shown and "exchange 1 of" not in shown
        assert "╭─ Ada · Survivor" in shown  # the short card: its head in the frame's top edge
        assert "↑ earlier in the turn" in str(result.query_one("#result-hint", Static).render())
        assert view.scroll_y == view.max_scroll_y > 0
        await pilot.press("up")
        await pilot.pause()
        assert view.scroll_y == view.max_scroll_y - 1
