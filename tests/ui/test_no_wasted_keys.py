"""No keypress wasted, no signal that lies (issue 23): a key pressed for one screen never acts on the
next, the help opens from every screen of a game, the footer and the palette offer a take-back only
when there is one, a turn's result shows the moment of the move, a merchant's offers are listed
even when they cannot be paid, and the smaller points seen at the table."""

from __future__ import annotations

from attrs import evolve
from textual.widgets import OptionList, Static

from rainboard.engine import parse_action
from rainboard.engine.narrator import a
from rainboard.engine.scavengers import price_of
from rainboard.engine.state import HIBERNATING, HandCard
from rainboard.ui.palette import GameCommands
from rainboard.ui.screens.board import BoardScreen
from rainboard.ui.screens.dialogs import HandoffScreen, ReportScreen
from rainboard.ui.screens.help import HelpScreen
from rainboard.ui.screens.turn_result import TurnResultScreen
from rainboard.ui.widgets.footer import KeysFooter
from rainboard.ui.widgets.told_lines import ToldLines
from rainboard.ui.words import pearls_text

from tests.engine.helpers import put, rig, stack
from tests.ui.playing import SHIPPED as DATA
from tests.ui.playing import BoardApp, table
from tests.ui.test_snapshots import SnapApp, board, fight


def asleep_but_ada(session):
    """Bo and Cy hibernate: each of Ada's turns comes straight back to her."""
    for index in (1, 2):
        session.state = put(session.state, index, status=HIBERNATING)
    return session


def footer_keys(screen) -> set[str]:
    """The keys the screen's footer shows now."""
    shown, _palette = screen.query_one(KeysFooter)._keys()
    return {key for key, _display, _words, _enabled in shown}


def texts(screen) -> str:
    """What the screen's texts say: its panels' and its scrolling views' (a turn's lines and card)."""
    return "\n".join([str(s.render()) for s in screen.query(Static)] + [v.text for v in screen.query(ToldLines)])


def card_text(result: TurnResultScreen) -> str:
    """The card under a turn's lines: the view's text from its frame's top edge on."""
    told = result.query_one(ToldLines).text
    return told[told.index("╭"):]


def palette_titles(screen) -> list[str]:
    return [name for name, _run, _help in GameCommands(screen)._commands()]


# -- Enter, Enter never makes a move ------------------------------------------------------------------
async def test_enter_enter_through_a_turn_that_comes_back_takes_no_move():
    session = asleep_but_ada(table())
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("f")  # Ada takes a food token; the others sleep, so the turn is hers again
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen) and "Enter: go on" in texts(app.screen)
        await pilot.press("enter", "enter")  # the second Enter was meant for the result too
        await pilot.pause()
        board = app.screen
        assert isinstance(board, BoardScreen)
        assert session.actions == ["food"]  # it drew no card
        assert board.query_one("#actions", OptionList).highlighted is None
        await pilot.press("down", "enter")  # the arrows and Enter still choose a move
        await pilot.pause()
        assert len(session.actions) == 2


async def test_a_new_decision_opens_with_no_move_chosen():
    session = table()
    session.state = stack(session.state, "su", "batfly")
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = pilot.app.screen
        actions = board.query_one("#actions", OptionList)
        assert actions.highlighted is None  # the board opens with no move chosen
        await pilot.press("d")
        await pilot.pause()
        assert session.state.pending is not None and actions.highlighted is None
        await pilot.press("enter")  # nothing chosen: nothing taken
        await pilot.pause()
        assert session.actions == ["draw"]


# -- help from everywhere -----------------------------------------------------------------------------
async def test_the_help_opens_from_the_result_the_hand_off_and_the_cycle_report():
    session = table()
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        for kind, key in ((TurnResultScreen, "question_mark"), (HandoffScreen, "f1")):
            under = app.screen
            assert isinstance(under, kind) and "question_mark" in footer_keys(under)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press(key)  # the same key closes it again
            await pilot.pause()
            assert app.screen is under
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, BoardScreen)
        report = ReportScreen("Cycle 1 is over", ["Ada hibernated."])
        app.push_screen(report)
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


# -- the footer and the palette offer only what works ---------------------------------------------------
async def test_take_it_back_is_shown_only_for_a_move_that_can_be_taken_back():
    session = table()
    session.state = rig(stack(session.state, "su", "batfly"), 20)
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("a")  # an attack: it rolled a die, so it stays
        await pilot.pause()
        result = app.screen
        assert isinstance(result, TurnResultScreen)
        assert "ctrl+z" not in footer_keys(result) and "ctrl+z" not in texts(result)
        await pilot.press("ctrl+z")  # pressed anyway, it says why
        await pilot.pause()
        assert app.screen is result and any("cannot be taken back" in n.message for n in app._notifications)
        await pilot.press("enter", "enter")
        await pilot.pause()
        await pilot.press("f")  # Bo's food token: a move that can be taken back
        await pilot.pause()
        assert isinstance(app.screen, TurnResultScreen) and "ctrl+z" in footer_keys(app.screen)


