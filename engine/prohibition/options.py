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


def schema() -> dict[str, Any]:
    """The JSON-schema-like description of every option (for the catalogue)."""
    out: dict[str, Any] = {name: dict(spec) for name, spec in OPTION_SCHEMA.items()}
    out[TIME_CONTROL] = {"type": "string", "pattern": _TIME.pattern, "default": "none"}
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
