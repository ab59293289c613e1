"""Actions written as notation lines: ``{"type": "act", "text": "go:D3-D4=1k"}``.

Games whose every action is one line of their notation (Prohibition, Spies!) take and list
their actions in this form, so the server, the bots and the browser pass them on as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.core import Game
from engine.errors import InvalidAction

ACT: Final = "act"


def action(text: str) -> dict[str, Any]:
    """The protocol form of a notation line."""
    return {"type": ACT, "text": text}


def action_text(act: Mapping[str, Any], title: str, example: str) -> str:
    """The notation line of an action, or :class:`InvalidAction` naming the form (``title``:
    the game's name, ``example``: a line of its notation)."""
    kind = Game.action_type(act)
    if kind != ACT:
        raise InvalidAction(
            f"unknown action type {kind!r}: {title} actions are {{'type': 'act', 'text': ...}}"
        )
    text = act.get("text")
    if not isinstance(text, str):
        raise InvalidAction(f"an action needs a 'text' line such as {example!r}")
    return text


__all__ = ["ACT", "action", "action_text"]
