"""A table through `rainboard serve` in Chromium: two tabs opened by their seat links on two seats of
one table, a move on one shown on the other, and neither tab's screen ever telling the other seat's
private cards; a watch link's tab shows the board and no hand; a wrong token opens nothing, a link of
the wrong form is refused before any tab."""

from __future__ import annotations

import urllib.error
import urllib.request

from rainboard.engine import events as ev
from rainboard.table.links import watch_link
from rainboard.engine.narrator import narrate
from rainboard.table import TableSeat, read_table, seat_events

from tests.table.helpers import host
from tests.table.test_privacy import private_to, reference, secret_phrases
from .table import BrowserTable

MOVES = 8
FIRST_SCREEN = 60.0  # seconds for a seat's tab to come up: a `rainboard join` started on a busy machine


def link(served, code: str, seat: int, token: str) -> str:
    return f"{served.url}?table={code}&seat={seat}&token={token}"


def went_on(tab: BrowserTable) -> bool:
    """Enter on a turn's result or a cycle's report still up on this tab; never done waiting."""
    if tab.footer().startswith("enter"):
        tab.press("Enter")
    return False


def to_move(tab: BrowserTable) -> None:
    """Wait for the tab's move list, going on from any report over its board meanwhile (a cycle ended
    by the other seat's move is reported on this one too)."""
    tab.wait_until(lambda: went_on(tab) or tab.screen.find("Your move"), "the tab's move list")


def open_seats(browser, served, code: str, tokens: dict) -> dict:
    """A tab for each seat, each opened once the one before shows its board, as players each open
    their own link on their own screen."""
    tabs = {}
    for number in sorted(tokens):
        tabs[number] = BrowserTable(browser.new_page(), link(served, code, number, tokens[number]))
        tabs[number].wait_for("Your move", "Waiting for", timeout=FIRST_SCREEN)
    return tabs


def make_move(tab: BrowserTable, watcher) -> None:
    """The tab's player takes their first move, and it reaches the table's journal. A report can come
    up over the board just as the key is sent (the other seat's move ended a cycle): then the key
    did nothing, and the player goes on from the report and presses it again."""
    before = len(watcher.session.actions)
    for _ in range(5):
        to_move(tab)
        tab.press("1")
        try:
            tab.wait_until(lambda: watcher.catch_up() or len(watcher.session.actions) > before,
                           "the move to reach the table's journal", timeout=4)
            return
        except AssertionError:
            continue
    raise AssertionError(f"the move never reached the journal; the screen shows:\n{tab.screen.text()}")


def test_two_seats_in_two_tabs_see_each_others_moves_and_never_each_others_cards(served, browser):
    table, tokens = host(served.data_dir, 2, seed=11, slugcats=True)
    tabs = open_seats(browser, served, table.code, tokens)
    watcher = TableSeat(served.data_dir, read_table(served.data_dir, table.code), None).take()
    moved = 0
    private_draws = set()  # (tab, draw): the other seat's private draws each tab was checked against
    for _ in range(MOVES):
        watcher.catch_up()
        if watcher.session.over:
            break
        acting = table.seat_of(watcher.session.state.to_act).number
        mover, other = tabs[acting], tabs[3 - acting]
        make_move(mover, watcher)
        for _ in range(4):  # the turn's result or a cycle's report on the mover's tab: go on
            if not mover.footer().startswith("enter"):
                break
            mover.press("Enter")
            mover.page.wait_for_timeout(150)
        state = watcher.session.state
        seen_by_other = [narrate(e, state) for e in seat_events(reference(watcher).events[-6:],
                                                                table.seat(3 - acting).players, state)]
        # the other tab may still hold its own last turn's result (on a loaded machine it can come
        # up after the loop above looked): its player goes on from it, and the board shows the move
        other.wait_until(lambda: went_on(other) or any(line[:24] in other.screen.text() for line in seen_by_other[-2:]),
                         "the other tab to show the move")
        moved += 1
        whole = reference(watcher)
        for number, tab in tabs.items():
            mine = table.seat(number).players
            text = " ".join(tab.screen.text().split())
            for event in whole.events:
                if private_to(event, mine, state):
                    if isinstance(event, ev.CardDrawn):
                        private_draws.add((number, narrate(event, state)))
                    for phrase in secret_phrases(event, state):
                        assert phrase not in text, (number, phrase)
    assert moved >= 4
    assert private_draws, "no seat drew a card in private: the privacy check above checked nothing"
    watcher.close()


