"""Random legal play on the shipped decks: never raises, always ends, keeps the invariants."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rainboard.data import load_data
from rainboard.engine.state import ASCENDED, AWAKE, CHOOSING, DEAD, OVER, PLAYING, Decision, Duel, Encounter, Market
from rainboard.sim import play_random, random_setup

DATA = load_data()
CAP = 1500


def check_invariants(state, action, events):
    rules = DATA.rules
    assert state.phase in (PLAYING, OVER)
    for index, player in enumerate(state.players):
        slugcat = DATA.slugcats[player.slugcat]
        assert rules.karma_min <= player.karma <= rules.karma_max
        assert rules.reputation_min <= player.reputation <= rules.reputation_max
        assert 0 <= player.food <= slugcat.food_max  # tame costs are paid from food, never below zero
        assert 0 <= player.food_parts < rules.carnivore_plant_parts
        assert player.region in DATA.regions
        assert player.busy >= 0 and player.waiting >= 0
        assert player.ending_hibernations <= rules.ending_hibernations
        friends = [h for h in player.hand if "scavenger" in getattr(DATA.card(h.card), "abilities", ())]
        assert len(friends) <= rules.scavenger_friends_max
        # kept gates: one copy of each at most, each a way back to a gate of the region one is in,
        # and none carried by the dead
        gates = [h.card for h in player.hand if DATA.card(h.card).kind == "gate"]
        assert len(gates) == len(set(gates))
        assert all(player.region in (DATA.gates[g].a, DATA.gates[g].b) for g in gates) or player.status == DEAD
        assert not gates or player.status != DEAD
        if player.tamed_by is not None:
            assert player.form is not None and player.tamed_by != index
        if player.form is not None:
            assert slugcat.becomes == player.form and player.turns > slugcat.becomes_after
    if state.phase == OVER:
        assert state.players[state.winner].status == ASCENDED
        assert sorted(state.ranking) == list(range(len(state.players)))
        return
    actor = state.to_act
    assert actor is not None
    # one player to act, and a sleeping or dead player never acts
    assert state.players[actor].status == AWAKE
    if isinstance(state.pending, Duel):
        # the only time someone acts out of turn: a defender answering on the attacker's turn
        # (even one busy searching)
        assert state.pending.attacker == state.current and actor != state.current
        assert state.players[actor].waiting == 0
    else:
        assert actor == state.current
        assert state.players[actor].busy == 0 and state.players[actor].waiting == 0
    assert state.rain >= 0
    # every card is somewhere, exactly once: decks, discards, hands, a fight, a decision or a market
    counted = sum(len(d.draw) + len(d.discard) for d in state.decks.values())
    counted += sum(len(p.hand) for p in state.players)
    if isinstance(state.pending, (Encounter, Decision, Market)) and state.pending.deck is not None:
        counted += 1
    if isinstance(state.pending, Market):
        counted += len(state.pending.offers)
    played = {p.slugcat for p in state.players}
    unplayed_forms = sum(1 for s in DATA.slugcats.values() if s.becomes and s.id not in played)
    assert counted == TOTAL_CARDS + unplayed_forms


def _total_cards():
    total = sum(e.count for e in DATA.precycle_deck) + sum(e.count for e in DATA.treasure_deck)
    for region in DATA.regions.values():
        total += sum(e.count for e in region.deck) + sum(g.copies for g in region.gates)
    return total


TOTAL_CARDS = _total_cards()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(1, 9))
def test_random_play_never_raises_and_keeps_its_invariants(seed, players):
    chooser = random.Random(seed)
    setup = random_setup(DATA, seed, players, chooser)
    result = play_random(setup, DATA, chooser, cap=CAP, check=check_invariants)
    assert (result.state.winner is not None) == result.finished  # over exactly when someone has won
    assert result.state.steps == result.actions + 1  # one engine step per action, after the setup's own
    assert result.state.phase in (OVER, PLAYING)


def test_each_player_count_from_one_to_nine_with_slugcat_choice():
    from rainboard.engine import PlayerSetup, Setup, apply, legal_actions, new_game

    for count in range(1, 10):
        chooser = random.Random(count)
        state, _ = new_game(Setup(players=[PlayerSetup(f"P{i}") for i in range(count)], seed=count), DATA)
        while state.phase == CHOOSING:
            state, _ = apply(state, chooser.choice(legal_actions(state)))
        assert len({p.slugcat for p in state.players}) == count
        for _ in range(400):
            if state.phase == OVER:
                break
            state, events = apply(state, chooser.choice(legal_actions(state)))
            check_invariants(state, None, events)
