"""A small seeded generator whose whole state is one integer, so it can live in a frozen game state.

SplitMix64: fast, well mixed, and identical on every platform and Python version, which is what
saves, replays and shared challenge seeds need (the standard library's generator gives no such promise
across versions for shuffles and ranges).
"""

from __future__ import annotations

import hashlib

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

        The same draws as `below(i + 1)` for each position from the last down, written out in one
        loop because a shuffle is the engine's longest run of draws."""
        result = list(items)
        state = self.state
        golden, mask, mix1, mix2, span = _GOLDEN, _MASK, _MIX1, _MIX2, _SPAN
        # every draw below `safe` is below each position's limit (span - span % n > span - n): only
        # a draw above it needs the exact test
        safe = span - len(result)
        for i in range(len(result) - 1, 0, -1):
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
        self.state = state
        return tuple(result)


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
