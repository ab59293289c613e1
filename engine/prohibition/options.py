"""Rule options (spec section 11), as the data pack lists them, plus the platform's clock."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidAction
from engine.prohibition.data import OPTION_SCHEMA

# The platform's clock option (spec section 12): "none" or "<initial seconds>+<increment>".
TIME_CONTROL: Final = "time_control"
_TIME: Final = re.compile(r"none|\d{1,6}\+\d{1,4}")
DEFAULTS: Final = {name: str(spec["default"]) for name, spec in OPTION_SCHEMA.items()} | {
    TIME_CONTROL: "none"
}
PRESETS: Final = {"rulebook": dict(DEFAULTS)}


DESCRIPTIONS: Final = {
    "layout": "How the district boards are turned: which character starts at the centre (spec 2).",
    "special_placement": "The special buildings at the layout's fixed places, or drawn at random.",
    "delivery_distance": "A delivery after exactly the cube's number of streets, or at most that many.",
    "truck_must_move": "Whether a truck that can move must (a pass only when it cannot).",
    "control_range": "A character controls its whole row and column, or only the streets it touches.",
    "repeat_contact": "Whether a character may touch the same truck twice in a row.",
    "load_window": "Load on arrival or at the next step 1 only, or at any step 1 or 5 while parked.",
    "abandon_token": "On loading with cubes aboard: the token kept by the rulebook's test, or discarded.",
    "two_player_p1_order": "Two players: the first player orders his two trucks freely, or fixed.",
    "bars_trigger": "The end when every bar holds a cube, or holds a cube or a Closed tile.",
}


def schema() -> dict[str, Any]:
    """The JSON-schema-like description of every option (for the catalogue)."""
    out: dict[str, Any] = {
        "preset": {
            "type": "string",
            "enum": list(PRESETS),
            "default": "rulebook",
            "description": "The rule set the other options start from (the rulebook's defaults).",
        }
    }
    for name, spec in OPTION_SCHEMA.items():
        out[name] = {
            "type": "string",
            "enum": list(spec["values"]),
            "default": spec["default"],
            "description": DESCRIPTIONS.get(name, name),
        }
    out[TIME_CONTROL] = {
        "type": "string",
        "pattern": _TIME.pattern,
        "default": "none",
        "description": "The platform's clock: none, or initial seconds + increment per turn.",
    }
    return out


def options_from(options: Mapping[str, Any] | None) -> dict[str, str]:
    """Every option with its value, the defaults filled in; :class:`InvalidAction` for an
    unknown option or value. ``{"preset": "rulebook"}`` names the defaults."""
    out = dict(DEFAULTS)
    if options is None:
        return out
    if not isinstance(options, Mapping):
        raise InvalidAction("options must be an object")
    for key, value in options.items():
        if key == "preset":
            if value not in PRESETS:
                raise InvalidAction(f"unknown preset {value!r}")
            continue
        if key == TIME_CONTROL:
            if not isinstance(value, str) or not _TIME.fullmatch(value):
                raise InvalidAction("time_control is 'none' or '<seconds>+<increment>'")
            out[key] = value
            continue
        if key not in OPTION_SCHEMA:
            raise InvalidAction(f"unknown option {key!r}")
        if value not in OPTION_SCHEMA[key]["values"]:
            raise InvalidAction(f"option {key} is one of {', '.join(OPTION_SCHEMA[key]['values'])}")
        out[key] = str(value)
    return out


def rule_options(options: Mapping[str, str]) -> dict[str, str]:
    """The rule options alone (the clock left out)."""
    return {k: v for k, v in options.items() if k != TIME_CONTROL}
