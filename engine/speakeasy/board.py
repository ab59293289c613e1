"""The 60 locations of the Speak Easy board, their lines, and tables derived from them.

A location is an index ``0..59``: ``(rank - 1) * 5 + file`` with files ``a..e`` as ``0..4``,
so ``a1`` is 0, ``e1`` is 4 and ``e12`` is 59. Sets of locations are Python ints used as
60-bit masks (bit ``i`` is location ``i``), which keeps move generation to a few integer
operations.

Everything here is data or derived once at import from data (spec section 2).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

FILES: Final = "abcde"
RANKS: Final = 12
SIZE: Final = 60


class Terrain(StrEnum):
    BAR = "bar"
    BUILDING = "building"
    STREET = "street"
    ALLEY = "alley"


def square(name: str) -> int:
    """``"c4"`` -> 17. Raises ``ValueError`` for anything that is not a location."""
    if not isinstance(name, str) or not 2 <= len(name) <= 3 or name[0] not in FILES:
        raise ValueError(f"not a location: {name!r}")
    rank_text = name[1:]
    if not rank_text.isdigit() or rank_text.startswith("0"):
        raise ValueError(f"not a location: {name!r}")
    rank = int(rank_text)
    if not 1 <= rank <= RANKS:
        raise ValueError(f"not a location: {name!r}")
    return (rank - 1) * 5 + FILES.index(name[0])


def file_of(sq: int) -> int:
    return sq % 5


def rank_of(sq: int) -> int:
    """1-based rank."""
    return sq // 5 + 1


NAMES: Final[tuple[str, ...]] = tuple(f"{FILES[i % 5]}{i // 5 + 1}" for i in range(SIZE))

_BARS = ("b1", "d1", "b12", "d12")
_BUILDINGS = ("b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10")
_ALLEYS = ("a1", "c1", "e1", "c3", "b4", "d4", "c5", "a12", "c12", "e12", "c10", "b9", "d9", "c8")
_MOUNTAINS = (("b6", "b7"), ("d6", "d7"))


def _terrain_of(sq: int) -> Terrain:
    name = NAMES[sq]
    if name in _BARS:
        return Terrain.BAR
    if name in _BUILDINGS:
        return Terrain.BUILDING
    if name in _ALLEYS:
        return Terrain.ALLEY
    return Terrain.STREET


TERRAIN: Final[tuple[Terrain, ...]] = tuple(_terrain_of(sq) for sq in range(SIZE))


def _mask(squares: object) -> int:
    out = 0
    for sq in squares:  # type: ignore[attr-defined]
        out |= 1 << sq
    return out


BARS: Final = _mask(sq for sq in range(SIZE) if TERRAIN[sq] is Terrain.BAR)
BUILDINGS: Final = _mask(sq for sq in range(SIZE) if TERRAIN[sq] is Terrain.BUILDING)
STREETS: Final = _mask(sq for sq in range(SIZE) if TERRAIN[sq] is Terrain.STREET)
ALLEYS: Final = _mask(sq for sq in range(SIZE) if TERRAIN[sq] is Terrain.ALLEY)

SOUTH_HALF: Final = _mask(range(0, 30))
NORTH_HALF: Final = _mask(range(30, 60))
HALVES: Final = (SOUTH_HALF, NORTH_HALF)
# The two ranks nearest each player (Babes stand there) and his front rank.
BACK_RANKS: Final = (_mask(range(0, 10)), _mask(range(50, 60)))
FRONT_RANK: Final = (_mask(range(25, 30)), _mask(range(30, 35)))
HOME_BARS: Final = (BARS & SOUTH_HALF, BARS & NORTH_HALF)


def _orthogonal_lines() -> list[tuple[int, int]]:
    mountains = {frozenset((square(a), square(b))) for a, b in _MOUNTAINS}
    lines = []
    for sq in range(SIZE):
        if file_of(sq) < 4:
            lines.append((sq, sq + 1))
        if sq + 5 < SIZE and frozenset((sq, sq + 5)) not in mountains:
            lines.append((sq, sq + 5))
    return lines


def _diagonal_lines() -> list[tuple[int, int]]:
    lines = set()
    for sq in range(SIZE):
        if TERRAIN[sq] is not Terrain.BUILDING:
            continue
        f, r = file_of(sq), rank_of(sq)
        for df in (-1, 1):
            for dr in (-1, 1):
                nf, nr = f + df, r + dr
                if 0 <= nf < 5 and 1 <= nr <= RANKS:
                    other = (nr - 1) * 5 + nf
                    lines.add((min(sq, other), max(sq, other)))
    return sorted(lines)


ORTHOGONAL_LINES: Final = tuple(_orthogonal_lines())
DIAGONAL_LINES: Final = tuple(_diagonal_lines())
LINES: Final = ORTHOGONAL_LINES + DIAGONAL_LINES
STREET_LINES: Final = tuple(
    (a, b) for a, b in ORTHOGONAL_LINES if TERRAIN[a] is Terrain.STREET and TERRAIN[b] is Terrain.STREET
)

_street_pairs = frozenset(STREET_LINES)


def _neighbours(sq: int, lines: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(sorted({b if a == sq else a for a, b in lines if sq in (a, b)}))


NEIGHBOURS: Final = tuple(_neighbours(sq, LINES) for sq in range(SIZE))
# Neighbours reached by a line that is not a street line: steps a slide never covers.
STEP_ONLY: Final = tuple(
    tuple(n for n in NEIGHBOURS[sq] if (min(sq, n), max(sq, n)) not in _street_pairs) for sq in range(SIZE)
)

# Straight street rays: for each street location, in each of the four directions, the
# locations a slide passes in order, following street lines only.
_DIRECTIONS = (1, -1, 5, -5)


def _ray(sq: int, step: int) -> tuple[int, ...]:
    out = []
    here = sq
    while True:
        nxt = here + step
        if not 0 <= nxt < SIZE or (step in (1, -1) and rank_of(nxt) != rank_of(here)):
            break
        if (min(here, nxt), max(here, nxt)) not in _street_pairs:
            break
        out.append(nxt)
        here = nxt
    return tuple(out)


RAYS: Final = tuple(
    tuple(r for r in (_ray(sq, d) for d in _DIRECTIONS) if r) if TERRAIN[sq] is Terrain.STREET else ()
    for sq in range(SIZE)
)

# Bit-parallel street flood fill (the Kid): a street line joins x and x+1 (east) or x and
# x+5 (north). EAST_LINK has bit x set when x--x+1 is a street line; NORTH_LINK likewise.
EAST_LINK: Final = _mask(a for a, b in STREET_LINES if b == a + 1)
NORTH_LINK: Final = _mask(a for a, b in STREET_LINES if b == a + 5)


def squares_of(mask: int) -> list[int]:
    """The locations of a mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mirror(sq: int) -> int:
    """The same location seen from the other side (180-degree turn of the board)."""
    return SIZE - 1 - sq
