"""rainboard.engine.testing: scripted dice and positions set up by hand."""

import tarfile
from pathlib import Path

import pytest
from attrs import evolve

from rainboard.engine import digest, testing
from rainboard.engine.events import CreatureKilled, Rolled
from rainboard.engine.rng import Dice
from rainboard.engine.state import HandCard
from rainboard.saves import Replay, parse_save

from .helpers import act, found, game, rig

ARCHIVE = Path(__file__).resolve().parent.parent / "fixtures" / "guard-saves.tar.xz"


def test_scripted_faces_are_rolled_in_order_and_leave_the_generator_alone():
    dice = Dice(12345, (3, 20, 1))
    assert [dice.roll(20), dice.roll(20), dice.roll(6)] == [3, 20, 1]
    assert dice.script == () and dice.state == 12345
    unscripted = Dice(12345)
    assert dice.roll(20) == unscripted.roll(20)  # the script used up, the generator takes over


def test_shuffles_and_below_are_never_scripted():
    dice, plain = Dice(7, (2,)), Dice(7)
    assert dice.shuffle(range(10)) == plain.shuffle(range(10))
    assert dice.below(5) == plain.below(5)
    assert dice.script == (2,)


def test_a_face_not_on_the_die_raises():
    with pytest.raises(ValueError, match="7 is not on a d6"):
        Dice(1, (7,)).roll(6)
    with pytest.raises(ValueError):
        testing.script_dice(game("survivor"), 0)
    with pytest.raises(ValueError):
        rig(game("survivor"), (7, 6))


def test_the_engine_rolls_the_scripted_faces():
    state = testing.stack(game("survivor", "saint"), "su", "green_lizard")
    state = testing.script_dice(state, 20)
    state, events = act(state, "draw", "attack")
    assert [e.roll.natural for e in events if isinstance(e, Rolled)] == [20]
    assert found(events, CreatureKilled)


def test_a_script_not_used_up_survives_into_the_next_state_and_script_dice_appends():
    state = testing.script_dice(game("survivor", "saint"), 20, 5)
    state = testing.script_dice(state, 6)
    assert state.script == (20, 5, 6)
    state, _ = act(state, "food")  # no roll
    assert state.script == (20, 5, 6)
    state = testing.stack(state, "su", "green_lizard")
    state, events = act(state, "draw", "attack")  # Bo kills it with the 20
    assert [e.roll.natural for e in events if isinstance(e, Rolled)] == [20]
    assert state.script == (5, 6)


def test_an_empty_script_leaves_the_digest_as_it_was_and_a_script_changes_it():
    with tarfile.open(ARCHIVE) as archive:
        member = next(m for m in archive.getmembers() if m.isfile())
        name, body = member.name, archive.extractfile(member).read()
    save = parse_save(body.decode(), Path(name))
    state = Replay(save, Path(name)).state_at(10)
    assert state.script == ()
    assert digest(state) == save.digests[10]  # a digest taken before scripts existed
    assert digest(evolve(state, script=())) == save.digests[10]
    assert digest(testing.script_dice(state, 1)) != save.digests[10]
    assert digest(testing.script_dice(state, 1)) != digest(testing.script_dice(state, 2))


def test_stack_moves_a_card_already_in_the_deck_and_adds_one_that_is_not():
    state = game("survivor")
    before = state.decks["su"]
    card = before.draw[-1]
    state = testing.stack(state, "su", card, "not_in_su")
    after = state.decks["su"]
    assert after.draw[:2] == (card, "not_in_su")
    assert sorted(after.draw) == sorted(before.draw + ("not_in_su",))


def test_place_and_give_cards_change_only_that_player():
    state = game("survivor", "saint")
    state = testing.place(state, 1, region="su", food=3, karma=2)
    bo = state.players[1]
    assert (bo.region, bo.food, bo.karma) == ("su", 3, 2)
    assert state.players[0] == game("survivor", "saint").players[0]
    su = state.decks["su"].draw
    card = su[0]
    state = testing.give_cards(state, 1, card, "pearl", deck=None)
    assert state.players[1].hand[0] == HandCard(card, "su")
    assert len(state.decks["su"].draw) == len(su) - 1  # taken out of the deck, not copied
    state = testing.give_cards(state, 0, "spear", deck="treasure")
    assert state.players[0].hand == (HandCard("spear", "treasure"),)


def test_set_turn_order_hands_the_begun_turn_to_the_new_first_player():
    state = testing.set_turn_order(game("survivor", "saint", "hunter"), (2, 0, 1))
    assert state.order == (2, 0, 1) and state.current == 2 and state.to_act == 2
    assert [p.turns for p in state.players] == [0, 0, 1]
    with pytest.raises(ValueError):
        testing.set_turn_order(state, (0, 0, 1))
