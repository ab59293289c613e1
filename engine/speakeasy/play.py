"""State transitions: a new game, a setup, a move, and the end conditions (spec 4-8).

``advance`` is the unchecked fast path used by playouts once a move is known to be legal;
``apply_setup`` and ``apply_move`` check everything and say why they refuse. With the compiled
core (``movegen.FAST``) ``advance`` is its version, which plays the common plies itself and
hands every other one to :func:`advance_python`, the reference it is tested against.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Result
from engine.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from engine.speakeasy import chance
from engine.speakeasy.board import BARS, BUILDINGS, NAMES, SIZE
from engine.speakeasy.combat import TABLES
from engine.speakeasy.movegen import FAST, legal_moves, parse_move, piece_moves
from engine.speakeasy.notation import parse_board
from engine.speakeasy.pieces import BABE, BOSS, REVEALED, SPEAKEASY, UNKNOWN, make
from engine.speakeasy.rules import RuleOptions
from engine.speakeasy.setup import parse_setup, setup_text
from engine.speakeasy.state import (
    ATTACKER,
    DEFENDER,
    OVER,
    PLAY,
    SETUP,
    Log,
    LogEntry,
    State,
    fixed_pieces,
    occupancy,
)

# Reasons a game ends by the rules.
CAPTURE = "speakeasy"
NO_MOVES = "no_moves"
NO_COMBAT = "no_combat"


def new_state(options: RuleOptions, seed: chance.Seed) -> State:
    rng = chance.initial(seed)
    return State(options=options, seed=seed, rng=rng, phase=SETUP, board=[0] * SIZE, to_move=0)


def apply_setup(state: State, side: int, text: str) -> State:
    if state.phase == OVER:
        raise GameOver("the game is over")
    if state.phase != SETUP:
        raise NotYourTurn("setup is over")
    if state.setups[side] is not None:
        raise IllegalAction("your setup is already submitted")
    placed = parse_setup(text, side, state.options)
    new = state.copy()
    for sq, piece in enumerate(placed):
        if piece:
            new.board[sq] = piece
    new.occ = occupancy(new.board)
    new.fixed = fixed_pieces(new.board)
    setups = list(state.setups)
    setups[side] = setup_text(placed, side)
    new.setups = (setups[0], setups[1])
    if None not in new.setups:
        first, new.rng = chance.draw_first(state.seed, state.rng)
        new.first = new.to_move = first
        new.phase = PLAY
        _settle(new, mover=first ^ 1)
    return new


def started_from(state: State, setups: tuple[str, str]) -> State:
    """The start of play from ``setups`` (already checked) with ``state``'s options, seed,
    first player and generator position: no new draw. For the twin maker, which replays a
    game from re-dealt setups under the same chance."""
    assert state.first is not None
    board = [0] * SIZE
    for text in setups:
        for sq, piece in enumerate(parse_board(text)):
            if piece:
                board[sq] = piece
    new = State(
        options=state.options,
        seed=state.seed,
        rng=state.rng,
        phase=PLAY,
        board=board,
        to_move=state.first,
        first=state.first,
        setups=setups,
    )
    _settle(new, mover=state.first ^ 1)
    return new


def apply_move(state: State, side: int, text: str) -> State:
    if state.phase == OVER:
        raise GameOver("the game is over")
    if state.phase != PLAY:
        raise NotYourTurn("play has not started: both setups are needed first")
    if side != state.to_move:
        raise NotYourTurn("it is not your turn")
    try:
        move = parse_move(text)
    except ValueError as exc:
        raise InvalidAction(str(exc)) from None
    frm, to = move >> 6, move & 63
    piece = state.board[frm]
    if not piece or piece >> 4 & 1 != side:
        raise IllegalAction(f"you have no piece on {NAMES[frm]}")
    if move not in piece_moves(state.board, state.occ, side, state.options.bar_exit, frm):
        raise IllegalAction(f"{NAMES[frm]}-{NAMES[to]} is not a legal move: {_why_not(state, frm, to)}")
    return advance(state, move)


def _why_not(state: State, frm: int, to: int) -> str:
    """A reason that speaks only of the mover's own piece and public facts."""
    kind = state.board[frm] & 15
    if kind in (BABE, SPEAKEASY):
        return f"the {'Babe' if kind == BABE else 'Speakeasy'} never moves"
    if not state.options.bar_exit and BARS >> frm & 1:
        return "under these rules a piece on a bar never moves again"
    target = state.board[to]
    if target and target >> 4 & 1 == state.to_move:
        return "you cannot move onto your own piece"
    if target and BUILDINGS >> to & 1:
        return "a piece inside a building cannot be attacked"
    return "no line, straight street or (for a Kid) free street path leads there"


