"""A hint: what the computer would do in a seat's place, and why (issue 29).

:func:`suggest` reads one seat's view, exactly what that seat is sent, and nothing else: the
game's bot (:attr:`GameEntry.bot`) decides at its strongest level (:attr:`GameEntry.hint_level`),
then the game's ``reason`` (:attr:`GameEntry.hint_reason`) says why, as a message key of
the game's browser module and its parameters (the browser words both, in its language).
The same view, seed and budget give the same hint, unless the budget cuts the search short.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from engine.catalogue import entry


class Reason(TypedDict):
    key: str
    """A message key of the game's browser module (``"hint.capture"``)."""
    params: dict[str, Any]
    """What the message names (a piece, a count of points...), JSON-ready."""


class Hint(TypedDict):
    action: Any
    """The action the bot would play, as the game's actions are sent (not played)."""
    reason: Reason
    level: str


def reason(key: str, **params: Any) -> Reason:
    """A reason, for the games' ``reason`` functions."""
    return {"key": key, "params": params}


def suggest(game: str, view: Mapping[str, Any], seed: int, budget: float | None) -> Hint:
    """The hint for the seat whose ``view`` this is: the bot's action at the game's
    strongest level, thought for at most ``budget`` seconds (``None``: the level's own
    pace), and the game's reason for it. Raises what the bot raises for a seat that owes
    nothing (:class:`engine.errors.NotYourTurn`). A module function, to run in a worker."""
    found = entry(game)
    level = found.hint_level
    action = found.decider(level)(view, level, seed, budget)
    why = cast("Reason", found.reasoner()(view, action))
    return {"action": action, "reason": why, "level": level}


__all__ = ["Hint", "Reason", "reason", "suggest"]
