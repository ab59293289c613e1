"""Secret setup: validation with reasons, a seeded random generator, named openings
(spec section 4)."""

from __future__ import annotations

from typing import Final

from engine.errors import IllegalAction, InvalidAction
from engine.rng import Chance
from engine.rng_legacy import LegacyRng
from engine.speakeasy.board import (
    BACK_RANKS,
    BUILDINGS,
    FRONT_RANK,
    HALVES,
    HOME_BARS,
    NAMES,
    SIZE,
    mirror,
    squares_of,
)
from engine.speakeasy.notation import format_board, parse_board
from engine.speakeasy.pieces import (
    ARMY,
    BABE,
    CODE,
    FBI,
    REVEALED,
    SPEAKEASY,
    UNKNOWN,
    make,
)
from engine.speakeasy.pieces import (
    NAMES as PIECE_NAMES,
)
from engine.speakeasy.rules import RuleOptions

SIDE_NAMES: Final = ("South", "North")


def setup_squares(side: int) -> list[int]:
    """The 25 locations a side fills at setup: its half without the buildings."""
    return squares_of(HALVES[side] & ~BUILDINGS)


def parse_setup(text: str, side: int, options: RuleOptions) -> list[int]:
    """A setup in notation (a board, or a whole position) -> 60-cell board holding only
    ``side``'s pieces. Raises InvalidAction (malformed) or IllegalAction naming the rule."""
    if not isinstance(text, str):
        raise InvalidAction("a setup must be text in position notation")
    parts = text.split()
    if not parts or len(parts) not in (1, 4):
        raise InvalidAction(
            "a setup is a board in position notation, optionally with '<to-move> <quiet> <ply>'"
        )
    try:
        board = parse_board(parts[0])
    except ValueError as exc:
        raise InvalidAction(f"setup notation: {exc}") from None
    check_setup(board, side, options)
    return board


def check_setup(board: list[int], side: int, options: RuleOptions) -> None:
    """Raise IllegalAction with a reason naming the broken rule, or return."""
    name = SIDE_NAMES[side]
    counts: dict[int, int] = {}
    for sq, piece in enumerate(board):
        if not piece:
            continue
        if piece >> 4 & 1 != side:
            raise IllegalAction(f"a setup holds only your own pieces ({name}); {NAMES[sq]} is not yours")
        kind = piece & 15
        if kind == UNKNOWN or piece & REVEALED:
            raise IllegalAction(f"{NAMES[sq]}: write each piece with its code and a lower-case side letter")
        if not HALVES[side] >> sq & 1:
            raise IllegalAction(f"{NAMES[sq]} is not on your half of the board")
        if BUILDINGS >> sq & 1:
            raise IllegalAction(f"buildings start empty: {NAMES[sq]} is a building")
        counts[kind] = counts.get(kind, 0) + 1
    # Locations first: with 25 locations and 25 pieces, a short count always leaves one empty,
    # and the empty location is the more useful reason.
    empty = [NAMES[sq] for sq in setup_squares(side) if not board[sq]]
    if empty:
        raise IllegalAction(
            f"every location of your half but the buildings must be filled: {', '.join(empty)}"
        )
    for kind, count in ARMY.items():
        if counts.get(kind, 0) != count:
            raise IllegalAction(
                f"your army has {count} {PIECE_NAMES['en'][kind]} ({CODE[kind]}); the setup places "
                f"{counts.get(kind, 0)}"
            )
    for sq, piece in enumerate(board):
        kind = piece & 15
        if kind == SPEAKEASY and not HOME_BARS[side] >> sq & 1:
            raise IllegalAction(f"the Speakeasy must stand on one of your two bars, not {NAMES[sq]}")
        if kind == BABE and not BACK_RANKS[side] >> sq & 1:
            raise IllegalAction(f"Babes stand on your two back ranks; {NAMES[sq]} is not one of them")
        if kind == FBI and not options.fbi_front_row and FRONT_RANK[side] >> sq & 1:
            raise IllegalAction(f"under these rules the FBI may not start on the front rank ({NAMES[sq]})")


def may_start_on(kind: int, sq: int, side: int, options: RuleOptions) -> bool:
    """Whether a piece of ``kind`` may stand on ``sq`` (of ``side``'s setup locations) at
    setup: the placement rules of :func:`check_setup`."""
    if kind == SPEAKEASY:
        return bool(HOME_BARS[side] >> sq & 1)
    if kind == BABE:
        return bool(BACK_RANKS[side] >> sq & 1)
    if kind == FBI and not options.fbi_front_row:
        return not FRONT_RANK[side] >> sq & 1
    return True


