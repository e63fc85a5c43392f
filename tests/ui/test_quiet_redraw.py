"""A move redraws what changed and lays nothing out again: the board's panels keep their sizes, a
panel shown the same thing does nothing, the footer is one line of keys that still work by mouse,
and the turn's result is one screen shown again each turn, with that turn's lines."""

from __future__ import annotations

from textual.app import App
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from rainboard.data import load_data
from rainboard.engine import PlayerSetup, Setup, testing
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import HandoffScreen
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.widgets.told_lines import ToldLines
from rainboard.ui.session import GameSession

from rainboard.ui.widgets.cards import SlugcatCard, slugcat_card_content
from rainboard.ui.widgets.footer import KeysFooter
from rainboard.ui.widgets.quiet import Panel, quiet_update, wrapped_rows
from rainboard.ui.widgets.roster import Roster

from tests.engine.helpers import put
from tests.ui.playing import BoardApp, table

DATA = load_data()


def count_layouts(widget_class) -> tuple[list, object]:
    """Record each layout asked for by a widget of this class (patching Widget.refresh)."""
    asked: list[str] = []
    original = Widget.refresh

    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if layout and isinstance(self, widget_class):
            asked.append(type(self).__name__)
        return original(self, *regions, repaint=repaint, layout=layout, recompose=recompose)

    return asked, (original, refresh)


async def test_a_panel_shown_the_same_state_again_does_nothing_and_new_text_of_the_same_rows_lays_nothing_out(
        monkeypatch):
    session = table()
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        roster = pilot.app.screen.query_one(Roster)
        asked, (_, patched) = count_layouts(Widget)
        monkeypatch.setattr(Widget, "refresh", patched)
        roster._repaint_required = False
        roster.show(session.state, 0)
        assert not roster._repaint_required and asked == []  # the very same drawing: nothing at all
        roster.show(put(session.state, 0, food=2), 0)  # Ada's food changes: her line, not the rows
        assert roster._repaint_required and asked == []


async def test_quiet_update_lays_out_only_when_the_rows_change():
    class One(App):
        def compose(self):
            yield Panel(Content("one line"), id="p")

    async with One().run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        panel = pilot.app.query_one("#p", Static)
        quiet_update(panel, Content("first"))  # learns what it shows
        await pilot.pause()
        panel._layout_required = False
        quiet_update(panel, Content("other"))
        assert not panel._layout_required and str(panel.render()) == "other"
        quiet_update(panel, Content("two\nlines"))
        assert panel._layout_required
        assert wrapped_rows(Content("x" * 50), 40) == 2 and wrapped_rows(Content("a\nb"), 40) == 2
        # wrapped by words, as drawn: 16 characters fold into 2 rows of 8, but the words take 3
        assert wrapped_rows(Content("aaaaaa bbbbbb cc"), 8) == 3 == len(Content("aaaaaa bbbbbb cc").wrap(8))
        quiet_update(panel, Content("x" * 45))  # 2 rows of 40, by count and by words
        await pilot.pause()
        panel._layout_required = False
        quiet_update(panel, Content(" ".join(["a" * 25, "b" * 25, "c" * 25])))  # 2 by count, 3 by words
        assert panel._layout_required


async def test_moves_on_the_board_lay_nothing_out_when_the_panels_keep_their_sizes(monkeypatch):
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        asked, (_, patched) = count_layouts(Widget)
        monkeypatch.setattr(Widget, "refresh", patched)
        for _ in range(2):  # two turns: the second finds every panel drawn once already
            await pilot.press("f")  # a food token ends the turn
            await pilot.pause()
            assert isinstance(pilot.app.screen, TurnResultScreen)
            asked.clear()
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        asked.clear()
        await pilot.press("enter")  # back to the board, now Ada's again: every panel shows something new
        await pilot.pause()
        board = pilot.app.screen
        assert isinstance(board, BoardScreen) and board.viewer == 0
        # the lists, the log and the card keep their sizes: nothing on the board asks for a layout
        # but what was hidden or shown (the fight panel and the map trade places)
        assert not {"QuietOptionList", "HandList", "EventLog", "SlugcatCard", "Roster", "RainClock", "Panel"} & set(asked)


