"""Places where the engine once left the rulebook, each checked against the line it follows."""

from fractions import Fraction

from attrs import evolve

from rainboard.data import load_data
from rainboard.engine import Options, PlayerSetup, Setup, apply, new_game, queries, testing
from rainboard.engine.actions import Strike
from rainboard.engine.events import (
    Ascended,
    CardLetGo,
    CreatureGaveUp,
    CycleEnded,
    GatesLeftBehind,
    Rolled,
    ShelterFound,
    ShelterNotFound,
    TurnStarted,
)
from rainboard.engine.state import DEAD, HIBERNATING, OVER, Decision, Duel, Encounter, HandCard
from rainboard.engine.testing import script_dice

from .helpers import act, found, game, legal, mini_data, put, rig, stack, types


def _in_hi(*slugcats, data=None):
    state = game(*slugcats, data=data)
    for i in range(len(state.players)):
        state = put(state, i, region="hi")
    return evolve(state, rain=9)


# "HUNTER LONG LEGS ... ABILITY?: AGRESSIV  YOU MUST ATTACK ANY PLAYER" -- and yet, like every
# creature-player, it must be able to shelter or the rain kills it every cycle (a ruling).
def test_hunter_long_legs_must_hunt_but_may_always_go_to_shelter():
    state = _in_hi("hunter", "survivor")
    state = put(state, 0, form="hunter_long_legs", turns=25, food=9, hand=(HandCard("shelter", "hi"),))
    moves = legal(state)
    assert "hunt 1" in moves and "hibernate" in moves and "search" in moves
    assert "draw" not in moves and "food" not in moves  # the hunt still comes before everything else
    state, _ = act(state, "hibernate")
    assert state.players[0].status == HIBERNATING


# A fight always ends: the rulebook's fights end at the table; the engine bounds them by
# fight_exchanges_max in rules.toml, after which the creature leaves.
def test_a_fight_that_cannot_be_decided_ends_after_the_most_exchanges():
    data = mini_data()
    limit = data.rules.fight_exchanges_max
    state = game("survivor", "saint")
    state = stack(state, "su", "green_lizard")
    state, _ = act(state, "draw")
    for exchange in range(1, limit + 1):
        assert isinstance(state.pending, Encounter) and state.pending.exchange == exchange
        state = rig(state, 1, 1)  # Ada misses (1 + 0 vs 14), the lizard misses (1 - 3 vs 12)
        state, events = act(state, "attack")
    assert state.pending is None and state.current == 1  # the fight is over, and so is Ada's turn
    assert types(events)[-2:] == [CreatureGaveUp, TurnStarted]  # the creature leaves, then Bo's turn begins
    assert state.players[0].status != DEAD
    assert "green_lizard" in state.decks["su"].discard


# "WHEN IN THE SAME REGION AS A PLAYER YOU CAN USE YOUR TURN TO HUNT THEM DOWN, THEN YOU CAN ATTACK
# THEM THE NEXT TURN THE SAME WAY YOU ATTACK A CREATURE." -- so a weapon helps, as against a creature.
def test_a_strike_on_a_hunted_player_can_use_a_weapon():
    state = _in_hi("survivor", "saint")
    state = put(state, 0, hand=(HandCard("spear", "treasure"),))
    state, _ = act(state, "hunt 1", "food")
    assert {"strike 1", "strike 1 spear"} <= set(legal(state))
    state = rig(state, 8)  # 8 + 3 (spear) = 11 > Saint's HP 10; bare, 8 would not be enough
    state, events = act(state, "strike 1 spear")
    assert state.players[1].status == DEAD
    rolls = [e.roll for e in events if isinstance(e, Rolled)]
    assert ("Spear", 3) in rolls[0].modifiers and rolls[0].total == 11
    assert "spear" not in [h.card for h in state.players[0].hand]  # used up, as in a creature fight


# "IF YOU ARE TAMED, YOU ARE FORCED TO FOLLOW THE PLAYER THAT TAMED YOU ... HOWEVER, YOU MAY STILL
# TAKE YOUR OWN TURNS, AND YOU CAN BOTH SHELTER OR TRAVEL REGIONS IF ONE OF YOU HAS A SHELTER CARD
# OR GATE CARD."
def _tamed_pair():
    state = _in_hi("survivor", "hunter")
    state = put(state, 1, form="hunter_long_legs", turns=25, tamed_by=0, karma=5)
    return put(state, 0, karma=5)


