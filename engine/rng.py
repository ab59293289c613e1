"""A small seeded generator whose whole state is one integer.

Chance in a game (shuffles, draws) comes from here and the state stores ``Rng.state``, so a
game serialises losslessly and replays exactly. SplitMix64: fast, well mixed, and good
enough for games (it is not for cryptography; seeds themselves come from ``secrets``).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def mix64(value: int) -> int:
    """The SplitMix64 finaliser: a bijective scramble of 64 bits."""
    z = value & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 stream. ``Rng(seed)`` for a new stream, ``Rng.resume(state)`` to go on."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = mix64(seed & _MASK)

    @classmethod
    def resume(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
