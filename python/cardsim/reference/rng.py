"""The seeded generator, re-implemented from its specification so that the
reference deals exactly the cards the C++ core deals for the same seed.

Specification (docs/architecture.md, "Seeds and streams"):
    key    = mix(mix(seed) ^ index), where mix is SplitMix64's output function of (x + golden)
    state  = four successive SplitMix64 outputs starting from key
    next   = xoshiro256**
    next32 = the low half of a fresh next(), then its high half
    below  = Lemire's multiply-and-reject (unbiased): on next32 for n <= 2**32, else on next
    shuffle = Fisher-Yates from the back: for k = n-1 .. 1, swap a[k] with a[below(k + 1)]
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

__all__ = ["GameRng", "splitmix_mix"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def splitmix_mix(x: int) -> int:
    """SplitMix64's output for state ``x`` (the state is advanced by the golden gamma first)."""
    z = (x + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


class GameRng:
    """xoshiro256** keyed by (seed, game index)."""

    def __init__(self, key: int) -> None:
        x = key & _MASK
        self._half: int | None = None
        self._s = []
        for _ in range(4):
            self._s.append(splitmix_mix(x))
            x = (x + _GOLDEN) & _MASK

    @classmethod
    def for_game(cls, seed: int, index: int = 0) -> GameRng:
        """The stream of game ``index`` in a run with ``seed``."""
        return cls(splitmix_mix(splitmix_mix(seed) ^ index))

    def next(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
        t = (s[1] << 17) & _MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def next32(self) -> int:
        if self._half is not None:
            half, self._half = self._half, None
            return half
        word = self.next()
        self._half = word >> 32
        return word & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 1 << 32:
            m = self.next32() * n
            low = m & 0xFFFFFFFF
            if low < n:
                threshold = (1 << 32) % n
                while low < threshold:
                    m = self.next32() * n
                    low = m & 0xFFFFFFFF
            return m >> 32
        m = self.next() * n
        low = m & _MASK
        if low < n:
            threshold = (-n) % n
            while low < threshold:
                m = self.next() * n
                low = m & _MASK
        return m >> 64

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffles in place, exactly as the core does."""
        for k in range(len(items), 1, -1):
            j = self.below(k)
            items[k - 1], items[j] = items[j], items[k - 1]
