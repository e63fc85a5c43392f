"""A seat's own screen at a table (ui/screens/seat.py), driven through Pilot while another seat
plays from the same data folder: moves arrive live, the turn comes with a notice and the bell, only
the seat's own hand is ever in its hand panel, and a spectator has none."""

from __future__ import annotations

import time

from rainboard.table import TableSeat, read_table
from rainboard.table.headless import pick
from rainboard.ui.app import RainboardApp
from rainboard.ui.screens.seat import SeatBoardScreen
from rainboard.ui.widgets.cards import HandList

from .helpers import host


def seat_app(folder, code, number):
    app = RainboardApp(data_dir=folder, catch_errors=False, autosave=False)
    app.open_table = (code, number)
    return app


async def until(pilot, condition, seconds: float = 20.0) -> None:
    """Let the app run until `condition()` holds (the watch's notice comes on its own thread)."""
    ends = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < ends, "the screen never caught up"
        await pilot.pause(0.02)


def hand_cards(screen) -> tuple[str, ...]:
    hand = screen.query_one("#hand", HandList)
    return tuple(hand.cards)


async def test_a_seat_follows_the_table_and_is_told_when_its_turn_comes(tmp_path):
    table, _ = host(tmp_path, 2, seed=11, slugcats=True)
    other = TableSeat(tmp_path, read_table(tmp_path, table.code), 2).take()
    app = seat_app(tmp_path, table.code, 1)
    bells = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.bell = lambda: bells.append(True)
        await until(pilot, lambda: isinstance(app.screen, SeatBoardScreen))
        screen = app.screen
        assert "seat 1" in screen.sub_title
        hands_seen = set()
        ours = waited = 0
        for _ in range(80):
            other.catch_up()
            if other.my_turn():
                before = len(screen.session.events)
                other.session.act(pick(other, "random", "ui"))
                await until(pilot, lambda: len(screen.session.actions) == len(other.session.actions))
                assert len(screen.session.events) != before or screen.session.actions
                if not screen.seat.my_turn():  # the other seat's moves, and why it lacks others, are its own
                    waited += 1
                    assert screen.query_one("#actions").option_count == 0
            else:
                await until(pilot, lambda: screen.seat.my_turn() or screen.session.over)
                if screen.session.over:
                    break
                while len(app.screen_stack) > 2:  # the other seat's move ended a cycle: its report first
                    await pilot.press("enter")
                    await pilot.pause()
                assert screen._legal, "its turn came but no move was offered"
                shows = screen.query_one("#actions").option_count
                assert shows >= len(screen._legal), "its turn came but its list shows fewer moves than it has"
                told, made = len(bells), len(screen.session.actions)
                await pilot.press("1")
                await pilot.pause()
                assert len(screen.session.actions) == made + 1  # the key made the move, through the journal
                other.catch_up()
                assert other.session.actions == screen.session.actions
                while len(app.screen_stack) > 2:  # the turn's result, the cycle's report: go on
                    await pilot.press("enter")
                    await pilot.pause()
                assert len(bells) == told
                ours += 1
            state = screen.session.state
            hands_seen.add(hand_cards(screen))
            assert hand_cards(screen) == tuple(h.card for h in state.players[0].hand)  # its own, and only that
        assert bells, "the seat was never told its turn came"
        assert ours, "seat 1 never moved"
        assert waited, "seat 1 never waited on the other seat: its empty list was never checked"
        assert any(hands_seen), "Ada never held a card: the hand was never tested"
    other.close()


async def test_a_spectator_sees_no_hand_and_no_move(tmp_path):
    table, _ = host(tmp_path, 2, seed=4, slugcats=True)
    seats = [TableSeat(tmp_path, read_table(tmp_path, table.code), n).take() for n in (1, 2)]
    app = seat_app(tmp_path, table.code, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SeatBoardScreen))
        screen = app.screen
        for _ in range(30):
            for seat in seats:
                seat.catch_up()
            mover = next(s for s in seats if s.my_turn())
            mover.session.act(pick(mover, "random", "w"))
            await until(pilot, lambda: len(screen.session.actions) == len(mover.session.actions))
            assert screen._legal == [] and not screen.query_one("#hand").display
            assert hand_cards(screen) == ()
        assert "watching" in screen.sub_title
    for seat in seats:
        seat.close()


async def test_a_held_seat_is_offered_to_watch(tmp_path):
    table, _ = host(tmp_path, 2)
    holder = TableSeat(tmp_path, read_table(tmp_path, table.code), 1).take()
    app = seat_app(tmp_path, table.code, 1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        from rainboard.ui.screens.dialogs import ConfirmScreen

        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "held by" in app.screen.question
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, SeatBoardScreen))
        assert app.screen.seat.spectator
    holder.close()


