"""The rule options (spec section 9's last column), defaults and allowed values read from the
data pack's ``options`` block."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidAction
from engine.flickago.data import OPTIONS

# Platform options the game accepts and ignores (the server runs the clock).
PLATFORM_OPTIONS: Final = frozenset({"time_control", "preset"})


def defaults() -> dict[str, Any]:
    return {name: spec["default"] for name, spec in OPTIONS.items()}


def options_from(given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every rule option, the defaults overridden by ``given``; :class:`InvalidAction` on an
    unknown option or value."""
    out = defaults()
    if given is None:
        return out
    if not isinstance(given, Mapping):
        raise InvalidAction("options must be an object")
    for name, value in given.items():
        if name in PLATFORM_OPTIONS:
            continue
        if name not in OPTIONS:
            raise InvalidAction(f"unknown option {name!r}")
        allowed = OPTIONS[name].get("values")
        if allowed is not None:
            if value not in allowed or not isinstance(value, str):
                raise InvalidAction(f"option {name} is one of {', '.join(allowed)}")
        elif not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InvalidAction(f"option {name} is a positive integer")
        out[name] = value
    return out


def schema() -> dict[str, Any]:
    """The catalogue's option schema: each option's type, allowed values and default."""
    out: dict[str, Any] = {}
    for name, spec in OPTIONS.items():
        if "values" in spec:
            out[name] = {"type": "string", "enum": list(spec["values"]), "default": spec["default"]}
        else:
            out[name] = {"type": "integer", "minimum": 1, "default": spec["default"]}
    return out
