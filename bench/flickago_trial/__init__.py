"""An attempt at a level above ``strong`` (issue 29, item 1) that did not make it: a copy
of ``engine/flickago/bot`` as it stood at edd4aeb plus the ``expert`` level, kept here, out
of the engine, so that bench/README.md's figures can be run again:

    nice -n 19 python bench/flickago_match.py --live bench.flickago_trial --level expert --pairs 2

``expert`` (search.py's ``plan_shot``): clean shots (whose disc meets nothing on its way)
are valued without simulating (:func:`search.clean_result`, exact to the stored 0.001 mm
against the engine's simulation), aimed exactly at the zone and the far-half sectors;
knocks aimed by the ghost-disc rule and blocked placements are simulated; the position is
valued as ``strong`` values it plus a bonus per disc in its zone (less the opponent's) and
per shot kept in hand (:func:`search.lasting_value`). It lost to the frozen ``strong``.

    levels.py    easy / normal / strong / expert
    search.py    trial shots: aim, simulate, resolve, score; the expert's planned search
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from collections.abc import Mapping
from typing import Any

from bench.flickago_trial.levels import DEFAULT_LEVEL, LEVELS, level_named
from bench.flickago_trial.search import THREAT_MARGIN, Mapper, choose_shot, plan_shot
from engine.errors import NotYourTurn
from engine.flickago import rules
from engine.flickago.data import SECTORS, SIDES, STARS
from engine.flickago.pieces import INSPECTORS, SIDE_DISCS, other, radius
from engine.flickago.scoring import disc_points
from engine.flickago.statecheck import check_state

_TRIAL_SEED = "00" * 32  # trials never draw: jitter is off in the bot's own copy


def state_of_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """The rules' state object rebuilt from a view: the view holds every key but ``rng``.
    The bot's copy has jitter off (it cannot know the next draws; it aims at the nominal
    shot) and a placeholder generator that is never drawn from."""
    data = {key: view[key] for key in rules.STATE_KEYS if key != "rng"}
    data["rng"] = {"seed": _TRIAL_SEED, "counter": 0}
    state = check_state(data)
    state["options"]["jitter"] = "off"
    return state


def _rng(seed: int | str, view: Mapping[str, Any]) -> random.Random:
    """The bot's own generator: from its seed and public facts only."""
    facts = json.dumps([seed, view["pos"], view["shots"], view["passes"], view["returns"], view["to_move"]])
    return random.Random(int.from_bytes(hashlib.blake2b(facts.encode(), digest_size=8).digest(), "big"))


def choose_star(state: Mapping[str, Any]) -> dict[str, Any]:
    """The free star nearest the opponent's best-scoring discs (the inspector waiting is
    placed by the bot as the non-shooter, who is also the side to move)."""
    inspector = state["waiting"][0]
    stars = rules.free_stars(state["pos"], inspector)
    them = other(state["to_move"])
    worth = {
        p: disc_points(p, state["pos"][p][0], state["pos"][p][1], state["options"])
        for p in SIDE_DISCS[them]
        if p in state["pos"]
    }
    best = max(worth.values(), default=0)
    aims = [state["pos"][p] for p, w in worth.items() if w == best and best > 0]
    if not aims:
        return {"type": "place", "inspector": inspector, "star": stars[0]}

    def distance(star: str) -> float:
        x, y = STARS[star]
        return min(math.hypot(x - ax, y - ay) for ax, ay in aims)

    return {"type": "place", "inspector": inspector, "star": min(stars, key=distance)}


def _threatened(state: Mapping[str, Any], side: str) -> bool:
    zone = SIDES[side].zone
    pos = state["pos"]
    return any(
        math.hypot(pos[i][0] - zone.x, pos[i][1] - zone.y) < zone.r + radius(i) + THREAT_MARGIN
        for i in INSPECTORS
        if i in pos
    )


def choose_return(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """A disc to take back first, if any: when the bot has no shot without returning; or a
    disc in its zone, not threatened by an inspector, that scores less where it lies than a
    fresh shot can (the best sector's value)."""
    back = rules.returnable(state)
    if not back:
        return None
    side = state["to_move"]
    if not rules.has_legal_shot(state, side):
        return {"type": "return", "piece": back[0]}
    if _threatened(state, side):
        return None
    fresh = max(s.points for s in SECTORS if s.scores_for == side)
    for piece in back:
        x, y = state["pos"][piece]
        if disc_points(piece, x, y, state["options"]) < fresh:
            return {"type": "return", "piece": piece}
    return None


def decide(
    view: Mapping[str, Any],
    level: str = DEFAULT_LEVEL,
    seed: int | str = 0,
    budget: float | None = None,
    mapper: Mapper | None = None,
) -> dict[str, Any]:
    """An action for the side to move in ``view`` (``Flickago.view(state, seat)``).

    ``budget`` caps the seconds spent (None: the level's default). ``mapper`` (e.g. a
    process pool's ``map``) runs the trial simulations in parallel. Raises
    :class:`NotYourTurn` when nobody is to move and ``ValueError`` for a view it cannot read.
    """
    started = time.perf_counter()
    lvl = level_named(level)
    if view.get("phase") not in (rules.TURN, rules.PLACE):
        raise NotYourTurn("the game is over")
    state = state_of_view(view)
    if state["phase"] == rules.PLACE:
        return choose_star(state)
    back = choose_return(state)
    if back is not None:
        return back
    cap = lvl.budget if budget is None else max(0.0, budget)
    deadline = started + 0.85 * cap
    search = plan_shot if lvl.plan else choose_shot
    return search(state, state["to_move"], lvl, _rng(seed, view), deadline, mapper)


__all__ = ["LEVELS", "decide", "state_of_view"]
