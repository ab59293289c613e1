"""Speak Easy's chance: the first-player draw, and the stream behind a timed-out setup.

A game's seed is either 64 hex digits (the platform generator, :class:`engine.rng.Rng`; the
state keeps its counter) or, for games created before it, an integer (the legacy SplitMix64
stream, :class:`engine.rng_legacy.LegacyRng`; the state keeps its one-integer state). Both
load and play on; only this module tells them apart.

The rules draw one thing: after both setups, ``below(2)`` names the first player (0 South,
1 North). The default setup of a seat whose setup time ran out is that seat's action, not a
draw of the game: it comes from a stream of its own derived from the seed, so asking for it
twice gives the same setup and never moves the game's counter.
"""

from __future__ import annotations

import hmac

from engine.rng import Chance, Rng, is_seed
from engine.rng_legacy import LegacyRng, mix64

Seed = int | str


def is_legacy(seed: Seed) -> bool:
    return isinstance(seed, int)


def check(seed: object) -> Seed:
    """A game's seed: 64 lowercase hex digits, or a non-negative integer (legacy stream)."""
    if isinstance(seed, bool):
        raise ValueError("a seed is 64 hex digits or a non-negative integer")
    if isinstance(seed, int):
        if seed < 0:
            raise ValueError("an integer seed must be non-negative")
        return seed
    if is_seed(seed):
        assert isinstance(seed, str)
        return seed
    raise ValueError("a seed is 64 lowercase hex digits (or, for the legacy stream, an integer)")


def initial(seed: Seed) -> int:
    """The stored generator position of a fresh game (legacy state, or counter 0)."""
    return LegacyRng(seed).state if isinstance(seed, int) else 0


def stream(seed: Seed, position: int) -> LegacyRng | Rng:
    return LegacyRng.resume(position) if isinstance(seed, int) else Rng(seed, position)


def position_of(rng: LegacyRng | Rng) -> int:
    return rng.state if isinstance(rng, LegacyRng) else rng.counter


def draw_first(seed: Seed, position: int) -> tuple[int, int]:
    """The first player and the generator position after the draw."""
    rng = stream(seed, position)
    first = rng.below(2)
    return first, position_of(rng)


def default_setup_stream(seed: Seed, position: int, seat: int) -> Chance:
    """The stream a timed-out seat's setup is drawn from (see the module's docstring)."""
    if isinstance(seed, int):
        return LegacyRng(mix64(position ^ (0xA5A5 + seat)))
    key = bytes.fromhex(seed)
    sub = hmac.digest(key, b"speakeasy default setup " + bytes([seat]), "sha256")
    return Rng(sub.hex())