async def test_the_card_is_as_tall_as_the_tallest_at_the_table():
    session = table()
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = pilot.app.screen.query_one("#card", SlugcatCard)
        width = card.content_region.width
        rows = [wrapped_rows(slugcat_card_content(session.state, i, brief=True), width) for i in range(3)]
        assert wrapped_rows(card.render(), width) == max(rows)


async def test_the_footer_is_one_line_whose_keys_can_be_clicked():
    session = table()
    async with BoardApp(session, handoffs=False).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = pilot.app.screen.query_one(KeysFooter)
        line = str(footer.render())
        assert " f Food " in line and line.rstrip().endswith("palette")
        start = next(at for at, _end, key, _on in footer._places if key == "f")
        await pilot.click(KeysFooter, offset=(start + 1, 0))
        await pilot.pause()
        assert isinstance(pilot.app.screen, TurnResultScreen)  # the click took a food token
        assert session.actions and session.actions[-1] == "food"


async def test_the_result_screen_is_shown_again_with_each_turns_own_lines():
    session = table()
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        first = app.screen
        assert isinstance(first, TurnResultScreen) and "Ada, your turn is over" in str(
            first.query_one("#result-title", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f")  # Bo's turn
        await pilot.pause()
        assert app.screen is first  # the same screen, not a new one
        title = str(first.query_one("#result-title", Static).render())
        lines = first.query_one("#result-lines", ToldLines).text
        assert "Bo, your turn is over" in title and "Ada" not in title
        assert "Take a food token" in lines and "pass the keyboard to Cy" in str(
            first.query_one("#result-hint", Static).render())


async def test_the_duel_panel_names_the_tables_dice():
    """The panel of a player struck at says what the table rolls with, from the [dice] table."""
    from attrs import evolve

    from rainboard.engine.state import Duel

    for variant, words in (("d20", "d20 (the rulebook)"), ("pool", "d6 pool, highest die")):
        setup = Setup(players=[PlayerSetup("Ada", "survivor"), PlayerSetup("Bo", "hunter")], seed=11)
        session = GameSession.start(setup, load_data(dice=variant))
        session.state = evolve(testing.set_turn_order(session.state, range(2)),
                               pending=Duel(player=1, attacker=0))  # Bo must answer
        async with BoardApp(session).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            told = str(pilot.app.screen.query_one("#fight", Static).render())
            assert "Ada strikes at you!" in told and f"rolled on {words}." in told


async def test_a_status_keeps_its_rows_from_step_to_step_and_cuts_long_lines_short():
    from rainboard.ui.widgets.status_lines import StatusLines

    keys = Content("←→ step · [ ] round · { } cycle · home/end · - + speed · g turn · c play on")

    class One(App):
        def compose(self):
            yield StatusLines(id="s")

    async with One().run_test(size=(40, 10)) as pilot:
        status = pilot.app.query_one(StatusLines)
        status.show([Content("Replay step 1 of 9"), Content("Last: food")], keys)
        await pilot.pause()
        assert status.size.height == 2 + len(keys.wrap(40)) == 5  # the keys take three rows, all shown
        status._layout_required = False
        status.show([Content("Replay step 2 of 9"), Content("Last: hunt 2 with the spear and then some more words")], keys)
        assert not status._layout_required  # the same rows: a repaint only
        await pilot.pause()
        rows = str(status.render()).split("\n")
        assert rows[1].endswith("…") and len(rows[1]) == 40 and status.size.height == 5
        status.show([Content("Replay step 2 of 9"), Content("Last: food"), Content("The save drifts.")], keys)
        assert status._layout_required  # a line more: laid out again
