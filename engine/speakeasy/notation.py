"""Position notation (spec section 9): ``<board> <to-move> <quiet> <ply>``.

``board`` is the twelve ranks from 12 down to 1 joined by ``/``; each rank is five cells
``a`` to ``e`` of two characters: ``..`` or a side letter (``s``/``n``, upper case when the
piece is publicly revealed) and a piece code (``1``-``8 K B F S``, or ``?`` when the viewer
cannot see it). Printing and parsing round-trip exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.speakeasy.board import RANKS, SIZE
from engine.speakeasy.pieces import (
    ARMY,
    ARMY_SIZE,
    CODE,
    KIND_OF_CODE,
    REVEALED,
    SIDE_LETTERS,
    UNKNOWN,
    make,
)

EMPTY_CELL: Final = ".."


def cell_text(piece: int, show_face: bool) -> str:
    if not piece:
        return EMPTY_CELL
    side = piece >> 4 & 1
    letter = SIDE_LETTERS[side].upper() if piece & REVEALED else SIDE_LETTERS[side]
    return letter + (CODE[piece & 15] if show_face else "?")


_CELLS: dict[int, str] = {}  # piece << 1 | shown -> cell_text(piece, shown), filled as met


def format_board(board: list[int], shows: list[bool]) -> str:
    """``shows[sq]`` says whether the face on ``sq`` is visible to the reader."""
    cells = _CELLS
    texts = []
    for piece, shown in zip(board, shows, strict=True):
        key = piece << 1 | shown
        text = cells.get(key)
        if text is None:
            text = cells[key] = cell_text(piece, shown)
        texts.append(text)
    return join_cells(texts)


_RANK_STARTS: Final = tuple(range((RANKS - 1) * 10, -1, -10))


def join_cells(texts: list[str]) -> str:
    """The board text of 60 cell texts (square order: a1 … e12)."""
    return join_ranks("".join(texts))


def join_ranks(cells: str) -> str:
    """The board text of the 60 cells' texts written one after the other (a1 … e12): its
    ranks, from 12 down to 1, joined by ``/``."""
    return "/".join([cells[start : start + 10] for start in _RANK_STARTS])


def format_position(board_text: str, to_move: int, quiet: int, ply: int) -> str:
    return f"{board_text} {SIDE_LETTERS[to_move]} {quiet} {ply}"


def parse_board(text: str) -> list[int]:
    """Board part -> 60 piece ints (``UNKNOWN`` for ``?``). ``ValueError`` when malformed."""
    if not isinstance(text, str):
        raise ValueError("the board must be text")
    rows = text.split("/")
    if len(rows) != RANKS:
        raise ValueError(f"the board needs {RANKS} ranks separated by '/', found {len(rows)}")
    board = [0] * SIZE
    for index, row in enumerate(rows):
        rank = RANKS - index
        if len(row) != 10:
            raise ValueError(f"rank {rank} must be 5 cells of 2 characters")
        for f in range(5):
            cell = row[2 * f : 2 * f + 2]
            if cell == EMPTY_CELL:
                continue
            letter, code = cell[0], cell[1]
            if letter.lower() not in SIDE_LETTERS or code not in KIND_OF_CODE:
                raise ValueError(f"rank {rank}: {cell!r} is not a cell (use '..', or s/n/S/N then a code)")
            if code == "?" and letter.isupper():
                raise ValueError(f"rank {rank}: a revealed piece must show its face")
            board[(rank - 1) * 5 + f] = make(
                KIND_OF_CODE[code], SIDE_LETTERS.index(letter.lower()), revealed=letter.isupper()
            )
    _check_counts(board)
    return board


def _check_counts(board: list[int]) -> None:
    for side in (0, 1):
        counts: dict[int, int] = {}
        total = 0
        for piece in board:
            if piece and piece >> 4 & 1 == side:
                counts[piece & 15] = counts.get(piece & 15, 0) + 1
                total += 1
        name = "South" if side == 0 else "North"
        if total > ARMY_SIZE:
            raise ValueError(f"{name} has more than {ARMY_SIZE} pieces")
        for kind, count in counts.items():
            if kind != UNKNOWN and count > ARMY[kind]:
                raise ValueError(f"{name} has {count} pieces of code {CODE[kind]}; the army has {ARMY[kind]}")


@dataclass(frozen=True, slots=True)
class Position:
    board: list[int]
    to_move: int
    quiet: int
    ply: int


def _count(text: str, what: str) -> int:
    if not text.isdigit() or (len(text) > 1 and text[0] == "0") or len(text) > 9:
        raise ValueError(f"{what} must be a whole number, not {text!r}")
    return int(text)


def parse_position(text: str) -> Position:
    if not isinstance(text, str):
        raise ValueError("a position must be text")
    parts = text.split()
    if len(parts) != 4:
        raise ValueError("a position is '<board> <to-move> <quiet> <ply>'")
    board_text, side, quiet, ply = parts
    if side not in SIDE_LETTERS:
        raise ValueError(f"the side to move must be 's' or 'n', not {side!r}")
    q, p = _count(quiet, "quiet"), _count(ply, "ply")
    if q > p:
        raise ValueError("quiet cannot exceed ply")
    return Position(parse_board(board_text), SIDE_LETTERS.index(side), q, p)
