"""Reading action lines (spec 15.1, 15.2): tokens, money, and the checks every verb shares."""

from __future__ import annotations

import re
from typing import Final

from engine.errors import IllegalAction, InvalidAction
from engine.spies.board import NEIGHBOURS
from engine.spies.state import ON_MAP, State

_MONEY: Final = re.compile(r"(?:£|L)(\d{1,6})")
_AMOUNT: Final = re.compile(r"\d{1,6}")


def split(text: str) -> tuple[str, str, list[str]]:
    """``G go s04 WAR`` -> ("G", "go", ["s04", "WAR"])."""
    if not isinstance(text, str) or text != text.strip() or "  " in text:
        raise InvalidAction("an action line is tokens separated by single spaces")
    parts = text.split(" ")
    if len(parts) < 2 or parts[0] not in ("G", "I", "R", "F", "B"):
        raise InvalidAction("an action line starts with a power (G I R F B) and a verb")
    return parts[0], parts[1], parts[2:]


def money(token: str) -> int:
    m = _MONEY.fullmatch(token)
    if m is None:
        raise InvalidAction(f"{token!r} is not an amount such as £5")
    return int(m.group(1))


def amount(token: str) -> int:
    if _AMOUNT.fullmatch(token) is None:
        raise InvalidAction(f"{token!r} is not a whole number")
    return int(token)


def city(token: str) -> str:
    if token not in NEIGHBOURS:
        raise InvalidAction(f"unknown city {token!r}")
    return token


def own_spy(state: State, power: str, token: str) -> str:
    """A spy of ``power`` on the map."""
    spy = state.spies.get(token)
    if spy is None or spy.power != power or spy.box != ON_MAP or spy.city is None:
        raise IllegalAction(f"{token} is not a spy of {power} on the map")
    return token


def own_police(state: State, power: str, token: str) -> str:
    unit = state.police.get(token)
    if unit is None or unit.power != power or unit.city is None:
        raise IllegalAction(f"{token} is not a police unit of {power}")
    return token


def own_piece(state: State, power: str, token: str) -> str:
    return own_spy(state, power, token) if token.startswith("s") else own_police(state, power, token)


def secret(state: State, token: str) -> str:
    x = state.secrets.get(token)
    if x is None or x.gone or x.city is None:
        raise IllegalAction(f"{token} is not a secret on the map")
    return token


def arity(args: list[str], *counts: int) -> None:
    if len(args) not in counts:
        raise InvalidAction("wrong number of arguments for this verb")
