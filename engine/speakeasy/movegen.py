"""Legal move generation (spec section 5).

A move is an int ``frm << 6 | to``. Generation is the hot path of every playout, so it works
on occupancy masks and memo tables instead of walking the board:

* For a piece that is not a Kid on a street, what it can reach depends only on which
  locations of its *reach* (step neighbours plus straight street rays) are occupied. The
  first time a (location, occupancy-of-reach) pair is met, its answer is computed and kept:
  the moves to empty locations, and the occupied locations it could attack. The table is
  bounded by the board (at most 2^15 keys for the busiest location) and shared by all games.
* A Kid on a street floods the empty streets with bit-parallel shifts along street lines.

Legality never depends on the opponent's hidden faces, only on occupancy and the mover's
own pieces, so nothing here can leak a hidden value.

**The compiled core.** Where the project was installed with a C compiler, ``_fast.c`` (built by
``setup.py``) does the same generation without memo tables, several times faster; it is handed
this module's board tables at import and ``generate`` is then its version. This Python code
stays the reference (``tests/engine/test_engine_fast_core.py`` requires the two to agree, move
for move and in the same order) and the fallback: without the extension, or with the
environment variable ``SPEAKEASY_PURE_PYTHON=1`` set before the engine is imported,
``generate`` is :func:`generate_python`. ``FAST`` is the bound core, or ``None``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType
from typing import Final

from engine.speakeasy.board import (
    BARS,
    BUILDINGS,
    EAST_LINK,
    NAMES,
    NORTH_LINK,
    RAYS,
    SIZE,
    STEP_ONLY,
    STREETS,
    square,
)
from engine.speakeasy.pieces import BABE, FBI, KID

PURE_PYTHON_VARIABLE: Final = "SPEAKEASY_PURE_PYTHON"
# The compiled core's interface version (_fast.c ABI): a core built from other sources is not used.
FAST_ABI: Final = 2

# For one (location, occupancy of its reach, enemies in its reach): the moves. Keys hold
# both masks (``occupied | enemy << 60``). A table that outgrows MEMO_LIMIT is emptied, so
# memory stays bounded however long a process plays.
Memo = dict[int, tuple[int, ...]]
MEMO_LIMIT: Final = 200_000


def _mask_of(squares: object) -> int:
    out = 0
    for sq in squares:  # type: ignore[attr-defined]
        out |= 1 << sq
    return out


STEP_MASK: Final = tuple(_mask_of(STEP_ONLY[sq]) for sq in range(SIZE))
REACH_MASK: Final = tuple(STEP_MASK[sq] | _mask_of(t for ray in RAYS[sq] for t in ray) for sq in range(SIZE))
_REACH_MEMO: Final[list[Memo]] = [{} for _ in range(SIZE)]
_STEP_MEMO: Final[list[Memo]] = [{} for _ in range(SIZE)]
_REACH_GET: Final = tuple(memo.get for memo in _REACH_MEMO)
_STEP_GET: Final = tuple(memo.get for memo in _STEP_MEMO)


def _targets(sq: int, occ: int, enemy: int, with_rays: bool) -> tuple[int, ...]:
    """Moves of a piece on ``sq``: along each line to an empty location, or onto the first
    occupied one if it holds an enemy outside a building (buildings shelter)."""
    base = sq << 6
    moves: list[int] = []
    for n in STEP_ONLY[sq]:
        bit = 1 << n
        if not occ & bit or (enemy & bit and not BUILDINGS & bit):
            moves.append(base | n)
    if with_rays:
        for ray in RAYS[sq]:
            for t in ray:
                bit = 1 << t
                if occ & bit:
                    if enemy & bit:
                        moves.append(base | t)
                    break
                moves.append(base | t)
    return tuple(moves)


def _remember(memo: Memo, key: int, moves: tuple[int, ...]) -> tuple[int, ...]:
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[key] = moves
    return moves


def generate_python(board: list[int], own: int, enemy: int, bar_exit: bool, pieces: int) -> list[int]:
    """Every legal move of the pieces in mask ``pieces`` (all owned by the side to move).
    Pieces that never move are skipped; callers may also leave them out of the mask."""
    occ = own | enemy
    moves: list[int] = []
    extend = moves.extend
    if not bar_exit:
        pieces &= ~BARS
    reach_get = _REACH_GET
    reach_mask = REACH_MASK
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        sq = low.bit_length() - 1
        kind = board[sq] & 15
        if kind == KID and STREETS & low:
            mask = STEP_MASK[sq]
            key = (occ & mask) | (enemy & mask) << 60
            entry = _STEP_GET[sq](key)
            if entry is None:
                entry = _remember(_STEP_MEMO[sq], key, _targets(sq, occ & mask, enemy & mask, False))
            extend(entry)
            # Flood the empty streets from the Kid, then add the occupied streets next to it.
            free = STREETS & ~occ
            region = low
            while True:
                grown = (
                    region
                    | (
                        ((region & EAST_LINK) << 1)
                        | ((region >> 1) & EAST_LINK)
                        | ((region & NORTH_LINK) << 5)
                        | ((region >> 5) & NORTH_LINK)
                    )
                    & free
                )
                if grown == region:
                    break
                region = grown
            edge = (
                ((region & EAST_LINK) << 1)
                | ((region >> 1) & EAST_LINK)
                | ((region & NORTH_LINK) << 5)
                | ((region >> 5) & NORTH_LINK)
            )
            found = (region ^ low) | (edge & enemy)
            base = sq << 6
            while found:
                bit = found & -found
                found ^= bit
                moves.append(base | (bit.bit_length() - 1))
        elif kind < BABE or kind == FBI:
            mask = reach_mask[sq]
            key = (occ & mask) | (enemy & mask) << 60
            entry = reach_get[sq](key)
            if entry is None:
                entry = _remember(_REACH_MEMO[sq], key, _targets(sq, occ & mask, enemy & mask, True))
            extend(entry)
        # else: a Babe or the Speakeasy never moves; an unknown ("?") piece is not moved.
    return moves


def _load_fast() -> ModuleType | None:
    """The compiled core, bound to this module's tables; ``None`` when it is not built, not the
    version this code expects, or refused by ``SPEAKEASY_PURE_PYTHON=1``."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    try:
        from engine.speakeasy import _fast
    except ImportError:
        return None
    if getattr(_fast, "ABI", None) != FAST_ABI:
        return None
    _fast.bind_board(
        STEP_ONLY, RAYS, STREETS, BUILDINGS, BARS, EAST_LINK, NORTH_LINK, KID, BABE, FBI, generate_python
    )
    return _fast


