"""The random shooter of the benchmark: a uniformly random legal choice (a return only when
it has no shot without one), any angle, any power."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.flickago import rules
from engine.flickago.bot import choose_star, state_of_view
from engine.flickago.data import ANGLE_UNITS, POWER_MAX


def random_shooter(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    state = state_of_view(view)
    if state["phase"] == rules.PLACE:
        return choose_star(state)
    side = state["to_move"]
    shots: list[tuple[str, str | None]] = [(p, point) for p, point in rules.launches(state, side)]
    shots += [(p, None) for p in rules.reflickable(state, side)]
    if not shots:
        return {"type": "return", "piece": rules.returnable(state)[0]}
    piece, point = rng.choice(shots)
    return {
        "type": "shot",
        "piece": piece,
        "from": point,
        "angle": rng.randrange(ANGLE_UNITS),
        "power": rng.randint(1, POWER_MAX),
    }
