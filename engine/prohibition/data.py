"""The data pack (``data.json``, a copy of shared/design/prohibition-data.json), read once.

Every number of the board, the cards, the dice, the cubes and the tokens comes from here;
the rules modules hard-code none of it, so the real board data can replace the stand-in
data without code changes. This module only reads and indexes; the city's geometry is
derived in :mod:`engine.prohibition.board`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_PATH: Final = Path(__file__).with_name("data.json")
_RAW_BYTES: Final = DATA_PATH.read_bytes()
RAW: Final[dict[str, Any]] = json.loads(_RAW_BYTES)
DATA_SHA256: Final = hashlib.sha256(_RAW_BYTES).hexdigest()
DATA_VERSION: Final[str] = RAW["data_version"]


@dataclass(frozen=True, slots=True)
class Cube:
    code: str  # "w", "k", "b"
    name: str
    value: int  # points scored per cube delivered
    streets: int  # the exact number of streets driven to deliver it
    count: dict[int, int]  # cubes in play by number of players


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    value: int
    cubes: tuple[int, ...]  # per colour, in CUBES order


@dataclass(frozen=True, slots=True)
class Character:
    id: str  # "N", "P", "C"
    name: str
    control: str  # "forbid" or "extra_cube"
    contact: str  # "take_highest", "take_lowest" or "protect"


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    kind: str  # "distillery" or "private_bar"
    colour: int  # colour index for a private bar, -1 otherwise
    capacity: int  # 0 for a distillery


CUBES: Final = tuple(
    Cube(
        c["code"],
        c["name"],
        int(c["value"]),
        int(c["streets"]),
        {int(k): int(v) for k, v in c["count"].items()},
    )
    for c in RAW["cubes"]
)
COLOURS: Final = tuple(c.code for c in CUBES)
COLOUR_INDEX: Final = {c: i for i, c in enumerate(COLOURS)}
NCOL: Final = len(CUBES)

CARDS: Final = tuple(
    Card(c["id"], int(c["value"]), tuple(int(c[code]) for code in COLOURS)) for c in RAW["loading_cards"]
)
CARD_IDS: Final = tuple(c.id for c in CARDS)
CARD_BY_ID: Final = {c.id: c for c in CARDS}
CARD_INDEX: Final = {c.id: i for i, c in enumerate(CARDS)}

TRUCK_IDS: Final = tuple(t["id"] for t in RAW["trucks"])
TRUCK_INDEX: Final = {t: i for i, t in enumerate(TRUCK_IDS)}

CHARACTERS: Final = tuple(
    Character(c["id"], c["name"], c["control"], c["contact"]) for c in RAW["characters"]
)
CHAR_IDS: Final = tuple(c.id for c in CHARACTERS)
CHAR_INDEX: Final = {c: i for i, c in enumerate(CHAR_IDS)}
# Characters whose contact takes a cube (Ness, the Policeman); the other one protects (Capone).
TAKERS: Final = tuple(i for i, c in enumerate(CHARACTERS) if c.contact in ("take_highest", "take_lowest"))
PROTECTORS: Final = tuple(i for i, c in enumerate(CHARACTERS) if c.contact == "protect")
FORBIDDERS: Final = tuple(i for i, c in enumerate(CHARACTERS) if c.control == "forbid")
HELPERS: Final = tuple(i for i, c in enumerate(CHARACTERS) if c.control == "extra_cube")

CHAR_DIE: Final = tuple(tuple(CHAR_INDEX[c] for c in face) for face in RAW["dice"]["character"]["faces"])
NUMBER_DIE: Final = tuple(int(n) for n in RAW["dice"]["number"]["faces"])

_TOKENS: Final = RAW["bonus_tokens"]
TOKEN_VALUES: Final = tuple(int(v) for v in _TOKENS["values"])
TOKENS_PER_VALUE: Final = int(_TOKENS["per_value"])
# The token taken at the n-th load (1-based) while n is listed; later loads take the top of
# the discard pile.
TOKEN_BY_LOAD: Final = {int(k): int(v) for k, v in _TOKENS["by_load"].items() if k.isdigit()}
# The loss condition of a token, by its place in TOKEN_VALUES (the rulebook: the smallest is
# lost on two lost cubes of one colour, the middle one on two of different colours, the
# largest on any lost cube).
TOKEN_CONDITION: Final = dict(zip(TOKEN_VALUES, ("pair_same", "pair_different", "any"), strict=True))

CLOSED_TILES: Final = int(RAW["closed_tiles"])
DISPLAY_SIZE: Final = int(RAW["display_size"])
DEAL_SIZE: Final = int(RAW["deal_size"])

TILES: Final = tuple(
    Tile(
        t["id"],
        t["kind"],
        COLOUR_INDEX[t["colour"]] if "colour" in t else -1,
        int(t.get("capacity", 0)),
    )
    for t in RAW["special_tiles"]
)
TILE_BY_ID: Final = {t.id: t for t in TILES}
DISTILLERIES: Final = tuple(t.id for t in TILES if t.kind == "distillery")
PRIVATE_BARS: Final = tuple(t.id for t in TILES if t.kind == "private_bar")
PRIVATE_EMPTY_ALLOWANCE: Final = int(RAW["private_bar_rules"]["cubes_into_empty_bar"])
NORMAL_EMPTY_ALLOWANCE: Final = int(RAW["normal_bar_rules"]["cubes_into_empty_bar"])
# Capone's control adds one cube to the allowance ("un cube supplémentaire").
HELPER_BONUS: Final = 1

OPTION_SCHEMA: Final[dict[str, dict[str, Any]]] = {
    name: {"type": "string", "values": list(spec["values"]), "default": spec["default"]}
    for name, spec in RAW["options"].items()
}
LAYOUTS: Final[dict[str, Any]] = RAW["layouts"]
PLAYER_COUNTS: Final = tuple(sorted(CUBES[0].count))
MIN_PLAYERS: Final = PLAYER_COUNTS[0]
MAX_PLAYERS: Final = PLAYER_COUNTS[-1]


def cubes_text(counts: tuple[int, ...] | list[int]) -> str:
    """``1k 1b``: the counts that are not zero, colours in data order (empty string for none)."""
    return " ".join(f"{n}{COLOURS[i]}" for i, n in enumerate(counts) if n)


def _check_rule_variants() -> None:
    """The data pack names a few rule variants; the engine implements these (spec 4 and 8)."""
    expected = {
        "bonus_tokens.by_load.later": (_TOKENS["by_load"].get("later"), "top_of_discard_pile"),
        "bonus_tokens.first_token_given": (_TOKENS.get("first_token_given"), "at_setup"),
        "first_load": (RAW.get("first_load"), "first_truck_turn"),
    }
    for key, (found, wanted) in expected.items():
        if found != wanted:
            raise ValueError(f"data.json: {key} is {found!r}; this engine implements {wanted!r}")


_check_rule_variants()
