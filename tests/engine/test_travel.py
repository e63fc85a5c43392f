"""Karma gates, kept gates, The Wall and The Underhang, Five Pebbles and Farm Arrays."""

from attrs import evolve

from rainboard.engine.events import CreatureMet, Died, Fled, Moved, SparedByRain

from .helpers import act, found, game, legal, put, rig, stack, types


def test_a_gate_drawn_with_enough_karma_can_be_crossed_at_once():
    state = game("survivor", "saint")
    state = put(state, 0, karma=3)
    state = stack(state, "su", "gate_hi_su")
    state, _ = act(state, "draw")
    assert legal(state) == ["cross", "keep"]
    state, events = act(state, "cross")
    assert state.players[0].region == "hi"
    assert events[0] == Moved(player=0, origin="su", region="hi", gate="gate_hi_su", karma=3)
    assert state.decks["su"].discard == ("gate_hi_su",)


def test_karma_per_direction_decides_the_crossing():
    state = game("survivor")
    state = put(state, 0, karma=2)
    state = stack(state, "su", "gate_hi_su")
    state, _ = act(state, "draw")
    assert legal(state) == ["keep"]  # SU -> HI needs 3
    state = put(state, 0, region="hi")
    assert legal(state) == ["cross", "keep"]  # HI -> SU needs only 2


def test_a_kept_gate_is_crossed_later_for_a_turn_and_drops_kept_shelters():
    state = game("survivor", "saint")
    state = stack(state, "su", "gate_hi_su", "batfly", "shelter")
    state = rig(state, 10)
    # Ada keeps the gate, Bo kills a batfly, Ada keeps a shelter
    state, _ = act(state, "draw", "keep", "draw", "attack", "draw", "keep", "food")
    assert [h.card for h in state.players[0].hand] == ["gate_hi_su", "shelter"]
    assert "cross gate_hi_su" not in legal(state)  # karma 1 < 3
    state = put(state, 0, karma=3)
    assert "cross gate_hi_su" in legal(state)
    state, events = act(state, "cross gate_hi_su")
    player = state.players[0]
    assert player.region == "hi" and player.hand == ()
    assert state.current == 1
    assert "shelter" in state.decks["su"].discard and "gate_hi_su" in state.decks["su"].discard


def test_a_kept_gate_works_only_in_its_own_regions():
    state = game("survivor")
    state = stack(state, "su", "gate_lf_su")
    state, _ = act(state, "draw", "keep")
    state = put(state, 0, karma=5, region="hi")
    assert not any(a.startswith("cross") for a in legal(state))


def test_the_wall_and_the_underhang_are_a_free_walk():
    state = game("survivor", "saint")
    state = put(state, 0, region="uw", karma=1)
    assert "walk uh" in legal(state)
    state, events = act(state, "walk uh")
    assert state.players[0].region == "uh" and state.current == 1
    assert isinstance(events[0], Moved)


def test_five_pebbles_is_spared_by_the_rain():
    state = game("survivor", "saint")
    state = put(state, 0, region="ss", karma=2)
    state = evolve(state, rain=0)
    state, events = act(state, "food", "food")
    assert [e.player for e in events if isinstance(e, Died)] == [1]
    assert any(isinstance(e, SparedByRain) and e.player == 0 for e in events)
    assert state.players[0].karma == 2 and state.players[0].region == "ss"


def test_farm_arrays_worm_grass_every_second_turn_can_only_be_fled():
    state = game("hunter")
    assert state.players[0].region_turns == 1  # the first turn in Farm Arrays has begun
    state = evolve(state, rain=9)
    state, events = act(state, "food")
    assert events[-1] == CreatureMet(player=0, card="worm_grass", hp=events[-1].hp)
    assert legal(state) == ["flee"]
    # the grass rolls 5, the Hunter rolls 12: away, and the turn goes on
    state = rig(state, 5, 12)
    state, events = act(state, "flee")
    assert found(events, Fled)
    assert state.pending is None and state.players[0].turns == 2
    assert legal(state)[:2] == ["draw", "food"]
    state, events = act(state, "food")
    assert not found(events, CreatureMet)  # third turn: no grass


def test_hunter_flees_worse_after_twenty_turns():
    from rainboard.engine import check_modifiers

    state = game("hunter")
    state = put(state, 0, turns=20)
    assert check_modifiers(state, 0, "flee") == ()
    state = put(state, 0, turns=21)
    assert check_modifiers(state, 0, "flee") == (("the long hunt", -1),)


def test_region_modifiers_and_swimmers():
    from rainboard.engine import check_modifiers

    state = game("rivulet", "survivor")
    assert check_modifiers(state, 0, "flee") == (("The Rivulet", 1), ("swimming", 2))
    state = put(state, 1, region="gw")
    assert check_modifiers(state, 1, "flee") == ()  # not a swimmer
    state = put(state, 1, region="uh")
    assert check_modifiers(state, 1, "attack") == (("darkness", -1),)


def test_slugcat_traits_by_water_region_and_item():
    from rainboard.engine import check_modifiers
    from rainboard.engine.state import HandCard

    state = game("rivulet")
    assert check_modifiers(state, 0, "attack") == (("waterborne", 1),)  # starts in Garbage Wastes
    state = put(state, 0, region="hi", hand=(HandCard("spear", "hi"),))
    assert check_modifiers(state, 0, "attack") == (("spear craft", 2),)
    assert check_modifiers(state, 0, "tame") == (("home ground", 1),)
