"""Action and event texts (spec section 13): parsing what a seat sends, and the stubs a
viewer gets in place of an event he may not see."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from engine.errors import InvalidAction
from engine.prohibition.board import INTER_INDEX, STREET_INDEX
from engine.prohibition.data import CARD_INDEX, CHAR_INDEX, COLOUR_INDEX, DEAL_SIZE, TILE_BY_ID, TRUCK_INDEX

_PLACE: Final = re.compile(r"place (\S+) (\S+)")
_PICK: Final = re.compile(r"pick (\S+) (\S+)")
_USE: Final = re.compile(r"use (\S+)")
_LOAD: Final = re.compile(r"load (\S+)")
_CHAR: Final = re.compile(r"(\w)([@>])(\w+)")
_GO: Final = re.compile(r"go:(\w+-\w+)(?:=(\d)(\w))?")
MAX_ACTION_LENGTH: Final = 40


@dataclass(frozen=True, slots=True)
class Action:
    """A parsed action. ``kind`` is the first word (``place``, ``go``, ``N@`` is ``char``)."""

    kind: str
    truck: int = -1
    target: str = ""  # tile or card id
    char: int = -1
    at: int = -1  # intersection (character) or street (truck)
    count: int = 0
    colour: int = -1


def parse(text: object) -> Action:
    """Parse an action string; :class:`InvalidAction` when it is not one (never a rules check)."""
    if not isinstance(text, str):
        raise InvalidAction("an action is a string")
    if len(text) > MAX_ACTION_LENGTH:
        raise InvalidAction("an action is at most 40 characters long")
    if text in ("roll", "end", "pass", "skip"):
        return Action(text)
    m = _PLACE.fullmatch(text)
    if m:
        return Action("place", truck=_truck(m[1]), target=_tile(m[2]))
    m = _PICK.fullmatch(text)
    if m:
        return Action("pick", truck=_truck(m[1]), target=_card(m[2]))
    m = _USE.fullmatch(text)
    if m:
        return Action("use", truck=_truck(m[1]))
    m = _LOAD.fullmatch(text)
    if m:
        return Action("load", target=_card(m[1]))
    m = _GO.fullmatch(text)
    if m:
        if m[1] not in STREET_INDEX:
            raise InvalidAction(f"{m[1]!r} is not a street")
        if m[2] is None:
            return Action("go", at=STREET_INDEX[m[1]])
        if m[3] not in COLOUR_INDEX:
            raise InvalidAction(f"{m[3]!r} is not a cube colour")
        return Action("go", at=STREET_INDEX[m[1]], count=int(m[2]), colour=COLOUR_INDEX[m[3]])
    m = _CHAR.fullmatch(text)
    if m:
        if m[1] not in CHAR_INDEX:
            raise InvalidAction(f"{m[1]!r} is not a character")
        if m[3] not in INTER_INDEX:
            raise InvalidAction(f"{m[3]!r} is not an intersection")
        return Action(
            "place_char" if m[2] == "@" else "move_char", char=CHAR_INDEX[m[1]], at=INTER_INDEX[m[3]]
        )
    raise InvalidAction(f"{text!r} is not an action")


def _truck(name: str) -> int:
    if name not in TRUCK_INDEX:
        raise InvalidAction(f"{name!r} is not a truck")
    return TRUCK_INDEX[name]


def _tile(name: str) -> str:
    if name not in TILE_BY_ID:
        raise InvalidAction(f"{name!r} is not a special building")
    return name


def _card(name: str) -> str:
    if name not in CARD_INDEX:
        raise InvalidAction(f"{name!r} is not a loading card")
    return name


def stub(text: str) -> str:
    """The stub of an event text a viewer may not see; it depends only on public facts."""
    words = text.split()
    if words[0] == "deal":
        return " ".join([*words[:2], *["?"] * DEAL_SIZE])
    if words[0] == "pick":
        return f"pick {words[1]} ?"
    return f"{words[0]} ?"