def test_a_tamed_long_legs_cannot_cross_or_walk_alone():
    state = _tamed_pair()
    state = put(state, 1, hand=(HandCard("gate_hi_su", "hi"),))
    state, _ = act(state, "food")  # Ada's turn; now the Long Legs'
    assert state.current == 1
    assert not any(m.startswith(("cross", "walk")) for m in legal(state))
    state = put(state, 1, hand=())
    state = stack(state, "hi", "gate_hi_su")
    state, _ = act(state, "draw")
    assert legal(state) == ["keep"]  # a drawn gate cannot take it anywhere on its own either


def test_the_tamer_travels_with_a_gate_card_its_long_legs_holds_and_it_follows():
    state = _tamed_pair()
    state = put(state, 1, hand=(HandCard("gate_hi_su", "hi"),))
    assert "cross gate_hi_su" in legal(state)
    state, events = act(state, "cross gate_hi_su")
    assert state.players[0].region == "su" and state.players[1].region == "su"
    assert state.players[1].hand == ()  # the card was the Long Legs', spent for them both


def test_tamer_and_long_legs_share_shelters_both_ways():
    state = _tamed_pair()
    state = put(state, 1, hand=(HandCard("shelter", "hi"),))
    state = put(state, 0, food=4)
    assert "hibernate" in legal(state)  # the tamer sleeps in the Long Legs' kept shelter
    state, _ = act(state, "hibernate")
    assert state.players[0].status == HIBERNATING
    assert [h.card for h in state.players[1].hand] == ["shelter"]  # it stays theirs to use too


# "DURING A PRECYCLE ... PLAYERS MUST ONLY PICK UP FROM IT FOR THEIR FIRST 3 TURNS" and "YOU CAN ALSO
# SEARCH THE DECK FOR A SHELTER AT THE COST OF THREE TURNS": in those turns the deck is the precycle's.
def test_a_search_during_the_precycles_forced_turns_searches_the_precycle_deck():
    state, _ = new_game(Setup(players=[PlayerSetup("Ada")]), mini_data())
    state, _ = apply(script_dice(state, 1, 3, 4), "choose survivor")  # a precycle
    assert state.precycle and state.players[0].cycle_turns == 1
    state = evolve(state, decks={**state.decks, "su": evolve(state.decks["su"], draw=("batfly",), discard=())})
    assert "search" in legal(state)  # the region's deck has no shelter; the precycle deck does
    state, events = act(state, "search")  # solo: the two owed turns pass by themselves at once
    assert state.players[0].cycle_turns == 3  # still within the precycle's forced turns
    assert found(events, ShelterFound)
    assert state.pending.deck == "precycle"
    state, _ = act(state, "keep")
    assert [h.deck for h in state.players[0].hand] == ["precycle"]


# "WAIT FOUR TURNS* ... *YOU WAIT FOUR TURNS SO THAT OTHERS MAY ALSO ASCEND BEFORE THE GAME ENDS"
def test_a_player_who_completes_the_ending_during_anothers_wait_ascends_too_ranked_after():
    state = game("survivor", "saint", "rivulet")
    # Ada waits with two turns left; Bo sleeps in Subterranean for the second time this cycle
    state = put(state, 0, region="sb", has_mark=True, reached_ending=True, ending_hibernations=2, waiting=2)
    state = put(state, 1, region="sb", has_mark=True, reached_ending=True, ending_hibernations=1, food=4)
    state = put(state, 2, status="starved")
    state = evolve(state, turn=1, rain=0)  # Bo's turn, the last of the cycle
    state = stack(state, "sb", "shelter")
    state, events = act(state, "draw", "hibernate")
    # the cycle ends (Ada waits, which the rain spares; Cy is asleep): Bo completes the ending and waits
    assert state.players[1].ending_hibernations == 2 and state.players[1].waiting > 0
    state = evolve(state, rain=20)
    while state.phase != OVER:
        state, events = act(state, legal(state)[0] if "food" not in legal(state) else "food")
    assert state.winner == 0
    assert state.players[1].status == "ascended"  # Bo ascends with Ada, after her
    assert state.ranking[:2] == (0, 1)
    assert len(found(events, Ascended)) == 2


# "EITHER INSTANTLY DISCARD THIS CARD AND TRAVEL TO THE OTHER REGION ... OR TAKE IT WITH YOU AND TRAVEL
# BACK TO THE GATE ANYTIME FOR THE COST OF A TURN." A kept gate stays in hand across cycles.
def test_a_kept_gate_stays_in_hand_across_cycles():
    state = game("survivor")
    state = put(state, 0, food=4)
    state = stack(state, "su", "gate_hi_su", "shelter")
    state, _ = act(state, "draw", "keep")
    state, events = act(state, "draw", "hibernate")  # everyone asleep: the cycle ends
    assert found(events, CycleEnded) and state.cycle == 2
    assert [h.card for h in state.players[0].hand] == ["gate_hi_su"]  # still at the gate, card in hand
    assert "cross gate_hi_su" in legal(put(state, 0, karma=3))


