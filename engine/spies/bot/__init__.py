"""The autopilot (spec section 19): it plays zombie seats and computer opponents.

:func:`decide` is the whole contract: a seat's view in (exactly what the server sends that
seat, with the record as the seat sees it), one legal action line out, for the power named
in the decision. The bot never sees a state.

    policy.py     the levels: basic (the baseline table of section 19), shrewd, cunning
    cunning.py    the cunning level's setup and police judgement
    protocol.py   the JSON-lines bot protocol (python -m engine.spies bot)
    hint.py       why it chose a line, for a player's hint (issue 29)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import NotYourTurn
from engine.spies.bot.policy import decide_line

LEVELS: Final = ("basic", "shrewd", "cunning")
DEFAULT_LEVEL: Final = "basic"


def level_named(level: str) -> str:
    if level not in LEVELS and level != "random":
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    return level


def _rng(seed: int, view: Mapping[str, Any]) -> random.Random:
    """The bot's own generator: its seed and public facts of the view only."""
    facts = (seed, view.get("viewer"), view.get("year"), len(view.get("history") or ()))
    digest = hashlib.blake2b(repr(facts).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def decide(
    view: Mapping[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0, budget: float | None = None
) -> dict[str, Any]:
    """The catalogue's entry point: ``{"type": "act", "text": <line>}``."""
    return {"type": "act", "text": decide_text(view, level, seed, budget)}


def decide_text(
    view: Mapping[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0, budget: float | None = None
) -> str:
    """One legal line for the decision the view's seat owes (same view, level, seed: same
    line). Level "random" plays a random listed line (the benchmark's baseline)."""
    level_named(level)
    legal = [str(a) for a in view.get("legal") or []]
    decision = view.get("decision")
    if not legal or decision is None:
        raise NotYourTurn("this seat owes no decision")
    rng = _rng(seed, view)
    if level == "random":
        return rng.choice(legal)
    power = decision.get("power") or legal[0].split(" ", 1)[0]
    return decide_line(view, power, level, rng)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "decide", "decide_text", "level_named"]
