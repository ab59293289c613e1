"""Bot levels: how many sampled worlds, how deep, how much noise, and a time cap.

Strength comes from counts (sampled worlds, candidate moves kept), not from wall time, so
a move is a pure function of the view and the seed; the per-move time budget is only a
safety cap that a loaded machine or a short game clock may hit first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    worlds: int
    """Sampled determinizations of the hidden opposing pieces per move."""
    reply: bool
    """Search the opponent's replies (captures) after each candidate move."""
    keep: int
    """Candidates kept after the first third of the worlds (successive halving)."""
    noise: float
    """Standard deviation of the noise added to each candidate's score (0: none)."""
    budget: float
    """Default seconds per move (a cap: counts normally end the search first)."""


LEVELS: Final[dict[str, Level]] = {
    "easy": Level("easy", worlds=4, reply=False, keep=100, noise=1.2, budget=0.3),
    "normal": Level("normal", worlds=12, reply=True, keep=12, noise=0.15, budget=0.6),
    "strong": Level("strong", worlds=48, reply=True, keep=10, noise=0.0, budget=0.9),
}
DEFAULT_LEVEL: Final = "normal"


def level_named(name: str) -> Level:
    if name not in LEVELS:
        raise InvalidAction(f"unknown bot level {name!r}; choose one of {sorted(LEVELS)}")
    return LEVELS[name]
