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
"""

from __future__ import annotations

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
from engine.speakeasy.pieces import BABE, FBI, KID, SPEAKEASY

Memo = dict[int, tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]


def _mask_of(squares: object) -> int:
    out = 0
    for sq in squares:  # type: ignore[attr-defined]
        out |= 1 << sq
    return out


STEP_MASK: Final = tuple(_mask_of(STEP_ONLY[sq]) for sq in range(SIZE))
REACH_MASK: Final = tuple(STEP_MASK[sq] | _mask_of(t for ray in RAYS[sq] for t in ray) for sq in range(SIZE))
_REACH_MEMO: Final[list[Memo]] = [{} for _ in range(SIZE)]
_STEP_MEMO: Final[list[Memo]] = [{} for _ in range(SIZE)]


def _targets(sq: int, occ: int, with_rays: bool) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Moves of a piece on ``sq`` to empty locations, and ``(bit, move)`` for each occupied
    location it meets first (a building is never attackable, so never listed)."""
    base = sq << 6
    empties: list[int] = []
    blockers: list[tuple[int, int]] = []
    for n in STEP_ONLY[sq]:
        bit = 1 << n
        if not occ & bit:
            empties.append(base | n)
        elif not BUILDINGS & bit:
            blockers.append((bit, base | n))
    if with_rays:
        for ray in RAYS[sq]:
            for t in ray:
                bit = 1 << t
                if occ & bit:
                    blockers.append((bit, base | t))
                    break
                empties.append(base | t)
    return tuple(empties), tuple(blockers)


def generate(board: list[int], own: int, enemy: int, bar_exit: bool, pieces: int) -> list[int]:
    """Every legal move of the pieces in mask ``pieces`` (all owned by the side to move)."""
    occ = own | enemy
    moves: list[int] = []
    extend = moves.extend
    append = moves.append
    if not bar_exit:
        pieces &= ~BARS
    reach_memo = _REACH_MEMO
    reach_mask = REACH_MASK
    while pieces:
        low = pieces & -pieces
        pieces ^= low
        sq = low.bit_length() - 1
        kind = board[sq] & 15
        if kind == BABE or kind == SPEAKEASY or kind > FBI:
            continue
        if kind == KID and STREETS & low:
            key = occ & STEP_MASK[sq]
            entry = _STEP_MEMO[sq].get(key)
            if entry is None:
                entry = _STEP_MEMO[sq][key] = _targets(sq, key, with_rays=False)
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
                append(base | (bit.bit_length() - 1))
        else:
            key = occ & reach_mask[sq]
            entry = reach_memo[sq].get(key)
            if entry is None:
                entry = reach_memo[sq][key] = _targets(sq, key, with_rays=True)
        extend(entry[0])
        for bit, move in entry[1]:
            if enemy & bit:
                append(move)
    return moves


def legal_moves(board: list[int], occ: list[int], side: int, bar_exit: bool) -> list[int]:
    own = occ[side]
    return generate(board, own, occ[side ^ 1], bar_exit, own)


def piece_moves(board: list[int], occ: list[int], side: int, bar_exit: bool, sq: int) -> list[int]:
    """Legal moves of the one piece on ``sq`` (empty if it is not the mover's)."""
    own = occ[side]
    return generate(board, own, occ[side ^ 1], bar_exit, own & (1 << sq))


def move_text(move: int) -> str:
    return f"{NAMES[move >> 6]}-{NAMES[move & 63]}"


def parse_move(text: str) -> int:
    """``"a2-a9"`` -> move int. Raises ``ValueError`` when malformed."""
    if not isinstance(text, str) or text.count("-") != 1:
        raise ValueError(f"a move is written like a2-a9, not {text!r}")
    frm, to = text.strip().split("-")
    a, b = square(frm), square(to)
    if a == b:
        raise ValueError("a move must change location")
    return a << 6 | b
