"""Rule options and the two presets (spec section 8).

Every choice the rulebook leaves open is an option here, so a room can play the Speak Easy
rulebook or classic Lu Zhan Qi, or any mix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, Final

from engine.errors import InvalidAction


def _option(default: bool | int, text: str) -> Any:
    return field(default=default, metadata={"description": text})


@dataclass(frozen=True, slots=True)
class RuleOptions:
    bar_exit: bool = _option(True, "Pieces may leave a bar (else a piece on a bar never moves again).")
    fbi_front_row: bool = _option(True, "The FBI may start on the front rank (6 for South, 7 for North).")
    babe_survives: bool = _option(
        False,
        "A Babe attacked by anything but a Kid or an FBI agent stays and the attacker is removed"
        " (a Kid removes her; an FBI agent and she both go).",
    )
    reveal_on_combat: bool = _option(
        True, "Both faces of a combat are shown to all (else referee mode: only who was removed)."
    )
    boss_loss_reveals_speakeasy: bool = _option(
        False, "When a player's Boss is removed, his Speakeasy is shown to all."
    )
    no_combat_limit: int = _option(100, "Plies without any combat after which the game is drawn.")

    def to_dict(self) -> dict[str, Any]:
        # asdict() with its deep copy costs more than the whole view of a state; every
        # field is a bool or an int, so this is the same dict.
        return {name: getattr(self, name) for name in _OPTION_NAMES}


_OPTION_NAMES: Final = tuple(field.name for field in fields(RuleOptions))


PRESETS: Final[dict[str, RuleOptions]] = {
    "speakeasy": RuleOptions(),
    "luzhanqi": RuleOptions(
        bar_exit=False,
        fbi_front_row=False,
        babe_survives=True,
        reveal_on_combat=False,
        boss_loss_reveals_speakeasy=True,
    ),
}
DEFAULT_PRESET: Final = "speakeasy"
_FIELDS: Final = {f.name: f.type for f in fields(RuleOptions)}
INT_BOUNDS: Final = {"no_combat_limit": (1, 10_000)}


def option_schema() -> dict[str, Any]:
    """The catalogue's option schema, generated from :class:`RuleOptions`: for each option its
    type, allowed values or bounds, default (the default preset's) and description; plus
    ``preset``, which names the base the other options override."""
    out: dict[str, Any] = {
        "preset": {
            "type": "string",
            "enum": list(PRESETS),
            "default": DEFAULT_PRESET,
            "description": "The rule set the other options start from.",
        }
    }
    for f in fields(RuleOptions):
        assert f.default is not MISSING
        spec: dict[str, Any] = {"default": f.default, "description": f.metadata["description"]}
        if isinstance(f.default, bool):
            spec["type"] = "boolean"
        else:
            low, high = INT_BOUNDS[f.name]
            spec.update(type="integer", minimum=low, maximum=high)
        out[f.name] = spec
    return out


def options_from(config: Mapping[str, Any] | None) -> RuleOptions:
    """``{"preset": "luzhanqi", "no_combat_limit": 60}`` -> RuleOptions. Unknown keys and
    wrong types are refused (:class:`InvalidAction`)."""
    config = dict(config or {})
    preset = config.pop("preset", DEFAULT_PRESET)
    if preset not in PRESETS:
        raise InvalidAction(f"unknown rules preset {preset!r}; choose one of {sorted(PRESETS)}")
    changes: dict[str, Any] = {}
    for key, value in config.items():
        if key not in _FIELDS:
            raise InvalidAction(f"unknown rule option {key!r}")
        if key in INT_BOUNDS:
            low, high = INT_BOUNDS[key]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise InvalidAction(f"{key} must be an integer from {low} to {high}")
        elif not isinstance(value, bool):
            raise InvalidAction(f"rule option {key!r} must be true or false")
        changes[key] = value
    return replace(PRESETS[preset], **changes)
