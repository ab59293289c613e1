"""The secrecy proof's twin maker (:meth:`engine.core.Game.twin`).

A twin of a state for a viewer is the same game in which the pieces hidden from him are
re-dealt: his opponent's for a player, both sides' for a spectator. It is built at the setup
level and the game is replayed from the re-dealt setups under the same chance (the first player
already drawn), so the twin is a state the rules can reach:

* in the setup phase, a submitted hidden setup is replaced by a fresh random legal setup;
* in play, a proposal re-deals the hidden side's pieces that never moved, never fought and are
  not shown (keeping every setup rule), and, every other proposal, also swaps one piece that
  moved or fought with another of its side. The game's moves are replayed on the proposal,
  which is kept only if every move stays legal with the same public outcome (who survived each
  combat, the faces the rules show, every face shown on the board, no end). Up to
  :data:`TRIES` proposals; if none holds, the twin is the state itself.

Once the game is over, or for :data:`EVERYONE`, nothing is hidden: the twin is the state.
"""

from __future__ import annotations

from typing import Final

from engine.core import EVERYONE, SPECTATOR, Viewer
from engine.errors import InvalidAction
from engine.rng import Rng
from engine.speakeasy.board import SIZE
from engine.speakeasy.movegen import piece_moves
from engine.speakeasy.notation import parse_board
from engine.speakeasy.pieces import BABE, FBI, REVEALED, SPEAKEASY, make
from engine.speakeasy.play import advance, started_from
from engine.speakeasy.setup import may_start_on, random_setup, setup_text
from engine.speakeasy.state import (
    ATTACKER,
    DEFENDER,
    OVER,
    SETUP,
    LogEntry,
    State,
    fixed_pieces,
    occupancy,
)

TRIES: Final = 12


def twin(state: State, viewer: Viewer, seed: str) -> State:
    if viewer not in (0, 1, SPECTATOR, EVERYONE) or isinstance(viewer, bool):
        raise InvalidAction(f"unknown viewer {viewer!r}")
    rng = Rng(seed)
    if viewer == EVERYONE or state.phase == OVER:
        return state
    hidden = (0, 1) if viewer == SPECTATOR else (1 - viewer,)
    if state.phase == SETUP:
        return _twin_in_setup(state, hidden, rng)
    if None in state.setups or "" in state.setups or state.first is None:
        return state  # a position given on the command line: no game to replay
    return _twin_in_play(state, hidden, rng)


def _twin_in_setup(state: State, hidden: tuple[int, ...], rng: Rng) -> State:
    new = state
    for side in hidden:
        if state.setups[side] is None:
            continue
        text = random_setup(side, rng, state.options)
        setups = list(new.setups)
        setups[side] = text
        new = new.copy()
        new.board = [p if p and p >> 4 & 1 != side else 0 for p in new.board]
        for sq, piece in enumerate(parse_board(text)):
            if piece:
                new.board[sq] = piece
        new.setups = (setups[0], setups[1])
        new.occ = occupancy(new.board)
        new.fixed = fixed_pieces(new.board)
    return new


def touched_pieces(state: State) -> set[int]:
    """Setup locations of the pieces (of both sides) that moved or fought, followed through
    the move log."""
    where: dict[int, int] = {}
    for side in (0, 1):
        text = state.setups[side]
        assert text is not None
        for sq, piece in enumerate(parse_board(text)):
            if piece:
                where[sq] = sq
    out: set[int] = set()
    for entry in state.entries():
        mover = where.pop(entry.frm)
        defender = where.pop(entry.to, None)
        out.add(mover)
        if defender is not None:
            out.add(defender)
        if entry.survivor is None or entry.survivor == ATTACKER:
            where[entry.to] = mover
        elif entry.survivor == DEFENDER:
            assert defender is not None
            where[entry.to] = defender
    return out


def _propose(state: State, side: int, frozen: set[int], touched: set[int], rng: Rng, bold: bool) -> str:
    """A re-deal of ``side``'s setup: the pieces on locations outside ``frozen`` dealt again
    under the setup rules; if ``bold``, then one piece of ``touched`` swapped with another."""
    text = state.setups[side]
    assert text is not None
    board = parse_board(text)
    options = state.options
    free = [sq for sq in range(SIZE) if board[sq] and sq not in frozen]
    kinds = [board[sq] & 15 for sq in free]
    # Deal as random_setup does: the Speakeasy, then the Babes, then the FBI, then the rest.
    for kind in (SPEAKEASY, BABE, FBI):
        for _ in range(kinds.count(kind)):
            places = [sq for sq in free if may_start_on(kind, sq, side, options)]
            sq = rng.choice(places)
            board[sq] = make(kind, side)
            free.remove(sq)
            kinds.remove(kind)
    rng.shuffle(kinds)
    for sq, kind in zip(free, kinds, strict=True):
        board[sq] = make(kind, side)
    mine = sorted(sq for sq in touched if board[sq] and board[sq] >> 4 & 1 == side)
    if bold and mine:
        a = rng.choice(mine)
        others = [sq for sq in range(SIZE) if board[sq] and sq != a and board[sq] & 15 != board[a] & 15]
        if others:
            b = rng.choice(others)
            ka, kb = board[a] & 15, board[b] & 15
            if may_start_on(ka, b, side, options) and may_start_on(kb, a, side, options):
                board[a], board[b] = board[b], board[a]
    return setup_text(board, side)


def _public(entry: LogEntry, faces: bool) -> tuple[object, ...]:
    return (entry.frm, entry.to, entry.survivor, (entry.attacker, entry.defender) if faces else None)


def _shown(state: State) -> list[tuple[int, int]]:
    return [(sq, p) for sq, p in enumerate(state.board) if p & REVEALED]


def replay_same(state: State, setups: tuple[str, str]) -> State | None:
    """``state``'s moves replayed from ``setups``, or ``None`` as soon as one is illegal or
    its public outcome differs (or the replay ends the game, or shows other faces)."""
    faces = state.options.reveal_on_combat
    new = started_from(state, setups)
    for entry in state.entries():
        if new.result is not None:
            return None
        side = new.to_move
        if entry.side != side or not new.board[entry.frm] or new.board[entry.frm] >> 4 & 1 != side:
            return None
        move = entry.frm << 6 | entry.to
        if move not in piece_moves(new.board, new.occ, side, new.options.bar_exit, entry.frm):
            return None
        new = advance(new, move)
        last = new.last_entry()
        assert last is not None
        if _public(last, faces) != _public(entry, faces):
            return None
    if new.result is not None or _shown(new) != _shown(state):
        return None
    return new


def _twin_in_play(state: State, hidden: tuple[int, ...], rng: Rng) -> State:
    touched = touched_pieces(state)
    # Pieces shown now that never moved (a Speakeasy shown when its Boss fell) stay put too.
    shown = {sq for sq, _ in _shown(state)}
    frozen = touched | shown
    bold = rng.below(2) == 1
    for _ in range(TRIES):
        setups = list(state.setups)
        for side in hidden:
            setups[side] = _propose(state, side, frozen, touched, rng, bold)
        bold = not bold
        pair = (setups[0] or "", setups[1] or "")
        if pair == state.setups:
            continue
        replayed = replay_same(state, pair)
        if replayed is not None:
            return replayed
    return state
