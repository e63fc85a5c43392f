"""The engine's shortcuts play the same game: trusted apply, the state drafted once per step, the
quick builders, the look-up tables and the shuffle written out in one loop."""

from __future__ import annotations

import random

import attrs
import pytest

from rainboard.data import load_data
from rainboard.engine import IllegalAction, apply, digest, legal_actions, new_game
from rainboard.engine.food import feed
from rainboard.engine.queries import food_gain
from rainboard.engine.quick import copier, field_replacer, replacer
from rainboard.engine.rng import Dice
from rainboard.engine.state import Decision, Encounter, GameState, HandCard, Player
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


def test_a_player_read_before_a_change_keeps_the_old_values():
    state = put(game("survivor", "hunter"), 0, food=2)
    step = Step(state)
    before = step.player(0)
    after = step.update_player(0, food=3, karma=2)
    assert (before.food, before.karma) == (2, 1) and (after.food, after.karma) == (3, 2)
    assert step.player(0) is after and state.players[0] is before  # the old state is untouched
    new = step.finish()
    assert new.players[0] == after and new.steps == state.steps + 1
    assert isinstance(new.players, tuple) and new.decks is state.decks  # no deck changed: shared


def test_a_step_copies_the_decks_before_changing_them():
    state = game("survivor", "hunter")
    step = Step(state)
    deck = next(iter(state.decks))
    card = step.draw_card(deck)
    new = step.finish()
    assert state.decks[deck].draw[0] == card and new.decks[deck].draw == state.decks[deck].draw[1:]
    with pytest.raises(TypeError):
        Step(state).update(no_such_field=1)


def test_a_step_update_changes_the_pending_decision_alone_or_with_other_fields():
    state = game("survivor", "hunter")
    step = Step(state)
    step.update(pending=Decision(player=0, card="shelter", deck="su"))
    assert step.state.pending == Decision(player=0, card="shelter", deck="su") and state.pending is None
    step.update(pending=None, rain=4, round=2)
    new = step.finish()
    assert (new.pending, new.rain, new.round) == (None, 4, 2) and new.players is state.players
    step = Step(state)
    step.update(pending=Decision(player=1, card="shelter", deck="su"))
    step.update(rain=5)  # pending left as it was
    assert step.finish().pending == Decision(player=1, card="shelter", deck="su") and step.state.rain == 5
    with pytest.raises(TypeError):
        Step(state).update(pending=None, no_such_field=1)


def test_the_quick_replacer_and_copier_give_what_attrs_gives():
    replace, copy = replacer(Player), copier(GameState, GameState)
    player = Player(name="Ada", slugcat="survivor", hand=(HandCard("spear", "su"),))
    for changes in ({}, {"food": 3}, {"karma": 4, "hand": (), "status": "dead", "hunting": 2}):
        assert replace(player, changes) == attrs.evolve(player, **changes)
        assert replace(player, changes) is not player
    state = game("survivor")
    assert copy(state) == state and copy(state) is not state and copy(state).data is state.data
    draft = Step(state).state
    assert copy(draft) == state and type(draft) is not GameState
    with pytest.raises(AttributeError):
        replace(player, {"no_such_field": 1})


def test_a_field_replacer_gives_what_attrs_evolve_gives():
    player = Player(name="Ada", slugcat="survivor", food=2, hand=(HandCard("spear", "su"),))
    for fields, values in ((("food",), (5,)), (("turns", "cycle_turns"), (7, 3)),
                           (("busy_task", "busy", "hand"), ("search", 2, ()))):
        made = field_replacer(Player, *fields)(player, *values)
        assert made == attrs.evolve(player, **dict(zip(fields, values))) and type(made) is Player
        assert made is not player and player.food == 2 and player.hand  # the old value is untouched
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        field_replacer(Player, "food")(player, 3).food = 4
    fight = Encounter(player=1, card="lizard", deck="su", exchange=2)
    assert field_replacer(Encounter, "exchange")(fight, 3) == attrs.evolve(fight, exchange=3)
    assert field_replacer(Encounter, "provoked", "peaceful")(fight, True, False) == \
        attrs.evolve(fight, provoked=True, peaceful=False)
    for fields in ((), ("food", "food"), ("no_such_field",)):
        with pytest.raises(TypeError):
            field_replacer(Player, *fields)


def test_a_step_takes_a_new_player_as_update_player_would():
    state = put(game("survivor", "hunter"), 0, food=2)
    step = Step(state)
    before = step.player(0)
    after = step.set_player(0, attrs.evolve(before, food=3))
    assert step.player(0) is after and state.players[0] is before and before.food == 2
    assert step.finish().players == (after, state.players[1])


def test_the_quick_builders_refuse_classes_they_cannot_build_exactly():
    class NoSlots:
        pass

    with pytest.raises(TypeError):
        copier(NoSlots, GameState)

    @attrs.frozen
    class Checked:
        value: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen(slots=False)
    class Unslotted:
        value: int

    @attrs.frozen
    class Hooked:
        value: int

        def __attrs_post_init__(self):
            pass

    for cls in (Checked, Unslotted, Hooked):
        with pytest.raises(TypeError):
            replacer(cls)
        with pytest.raises(TypeError):
            field_replacer(cls, "value")


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


def test_the_quick_initializer_stores_what_attrs_would():
    import rainboard.engine.actions as actions
    import rainboard.engine.events as events
    import rainboard.engine.state as state

    def quick(module):
        return [cls for cls in vars(module).values()
                if isinstance(cls, type) and attrs.has(cls) and cls.__init__.__code__.co_filename == "<quick __init__>"]

    assert len(quick(events)) >= 50 and events.Rolled not in quick(events)  # Rolled keeps attrs' own
    assert len(quick(actions)) == 19 and len(quick(state)) == 6
    for cls in quick(events) + quick(actions) + quick(state):
        fields = attrs.fields(cls)
        given = {field.name: object() for field in fields}
        made = cls(**given)
        assert all(getattr(made, name) is value for name, value in given.items()), cls
        required = {f.name: given[f.name] for f in fields if f.default is attrs.NOTHING}
        bare = cls(**required)
        assert all(getattr(bare, f.name) == (f.default if f.default is not attrs.NOTHING else given[f.name])
                   for f in fields), cls
        with pytest.raises(TypeError):
            cls(**given, no_such_field=1)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(made, "player", 3)
    assert state.Encounter(1, "lizard", None) == state.Encounter(player=1, card="lizard", deck=None, exchange=1)
    assert actions.Strike(2, "spear").item == "spear" and state.DeckState(("a",)).discard == ()


def test_a_finished_step_is_its_draft_turned_frozen():
    state = game("survivor", "hunter")
    step = Step(state)
    draft = step.state
    new = step.finish()
    assert new is draft and type(new) is GameState and new == attrs.evolve(state, steps=state.steps + 1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        new.turn = 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        replacer(Player)(Player(name="Ada"), {"food": 2}).food = 3


def test_the_open_twins_refuse_a_class_with_a_weakref_slot():
    @attrs.frozen  # attrs gives slotted classes a weakref slot unless told not to
    class Weak:
        value: int

    @attrs.frozen(weakref_slot=False)
    class Plain:
        value: int

    with pytest.raises(TypeError):
        replacer(Weak)
    assert replacer(Plain)(Plain(1), {"value": 2}) == Plain(2)


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