# The stall this once caused (one player holding every copy of a gate out of reach for ever) is
# met by two rulings the rulebook leaves room for: one copy of a gate in hand at most, and a kept
# gate is a way back to a gate of the region you are in.
def test_a_second_copy_of_a_kept_gate_cannot_be_kept():
    state = game("survivor")
    state = stack(state, "su", "gate_hi_su", "gate_hi_su")
    state, _ = act(state, "draw", "keep", "draw")
    assert legal(state) == ["leave"]  # karma 1 cannot cross, and one copy is already kept
    state, events = act(state, "leave")
    assert [h.card for h in state.players[0].hand] == ["gate_hi_su"]
    assert state.decks["su"].discard.count("gate_hi_su") == 1 and found(events, CardLetGo)


def test_kept_gates_that_lead_nowhere_from_the_new_region_go_back_to_their_decks():
    state = game("survivor")
    state = put(state, 0, karma=5, hand=(HandCard("gate_hi_su", "su"), HandCard("gate_gw_hi", "hi")))
    state, events = act(state, "cross gate_hi_su")  # to Industrial Complex: the HI-GW gate is here
    assert [h.card for h in state.players[0].hand] == ["gate_gw_hi"]
    state = put(state, 0, hand=(HandCard("gate_hi_su", "su"), HandCard("gate_gw_hi", "hi")), region="hi")
    state = evolve(state, turn=0)
    state, events = act(state, "cross gate_gw_hi")  # to Garbage Wastes: the SU-HI gate is far away
    assert state.players[0].hand == () and found(events, GatesLeftBehind)
    assert "gate_hi_su" in state.decks["su"].discard


def test_dying_gives_kept_gates_back_to_their_decks():
    state = game("survivor", "saint")
    state = put(state, 0, hand=(HandCard("gate_hi_su", "su"), HandCard("spear", "treasure")))
    state = evolve(state, turn=1, rain=0)
    state, events = act(state, "food")  # the rain: both die out in it
    assert state.players[0].hand == (HandCard("spear", "treasure"),)
    assert "gate_hi_su" in state.decks["su"].discard and found(events, GatesLeftBehind)


# "(WARNING! PRECYCLE DECK DOES NOT CONTAIN GATES TO OTHER REGIONS AND ONLY HAS ENOUGH SHELTERS FOR 4
# PLAYERS.)" -- ruling 8: a shelter used this cycle (slept or starved in, or kept) stays out of its
# deck until the cycle ends, so a slept-in shelter cannot be found again by the next searcher.
NINE = ("survivor", "monk", "hunter", "gourmand", "artificer", "rivulet", "spearmaster", "saint", "inv")


def _nine_in_a_precycle():
    setup = Setup(players=[PlayerSetup(f"P{i}", s) for i, s in enumerate(NINE)], seed=1,
                  options=Options(precycles=False))
    data = load_data()
    state, _ = new_game(setup, data)
    state = testing.set_turn_order(state, range(9))
    for i, slugcat in enumerate(NINE):  # all in the Outskirts (no worm grass), fed enough to hibernate
        state = put(state, i, region="su", food=data.slugcats[slugcat].food_max)
    return evolve(state, precycle=True, rain=20)


def test_the_precycle_deck_shelters_four_players_at_most():
    state = _nine_in_a_precycle()
    assert state.decks["precycle"].draw.count("shelter") == 4
    state, events = act(state, *["search"] * 9)  # every one searches the precycle deck on their first turn
    slept = 0
    while state.round < 4 and state.phase != OVER:
        if isinstance(state.pending, Decision):
            assert state.pending.deck == "precycle"
            state, new = act(state, "hibernate")
            slept += 1
        else:
            state, new = act(state, "food")
        events += new
    assert slept == 4
    assert len(found(events, ShelterFound)) == 4 and len(found(events, ShelterNotFound)) == 5
    sleepers = [p for p in state.players if p.status == HIBERNATING]
    assert len(sleepers) == 4  # each holds the shelter they sleep in until the cycle ends
    assert all([h.card for h in p.hand] == ["shelter"] for p in sleepers)
    assert "shelter" not in state.decks["precycle"].draw + state.decks["precycle"].discard


def test_a_slept_in_shelter_goes_back_to_its_deck_when_the_cycle_ends():
    state = _in_hi("survivor", "saint")  # Industrial Complex's deck holds one shelter
    state = put(state, 0, food=4)
    state = stack(state, "hi", "shelter")
    state, _ = act(state, "draw", "hibernate")
    assert [h.card for h in state.players[0].hand] == ["shelter"]  # out of the deck while Ada sleeps
    assert "shelter" not in state.decks["hi"].draw + state.decks["hi"].discard
    assert state.current == 1 and "search" not in legal(state)  # Bo's search could find nothing
    state = evolve(state, rain=0)
    state, events = act(state, "food")  # the round's last turn at timer 0: the rain ends the cycle
    assert found(events, CycleEnded)
    assert state.players[0].hand == () and "shelter" in state.decks["hi"].discard