def setup_text(board: list[int], side: int) -> str:
    """The setup as a board in notation, showing only ``side``'s pieces."""
    only = [p if p and p >> 4 & 1 == side else 0 for p in board]
    return format_board(only, [True] * SIZE)


def random_setup(side: int, seed: int | Chance, options: RuleOptions | None = None) -> str:
    """A uniformly shuffled legal setup for ``side``, drawn from ``seed``: a generator, or an
    integer seeding the legacy stream (as the server's "random setup" button does)."""
    options = options or RuleOptions()
    rng: Chance = LegacyRng(seed) if isinstance(seed, int) else seed
    free = setup_squares(side)
    board = [0] * SIZE

    def place(kind: int, allowed: list[int]) -> None:
        sq = rng.choice(allowed)
        board[sq] = make(kind, side)
        free.remove(sq)

    place(SPEAKEASY, squares_of(HOME_BARS[side]))
    for _ in range(ARMY[BABE]):
        place(BABE, [sq for sq in free if BACK_RANKS[side] >> sq & 1])
    for _ in range(ARMY[FBI]):
        place(FBI, [sq for sq in free if options.fbi_front_row or not FRONT_RANK[side] >> sq & 1])
    rest = [kind for kind, count in ARMY.items() for _ in range(count) if kind not in (SPEAKEASY, BABE, FBI)]
    rng.shuffle(rest)
    for sq, kind in zip(free, rest, strict=True):
        board[sq] = make(kind, side)
    return setup_text(board, side)


# Named openings for South, drawn by hand from Lu Zhan Qi practice. Ranks 6 (front) down to
# 1 (back); buildings (b3 d3 c4 b5 d5) are empty. For North, see `opening_for`.
_OPENING_ROWS: Final[dict[str, tuple[str, ...]]] = {
    # Speakeasy b1 walled in by three Babes; a decoy Henchman on the other bar; FBI agents
    # in the second line ready to meet an attacking Boss; Kids on the fast streets.
    "fortress": ("2 1 7 K 6", "3 . 8 . 4", "6 F . F 5", "4 . 1 . 2", "K B 5 3 K", "B S B 2 1"),
    # Speakeasy d1 behind two Babes with the Successor guarding d2; the third Babe sits on
    # the empty bar b1 to look like a guarded Speakeasy.
    "decoy": ("3 2 8 K 5", "6 . 1 . 4", "F 1 . 6 F", "5 . 2 . 3", "K 2 4 7 K", "1 B B S B"),
    # Strong front line to seize the buildings early; the Speakeasy b1 closed by two Babes
    # and a Corrupted cop.
    "blitz": ("7 5 8 4 6", "1 . K . 3", "4 2 . F 5", "2 . F . 1", "B 6 K 3 K", "B S B 1 2"),
}


def _opening_board(rows: tuple[str, ...]) -> list[int]:
    board = [0] * SIZE
    for index, row in enumerate(rows):
        rank = 6 - index
        for f, code in enumerate(row.split()):
            if code != ".":
                board[(rank - 1) * 5 + f] = make({c: k for k, c in CODE.items()}[code], 0)
    return board


def _mirrored(board: list[int], side: int) -> list[int]:
    """South's setup turned to ``side`` (a 180-degree turn for North)."""
    if side == 0:
        return board
    out = [0] * SIZE
    for sq, piece in enumerate(board):
        if piece:
            out[mirror(sq)] = make(piece & 15, side)
    return out


def opening_names() -> list[str]:
    return list(_OPENING_ROWS)


def opening_for(name: str, side: int) -> str:
    """A named opening as a setup for ``side``."""
    if name not in _OPENING_ROWS:
        raise InvalidAction(f"unknown opening {name!r}")
    return setup_text(_mirrored(_opening_board(_OPENING_ROWS[name]), side), side)


OPENINGS: Final[list[tuple[str, str]]] = [(name, opening_for(name, 0)) for name in _OPENING_ROWS]

__all__ = [
    "OPENINGS",
    "check_setup",
    "may_start_on",
    "opening_for",
    "opening_names",
    "parse_setup",
    "random_setup",
    "setup_squares",
    "setup_text",
]
