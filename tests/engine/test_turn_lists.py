"""Pieces of a turn's legal actions read from the deck data and the decks (engine/travel.py free_walks,
engine/shelter.py holds_shelter): what they answer must be what reading the data plainly gives, for
whichever deck data the game is played with."""

from __future__ import annotations

import attrs

from rainboard.data import load_data
from rainboard.engine.actions import Walk
from rainboard.engine.shelter import holds_shelter
from rainboard.engine.state import DeckState
from rainboard.engine.tables import tables
from rainboard.engine.travel import free_walks


def _a_region_with_free_crossings(data):
    return next(region for region in data.regions.values() if region.free_crossings)


def test_the_free_walks_are_the_regions_crossings_in_order_and_kept_per_region():
    data = load_data()
    for region in data.regions.values():
        assert list(free_walks(data, region.id)) == [Walk(other) for other in region.free_crossings]
    region = _a_region_with_free_crossings(data)
    assert free_walks(data, region.id) is free_walks(data, region.id)  # made once, then looked up


def test_another_deck_datas_region_of_the_same_id_is_read_anew():
    data = load_data()
    region = _a_region_with_free_crossings(data)
    before = free_walks(data, region.id)
    moved = attrs.evolve(region, free_crossings=region.free_crossings[:1] + region.free_crossings)
    other = attrs.evolve(data, regions={**data.regions, region.id: moved})
    assert list(free_walks(other, region.id)) == [Walk(x) for x in moved.free_crossings] != list(before)
    closed = attrs.evolve(data, regions={**data.regions, region.id: attrs.evolve(region, free_crossings=())})
    assert free_walks(closed, region.id) == ()
    assert free_walks(data, region.id) == before  # and the first data's answer again


def test_a_deck_holds_a_shelter_wherever_one_lies():
    data = load_data()
    shelters = tables(data).shelters
    shelter = sorted(shelters)[0]
    other = next(card for card in sorted(data.cards) if card not in shelters)
    assert holds_shelter(shelters, DeckState(draw=(other, other, shelter), discard=(other,)))
    assert holds_shelter(shelters, DeckState(draw=(other,), discard=(other, shelter)))
    assert holds_shelter(shelters, DeckState(draw=(shelter,), discard=(shelter,)))
    assert not holds_shelter(shelters, DeckState(draw=(other, other), discard=(other,)))
    assert not holds_shelter(shelters, DeckState())
