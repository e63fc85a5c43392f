"""What stays private at a table (rainboard/table/view.py): over played games, a seat is told another
seat's draws of shelters, gates and items and its keeps without the card, on every screen of it (the
log's lines, the rendered screen, the card-drawn panel), while it still reads its own in full; a
spectator reads nobody's."""

from __future__ import annotations

from rainboard.engine import events as ev
from rainboard.engine.narrator import narrate
from rainboard.engine.state import Decision
from rainboard.table import TableSeat, read_table
from rainboard.table.headless import pick
from rainboard.ui.session import GameSession
from rainboard.ui.textual_internals import screen_lines
from rainboard.ui.widgets.event_log import EventLog

from .helpers import host
from .test_seat_screen import hand_cards, seat_app, until

HAND_KINDS = ("item", "shelter", "gate")  # what a drawn card may be that goes to the hand or a decision


def private_to(event, players, state) -> bool:
    """The test's own statement of the rule: a card drawn into a hand or a decision, or kept, put
    back or handed back to the decks, by a player not in `players`."""
    if event.player is None or event.player in players:
        return False
    if isinstance(event, ev.CardDrawn):
        return state.data.card(event.card).kind in HAND_KINDS
    return isinstance(event, (ev.CardKept, ev.CardLetGo, ev.GatesLeftBehind))


def card_names(event, state) -> list[str]:
    cards = event.cards if isinstance(event, ev.GatesLeftBehind) else (event.card,)
    return [state.data.card(card).name for card in cards]


def secret_phrases(event, state) -> list[str]:
    """How a private event would read if it leaked: its sentence, and the player's name with the card's."""
    who = state.players[event.player].name
    return [narrate(event, state)] + [f"{who} {verb} {name}" for name in card_names(event, state)
                                      for verb in ("draws", "keeps the", "picks up the", "already carries the")]


def reference(seat: TableSeat) -> GameSession:
    """The game the journal holds, played again with nothing concealed: the engine's own events."""
    whole = GameSession.start(seat.setup, seat.data)
    for text in seat.session.actions:
        from rainboard.engine import parse_action

        whole.act(parse_action(text))
    return whole


def play(seats, moves: int, seed: str = "private") -> None:
    for _ in range(moves):
        for seat in seats:
            seat.catch_up()
        mover = next((s for s in seats if s.my_turn()), None)
        if mover is None:
            return
        mover.session.act(pick(mover, "random", seed))
    for seat in seats:
        seat.catch_up()


def test_each_seat_is_told_the_others_private_cards_without_the_card(tmp_path):
    table, _ = host(tmp_path, 3, seed=21)
    seats = [TableSeat(tmp_path, read_table(tmp_path, table.code), n).take() for n in (1, 2, 3)]
    watcher = TableSeat(tmp_path, read_table(tmp_path, table.code), None).take()
    play(seats, 240)
    watcher.catch_up()
    whole = reference(seats[0])
    state = whole.state
    assert all(len(s.session.events) == len(whole.events) for s in [*seats, watcher])  # one for one
    concealed = own = 0
    for seat in [*seats, watcher]:
        told = list(seat.session.events)
        for real, shown in zip(whole.events, told):
            if private_to(real, seat.players, state):
                concealed += 1
                assert isinstance(shown, ev.CardConcealed) and shown.player == real.player
                line = narrate(shown, state)
                assert not any(name in line for name in card_names(real, state)), line
            else:
                own += seat.players != () and real.player in seat.players and isinstance(real, ev.CardKept)
                assert shown == real, (seat.number, real, shown)
    assert concealed >= 20, "too few private cards were drawn to test anything"
    assert own, "no seat ever kept a card of its own: its own view was never tested"
    for seat in [*seats, watcher]:
        seat.close()


def test_a_creature_or_food_drawn_is_the_tables(tmp_path):
    table, _ = host(tmp_path, 2, seed=21, slugcats=True)
    seats = [TableSeat(tmp_path, read_table(tmp_path, table.code), n).take() for n in (1, 2)]
    play(seats, 120)
    state = seats[0].session.state
    face_up = [e for e in seats[0].session.events if isinstance(e, ev.CardDrawn) and e.player == 1]
    assert face_up and all(state.data.card(e.card).kind in ("creature", "food", "mark") for e in face_up)
    for seat in seats:
        seat.close()


async def test_a_seat_is_never_shown_a_card_held_or_drawn_at_another_seat(tmp_path):
    """Seat 1's own screen, driven through Pilot, while seat 2 plays from the same data folder."""
    table, _ = host(tmp_path, 2, seed=11, slugcats=True)
    other = TableSeat(tmp_path, read_table(tmp_path, table.code), 2).take()
    app = seat_app(tmp_path, table.code, 1)
    from rainboard.ui.screens.seat import SeatBoardScreen

    checked_decisions = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SeatBoardScreen))
        screen = app.screen
        for _ in range(100):
            other.catch_up()
            if other.my_turn():
                other.session.act(pick(other, "random", "screen"))
                await until(pilot, lambda: len(screen.session.actions) == len(other.session.actions))
            else:
                await until(pilot, lambda: screen.seat.my_turn() or screen.session.over)
                if screen.session.over:
                    break
                await pilot.press("1")
                await pilot.pause()
                while len(app.screen_stack) > 2:  # the turn's result, the cycle's report
                    await pilot.press("enter")
                    await pilot.pause()
            await pilot.pause()
            other.catch_up()
            real = other.session.state  # seat 2's own view: its hand and its pending card in full
            whole = reference(other)
            secrets = [phrase for e in whole.events if private_to(e, (0,), real) for phrase in secret_phrases(e, real)]
            log = screen.query_one("#log", EventLog).plain_lines
            text = " ".join(" ".join(screen_lines(app)).split())
            for phrase in secrets:
                assert not any(phrase in line for line in log), phrase
                assert phrase not in text, phrase
            assert hand_cards(screen) == tuple(h.card for h in real.players[0].hand)
            if isinstance(real.pending, Decision) and real.pending.player == 1:
                checked_decisions += 1
                assert screen.query_one("#left-switch").current == "map"  # not the card Bo drew
        assert any(private_to(e, (0,), other.session.state) for e in reference(other).events), \
            "Bo never drew a private card: nothing was tested"
        mine = [narrate(e, other.session.state) for e in reference(other).events
                if private_to(e, (1,), other.session.state)]
        log = screen.query_one("#log", EventLog).plain_lines
        assert mine and any(any(line.endswith(m) for line in log) for m in mine), "Ada never read her own cards"
    other.close()
