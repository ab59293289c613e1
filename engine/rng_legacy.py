"""The generator Speak Easy used before the platform generator (``engine/rng.py``).

Kept for one reason: Speak Easy games stored before the change hold this stream's state (one
integer), and games the server still creates from an integer seed draw from it, so they load
and play on exactly as before. Every new game and every other game uses :class:`engine.rng.Rng`.

SplitMix64: fast and well mixed, but not cryptographic, and its state is the whole stream, so a
game on it has no seed commitment (``docs/engine.md``).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
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


class LegacyRng:
    """SplitMix64 stream. ``LegacyRng(seed)`` for a new stream, ``LegacyRng.resume(state)`` to go on."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = mix64(seed & _MASK)

    @classmethod
    def resume(cls, state: int) -> LegacyRng:
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

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
