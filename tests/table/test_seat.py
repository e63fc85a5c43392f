"""Seats of one table in one process: one writer at a time, the journal as the truth, undo by
today's rule, a screen that drifted rebuilt, and one window per seat."""

from __future__ import annotations

import attrs
import pytest

from rainboard.engine import digest, legal_actions
from rainboard.saves import read_save, verify_file
from rainboard.saves.journal import journal_path
from rainboard.saves.lock import GameLock, GameLocked, holder_of
from rainboard.table import NotYourMove, TableSeat, hidden_cards, read_table, seat_view
from rainboard.table.headless import pick

from .helpers import host


def seats(folder, table, numbers=(1, 2)):
    return [TableSeat(folder, read_table(folder, table.code), n).take() for n in numbers]


def play(all_seats, moves, policy="random"):
    for _ in range(moves):
        for seat in all_seats:
            seat.catch_up()
        mover = next(s for s in all_seats if s.my_turn())
        mover.session.act(pick(mover, policy, "t"))


def test_only_the_seat_to_act_is_offered_moves_and_may_add_one(tmp_path):
    table, _ = host(tmp_path, 2)
    a, b = seats(tmp_path, table)
    mover, other = (a, b) if a.my_turn() else (b, a)
    assert mover.session.legal and other.session.legal == []
    lines = journal_path(table.save_path(tmp_path)).read_text()
    with pytest.raises(NotYourMove, match="not this screen's"):
        other.play(legal_actions(other.session.state)[0])
    assert journal_path(table.save_path(tmp_path)).read_text() == lines  # nothing written
    mover.session.act(mover.session.legal[0])
    assert other.catch_up() and other.session.actions == mover.session.actions


def test_a_seat_behind_the_journal_reads_it_before_it_writes(tmp_path):
    table, _ = host(tmp_path, 2)
    a, b = seats(tmp_path, table)
    judge = TableSeat(tmp_path, read_table(tmp_path, table.code), None).take()  # a spectator, always caught up
    refused = passed = 0
    for _ in range(200):
        for seat in (a, b, judge):
            seat.catch_up()
        mover, other = (a, b) if a.my_turn() else (b, a)
        mover.session.act(pick(mover, "random", "t"))  # `other` has not heard of it
        judge.catch_up()
        written = len(judge.session.actions)
        if judge.session.state.to_act in other.players and not passed:
            action = legal_actions(judge.session.state)[0]
            other.play(action)  # it reads the move first, then adds its own on top
            assert read_save(table.save_path(tmp_path)).actions[written - 1:] == (mover.session.actions[-1], str(action))
            passed += 1
        elif judge.session.state.to_act in mover.players and not refused:
            stale_offer = legal_actions(other.session.state)
            with pytest.raises(NotYourMove):
                other.play(stale_offer[0] if stale_offer else legal_actions(judge.session.state)[0])
            assert len(read_save(table.save_path(tmp_path)).actions) == written  # nothing written
            refused += 1
        if passed and refused:
            break
    assert passed and refused


def test_undo_by_todays_rule_and_every_screen_sees_the_take_back(tmp_path):
    table, _ = host(tmp_path, 2)  # slugcats are picked at the table: a pick shows no card, rolls no die
    a, b = seats(tmp_path, table)
    first = a if a.my_turn() else b
    other = b if first is a else a
    first.session.act(first.session.legal[0])
    other.catch_up()
    assert other.session.undo_refusal() is not None  # not theirs to take back
    with pytest.raises(ValueError, match="last move"):
        other.take_back()
    taken = first.session.undo(first.players[0])
    assert taken and first.session.actions == []
    assert other.catch_up() and other.session.actions == []
    assert read_save(table.save_path(tmp_path)).actions == ()


def test_a_move_that_rolled_cannot_be_taken_back_at_any_screen(tmp_path):
    table, _ = host(tmp_path, 2, slugcats=True)
    a, b = seats(tmp_path, table)
    mover = a if a.my_turn() else b
    draw = next(x for x in mover.session.legal if str(x) == "draw")
    mover.session.act(draw)
    assert "cannot be taken back" in (mover.session.undo_refusal() or "")
    with pytest.raises(ValueError):
        mover.take_back(mover.players[0])


def test_a_screen_that_differs_from_the_journal_says_so_and_is_rebuilt(tmp_path):
    table, _ = host(tmp_path, 2)
    a, b = seats(tmp_path, table)
    play([a, b], 5)
    a.catch_up()
    told = []
    b.on_drift = told.append
    b.session.state = attrs.evolve(b.session.state, rain=b.session.state.rain + 3)  # gone wrong somehow
    b.catch_up()  # before it may move on the wrong game, the screen checks itself against the journal
    assert told and "rebuilt from the journal" in told[0]
    assert digest(b.session.state) == digest(a.session.state)
    play([a, b], 3)
    for seat in (a, b):
        seat.catch_up()
    assert len(told) == 1 and digest(b.session.state) == digest(a.session.state)
    assert verify_file(table.save_path(tmp_path)) == digest(a.session.state)


def test_one_window_per_seat_and_a_second_may_watch(tmp_path):
    table, _ = host(tmp_path, 2)
    a, = seats(tmp_path, table, (1,))
    path = table.save_path(tmp_path)
    with pytest.raises(GameLocked):
        TableSeat(tmp_path, read_table(tmp_path, table.code), 1).take()
    assert holder_of(path, seat=1) is not None and holder_of(path, seat=2) is None
    watcher = TableSeat(tmp_path, read_table(tmp_path, table.code), None).take()
    assert watcher.spectator and watcher.session.legal == []
    with pytest.raises(GameLocked):  # nor may a window play the game alone while the table is open
        GameLock.acquire(path)
    a.close()
    assert holder_of(path, seat=1) is None
    again = TableSeat(tmp_path, read_table(tmp_path, table.code), 1).take()
    assert again.players == (0,)


def test_a_table_game_is_a_save_like_any_other(tmp_path):
    table, _ = host(tmp_path, 3)
    all_seats = seats(tmp_path, table, (1, 2, 3))
    play(all_seats, 60)
    assert verify_file(table.save_path(tmp_path)) == digest(all_seats[0].session.state)
    save = all_seats[0].session.saver.save
    assert len(save.actions) == 60


def test_the_view_of_a_seat_holds_no_other_seats_hand(tmp_path):
    table, _ = host(tmp_path, 3)
    all_seats = seats(tmp_path, table, (1, 2, 3))
    for _ in range(150):
        play(all_seats, 1)
        state = all_seats[0].session.state
        for seat in all_seats:
            view = seat_view(state, seat.players)
            for index, player in enumerate(view.players):
                assert player.hand == (() if index not in seat.players else state.players[index].hand)
        if any(p.hand for p in state.players[1:]):
            break
    assert hidden_cards(state, (0,)), "no one but Ada held a card: the test saw nothing to hide"
    assert seat_view(state, ()).players[0].hand == ()  # a spectator sees no hand at all
