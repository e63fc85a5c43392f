"""The ending: the Mark in Five Pebbles, Subterranean, two hibernations, the wait, ascension."""

from attrs import evolve

from rainboard.engine import outcome
from rainboard.engine.events import Ascended, Died, EndingReached, GameOver, MarkReceived, Waited
from rainboard.engine.state import ASCENDED, OVER

from .helpers import act, found, game, legal, put, stack, types


def _sleep_in_sb(state, index=0):
    state = put(state, index, food=2)
    state = stack(state, "sb", "shelter")
    return act(state, "draw", "hibernate")


def test_no_outcome_while_the_game_goes_on():
    assert outcome(game("survivor")) is None


def test_the_mark_is_drawn_in_five_pebbles_and_stays_findable():
    state = game("survivor", "saint")
    state = put(state, 0, region="ss")
    state = stack(state, "ss", "mark")
    state, events = act(state, "draw")
    assert state.players[0].has_mark
    assert found(events, MarkReceived)
    assert "mark" in state.decks["ss"].draw  # shuffled back for the others


def test_the_mark_goes_back_into_the_whole_deck_with_its_discards():
    from rainboard.engine.state import DeckState

    state = game("survivor", "saint")
    state = put(state, 0, region="ss")
    decks = dict(state.decks)
    decks["ss"] = DeckState(draw=("mark",), discard=("shelter", "shelter", "gate_hi_ss"))
    state = evolve(state, decks=decks)
    state, _ = act(state, "draw")
    deck = state.decks["ss"]
    assert sorted(deck.draw) == ["gate_hi_ss", "mark", "shelter", "shelter"] and deck.discard == ()


def test_entering_subterranean_with_the_mark_reaches_the_ending():
    state = game("survivor")
    state = put(state, 0, region="ss", karma=1)
    state = stack(state, "ss", "gate_sb_ss")
    state, _ = act(state, "draw", "cross")
    assert state.players[0].region == "sb" and not state.players[0].reached_ending
    state = put(state, 0, region="ss", has_mark=True)
    state = stack(state, "ss", "gate_sb_ss")
    state, events = act(state, "draw", "cross")
    assert state.players[0].reached_ending and found(events, EndingReached)


def test_hibernating_in_subterranean_without_the_mark_does_not_count():
    state = game("survivor")
    state = put(state, 0, region="sb")
    state, _ = _sleep_in_sb(state)
    assert state.players[0].ending_hibernations == 0


def test_solo_ascends_after_the_second_subterranean_hibernation_without_waiting():
    state = game("survivor")
    state = put(state, 0, region="sb", has_mark=True, reached_ending=True, turns=40)
    state, _ = _sleep_in_sb(state)
    assert state.players[0].ending_hibernations == 1 and state.phase != OVER
    state, events = _sleep_in_sb(state)
    assert state.phase == OVER and state.winner == 0
    assert state.players[0].status == ASCENDED
    assert types(events)[-2:] == [Ascended, GameOver]
    assert events[-1].turns == state.players[0].turns == 41  # turns 40 and 41: the solo score
    result = outcome(state)
    assert result.solo_score == 41 and result.winner == 0 and result.placings[0].place == 1


def test_with_the_wait_four_turns_pass_by_themselves_then_ascension_wins():
    state = game("survivor", "saint", "rivulet")
    assert state.options.waits(3)
    state = put(state, 0, region="sb", has_mark=True, reached_ending=True, ending_hibernations=1)
    state = put(state, 1, status="starved")
    state = put(state, 2, karma=4, has_mark=True, status="starved")
    state, events = _sleep_in_sb(state)
    assert state.cycle == 2 and state.players[0].waiting == 3  # the first wait turn already passed
    assert state.current == 1
    turns = state.players[0].turns
    state = evolve(state, rain=20)
    state, events = act(state, "food", "food", "food", "food", "food", "food")
    assert len(found(events, Waited)) == 3
    assert state.phase == OVER and state.winner == 0
    assert state.players[0].turns == turns + 3
    assert state.ranking == (0, 2, 1)  # Cy bears the Mark; Bo has nothing
    assert legal(state) == []
    result = outcome(state)
    assert result.solo_score is None
    assert [(p.name, p.place, p.progress) for p in result.placings] == [("Ada", 1, 10), ("Cy", 2, 1), ("Bo", 3, 0)]


def test_a_waiting_player_is_safe_from_the_rain():
    state = game("survivor", "saint")
    state = put(state, 0, region="sb", waiting=3)
    state = put(state, 1, region="su")
    state = evolve(state, turn=1, rain=0)
    state, events = act(state, "food")
    assert [e.player for e in events if isinstance(e, Died)] == [1]
    assert state.players[0].status != "dead"


def test_ranking_orders_by_ending_progress_then_karma_then_turn_order():
    state = game("survivor", "saint", "rivulet", "hunter")
    state = put(state, 0, region="sb", has_mark=True, reached_ending=True, ending_hibernations=1, food=2)
    state = put(state, 1, karma=5)
    state = put(state, 2, karma=2, has_mark=True)
    state = put(state, 3, karma=5, status="starved")
    state = evolve(state, options=evolve(state.options, wait_turns=False))
    state = put(state, 1, status="starved")
    state = put(state, 2, status="starved")
    state = stack(state, "sb", "shelter")
    state, _ = act(state, "draw", "hibernate")
    assert state.phase == OVER
    assert state.ranking == (0, 2, 1, 3)