def test_a_wrong_token_opens_nothing_and_a_bad_link_is_refused(served, browser):
    table, tokens = host(served.data_dir, 2)
    tab = BrowserTable(browser.new_page(), link(served, table.code, 2, tokens[1]))
    tab.wait_for("This seat link does not open")
    assert "not seat 2's link" in tab.screen.text()
    try:
        urllib.request.urlopen(f"{served.url}?table={table.code}&seat=2&token=x;rm", timeout=10)
    except urllib.error.HTTPError as error:
        assert error.code == 400 and b"not a Rainboard seat link" in error.read()
    else:
        raise AssertionError("a link of the wrong form was served")


def bad(served, query: str) -> None:
    try:
        urllib.request.urlopen(f"{served.url}?{query}", timeout=10)
    except urllib.error.HTTPError as error:
        assert error.code == 400 and b"not a Rainboard seat link" in error.read(), query
    else:
        raise AssertionError(f"a link of the wrong form was served: {query}")


def test_a_watch_link_shows_the_board_and_no_hand(served, browser):
    table, tokens = host(served.data_dir, 2, seed=11, slugcats=True)
    seat = BrowserTable(browser.new_page(), link(served, table.code, 1, tokens[1]))
    seat.wait_for("Your move", "Waiting for", timeout=FIRST_SCREEN)
    assert seat.screen.find("Hand"), seat.screen.text()  # a seat's board has its hand panel
    url = watch_link(table.code.lower(), served.url)  # as `rainboard host` prints it (a code in any case)
    assert url.endswith(f"?table={table.code.lower()}&watch=1")
    watching = BrowserTable(browser.new_page(), url)
    watching.wait_for("Watching")
    text = watching.screen.text()
    assert "What happened" in text and "Ada" in text and "Bo" in text, text
    assert not watching.screen.find("Hand") and "Your move" not in text, text
    bad(served, f"table={table.code}&watch=1&seat=1")
    bad(served, f"table={table.code}&watch=1&token={tokens[1]}")
    bad(served, f"table={table.code}&watch=yes")
    bad(served, "table=T-12&watch=1")
    bad(served, "watch=1")


def test_the_tab_of_the_seat_to_act_is_titled_your_turn(served, browser):
    from rainboard.ui.screens.seat import TURN_TITLE, WAIT_TITLE

    table, tokens = host(served.data_dir, 2, seed=11, slugcats=True)
    tabs = open_seats(browser, served, table.code, tokens)
    watcher = TableSeat(served.data_dir, read_table(served.data_dir, table.code), None).take()
    waiting = WAIT_TITLE.format(code=table.code)
    for turn in range(2):  # the title moves from one tab to the other as the turn does
        watcher.catch_up()
        acting = table.seat_of(watcher.session.state.to_act).number
        mover, other = tabs[acting], tabs[3 - acting]
        mover.wait_until(lambda: mover.page.title() == TURN_TITLE, f"seat {acting}'s tab to be titled its turn")
        other.wait_until(lambda: other.page.title() == waiting, f"seat {3 - acting}'s tab to be titled waiting")
        while table.seat_of(watcher.session.state.to_act).number == acting:  # play the seat's turn out
            make_move(mover, watcher)
        other.wait_until(lambda: other.page.title() == TURN_TITLE, "the next seat's tab to be titled its turn")
        mover.wait_until(lambda: went_on(mover) or mover.page.title() == waiting, "the mover's tab to be titled waiting")
    watcher.close()
