"""The platform generator: every game draws all of its chance from here.

Defined to the bit in ``shared/design/chance.md`` so that anyone can replay the draws of a
finished game from its revealed seed: a counter stream of HMAC-SHA256 blocks keyed by a
32-byte secret seed. The whole state is ``(seed, counter)``; a game keeps it in its state
(:meth:`Rng.to_dict`) and so replays exactly from its seed and its actions.

Never change the definition: a change breaks the verification of every stored record (the
test vector of chance.md is in ``tests/engine/test_engine_rng.py``).
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Mapping, MutableSequence, Sequence
from typing import Any, Final, Protocol, TypeVar

T = TypeVar("T")
_SEED: Final = re.compile(r"[0-9a-f]{64}")
_TWO64: Final = 1 << 64


def new_seed() -> str:
    """A fresh seed from the operating system's secure source, as 64 lowercase hex digits."""
    return secrets.token_bytes(32).hex()


def is_seed(value: object) -> bool:
    """Whether ``value`` is a seed in its stored form: 64 lowercase hex digits."""
    return isinstance(value, str) and _SEED.fullmatch(value) is not None


def check_seed(value: object) -> str:
    """``value`` if it is a seed (64 lowercase hex digits), else :class:`ValueError`."""
    if not is_seed(value):
        raise ValueError("a seed is 64 lowercase hexadecimal digits (32 bytes)")
    assert isinstance(value, str)
    return value


class Chance(Protocol):
    """What a rules module needs of a generator (the platform one, or Speak Easy's legacy one)."""

    def below(self, n: int) -> int: ...

    def choice(self, items: Sequence[T]) -> T: ...

    def shuffle(self, items: MutableSequence[T]) -> None: ...


class Rng:
    """``Rng(seed_hex, counter=0)``: the stream of ``seed_hex`` from block ``counter`` on."""

    __slots__ = ("_key", "counter", "seed")

    def __init__(self, seed_hex: str, counter: int = 0) -> None:
        self.seed = check_seed(seed_hex)
        if not isinstance(counter, int) or isinstance(counter, bool) or counter < 0:
            raise ValueError("the counter is a non-negative integer")
        self.counter = counter
        self._key = bytes.fromhex(self.seed)

    def block(self) -> bytes:
        """``HMAC-SHA256(key=seed, msg=counter as 8 big-endian bytes)``; the counter moves on."""
        out = hmac.digest(self._key, self.counter.to_bytes(8, "big"), "sha256")
        self.counter += 1
        return out

    def u64(self) -> int:
        """The first 8 bytes of a fresh block, big-endian (one block per call)."""
        return int.from_bytes(self.block()[:8], "big")

    def below(self, n: int) -> int:
        """Uniform in ``[0, n)`` by rejection; ``below(1)`` still consumes one ``u64()``."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError("below(n) needs an integer n >= 1")
        limit = _TWO64 - (_TWO64 % n)
        while True:
            x = self.u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates from the end, in place; afterwards item 0 is the top of a deck."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def die(self, faces: Sequence[T]) -> T:
        """A roll: one of ``faces``, in the order the game's data gives them."""
        return faces[self.below(len(faces))]

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rng:
        return cls(data["seed"], data["counter"])

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter)

    def __repr__(self) -> str:
        # The seed is secret until the end of a game: never print it by accident.
        return f"Rng(<seed>, counter={self.counter})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.seed, self.counter) == (other.seed, other.counter)

    def __hash__(self) -> int:
        return hash((self.seed, self.counter))


__all__ = ["Chance", "Rng", "check_seed", "is_seed", "new_seed"]
