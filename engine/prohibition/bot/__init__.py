"""The autopilot (spec section 14): it plays zombie seats and computer opponents.

:func:`decide` is the whole contract: a seat's view in (exactly what the server sends that
seat: the public part, its private part, the history as it sees it), one legal action string
out. The bot never sees a state, the deck order or another seat's hand: it rebuilds a state
from the view and samples what it cannot see (:mod:`world`).

    world.py       a playable state from a view, hidden cards sampled
    heuristics.py  distances, open bars, threats, the value of a truck, a seat, a position
    policy.py      the levels: easy (rules of thumb), normal (one-ply lookahead), strong
                   (normal, its characters set on the rivals' cubes and tokens)
    protocol.py    the JSON-lines bot protocol (python -m engine.prohibition bot)
    hint.py        why it chose an action, for a player's hint (issue 29)
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import NotYourTurn
from engine.prohibition.bot.policy import easy, search, strong
from engine.prohibition.bot.world import state_from_view

LEVELS: Final = ("easy", "normal", "strong")
DEFAULT_LEVEL: Final = "normal"
# The seconds a decision may take when no budget is given, per level.
DEFAULT_BUDGET: Final = {"easy": 1.0, "normal": 2.0, "strong": 2.0}


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
    play = strong if level == "strong" else search
    return play(state, seat, legal, rng, started + 0.8 * limit)


def decide_action(
    view: Mapping[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0, budget: float | None = None
) -> dict[str, Any]:
    """:func:`decide` in the protocol's action form, ``{"type": "act", "text": ...}`` (the
    catalogue's bot entry point)."""
    return {"type": "act", "text": decide(view, level, seed, budget)}


__all__ = ["DEFAULT_LEVEL", "LEVELS", "decide", "decide_action", "level_named"]
