"""The 25-piece army: kinds, codes, counts, values and names (spec section 3).

A piece on the board is one small int: ``kind | side << 4 | REVEALED``. Kinds 1..8 are the
ranked pieces and their number is their value; the special pieces follow. Values live here
and nowhere else.
"""

from __future__ import annotations

from typing import Final

THUG, HENCHMAN, GUNNER, CAR, ACCOUNTANT, COP, SUCCESSOR, BOSS = range(1, 9)
KID: Final = 9
BABE: Final = 10
FBI: Final = 11
SPEAKEASY: Final = 12
UNKNOWN: Final = 15  # a piece whose face a parsed position does not show ("?")

KIND_MASK: Final = 15
SIDE_SHIFT: Final = 4
REVEALED: Final = 32

SOUTH: Final = 0
NORTH: Final = 1
SIDE_LETTERS: Final = "sn"

RANKED: Final = frozenset(range(1, 9))
IMMOBILE: Final = frozenset({BABE, SPEAKEASY})

CODE: Final[dict[int, str]] = {
    **{k: str(k) for k in RANKED},
    KID: "K",
    BABE: "B",
    FBI: "F",
    SPEAKEASY: "S",
    UNKNOWN: "?",
}
KIND_OF_CODE: Final[dict[str, int]] = {code: kind for kind, code in CODE.items()}

# How many of each kind an army holds (25 in all), in the rulebook's order.
ARMY: Final[dict[int, int]] = {
    SPEAKEASY: 1,
    BOSS: 1,
    SUCCESSOR: 1,
    COP: 2,
    ACCOUNTANT: 2,
    CAR: 2,
    GUNNER: 2,
    HENCHMAN: 3,
    THUG: 3,
    KID: 3,
    BABE: 3,
    FBI: 2,
}
ARMY_SIZE: Final = sum(ARMY.values())

NAMES: Final[dict[str, dict[int, str]]] = {
    "en": {
        SPEAKEASY: "Speakeasy",
        BOSS: "Boss",
        SUCCESSOR: "Successor",
        COP: "Corrupted cop",
        ACCOUNTANT: "Accountant",
        CAR: "Car",
        GUNNER: "Tommy gunner",
        HENCHMAN: "Henchman",
        THUG: "Thug",
        KID: "Kid",
        BABE: "Babe",
        FBI: "FBI agent",
    },
    "fr": {
        SPEAKEASY: "Speakeasy",
        BOSS: "Boss",
        SUCCESSOR: "Héritier",
        COP: "Flic corrompu",
        ACCOUNTANT: "Comptable",
        CAR: "Voiture",
        GUNNER: "Mitrailleur",
        HENCHMAN: "Porte-flingue",
        THUG: "Homme de main",
        KID: "Kid",
        BABE: "Babe",
        FBI: "FBI",
    },
}


def make(kind: int, side: int, revealed: bool = False) -> int:
    return kind | side << SIDE_SHIFT | (REVEALED if revealed else 0)


def kind_of(piece: int) -> int:
    return piece & KIND_MASK


def side_of(piece: int) -> int:
    return piece >> SIDE_SHIFT & 1


def is_revealed(piece: int) -> bool:
    return bool(piece & REVEALED)
