"""The frozen baseline: Prohibition's bot as it stood at commit e0acbf3 (issue 29, item 1).

A self-contained copy of ``engine/prohibition/bot`` (decision code only: no protocol, no
hint), importing the engine's rules but never the bot package, so later changes to the bot
cannot move it. Its levels are ``easy`` and ``normal`` (then the strongest).
``bench/prohibition_match.py`` plays the current bot against it. Do not improve this copy:
it is the yardstick.

    world.py       a playable state from a view, hidden cards sampled
    heuristics.py  distances, open bars, threats, the value of a truck, a seat, a position
    policy.py      the levels: easy (rules of thumb), normal (one-ply lookahead)
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Mapping
from typing import Any, Final

from bench.prohibition_baseline.policy import easy, search
from bench.prohibition_baseline.world import state_from_view
from engine.errors import NotYourTurn

LEVELS: Final = ("easy", "normal")
DEFAULT_LEVEL: Final = "normal"
# The seconds a decision may take when no budget is given, per level.
DEFAULT_BUDGET: Final = {"easy": 1.0, "normal": 2.0}


def level_named(level: str) -> str:
    if level not in LEVELS and level != "random":
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    return level


def _rng(seed: int, view: Mapping[str, Any]) -> random.Random:
    """The bot's own generator: from its seed and public facts of the view only."""
    facts = (
        seed,
        view.get("viewer"),
        view.get("round"),
        view.get("slot"),
        view.get("phase"),
        len(view.get("history", ())),
    )
    digest = hashlib.blake2b(repr(facts).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def decide(
    view: Mapping[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0, budget: float | None = None
) -> str:
    """One legal action string for the decision the view's seat owes.

    The same view, level and seed give the same action (unless ``budget`` cuts the normal
    level's character search short). ``level`` "random" plays a random legal action (the
    benchmark's baseline). Raises :class:`NotYourTurn` when the seat owes nothing."""
    started = time.perf_counter()
    level_named(level)
    legal = [str(a) for a in view.get("legal") or []]
    if not legal:
        raise NotYourTurn("this seat owes no decision")
    rng = _rng(seed, view)
    if level == "random" or len(legal) == 1:
        return rng.choice(legal)
    seat = view["viewer"]
    if not isinstance(seat, int):
        raise ValueError("the bot plays a seat: the view's viewer must be a seat number")
    state = state_from_view(view, rng)
    if level == "easy":
        return easy(state, seat, legal, rng)
    limit = DEFAULT_BUDGET[level] if budget is None else budget
    return search(state, seat, legal, rng, started + 0.8 * limit)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "decide", "level_named"]
