"""Rule options (spec section 17) and the seat allocation they choose (section 2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.errors import InvalidAction
from engine.spies.data import ALLOCATIONS, YEARS

# name -> (allowed values, default). Negotiation lengths are seconds (the server runs them).
CHOICES: Final[dict[str, tuple[tuple[Any, ...], Any]]] = {
    "allocation": (("standard", "alternative"), "standard"),
    "russia_control": (("alternate", "bidding"), "alternate"),
    "historical_alliances": ((False, True), False),
    "multi_country_score": (("separate", "lower", "combined"), "separate"),
    "hidden_money": ((False, True), False),
    "manifest_public": ((True, False), True),
    "setup_order": (("sequential", "simultaneous"), "sequential"),
    "private_chat": (("periods", "always"), "periods"),
}
NUMBERS: Final[dict[str, tuple[int, int, int | None]]] = {
    # name -> (minimum, maximum, default; None: derived)
    "negotiation_pregame": (0, 60 * 60 * 24 * 7, 600),
    "negotiation_yearly": (0, 60 * 60 * 24 * 7, None),
    "response_timeout": (5, 60 * 60 * 24, 60),
}
TIME_CONTROL: Final = "time_control"
LAST_YEAR: Final = "last_year"
"""Not in section 17: the game ends after this year's turns instead of the data pack's last
(a shortened game, for a quick game or a test; 1939 plays the rulebook's game)."""
PRESETS: Final = {"standard": {name: default for name, (_values, default) in CHOICES.items()}}


def resolve(options: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
    """The full option set for ``players`` seats, checked (InvalidAction on a bad one)."""
    given = dict(options or {})
    preset = given.pop("preset", "standard")
    if preset not in PRESETS:
        raise InvalidAction(f"unknown preset {preset!r}")
    out: dict[str, Any] = dict(PRESETS[preset])
    for name, value in given.items():
        if name in CHOICES:
            if value not in CHOICES[name][0] or isinstance(value, bool) != isinstance(CHOICES[name][1], bool):
                raise InvalidAction(f"option {name} is one of {list(CHOICES[name][0])}")
            out[name] = value
        elif name in NUMBERS:
            low, high, _default = NUMBERS[name]
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise InvalidAction(f"option {name} is a whole number of seconds from {low} to {high}")
            out[name] = value
        elif name == LAST_YEAR:
            if not isinstance(value, int) or isinstance(value, bool) or value not in YEARS:
                raise InvalidAction(f"option last_year is a year from {YEARS[0]} to {YEARS[-1]}")
            out[name] = value
        elif name == TIME_CONTROL:
            if not isinstance(value, str):
                raise InvalidAction("time_control is 'none' or '<seconds>+<increment>'")
            out[name] = value
        else:
            raise InvalidAction(f"unknown option {name!r}")
    out.setdefault("negotiation_pregame", NUMBERS["negotiation_pregame"][2])
    out.setdefault("negotiation_yearly", out["negotiation_pregame"] // 2)
    out.setdefault("response_timeout", NUMBERS["response_timeout"][2])
    out.setdefault(TIME_CONTROL, "none")
    out.setdefault(LAST_YEAR, YEARS[-1])
    _check(out, players)
    return out


def _check(out: Mapping[str, Any], players: int) -> None:
    if players not in ALLOCATIONS:
        raise InvalidAction(f"Spies! is for {min(ALLOCATIONS)} to {max(ALLOCATIONS)} players")
    if out["allocation"] == "alternative" and players not in (3, 4):
        raise InvalidAction("allocation=alternative is for 3 or 4 players (v2.3 8.3, 8.4)")
    if out["russia_control"] == "bidding" and players not in (2, 4):
        raise InvalidAction("russia_control=bidding is for 2 or 4 players (v2.3 8.5)")
    if out["russia_control"] == "bidding" and out["allocation"] == "alternative":
        raise InvalidAction("russia_control=bidding uses the standard allocation")
    if out["historical_alliances"] and (
        out["multi_country_score"] != "separate" or (players == 3 and out["allocation"] == "alternative")
    ):
        raise InvalidAction(
            "historical_alliances needs multi_country_score=separate and not the 3-seat alternative"
        )


def seats_for(players: int, out: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Each seat's own powers (Russia is left out when it has no seat of its own)."""
    table = ALLOCATIONS[players]
    if out["russia_control"] == "bidding" and players == 4:
        return table["russia_bidding"]
    return table[out["allocation"]]


def russia_seated(seats: tuple[tuple[str, ...], ...]) -> bool:
    return any("R" in s for s in seats)
