"""Every draw Flickago makes from the platform generator (spec section 11), in spec order.

1. at setup, under ``first_player: random``, one ``below(2)``: 0, the host moves first;
2. under ``jitter: on``, six draws per shot (spec 5.2): three ``below(11)`` for the angle
   error, then three ``below(41)`` for the power error.

The generator's whole state, ``{"seed", "counter"}``, lives in the game state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.flickago.data import ANGLE_UNITS, OPTIONS, POWER_MAX
from engine.rng import Rng

_JITTER = OPTIONS["jitter"]
_ANGLE = _JITTER["angle_error_tenths"]
_POWER = _JITTER["power_error_thousandths"]


def rng_of(data: Mapping[str, Any]) -> Rng:
    return Rng(data["seed"], data["counter"])


def rng_dict(rng: Rng) -> dict[str, Any]:
    return {"seed": rng.seed, "counter": rng.counter}


def host_moves_first(rng_state: Mapping[str, Any]) -> tuple[bool, dict[str, Any]]:
    """The first-player draw: (the host moves first, the generator state after it)."""
    rng = rng_of(rng_state)
    host_first = rng.below(2) == 0
    return host_first, rng_dict(rng)


def _error(rng: Rng, spec: Mapping[str, Any]) -> int:
    total = 0
    for _ in range(int(spec["draws"])):
        total += rng.below(int(spec["below"]))
    return total - int(spec["offset"])


def jitter(rng_state: Mapping[str, Any], angle: int, power: int) -> tuple[int, int, dict[str, Any]]:
    """The applied angle and power of a shot under ``jitter: on``, and the generator after."""
    rng = rng_of(rng_state)
    e_a = _error(rng, _ANGLE)
    e_p = _error(rng, _POWER)
    applied_angle = (angle + e_a) % ANGLE_UNITS
    applied_power = min(max((power * (1000 + e_p) + 500) // 1000, 1), POWER_MAX)
    return applied_angle, applied_power, rng_dict(rng)
