"""The Speak Easy game state.

A :class:`State` is treated as immutable: every change makes a new one (see ``play.py``).
The board is a list of 60 piece ints (0 = empty, see ``pieces.py``) with one occupancy mask
per side kept beside it, and per side the mask of pieces that never move. The move log is
a persistent linked list (``(entry, parent)``) so that a new state shares its history with
the old one instead of copying it.

This object is the whole truth. It never leaves the server as is: ``view.py`` decides what
each viewer may know.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.core import Result
from engine.speakeasy.pieces import BABE, SPEAKEASY
from engine.speakeasy.rules import RuleOptions

SETUP: Final = "setup"
PLAY: Final = "play"
OVER: Final = "over"

# Who survived a combat.
ATTACKER: Final = "attacker"
DEFENDER: Final = "defender"
NEITHER: Final = "none"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One ply. ``attacker``/``defender`` are the piece kinds of a combat (0 when none)."""

    ply: int
    side: int
    frm: int
    to: int
    attacker: int = 0
    defender: int = 0
    survivor: str | None = None


Log = tuple[LogEntry, "Log"] | None


class State:
    __slots__ = (
        "board",
        "first",
        "fixed",
        "legal_cache",
        "log",
        "occ",
        "options",
        "phase",
        "ply",
        "quiet",
        "result",
        "rng",
        "seed",
        "setups",
        "to_move",
    )

    def __init__(
        self,
        *,
        options: RuleOptions,
        seed: int | str,
        rng: int,
        phase: str,
        board: list[int],
        to_move: int,
        quiet: int = 0,
        ply: int = 0,
        first: int | None = None,
        setups: tuple[str | None, str | None] = (None, None),
        log: Log = None,
        result: Result | None = None,
    ) -> None:
        self.options = options
        self.seed = seed
        self.rng = rng
        self.phase = phase
        self.board = board
        self.to_move = to_move
        self.quiet = quiet
        self.ply = ply
        self.first = first
        self.setups = setups
        self.log = log
        self.result = result
        self.occ = occupancy(board)
        self.fixed = fixed_pieces(board)
        self.legal_cache: list[int] | None = None

    def copy(self) -> State:
        """A shallow copy with its own board list; the log is shared (it is persistent)."""
        new = State.__new__(State)
        new.options = self.options
        new.seed = self.seed
        new.rng = self.rng
        new.phase = self.phase
        new.board = self.board[:]
        new.to_move = self.to_move
        new.quiet = self.quiet
        new.ply = self.ply
        new.first = self.first
        new.setups = self.setups
        new.log = self.log
        new.result = self.result
        new.occ = self.occ[:]
        new.fixed = self.fixed[:]
        new.legal_cache = None
        return new

    def entries(self) -> list[LogEntry]:
        """The move log, oldest first."""
        out = []
        node = self.log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def last_entry(self) -> LogEntry | None:
        return None if self.log is None else self.log[0]


def occupancy(board: list[int]) -> list[int]:
    """``[south_mask, north_mask]`` of a board."""
    occ = [0, 0]
    for sq, piece in enumerate(board):
        if piece:
            occ[piece >> 4 & 1] |= 1 << sq
    return occ


def fixed_pieces(board: list[int]) -> list[int]:
    """``[south_mask, north_mask]`` of the pieces that never move (Babes, Speakeasy)."""
    fixed = [0, 0]
    for sq, piece in enumerate(board):
        if piece & 15 in (BABE, SPEAKEASY):
            fixed[piece >> 4 & 1] |= 1 << sq
    return fixed
