"""Piece identities and the canonical order (spec sections 1 and 3).

The canonical order is the data pack's ``physics.body_order``: inspectors ``I1``-``I3``, then
White's Family and Killers, then Black's. It is the order bodies enter the space, the order
of every listing (positions, frames, removals), and the tie-break of simultaneous events.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from engine.flickago.data import DISC, GANG, INSPECTOR, PHYSICS, SIDE_CODES, PieceKind

_RANGE = re.compile(r"^([wb]?)([A-Z])(\d+)-\1\2(\d+)$")


def _expand(entry: str) -> list[str]:
    match = _RANGE.match(entry)
    if match is None:
        return [entry]
    prefix = match.group(1) + match.group(2)
    return [f"{prefix}{n}" for n in range(int(match.group(3)), int(match.group(4)) + 1)]


CANONICAL: Final[tuple[str, ...]] = tuple(name for entry in PHYSICS["body_order"] for name in _expand(entry))
ORDER: Final[dict[str, int]] = {name: i for i, name in enumerate(CANONICAL)}
INSPECTORS: Final[tuple[str, ...]] = tuple(p for p in CANONICAL if p[0] == "I")
DISCS: Final[tuple[str, ...]] = tuple(p for p in CANONICAL if p[0] in SIDE_CODES)
SIDE_DISCS: Final[dict[str, tuple[str, ...]]] = {s: tuple(p for p in DISCS if p[0] == s) for s in SIDE_CODES}


def _check_counts() -> None:
    for side in SIDE_CODES:
        for kind, info in GANG.items():
            count = sum(1 for p in SIDE_DISCS[side] if p[1] == kind)
            if count != info["count"]:
                raise ValueError(f"data pack: body_order has {count} {side}{kind}, gang says {info['count']}")


_check_counts()


def is_inspector(piece: str) -> bool:
    return piece[0] == "I"


def side_of(piece: str) -> str:
    """The owner's side code of a gang disc ("w"/"b")."""
    return piece[0]


def kind_of(piece: str) -> str:
    """``"I"`` for an inspector, else the disc's kind letter (``"T"`` Killer, ``"F"`` Family)."""
    return "I" if piece[0] == "I" else piece[1]


def physical(piece: str) -> PieceKind:
    return INSPECTOR if piece[0] == "I" else DISC


def radius(piece: str) -> float:
    return physical(piece).radius


def canonical(pieces: Iterable[str]) -> list[str]:
    """The given piece ids sorted in canonical order."""
    return sorted(pieces, key=ORDER.__getitem__)


def other(side: str) -> str:
    return SIDE_CODES[1 - SIDE_CODES.index(side)]
