"""Rule options and the two presets (spec section 8).

Every choice the rulebook leaves open is an option here, so a room can play the Speak Easy
rulebook or classic Lu Zhan Qi, or any mix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final

from engine.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class RuleOptions:
    bar_exit: bool = True
    """Pieces may leave a bar (else a piece on a bar never moves again)."""
    fbi_front_row: bool = True
    """The FBI may start on the front rank (6 for South, 7 for North)."""
    babe_survives: bool = False
    """A Babe attacked by anything but a Kid stays and the attacker is removed."""
    reveal_on_combat: bool = True
    """Both faces of a combat are shown to all (else referee mode: only who was removed)."""
    boss_loss_reveals_speakeasy: bool = False
    """When a player's Boss is removed, his Speakeasy is shown to all."""
    no_combat_limit: int = 100
    """Plies without any combat after which the game is drawn."""

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
        if key == "no_combat_limit":
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 10_000:
                raise InvalidAction("no_combat_limit must be an integer from 1 to 10000")
        elif not isinstance(value, bool):
            raise InvalidAction(f"rule option {key!r} must be true or false")
        changes[key] = value
    return replace(PRESETS[preset], **changes)