async def test_the_palette_lists_undo_only_when_a_move_can_be_undone():
    session = table(players=1)
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = pilot.app.screen
        assert "Undo" not in palette_titles(board)  # nothing done yet
        await pilot.press("f")
        await pilot.pause()
        assert "Undo" in palette_titles(board)
        session.state = rig(stack(session.state, "su", "batfly"), 20)
        await pilot.press("d")  # a card shown: no taking it back
        await pilot.pause()
        assert session.undo_refusal() is not None and "Undo" not in palette_titles(board)


# -- the last hibernation's card ----------------------------------------------------------------------
async def test_the_last_hibernation_shows_the_sleeper_with_the_food_eaten_then_the_cycle_report():
    session = asleep_but_ada(table())
    session.state = put(session.state, 0, food=4, hand=(HandCard("shelter", "su"),))
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("h")  # the last one awake sleeps: the cycle ends with the move
        await pilot.pause()
        assert session.state.cycle == 2
        result = app.screen
        assert isinstance(result, TurnResultScreen)
        card = card_text(result)
        assert "hibernating" in card and "food 4" in card and "awake" not in card
        assert "Enter: how the cycle ended" in texts(result)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReportScreen) and "Cycle 1 is over" in texts(app.screen)


async def test_the_last_turn_before_the_rain_shows_the_drowned_dead_not_awake_in_the_next_cycle():
    session = asleep_but_ada(table())
    session.state = evolve(session.state, rain=0)
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")  # the round ends, the rain comes: Ada is out in it
        await pilot.pause()
        card = card_text(pilot.app.screen)
        assert session.state.cycle == 2 and "dead" in card and "awake" not in card


# -- a merchant you cannot pay --------------------------------------------------------------------------
async def test_a_merchant_you_cannot_pay_shows_each_offer_greyed_with_the_reason():
    session = table()
    session.state = stack(put(session.state, 0, hand=()), "su", "scavenger_merchant")
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        options = pilot.app.screen.query_one("#actions", OptionList).options
        lines = [(str(option.prompt), option.disabled) for option in options]
        assert [line for line, disabled in lines if not disabled] == ["1 Leave the merchant [l]"]
        market = session.state.pending
        wanted = [f"✗ Buy {a(DATA.cards[card].name)}: need {pearls_text(price_of(session.state, card))}, you have 0"
                  for card in dict.fromkeys(market.offers)]
        assert [line for line, disabled in lines if disabled] == wanted


# -- solo: no extra Enter a turn ------------------------------------------------------------------------
async def test_a_solo_turn_ends_on_the_board_without_a_result_to_dismiss():
    session = table(players=1)
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.pause()
        board = app.screen
        await pilot.press("f")
        await pilot.pause()
        assert app.screen is board and session.actions == ["food"]
        assert board.query_one("#actions", OptionList).highlighted is None
        await pilot.press("ctrl+z")  # the move can still be taken back from the board
        await pilot.pause()
        assert session.actions == []


# -- the card keeps its height when a game is opened again -------------------------------------------------
async def test_a_board_opened_on_a_game_in_progress_makes_the_card_as_tall_as_the_tallest():
    session = table()
    session.act(parse_action("search"))  # Ada searches: her card has a line more than Bo's
    async with BoardApp(session).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = pilot.app.screen.query_one("#card")
        assert session.state.to_act == 1
        assert card.size.height == 3  # Bo's two lines, and a blank row for Ada's third


# -- at 80x24 the turn-over box shows its first lines --------------------------------------------------
async def test_a_fight_of_two_exchanges_shows_whole_at_80x24_from_the_draw_on():
    session = fight()  # Ada has drawn a Salamander, a spear in hand
    session.state = rig(session.state, 2, 1, 15)  # her spear misses, it misses her, her bare attack kills
    async with SnapApp(board(session)).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        await pilot.press("a", "a", "a")
        await pilot.pause()
        result = app.screen
        assert isinstance(result, TurnResultScreen)
        assert "draws Salamander" in texts(result) and "is dead" in texts(result)
        view = result.query_one(ToldLines)
        assert view.max_scroll_y == 0  # nothing scrolled out of sight: the draw stays on screen
        assert result.query_one("#result-title").region.y >= 0