FAST: Final = _load_fast()
generate: Callable[[list[int], int, int, bool, int], list[int]] = (
    generate_python if FAST is None else FAST.generate
)


def legal_moves(board: list[int], occ: list[int], side: int, bar_exit: bool, fixed: int = 0) -> list[int]:
    """Legal moves of ``side``; ``fixed`` may name pieces known never to move (skipped).
    This is the one way the engine asks for a side's moves."""
    own = occ[side]
    return generate(board, own, occ[side ^ 1], bar_exit, own & ~fixed)


def piece_moves(board: list[int], occ: list[int], side: int, bar_exit: bool, sq: int) -> list[int]:
    """Legal moves of the one piece on ``sq`` (empty if it is not the mover's)."""
    own = occ[side]
    return generate(board, own, occ[side ^ 1], bar_exit, own & (1 << sq))


MOVE_TEXTS: Final[dict[int, str]] = {
    frm << 6 | to: f"{NAMES[frm]}-{NAMES[to]}" for frm in range(SIZE) for to in range(SIZE) if frm != to
}
"""Every move's text by its int: a view lists the mover's legal moves in one ``map``."""


def move_text(move: int) -> str:
    return MOVE_TEXTS[move]


def parse_move(text: str) -> int:
    """``"a2-a9"`` -> move int. Raises ``ValueError`` when malformed."""
    if not isinstance(text, str) or text.count("-") != 1:
        raise ValueError(f"a move is written like a2-a9, not {text!r}")
    frm, to = text.strip().split("-")
    a, b = square(frm), square(to)
    if a == b:
        raise ValueError("a move must change location")
    return a << 6 | b
