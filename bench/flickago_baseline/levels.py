"""Bot levels: how many trial shots, how many refinements, how precise the aim.

Strength comes from counts, not from wall time, so a decision is a pure function of the
view, the level and the seed; the time budget is only a safety cap that a loaded machine or
a short clock may hit first (then the best shot found so far is played).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    trials: int
    """Candidate shots simulated (aimed at targets, with aim noise)."""
    refine: int
    """Extra trials spent on small changes around the best candidates so far."""
    aim_noise: float
    """Standard deviation of the aim noise, in tenths of a degree."""
    power_noise: float
    """Standard deviation of the power noise, in thousandths."""
    lookahead: bool
    """Judge a shot also by how exposed it leaves the bot's discs (edges, its zone)."""
    replies: int
    """Opponent trial replies simulated after each of the best few shots (0: none); those
    shots are then judged half by their own value, half by the opponent's best reply."""
    max_steps: int
    """Cap on a trial's simulated steps (a trial needs rest positions only)."""
    budget: float
    """Default seconds per decision (a cap)."""


LEVELS: Final[dict[str, Level]] = {
    "easy": Level(
        "easy",
        trials=6,
        refine=0,
        aim_noise=50.0,
        power_noise=80.0,
        lookahead=False,
        replies=0,
        max_steps=1920,
        budget=1.0,
    ),
    "normal": Level(
        "normal",
        trials=24,
        refine=8,
        aim_noise=25.0,
        power_noise=40.0,
        lookahead=False,
        replies=0,
        max_steps=2400,
        budget=3.0,
    ),
    "strong": Level(
        "strong",
        trials=60,
        refine=30,
        aim_noise=15.0,
        power_noise=25.0,
        lookahead=True,
        replies=8,
        max_steps=2400,
        budget=6.0,
    ),
}
DEFAULT_LEVEL: Final = "normal"


def level_named(name: str) -> Level:
    if name not in LEVELS:
        raise InvalidAction(f"unknown bot level {name!r}; choose one of {sorted(LEVELS)}")
    return LEVELS[name]
