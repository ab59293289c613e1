"""The frozen baseline: Spies!'s bot as it stood at commit e0acbf3 (issue 29, item 1).

A self-contained copy of ``engine/spies/bot`` (decision code only: no protocol, no hint),
importing the engine's rules and data but never the bot package, so later changes to the bot
cannot move it. ``bench/spies.py`` plays the current bot's strongest level against this copy's
``shrewd``. Do not improve this copy: it is the yardstick.

    policy.py    the levels: basic (the baseline table of spec section 19), shrewd
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import Any, Final

from bench.spies_baseline.policy import decide_line
from engine.errors import NotYourTurn

LEVELS: Final = ("basic", "shrewd")


def _rng(seed: int, view: Mapping[str, Any]) -> random.Random:
    """The bot's own generator: its seed and public facts of the view only."""
    facts = (seed, view.get("viewer"), view.get("year"), len(view.get("history") or ()))
    digest = hashlib.blake2b(repr(facts).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def decide_text(view: Mapping[str, Any], level: str, seed: int = 0) -> str:
    """One legal line for the decision the view's seat owes (same view, level, seed: same line)."""
    if level not in LEVELS:
        raise ValueError(f"unknown baseline level {level!r}: one of {', '.join(LEVELS)}")
    legal = [str(a) for a in view.get("legal") or []]
    decision = view.get("decision")
    if not legal or decision is None:
        raise NotYourTurn("this seat owes no decision")
    power = decision.get("power") or legal[0].split(" ", 1)[0]
    return decide_line(view, power, level, _rng(seed, view))


__all__ = ["LEVELS", "decide_text"]
