"""Food tokens and cards, diets, shelters, hibernation, searching and starvation."""

import pytest

from rainboard.engine import IllegalAction, check_modifiers
from rainboard.engine.events import Died, Fed, Hibernated, Searching, ShelterFound, Starved
from rainboard.engine.state import HIBERNATING, STARVED

from .helpers import act, found, game, legal, put, stack, types


def test_a_food_token_is_one_plant_pip_and_ends_the_turn():
    state = game("survivor", "saint")
    state, events = act(state, "food")
    assert state.players[0].food == 1
    assert state.current == 1
    assert events[0] == Fed(player=0, card=None, prey=None, before=0, after=1, food_max=4, gained=1)


def test_a_carnivore_needs_two_plant_pips_for_one():
    state = game("hunter")
    state = put(state, 0, region="su")  # away from Farm Arrays' worm grass
    state, _ = act(state, "food")
    assert (state.players[0].food, state.players[0].food_parts) == (0, 1)
    state, _ = act(state, "food")
    assert (state.players[0].food, state.players[0].food_parts) == (1, 0)


def test_a_herbivore_gains_nothing_from_meat_but_eats_fruit():
    state = game("saint")
    state = stack(state, "su", "carcass", "dangle_fruit")
    state, events = act(state, "draw")
    assert state.players[0].food == 0
    assert found(events, Fed, player=0, card="carcass", gained=0, before=0, after=0)
    state, _ = act(state, "draw")
    assert state.players[0].food == 1


def test_food_never_goes_above_the_maximum():
    state = game("survivor")
    state = put(state, 0, food=4)
    state, events = act(state, "food")
    assert state.players[0].food == 4
    assert events[0] == Fed(player=0, before=4, after=4, food_max=4, gained=1)  # the token's pip, with no room


def test_a_drawn_shelter_offers_hibernation_only_when_fed():
    state = game("survivor", "saint")
    state = stack(state, "su", "shelter")
    state, _ = act(state, "draw")
    assert legal(state) == ["starve", "keep"]
    state = put(state, 0, food=2)
    assert legal(state) == ["hibernate", "keep"]
    state, events = act(state, "hibernate")
    assert state.players[0].status == HIBERNATING
    assert state.current == 1
    # the shelter stays with its sleeper until the cycle ends (ruling 8), not in the discard pile
    assert state.decks["su"].discard == () and [h.card for h in state.players[0].hand] == ["shelter"]


def test_a_kept_shelter_lets_the_player_hibernate_later_for_a_turn():
    state = game("survivor")
    state = stack(state, "su", "shelter")
    state, _ = act(state, "draw", "keep")
    assert [h.card for h in state.players[0].hand] == ["shelter"]
    assert "starve" in legal(state) and "hibernate" not in legal(state)
    state = put(state, 0, food=2)
    turns = state.players[0].turns
    state, events = act(state, "hibernate")
    assert found(events, Hibernated)
    assert state.players[0].turns == turns + 1  # the hibernation took the turn
    assert state.cycle == 2  # and, the one player asleep, ended the cycle


def test_searching_takes_three_turns_and_finds_the_first_shelter():
    state = game("survivor")
    state = stack(state, "su", "batfly", "batfly")
    state = put(state, 0, food=2)
    assert "search" in legal(state)
    state, events = act(state, "search")
    assert len(found(events, Searching)) == 2
    assert types(events)[-1] is ShelterFound
    assert state.players[0].turns == 3
    assert legal(state) == ["hibernate", "keep"]
    assert state.decks["su"].draw.count("shelter") == 1  # two in the deck, one found


def test_no_search_when_no_shelter_is_left_in_the_deck():
    state = game("survivor")
    from attrs import evolve

    from rainboard.engine.state import DeckState

    decks = dict(state.decks)
    decks["su"] = DeckState(draw=("batfly",), discard=("dangle_fruit",))
    state = evolve(state, decks=decks)
    assert "search" not in legal(state)
    with pytest.raises(IllegalAction):
        act(state, "search")


def test_starving_survives_the_cycle_then_penalises_and_needs_a_full_board():
    state = game("survivor")
    state = put(state, 0, food=1, karma=3)
    state = stack(state, "su", "shelter")
    state, events = act(state, "draw", "starve")
    assert found(events, Starved) and not found(events, Died)
    player = state.players[0]
    assert state.cycle == 2 and player.karma == 3 and player.starving
    assert check_modifiers(state, 0, "attack") == (("starving", -1),)
    assert check_modifiers(state, 0, "flee") == (("starving", -1),)
    state = put(state, 0, food=3)
    state = stack(state, "su", "shelter")
    state, _ = act(state, "draw")
    assert legal(state) == ["starve", "keep"]  # the line is 2, but a full board (4) is needed now
    state = put(state, 0, food=4)
    state, _ = act(state, "hibernate")
    assert state.cycle == 3 and not state.players[0].starving and state.players[0].karma == 4


def test_starved_is_asleep_for_the_end_of_cycle_check():
    state = game("survivor", "saint")
    state = stack(state, "su", "shelter", "shelter")
    state, _ = act(state, "draw", "starve")
    assert state.players[0].status == STARVED and state.cycle == 1
    state, _ = act(state, "draw", "starve")
    assert state.cycle == 2
