"""The generator's draws worked out side by side (rng.draws) are the ones it gives one step at a time,
and a long shuffle built on them deals as `below` deals, a refused draw included."""

from __future__ import annotations

import random

import pytest

from rainboard.engine.rng import _GOLDEN, _MASK, _MIX1, _MIX2, _SPAN, Dice, draws

_INVERSE1, _INVERSE2 = pow(_MIX1, -1, 1 << 64), pow(_MIX2, -1, 1 << 64)


def _one_at_a_time(state: int, count: int) -> list[int]:
    dice = Dice(state)
    return [dice._next() for _ in range(count)]


def _unshift(value: int, shift: int) -> int:
    """The x for which x ^ (x >> shift) is `value`."""
    x = value
    for _ in range(64 // shift + 1):
        x = value ^ (x >> shift)
    return x


def _state_before(output: int) -> int:
    """The generator state whose next draw gives `output` (each mixing step can be undone)."""
    z = _unshift(output, 31)
    z = _unshift((z * _INVERSE2) & _MASK, 27)
    z = _unshift((z * _INVERSE1) & _MASK, 30)
    return (z - _GOLDEN) & _MASK


def _shuffled_by_below(state: int, size: int) -> tuple[list[int], int]:
    dice = Dice(state)
    cards = list(range(size))
    for i in range(size - 1, 0, -1):
        j = dice.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards, dice.state


def test_draws_side_by_side_are_the_draws_one_at_a_time():
    chooser = random.Random(29)
    states = [0, 1, _MASK, _MASK - _GOLDEN + 1] + [chooser.getrandbits(64) for _ in range(200)]
    for state in states:
        for count in (0, 1, 2, 7, 8, 33, 70):
            assert list(draws(state, count)) == _one_at_a_time(state, count), (state, count)


def test_the_undoing_helper_finds_the_state_before_a_draw():
    for output in (0, 5, _MASK, _MASK - 3, 123456789 << 20):
        assert Dice(_state_before(output))._next() == output


@pytest.mark.parametrize("size, refused_at", [(8, 1), (10, 0), (10, 3), (35, 0), (35, 6), (35, 30)])
def test_a_long_shuffle_draws_again_where_below_would(size, refused_at):
    """A draw at or above below()'s limit is refused and drawn again: planted first, in the middle
    and near the end of a shuffle (draw `refused_at` picks among position + 1 cards, not a power of
    two, so the highest output is refused there)."""
    highest = _MASK
    position = size - 1 - refused_at
    assert highest >= _SPAN - _SPAN % (position + 1)
    state = (_state_before(highest) - refused_at * _GOLDEN) & _MASK
    assert Dice(state).shuffle(range(size)) == tuple(_shuffled_by_below(state, size)[0])
    dice = Dice(state)
    dice.shuffle(range(size))
    assert dice.state == _shuffled_by_below(state, size)[1]
    assert dice.state == (state + size * _GOLDEN) & _MASK  # one draw more than the size - 1 of a shuffle


def test_long_and_short_shuffles_deal_as_below_deals():
    chooser = random.Random(7)
    for _ in range(300):
        state = chooser.getrandbits(64)
        size = chooser.choice([0, 1, 2, 7, 8, 9, 40, 64])
        dice = Dice(state)
        expected, after = _shuffled_by_below(state, size)
        assert dice.shuffle(range(size)) == tuple(expected) and dice.state == after
