"""Why the bot chose an action, in the seat's own view (the catalogue's ``hint_reason``).

Facts about the chosen action the search weighed: a capture (of a piece whose face is
public, or of a hidden one), its Speakeasy taken, a piece brought nearer to the opposing
Speakeasy or back to guard its own, the setup's wall around the Speakeasy; else the move
the sampled worlds scored best.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.hints import Reason, reason
from engine.speakeasy.board import NAMES, NEIGHBOURS, file_of, rank_of
from engine.speakeasy.bot.beliefs import from_view
from engine.speakeasy.bot.levels import LEVELS
from engine.speakeasy.bot.threats import speakeasy_of
from engine.speakeasy.movegen import parse_move
from engine.speakeasy.notation import parse_board
from engine.speakeasy.pieces import BABE, CODE, KIND_MASK, SPEAKEASY, UNKNOWN

REASONS: Final = (
    "se.advice.setup",
    "se.advice.win",
    "se.advice.capture",
    "se.advice.attack",
    "se.advice.approach",
    "se.advice.guard",
    "se.advice.advance",
    "se.advice.best",
)
"""Every key :func:`reason` may answer (the browser module words each, in English and French)."""

_WORLDS: Final = LEVELS["strong"].worlds


def _steps(a: int, b: int) -> int:
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


def _setup(view: Mapping[str, Any], position: str) -> Reason:
    board = parse_board(position.split(" ", 1)[0])
    me = view["viewer"]
    home = speakeasy_of(board, me)
    babes = sum(1 for sq in NEIGHBOURS[home] if board[sq] & KIND_MASK == BABE) if home >= 0 else 0
    return reason("se.advice.setup", at=NAMES[home] if home >= 0 else "", babes=babes)


def reason_for(view: Mapping[str, Any], action: Mapping[str, Any]) -> Reason:
    """Why ``action`` (the bot's choice for the seat of ``view``)."""
    if action.get("type") == "setup":
        return _setup(view, str(action["position"]))
    move = parse_move(str(action["move"]))
    frm, to = move >> 6, move & 63
    beliefs = from_view(view)
    board, me = beliefs.board, beliefs.me
    mover = CODE[board[frm] & KIND_MASK]
    words = {"piece": mover, "from": NAMES[frm], "to": NAMES[to]}
    target = board[to]
    if target:
        kind = target & KIND_MASK
        if kind == SPEAKEASY:
            return reason("se.advice.win", **words)
        if kind != UNKNOWN:
            return reason("se.advice.capture", target=CODE[kind], **words)
        return reason("se.advice.attack", worlds=_WORLDS, **words)
    theirs = speakeasy_of(board, me ^ 1)
    if theirs >= 0 and _steps(to, theirs) < _steps(frm, theirs):
        return reason("se.advice.approach", steps=_steps(to, theirs), **words)
    mine = speakeasy_of(board, me)
    foes = [sq for sq, piece in enumerate(board) if piece and piece >> 4 & 1 != me]
    near = min((_steps(sq, mine) for sq in foes), default=99) if mine >= 0 else 99
    if mine >= 0 and near <= 3 and _steps(to, mine) < _steps(frm, mine):
        return reason("se.advice.guard", **words)
    forward = (rank_of(to) - rank_of(frm)) * (1 if me == 0 else -1)
    if forward > 0:
        return reason("se.advice.advance", worlds=_WORLDS, **words)
    return reason("se.advice.best", worlds=_WORLDS, **words)


__all__ = ["REASONS", "reason_for"]
