"""A small seeded generator whose whole state is one integer, so it can live in a frozen game state.

SplitMix64: fast, well mixed, and identical on every platform and Python version, which is what
saves, replays and shared challenge seeds need (the standard library's generator gives no such promise
across versions for shuffles and ranges).
"""

from __future__ import annotations

import hashlib
import struct

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def seed_state(seed: int | str) -> int:
    """Spread any seed (int or text) over 64 bits, so nearby seeds give unrelated games."""
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "big")


class Dice:
    """A mutable cursor over the generator, used inside one engine step; `state` goes back into the game.

    `script` holds faces the next die rolls show instead of the generator's (tests and tables set
    them up through rainboard.engine.testing); what is left of it goes back into the game too.
    """

    __slots__ = ("state", "script")

    def __init__(self, state: int, script: tuple[int, ...] = ()):
        self.state = state
        self.script = script if type(script) is tuple else tuple(script)

    def _next(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _SPAN - _SPAN % n
        while True:
            value = self._next()
            if value < limit:
                return value % n

    def roll(self, sides: int) -> int:
        """One die: 1..sides; the next scripted face if there is one.

        A scripted face leaves the generator alone, and only die rolls are scripted: shuffles and
        `below` always come from the generator.
        """
        if self.script:
            face, self.script = self.script[0], self.script[1:]
            if not 1 <= face <= sides:
                raise ValueError(f"scripted face {face} is not on a d{sides}")
            return face
        if sides <= 0:
            raise ValueError("n must be positive")
        # below(sides) + 1, with the generator's step written out: a die is rolled on every check
        limit = _SPAN - _SPAN % sides
        while True:
            self.state = state = (self.state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % sides + 1

    def shuffle(self, items) -> tuple:
        """A new tuple with the items in Fisher-Yates order.

        The same draws as `below(i + 1)` for each position from the last down. A long shuffle (a
        deck's draw pile after a search) takes its draws from `draws`, all at once; a draw `below`
        would refuse (about once in 2**59) hands the rest to the step-by-step loop."""
        result = list(items)
        size = len(result)
        if size < _LANES_FROM:
            self.state = _shuffle_from(result, size - 1, self.state)
            return tuple(result)
        start = self.state
        safe = _SPAN - size  # every draw below it is below each position's limit (span - span % n > span - n)
        i = size - 1
        for z in draws(start, i):
            if z >= safe and z >= _SPAN - _SPAN % (i + 1):  # refused: the loop draws again from here on
                self.state = _shuffle_from(result, i, (start + (size - 1 - i) * _GOLDEN) & _MASK)
                return tuple(result)
            j = z % (i + 1)
            result[i], result[j] = result[j], result[i]
            i -= 1
        self.state = (start + (size - 1) * _GOLDEN) & _MASK
        return tuple(result)


def _shuffle_from(result: list, last: int, state: int) -> int:
    """Fisher-Yates on `result` in place, positions `last` down to 1, one draw at a time as `below`
    draws (a refused draw drawn again); the generator's state after is returned."""
    golden, mask, mix1, mix2, span = _GOLDEN, _MASK, _MIX1, _MIX2, _SPAN
    safe = span - last - 1
    for i in range(last, 0, -1):
        n = i + 1
        state = (state + golden) & mask
        z = ((state ^ (state >> 30)) * mix1) & mask
        z = ((z ^ (z >> 27)) * mix2) & mask
        z ^= z >> 31
        if z >= safe and z >= span - span % n:  # rejected (about once in 2**59 draws): draw again
            while True:
                state = (state + golden) & mask
                z = ((state ^ (state >> 30)) * mix1) & mask
                z = ((z ^ (z >> 27)) * mix2) & mask
                z ^= z >> 31
                if z < span - span % n:
                    break
        j = z % n
        result[i], result[j] = result[j], result[i]
    return state


# -- many draws at once -----------------------------------------------------------------------------
# The generator's n-th state from s is s + n * golden (mod 2**64), so the next `count` outputs can be
# worked out side by side: each in a 128-bit lane of one long integer, where a 64-bit value times a
# 64-bit constant fits without reaching the next lane. Python's long-integer arithmetic then does
# the mixing once for the whole row (a few operations on one number instead of a dozen per draw);
# shifting right brings a lane's low bits into the top of the lane below, which the mask clears
# before any multiplication can carry them on. A 35-card shuffle so done took about half as long.
_LANES_FROM = 8  # shorter shuffles draw one at a time (fewer draws than the row's fixed cost pays for)
_rows: dict[int, tuple] = {}


def _row(count: int) -> tuple:
    """For `count` lanes: a 1 at the bottom of each lane, lane k holding (k + 1) * golden, the 64-bit
    mask in each lane, and the reader of the lanes from the number's little-endian bytes."""
    row = _rows.get(count)
    if row is None:
        ones = steps = 0
        for k in range(count):
            ones |= 1 << (128 * k)
            steps |= (((k + 1) * _GOLDEN) & _MASK) << (128 * k)
        row = _rows[count] = (ones, steps, ones * _MASK, struct.Struct("<" + "Q8x" * count).unpack)
    return row


def draws(state: int, count: int) -> tuple[int, ...]:
    """The generator's next `count` outputs from `state`, in order, as `count` steps of it would give
    them (the state itself moves on by `count` steps; the caller keeps it)."""
    if count <= 0:
        return ()
    ones, steps, mask, read = _row(count)
    z = (state * ones + steps) & mask  # lane k: the state k + 1 steps on
    z = ((z ^ ((z >> 30) & mask)) * _MIX1) & mask
    z = ((z ^ ((z >> 27) & mask)) * _MIX2) & mask
    z ^= (z >> 31) & mask
    return read(z.to_bytes(16 * count, "little"))


class Chooser(Dice):
    """The simulator's own picks (which action, which slugcats), drawn from the same generator as the
    game's dice, so a simulated game is the same on every platform and Python version."""

    __slots__ = ()

    def __init__(self, seed: int | str):
        super().__init__(seed_state(f"chooser:{seed}"))

    def choice(self, items):
        items = list(items)
        return items[self.below(len(items))]

    def sample(self, items, count: int) -> list:
        return list(self.shuffle(items)[:count])

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)