async def test_host_sets_the_table_up_and_takes_seat_one(tmp_path):
    from rainboard.table import list_tables
    from rainboard.ui.screens.dialogs import ReportScreen
    from rainboard.ui.screens.setup import SetupScreen
    from textual.widgets import Select

    from rainboard.table.links import note_served_at

    note_served_at(tmp_path, "http://10.0.0.5:8000/")  # `rainboard serve --public` said so earlier
    app = RainboardApp(data_dir=tmp_path, catch_errors=False)
    app.open_table = ("host",)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.query_one("#own-screens", Select).value is True
        app.screen.query_one("#player-count", Select).value = 3
        await pilot.pause()
        app.screen.action_start()
        await until(pilot, lambda: isinstance(app.screen, ReportScreen))
        tables = list_tables(tmp_path)
        assert len(tables) == 1 and len(tables[0].seats) == 3
        links = [line for line in app.screen.lines if "token=" in line]
        assert [line.split("?")[0] for line in links] == [f"  seat {n}: http://10.0.0.5:8000/" for n in (1, 2, 3)]
        assert all(tables[0].seat(n + 1).admits(line.split("token=")[1]) for n, line in enumerate(links))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SeatBoardScreen))
        assert app.screen.seat.number == 1 and app.screen.seat.table.code == tables[0].code


async def test_a_wrong_seat_token_is_told_and_nothing_else_opens(tmp_path):
    from rainboard.ui.screens.dialogs import ReportScreen

    table, tokens = host(tmp_path, 2)
    app = RainboardApp(data_dir=tmp_path, catch_errors=False, autosave=False)
    app.open_table = (table.code, 2, tokens[1])  # seat 1's token for seat 2
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReportScreen))
        assert "not seat 2's link" in " ".join(map(str, app.screen.lines))
        await pilot.press("enter")
        await pilot.pause()
        assert not app.is_running  # the tab's app ends: the link opened nothing
    assert not any(isinstance(s, SeatBoardScreen) for s in app.screen_stack)


def test_leaving_a_seat_says_how_to_take_it_again(tmp_path):
    """The quit question at a seat names the table and the seat to join again, not Continue (which
    refuses a game whose seats are open)."""
    from rainboard.ui.screens.seat import SeatBoardScreen

    class Seat:
        spectator = False
        number = 2

        class table:
            code = "T-4KX9"

    screen = SeatBoardScreen.__new__(SeatBoardScreen)
    screen.seat = Seat()
    question, detail = screen.LEAVE
    assert question == "Leave your seat?" and "rainboard join T-4KX9 --seat 2" in detail
    Seat.spectator = True
    assert "rainboard join T-4KX9 --watch" in screen.LEAVE[1]


async def test_a_cycle_ended_by_another_seat_is_reported_on_this_one(tmp_path):
    from rainboard.engine import events as ev
    from rainboard.ui.screens.dialogs import ReportScreen

    table, _ = host(tmp_path, 2, seed=5, slugcats=True)
    other = TableSeat(tmp_path, read_table(tmp_path, table.code), 2).take()
    app = seat_app(tmp_path, table.code, 1)
    reported = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SeatBoardScreen))
        screen = app.screen
        for _ in range(400):
            other.catch_up()
            if screen.session.over or reported:
                break
            if other.my_turn():
                events = other.session.act(pick(other, "eager", "ui"))
                await until(pilot, lambda: len(screen.session.actions) == len(other.session.actions))
                await pilot.pause()
                if any(isinstance(e, ev.CycleEnded) for e in events):
                    assert isinstance(app.screen, ReportScreen), app.screen
                    assert app.screen.title_text == f"Cycle {screen.session.state.cycle - 1} is over"
                    reported += 1
                continue
            await until(pilot, lambda: screen.seat.my_turn() or screen.session.over)
            while len(app.screen_stack) > 2:  # this seat's own result or report: go on
                await pilot.press("enter")
                await pilot.pause()
            if screen.seat.my_turn():
                await pilot.press("1")
                await pilot.pause()
                while len(app.screen_stack) > 2:
                    await pilot.press("enter")
                    await pilot.pause()
        assert reported, "no cycle ended on the other seat's move: nothing was checked"
    other.close()


async def test_a_seat_picking_its_slugcat_sees_the_highlighted_one_described(tmp_path):
    from rainboard.ui.widgets.fight import FightPanel

    table, _ = host(tmp_path, 2, seed=11)  # slugcats picked in the game
    other = TableSeat(tmp_path, read_table(tmp_path, table.code), 2).take()
    app = seat_app(tmp_path, table.code, 1)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SeatBoardScreen))
        screen = app.screen
        if other.my_turn():  # seat 2 picks first: it takes the first slugcat, seat 1 then picks
            other.session.act(other.session.legal[0])
            await until(pilot, lambda: screen.seat.my_turn())
        fight = screen.query_one("#fight", FightPanel)
        names = [screen.session.data.slugcats[a.slugcat].name for a in screen._legal]
        assert fight.border_title == "Slugcat" and fight.display
        assert names[0] in str(fight.render()), str(fight.render())
        await pilot.press("down", "down")
        await pilot.pause()
        assert names[1] in str(fight.render()) and names[0] not in str(fight.render())
    other.close()
