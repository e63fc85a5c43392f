"""The engine's shortcuts play the same game: trusted apply, the state and the players it changes
opened once per step (drafts.py), the look-up tables and the shuffle written out in one loop."""

from __future__ import annotations

import random

import attrs
import pytest

from rainboard.data import load_data
from rainboard.engine import IllegalAction, apply, digest, legal_actions, new_game
from rainboard.engine.food import feed
from rainboard.engine.queries import food_gain
from rainboard.engine.drafts import _check_layout, open_deck, open_player, open_state
from rainboard.engine.rng import Dice
from rainboard.engine.state import Decision, DeckState, GameState, Player
from rainboard.engine.step import Step
from rainboard.engine.tables import tables
from rainboard.sim import random_setup

from .helpers import game, mini_data, put


@pytest.mark.parametrize("seed, players", [(1, 4), (2, 2), (3, 7)])
def test_trusted_apply_plays_the_same_game_as_checked_apply(seed, players):
    data = load_data()
    chooser = random.Random(seed)
    checked, _ = new_game(random_setup(data, seed, players, chooser), data)
    trusted = checked
    for _ in range(500):
        if checked.phase == "over":
            break
        action = chooser.choice(legal_actions(checked))
        checked, checked_events = apply(checked, action)
        trusted, trusted_events = apply(trusted, action, trusted=True)
        assert trusted == checked and trusted_events == checked_events
        assert digest(trusted) == digest(checked)


def test_an_untrusted_illegal_action_is_still_refused():
    state = game("survivor", "hunter")
    legal = legal_actions(state)  # the answer is remembered; the check must still refuse
    assert "hibernate" not in [str(a) for a in legal]
    with pytest.raises(IllegalAction, match="hibernate: not allowed now; Ada may: "):
        apply(state, "hibernate")
    with pytest.raises(IllegalAction):
        apply(state, "walk nowhere")
    assert legal_actions(state) == legal  # refusing changed nothing


def test_legal_actions_hands_out_a_fresh_list_each_time():
    state = game("survivor", "hunter")
    first = legal_actions(state)
    expected = list(first)
    first.clear()
    assert legal_actions(state) == expected
    later, _ = apply(state, expected[0])
    assert legal_actions(later) != [] and legal_actions(state) == expected


def test_an_edit_opens_a_copy_and_the_finished_step_freezes_it():
    state = put(game("survivor", "hunter"), 0, food=2)
    step = Step(state)
    before = step.player(0)
    opened = step.edit(0)
    opened.food, opened.karma = 3, 2
    assert step.edit(0) is opened and step.player(0) is opened  # one open copy for the whole step
    assert (before.food, before.karma) == (2, 1) and state.players[0] is before  # the old state is untouched
    new = step.finish()
    assert new.players[0] is opened and type(opened) is Player
    assert new.players[0] == attrs.evolve(before, food=3, karma=2) and new.steps == state.steps + 1
    assert isinstance(new.players, tuple) and new.players[1] is state.players[1]
    assert new.decks is state.decks  # no deck changed: the old dict is shared
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        opened.food = 4  # frozen once the step finished


def test_a_step_copies_the_decks_before_changing_them():
    state = game("survivor", "hunter")
    step = Step(state)
    deck = next(iter(state.decks))
    assert step.state.players is not state.players
    assert step.state.decks is state.decks  # shared until a deck changes
    card = step.draw_card(deck)
    assert step.state.decks is not state.decks  # the step's own dict from the first change
    step.discard("spear", deck)
    new = step.finish()
    assert state.decks[deck].draw[0] == card and new.decks[deck].draw == state.decks[deck].draw[1:]
    assert new.decks[deck].discard == state.decks[deck].discard + ("spear",) and type(new.decks[deck]) is DeckState
    assert all(new.decks[other] is state.decks[other] for other in state.decks if other != deck)


def test_a_step_adding_a_deck_leaves_the_old_states_decks_alone():
    state = game("survivor", "hunter")
    before = dict(state.decks)
    step = Step(state)
    step.new_deck("extra", ("spear", "rock"))
    assert step.state.decks is not state.decks and "extra" not in state.decks and state.decks == before
    with pytest.raises(ValueError, match="already"):
        step.new_deck("extra", ())
    new = step.finish()
    assert sorted(new.decks["extra"].draw) == ["rock", "spear"] and len(new.decks) == len(before) + 1


def test_the_draft_takes_writes_by_field_name_only():
    state = game("survivor", "hunter")
    step = Step(state)
    step.state.pending = Decision(player=0, card="shelter", deck="su")
    assert state.pending is None
    step.state.rain, step.state.round = 4, 2
    with pytest.raises(AttributeError):
        step.state.no_such_field = 1
    with pytest.raises(AttributeError):
        step.edit(0).no_such_field = 1
    with pytest.raises(AttributeError):
        step.edit_deck(next(iter(state.decks))).no_such_pile = ()
    new = step.finish()
    assert (new.pending, new.rain, new.round) == (Decision(player=0, card="shelter", deck="su"), 4, 2)
    assert type(new) is GameState and new.players[1] is state.players[1]