# "THEN YOU CAN ATTACK THEM THE NEXT TURN THE SAME WAY YOU ATTACK A CREATURE. YOU MAY ALSO PLAY ANY
# TAMED CREATURES TO HELP ATTACK THEM." Against a creature, an explosive thrown halves its HP for the
# thrower's roll only; the companions after roll against its full HP. So against a player too.
def test_a_strikers_explosive_does_not_halve_the_hunted_players_hp_for_the_companions():
    state = _in_hi("survivor", "saint")
    state = put(state, 0, hand=(HandCard("bomb", "treasure"), HandCard("green_lizard", "hi")))
    state, _ = act(state, "hunt 1", "food")
    # Ada throws the bomb: 3 against Bo's HP 10 halved (5), a miss; her lizard 12 - 3 = 9 against
    # Bo's full HP 10, a miss too (against 5 it killed)
    state = rig(state, 3, 12)
    state, events = act(state, "strike 1 bomb")
    rolls = [e.roll for e in events if isinstance(e, Rolled)]
    assert [(r.target, r.total) for r in rolls] == [(5, 3), (10, 9)]
    assert state.players[1].status != DEAD and isinstance(state.pending, Duel)
    # the same throw at a creature of HP 10: the companion rolls against the full 10 there too
    fight = _in_hi("survivor", "saint")
    fight = put(fight, 0, hand=(HandCard("bomb", "treasure"), HandCard("green_lizard", "hi")))
    fight = rig(stack(fight, "hi", "salamander"), 3, 12, 1)
    fight, events = act(fight, "draw", "attack bomb")
    assert [(e.roll.target, e.roll.total) for e in events if isinstance(e, Rolled)][:2] == [(5, 3), (10, 9)]


def test_a_defenders_explosive_does_not_halve_the_strikers_hp_for_the_companions():
    state = _in_hi("survivor", "saint")
    state = put(state, 1, hand=(HandCard("bomb", "treasure"), HandCard("green_lizard", "hi")))
    state, _ = act(state, "hunt 1", "food")
    # Ada misses; Bo throws the bomb back, 2 against Ada's 12 halved (6); the lizard 12 - 3 = 9
    # against Ada's full 12
    state = rig(state, 1, 2, 12)
    state, events = act(state, "strike 1", "attack bomb")
    rolls = [e.roll for e in events if isinstance(e, Rolled)]
    assert [(r.target, r.total) for r in rolls][1:] == [(6, 2), (12, 9)]
    assert state.players[0].status != DEAD


# "IF SOMEONE IS PLAYING THE HUNTER THEN AFTER 20 TURNS, THEY DISCARD "THE HUNTER" CARD AND INSTEAD
# USE THIS AS THEIR SLUGCAT CARD" -- the Hunter card's spear mastery goes with it; its "permanently
# gain -1 to fleeing after 20 turns" stays (ruling 23).
def test_hunter_long_legs_has_no_spear_mastery():
    state = _in_hi("hunter", "survivor", data=load_data())
    state = put(state, 0, form="hunter_long_legs", turns=25, hunting=1, hand=(HandCard("spear", "treasure"),))
    # the Long Legs' own attack (its card's, 2 in the shipped decks) and the spear's 3 against half
    # the Survivor's HP 13 (6): a roll that just reaches 6 is no kill, where mastery's +1 would kill
    attack = load_data().cards["hunter_long_legs"].attack
    face = 6 - 3 - attack
    state = rig(state, face)
    state, events = act(state, "strike 1 spear")
    strike = [e.roll for e in events if isinstance(e, Rolled)][0]
    own = (("Hunter Long Legs", attack),) if attack else ()
    assert strike.modifiers == own + (("Spear", 3),) and strike.total == 6 and strike.target == 6
    assert state.players[1].status != DEAD
    # the odds say the same, and the long hunt's flee penalty stays with the Long Legs
    state = _in_hi("hunter", "survivor", data=load_data())
    state = put(state, 0, form="hunter_long_legs", turns=25, hunting=1, hand=(HandCard("spear", "treasure"),))
    assert queries.chance(state, Strike(1, "spear")) == Fraction(20 - face, 20)  # above `face` (with mastery, `face`)
    assert ("The Hunter's long hunt", -1) in queries.flee_modifiers(state, 0)
