"""Action notation of spec section 10, and the engine's action dicts.

| text              | dict                                                                   |
|-------------------|------------------------------------------------------------------------|
| ``^wT3``          | ``{"type": "return", "piece": "wT3"}``                                 |
| ``wT3@T2 912/734``| ``{"type": "shot", "piece": "wT3", "from": "T2", "angle": 912, "power": 734}`` |
| ``wF2 1800/450``  | ``{"type": "shot", "piece": "wF2", "from": None, "angle": 1800, "power": 450}`` |
| ``I2>S3``         | ``{"type": "place", "inspector": "I2", "star": "S3"}``                 |
| ``--``            | a pass, written by the engine only (never an action)                  |
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidAction
from engine.flickago.data import ANGLE_UNITS, POWER_MAX

_NUMBER = r"(0|[1-9]\d*)"
_DISC = r"([wb][TF]\d+)"
RETURN_RE: Final = re.compile(rf"^\^{_DISC}$")
SHOT_RE: Final = re.compile(rf"^{_DISC}(?:@([TF]\d+))? {_NUMBER}/{_NUMBER}$")
PLACE_RE: Final = re.compile(r"^(I\d+)>(S\d+)$")
PASS: Final = "--"


def parse_action(text: str) -> dict[str, Any]:
    """The action dict for a notation string; :class:`InvalidAction` when it is not one."""
    if not isinstance(text, str):
        raise InvalidAction("an action is a string such as wT3@T2 912/734")
    if match := RETURN_RE.match(text):
        return {"type": "return", "piece": match.group(1)}
    if match := SHOT_RE.match(text):
        return {
            "type": "shot",
            "piece": match.group(1),
            "from": match.group(2),
            "angle": int(match.group(3)),
            "power": int(match.group(4)),
        }
    if match := PLACE_RE.match(text):
        return {"type": "place", "inspector": match.group(1), "star": match.group(2)}
    raise InvalidAction(f"not an action: {text[:40]!r} (try ^wT3, wT3@T2 912/734, wF2 1800/450, I2>S3)")


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidAction(f"{name} must be an integer")
    return value


def check_action(action: Mapping[str, Any]) -> dict[str, Any]:
    """The action dict checked for shape and ranges (not for legality); a copy."""
    if not isinstance(action, Mapping):
        raise InvalidAction("an action must be an object")
    kind = action.get("type")
    if kind == "text":
        text = action.get("text")
        if not isinstance(text, str):
            raise InvalidAction("a text action needs a 'text' string")
        return check_action(parse_action(text))
    if kind == "return":
        piece = action.get("piece")
        if not isinstance(piece, str):
            raise InvalidAction("a return needs a 'piece'")
        return {"type": "return", "piece": piece}
    if kind == "place":
        inspector, star = action.get("inspector"), action.get("star")
        if not isinstance(inspector, str) or not isinstance(star, str):
            raise InvalidAction("a placement needs an 'inspector' and a 'star'")
        return {"type": "place", "inspector": inspector, "star": star}
    if kind == "shot":
        piece, origin = action.get("piece"), action.get("from")
        if not isinstance(piece, str):
            raise InvalidAction("a shot needs a 'piece'")
        if origin is not None and not isinstance(origin, str):
            raise InvalidAction("a shot's 'from' is a launch point or null")
        angle = _int(action.get("angle"), "the angle")
        power = _int(action.get("power"), "the power")
        if not 0 <= angle < ANGLE_UNITS:
            raise InvalidAction(f"the angle is an integer from 0 to {ANGLE_UNITS - 1} (tenths of a degree)")
        if not 1 <= power <= POWER_MAX:
            raise InvalidAction(f"the power is an integer from 1 to {POWER_MAX}")
        return {"type": "shot", "piece": piece, "from": origin, "angle": angle, "power": power}
    raise InvalidAction("an action's type is shot, return or place")


def action_text(action: Mapping[str, Any]) -> str:
    """The notation of an action dict."""
    kind = action["type"]
    if kind == "return":
        return f"^{action['piece']}"
    if kind == "place":
        return f"{action['inspector']}>{action['star']}"
    if kind == "shot":
        where = "" if action.get("from") is None else f"@{action['from']}"
        return f"{action['piece']}{where} {action['angle']}/{action['power']}"
    raise InvalidAction(f"unknown action type {kind!r}")


def shot_text(shot: Mapping[str, Any]) -> str:
    """The notation of a shot event's ``shot`` object."""
    return action_text({"type": "shot", **shot})