def test_the_open_copies_hold_every_field():
    """drafts.py copies each field by name: a field added to a class and not there fails here."""
    def distinct(cls):
        return {field.name: object() for field in attrs.fields(cls)}

    for cls, copy in ((Player, open_player), (DeckState, open_deck), (GameState, open_state)):
        values = distinct(cls)
        original = object.__new__(cls)
        for name, value in values.items():
            object.__setattr__(original, name, value)
        if cls is GameState:  # the draft takes a list of the players and a dict of the decks
            values["players"], values["decks"] = [], {}
            object.__setattr__(original, "players", ())
            object.__setattr__(original, "decks", {})
        opened = copy(original)
        for name, value in values.items():
            assert getattr(opened, name, None) is value or getattr(opened, name, None) == value, (cls, name)


def test_an_open_copy_needs_the_frozen_class_layout():
    @attrs.frozen  # attrs gives slotted classes a weakref slot unless told not to
    class Weak:
        value: int

    @attrs.frozen(weakref_slot=False)
    class Plain:
        value: int

    class OpenWeak:
        __slots__ = ("value",)

    class OpenPlain:
        __slots__ = ("value",)

    with pytest.raises(TypeError):
        _check_layout(OpenWeak, Weak)
    _check_layout(OpenPlain, Plain)


def test_the_tables_say_what_the_deck_data_says():
    for data in (load_data(), mini_data()):
        table = tables(data)
        assert tables(data) is table
        for card_id in [*data.cards, *data.gates]:
            assert table.kind[card_id] == data.card(card_id).kind
        assert table.shelters == {c for c in table.kind if table.kind[c] == "shelter"}
        assert table.items == {c: card for c, card in data.cards.items() if card.kind == "item"}


def test_the_shuffle_draws_as_below_does():
    for seed in range(300):
        quick, step_by_step = Dice(seed * 7919 + 1), Dice(seed * 7919 + 1)
        for size in (0, 1, 2, 3, 10, 45):
            cards = list(range(size))
            expected = list(cards)
            for i in range(size - 1, 0, -1):
                j = step_by_step.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert quick.shuffle(cards) == tuple(expected)
            assert quick.state == step_by_step.state


def test_eating_gives_the_food_the_rule_query_promised():
    """feed (the handlers' way) and food_gain (the interface's) work the diet out once, together."""
    data = load_data()
    for slugcat in ("survivor", "hunter", "saint"):
        for food, parts in ((0, 0), (2, 1), (4, 0)):
            state = put(game(slugcat, data=data), 0, food=food, food_parts=parts)
            for pips, food_type in ((1, "plant"), (2, "meat"), (3, "plant"), (9, "meat")):
                gain = food_gain(state, 0, pips, food_type)
                step = Step(state)
                feed(step, 0, pips, food_type)
                eaten = step.finish().players[0]
                (fed,) = step.events
                assert (eaten.food, eaten.food_parts) == (gain.food, gain.parts)
                assert (fed.gained, fed.after, fed.part_kept) == (gain.gained, gain.food, bool(gain.parts))
                assert 0 <= gain.worth <= pips


def test_the_shared_actions_are_the_values_they_name():
    from rainboard.engine import actions

    shared = {"food": actions.TAKE_FOOD, "search": actions.SEARCH, "hibernate": actions.HIBERNATE,
              "starve": actions.STARVE, "keep": actions.KEEP, "attack": actions.ATTACK, "flee": actions.FLEE,
              "tame": actions.TAME, "leave": actions.LEAVE, "draw": actions.DRAW, "cross": actions.CROSS}
    for text, action in shared.items():
        assert str(action) == text and actions.parse_action(text) is action
        assert action == type(action)() and hash(action) == hash(type(action)())
    # random play offers them (and one Hunt per target) and plays the same game as new ones would
    data = load_data()
    chooser = random.Random(5)
    state, _ = new_game(random_setup(data, 5, 4, chooser), data)
    seen = set()
    for _ in range(400):
        legal = legal_actions(state)
        seen.update(type(a).__name__ for a in legal if any(a is s for s in shared.values()))
        action = chooser.choice(legal)
        again, _ = apply(state, actions.parse_action(str(action)))
        state, _ = apply(state, action)
        assert again == state
    assert {"Starve", "Keep"} <= seen


def test_a_die_rolls_as_below_does():
    for seed in range(200):
        quick, step_by_step = Dice(seed * 104729 + 3), Dice(seed * 104729 + 3)
        for sides in (1, 2, 6, 20, 100, 7919):
            assert quick.roll(sides) == step_by_step.below(sides) + 1
            assert quick.state == step_by_step.state
    with pytest.raises(ValueError):
        Dice(1).roll(0)
    scripted = Dice(1, (4, 6))
    assert (scripted.roll(6), scripted.roll(6), scripted.state) == (4, 6, 1)  # a scripted face leaves the generator