def advance_python(state: State, move: int) -> State:
    """Play a move already known to be legal; returns the new state."""
    frm, to = move >> 6, move & 63
    new = state.copy()
    board, occ = new.board, new.occ
    side = state.to_move
    foe = side ^ 1
    piece, target = board[frm], board[to]
    board[frm] = 0
    occ[side] ^= 1 << frm
    options = state.options
    result: Result | None = None
    if not target:
        board[to] = piece
        occ[side] |= 1 << to
        entry = LogEntry(state.ply, side, frm, to)
        new.quiet = state.quiet + 1
    else:
        a_kind, d_kind = piece & 15, target & 15
        survivor = TABLES[options.babe_survives][a_kind, d_kind]
        shown = REVEALED if options.reveal_on_combat else 0
        if survivor == ATTACKER:
            board[to] = piece | shown
            occ[side] |= 1 << to
            occ[foe] ^= 1 << to
        elif survivor == DEFENDER:
            board[to] = target | shown
        else:
            board[to] = 0
            occ[foe] ^= 1 << to
        if survivor != DEFENDER:
            new.fixed[foe] &= ~(1 << to)
        entry = LogEntry(state.ply, side, frm, to, a_kind, d_kind, survivor)
        new.quiet = 0
        if d_kind == SPEAKEASY:
            result = Result.win(side, CAPTURE)
        elif options.boss_loss_reveals_speakeasy:
            if a_kind == BOSS and survivor != ATTACKER:
                _reveal_speakeasy(board, side)
            if d_kind == BOSS and survivor != DEFENDER:
                _reveal_speakeasy(board, foe)
    new.ply = state.ply + 1
    new.to_move = foe
    new.log = linked(entry, state.log)
    if result is not None:
        new.result = result
        new.phase = OVER
    else:
        _settle(new, mover=side)
    return new


def _pair(entry: LogEntry, rest: Log) -> Log:
    return (entry, rest)


if FAST is not None:
    FAST.bind_play(advance_python, LogEntry, TABLES, ATTACKER, DEFENDER, SPEAKEASY, BOSS, REVEALED)
advance: Callable[[State, int], State] = advance_python if FAST is None else FAST.advance
linked: Callable[[LogEntry, Log], Log] = _pair if FAST is None else FAST.linked
"""The log with ``entry`` before ``rest``: ``(entry, rest)``, which the compiled core makes
out of the cycle collector's lists (the pairs it links itself are too). Neither an entry
nor a pair can be in a reference cycle; a game's log lives as long as the game, and a
server's thousand logs, tracked, made every collection walk them (docs/server.md, "Garbage
collection")."""


def _reveal_speakeasy(board: list[int], side: int) -> None:
    speakeasy = make(SPEAKEASY, side)
    for sq in range(SIZE):
        if board[sq] & ~REVEALED == speakeasy:
            board[sq] |= REVEALED


def _settle(state: State, mover: int) -> None:
    """After ``mover`` has played: the side to move loses if it has no legal move, else the
    game is drawn once ``no_combat_limit`` plies have passed without combat. (A player with
    no move loses even on the ply that reaches the limit, as checkmate beats the 50-move
    rule in chess; rulebook silent.)"""
    side = state.to_move
    moves = legal_moves(state.board, state.occ, side, state.options.bar_exit, state.fixed[side])
    state.legal_cache = moves
    if not moves and not _has_hidden(state, side):
        state.result = Result.win(mover, NO_MOVES)
        state.phase = OVER
    elif state.quiet >= state.options.no_combat_limit:
        state.result = Result.draw(NO_COMBAT)
        state.phase = OVER


def _has_hidden(state: State, side: int) -> bool:
    """Whether ``side`` has a piece whose face a parsed position hides (then "no legal
    move" cannot be decided: the hidden piece might move)."""
    return any(p & 15 == UNKNOWN and p >> 4 & 1 == side for p in state.board)


def legal(state: State) -> list[int]:
    """Legal moves of the side to move (none outside play)."""
    if state.phase != PLAY:
        return []
    if state.legal_cache is None:
        state.legal_cache = legal_moves(
            state.board, state.occ, state.to_move, state.options.bar_exit, state.fixed[state.to_move]
        )
    return state.legal_cache


def conclude(state: State, result: Result) -> State:
    if state.phase == OVER:
        raise GameOver("the game is over")
    new = state.copy()
    new.result = result
    new.phase = OVER
    return new


__all__ = [
    "advance",
    "advance_python",
    "apply_move",
    "apply_setup",
    "conclude",
    "legal",
    "new_state",
    "started_from",
]
