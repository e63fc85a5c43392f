"""The roster, the player's card and the hand do only the work a move asks of them: the roster works
its lines out once per move and repaints only the lines that changed, the card builds only the
cards of players the move changed (to find the tallest) and repaints only its changed rows and, for
a new head, its frame's top, and the hand builds the lines of a hand seen before no more. And what
they show after steps and jumps is what they would show drawn afresh."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.visual import Visual

from rainboard.engine import testing
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.replay import ReplayScreen
from rainboard.ui.widgets import cards, painted_rows, roster
from rainboard.ui.widgets.cards import HandList, SlugcatCard
from rainboard.ui.widgets.roster import Roster

from tests.engine.helpers import put
from tests.ui.playing import BoardApp, table
from tests.ui.test_replay_steps import ReplayApp, _drawn_afresh, _on_screen, _replay


def _counting(monkeypatch, module, name: str, counts: Counter) -> None:
    original = getattr(module, name)

    def wrapper(*args, **kwargs):
        counts[name] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)


def _painted_afresh(widget) -> list[str]:
    """The widget's rows, frame and all, with every row painted again."""
    widget.refresh()
    return _on_screen(widget)


async def _board(pilot) -> BoardScreen:
    await pilot.pause()
    board = pilot.app.screen
    assert isinstance(board, BoardScreen)
    return board


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_the_roster_and_card_after_steps_and_jumps_are_what_a_fresh_paint_shows(size):
    replay = _replay()
    app = ReplayApp(replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        keys = ["right"] * 5 + ["left"] * 3 + ["right_curly_bracket", "left_curly_bracket", "right_square_bracket",
                                               "left_square_bracket", "end", "left", "home", "right"]
        heads = set()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            for widget in (screen.query_one(Roster), screen.query_one(SlugcatCard)):
                assert _on_screen(widget) == _painted_afresh(widget), (key, screen.index, type(widget).__name__)
            assert _on_screen(screen.query_one(Roster))[:len(_drawn_afresh(screen.query_one(Roster)))] \
                == _drawn_afresh(screen.query_one(Roster))
            heads.add(_on_screen(screen.query_one(SlugcatCard))[0])
        assert len(heads) >= 2  # the head in the card's frame changed on the way, and was painted


async def test_a_step_repaints_only_the_roster_lines_it_changed(monkeypatch):
    replay = _replay(120)
    app = ReplayApp(replay)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one(Roster)
        drawn: list = []
        painted: list[int] = []
        original, paint_line = Visual.to_strips, panel.render_line

        def counting(widget, visual, *args, **kwargs):
            if widget is panel:
                drawn.append(visual)
            return original(widget, visual, *args, **kwargs)

        def painting(y: int):
            painted.append(y)
            return paint_line(y)

        monkeypatch.setattr(painted_rows.Visual, "to_strips", staticmethod(counting))
        panel.render_line = painting  # the screen asks a widget for the rows it repaints
        partly = 0
        for index in range(1, 60):
            before = panel.render().split("\n", allow_blank=True)
            drawn.clear()
            painted.clear()
            screen._go(index)
            await pilot.pause()
            after = panel.render().split("\n", allow_blank=True)
            if len(before) != len(after):
                continue  # other rows: laid out and painted whole
            keys = [(row.plain, tuple(row.spans)) for row in after]
            changed = {y for y, (old, row) in enumerate(zip(before, after)) if (old.plain, tuple(old.spans)) != keys[y]}
            # no unchanged line repainted, and each changed line drawn at most once
            assert set(painted) == changed, index
            assert {(row.plain, tuple(row.spans)) for row in drawn} <= {keys[y] for y in changed}, index
            assert len(drawn) <= len(changed)
            partly += 0 < len(changed) < len(after)
            assert _on_screen(panel) == _drawn_afresh(panel)
        assert partly >= 5  # steps that changed some lines and not others


async def test_a_move_works_the_roster_out_once_and_builds_only_the_cards_it_changed(monkeypatch):
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        board = await _board(pilot)
        assert board.viewer == 0
        counts: Counter = Counter()
        _counting(monkeypatch, roster, "roster_lines", counts)
        _counting(monkeypatch, cards, "slugcat_card_content", counts)
        _counting(monkeypatch, cards, "hand_prompt", counts)
        # Bo eats: the roster's lines once (not again for its rows), Bo's card alone (for the tallest),
        # and the hand of the viewer, who did not change, not at all
        session.state = put(session.state, 1, food=session.state.players[1].food + 1)
        board.refresh_view()
        assert counts == Counter({"roster_lines": 1, "slugcat_card_content": 1})
        counts.clear()
        # the viewer eats: their card, and still no hand line (the lines read the cards and the slugcat)
        session.state = put(session.state, 0, food=session.state.players[0].food + 1)
        board.refresh_view()
        assert counts == Counter({"roster_lines": 1, "slugcat_card_content": 1})
        counts.clear()
        # a card comes to the viewer's hand: each of its lines is built
        session.state = testing.give_cards(session.state, 0, "spear")
        board.refresh_view()
        hand = board.query_one("#hand", HandList)
        assert counts["hand_prompt"] == len(session.state.players[0].hand) == hand.option_count
        assert "spear" in hand.cards


async def test_the_card_head_is_repainted_when_it_alone_changes():
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        board = await _board(pilot)
        card = board.query_one("#card", SlugcatCard)
        painted: list[int] = []
        paint_line = card.render_line

        def painting(y: int):
            painted.append(y)
            return paint_line(y)

        card.render_line = painting  # the rows inside the frame the screen asks for again
        rows = _on_screen(card)
        assert "▶" in rows[0]  # the viewer is to act
        # the same players, someone else to act: only the head in the frame changes
        state = session.state
        state = testing.evolve(state, turn=state.order.index(1))
        assert state.to_act == 1 and state.players is session.state.players
        painted.clear()
        card.show(state, 0)
        assert _on_screen(card)[1:] == rows[1:]
        assert "▶" not in _on_screen(card)[0]
        assert painted == []  # the frame's top alone was painted again
        # the viewer eats: the food row alone is painted again
        state = put(state, 0, food=state.players[0].food + 1)
        card.show(state, 0)
        now = _on_screen(card)
        assert painted == [y - 1 for y, (old, new) in enumerate(zip(rows, now)) if old != new and y > 0] != []
        assert now == _painted_afresh(card)
