"""Two-move threats on a Speakeasy, read exactly in one sampled world.

A Speakeasy stands on a bar, and a bar is on no street: it is taken only by a step from one
of its neighbours (its *ring*: ``a1 c1 b2`` around ``b1``). So a piece that reaches the ring
and is not removed at once takes it next move. The search (``search.py``) plays only the
replies that capture; these helpers add the rest of that race:

* :func:`rush_wins`, after the bot's move: can the opponent put a piece on the bot's ring
  (a step or slide to an empty ring square, or an attack on a guard there that it wins) that
  the bot cannot then remove with one attack? The railway rush (a slide down the a- or
  e-file, then a step to the corner) is the usual case; so is a guard walked away.
* :func:`standing_threat`, after the bot's move: does a piece of the side to move's
  opponent already stand on the ring of the side to move, so that a quiet answer loses?
"""

from __future__ import annotations

from typing import Final

from engine.speakeasy.board import NEIGHBOURS, RAYS, SIZE, squares_of
from engine.speakeasy.combat import TABLES
from engine.speakeasy.movegen import legal_moves
from engine.speakeasy.pieces import SPEAKEASY
from engine.speakeasy.play import advance
from engine.speakeasy.state import ATTACKER, DEFENDER, NEITHER, State

RING: Final[tuple[int, ...]] = tuple(sum(1 << n for n in NEIGHBOURS[sq]) for sq in range(SIZE))


def speakeasy_of(board: list[int], side: int) -> int:
    """Where ``side``'s Speakeasy stands (-1 when it is not on the board)."""
    speakeasy = SPEAKEASY | side << 4
    for sq, piece in enumerate(board):
        if piece & 31 == speakeasy:
            return sq
    return -1


def _intruders(state: State, side: int, ring: int) -> int:
    """The ring squares held by the opponent of ``side``."""
    return state.occ[side ^ 1] & ring


def _removable(state: State, target: int) -> bool:
    """Whether the side to move has an attack on ``target`` that removes the piece there."""
    board = state.board
    table = TABLES[state.options.babe_survives]
    defender = board[target] & 15
    for move in state.legal_cache or ():
        if move & 63 == target and table[board[move >> 6] & 15, defender] != DEFENDER:
            return True
    return False


def rush_wins(after: State, me: int, own_s: int) -> bool:
    """With the opponent to move in ``after``: whether one of its moves brings a piece onto
    the ring of ``me``'s Speakeasy on ``own_s`` that ``me`` cannot remove at once."""
    if own_s < 0 or after.result is not None or after.to_move == me:
        return False
    ring = RING[own_s]
    board = after.board
    table = TABLES[after.options.babe_survives]
    for move in after.legal_cache or ():
        to = move & 63
        if not ring >> to & 1:
            continue
        target = board[to]
        if target and table[board[move >> 6] & 15, target & 15] != ATTACKER:
            continue
        nxt = advance(after, move)
        if nxt.result is not None:
            if nxt.result.winner == me ^ 1:
                return True
            continue
        if takes_speakeasy(nxt):
            continue  # the bot wins first
        intruders = _intruders(nxt, me, ring)
        if intruders & (intruders - 1) or not _removable(nxt, intruders.bit_length() - 1):
            return True
    return False


_SOURCES: dict[tuple[int, int], dict[int, tuple[int, ...]]] = {}
_SOURCES_KEPT: Final = 50_000


def _ring_sources(ring: int, occupied: int) -> dict[int, tuple[int, ...]]:
    """For each location from which one move reaches a ring square (a step, or a slide over
    the empty locations between): the locations such a move passes and ends on, which a
    defender may occupy to block it. Memoized on the occupancy (read-only)."""
    key = (ring, occupied)
    known = _SOURCES.get(key)
    if known is not None:
        return known
    if len(_SOURCES) >= _SOURCES_KEPT:
        _SOURCES.clear()
    out: dict[int, tuple[int, ...]] = {}
    _SOURCES[key] = out
    for target in squares_of(ring):
        for src in NEIGHBOURS[target]:
            out[src] = (*out.get(src, ()), target)
        for ray in RAYS[target]:
            for i in range(1, len(ray)):
                if occupied >> ray[i - 1] & 1:
                    break
                out[ray[i]] = (*out.get(ray[i], ()), target, *ray[:i])
    return out


def approach_wins(after: State, me: int, own_s: int, foe_s: int = -1) -> bool:
    """With the opponent to move in ``after``: whether it has a move after which every
    answer of ``me`` that could matter still loses to :func:`rush_wins`. The moves tried are
    those that bring a piece within one move of the ring of ``me``'s Speakeasy (the slide
    down a file to the back street, say) and the attacks that open the ring (a guard and its
    attacker both removed). Three plies deep, so only the moves that matter are tried."""
    if own_s < 0 or after.result is not None or after.to_move == me:
        return False
    ring = RING[own_s]
    board = after.board
    foe = me ^ 1
    table = TABLES[after.options.babe_survives]
    sources = _ring_sources(ring, after.occ[0] | after.occ[1])
    for move in after.legal_cache or ():
        frm, to = move >> 6, move & 63
        target = board[to]
        outcome = table[board[frm] & 15, target & 15] if target else ATTACKER
        if ring >> to & 1:
            if outcome != NEITHER:
                continue  # entering the ring is rush_wins's part
        elif outcome != ATTACKER or to not in sources or frm in sources:
            continue
        nxt = advance(after, move)
        if nxt.result is not None:
            if nxt.result.winner == foe:
                return True
            continue
        if takes_speakeasy(nxt) or not rush_wins_if_passed(nxt, me, own_s):
            continue
        if not defended(nxt, me, own_s, foe_s):
            return True
    return False


def defended(state: State, me: int, own_s: int, foe_s: int = -1) -> bool:
    """With ``me`` to move: whether one of the answers that could matter leaves the
    opponent no winning :func:`rush_wins`: taking a piece one move from the ring, standing
    in its way, or on the ring; or, when their Speakeasy's location ``foe_s`` is known,
    stepping next to it where they cannot remove the piece (the bot then wins the race)."""
    ring = RING[own_s]
    occ = state.occ
    foe_occ = occ[me ^ 1]
    matters = ring
    for src, lane in _ring_sources(ring, occ[0] | occ[1]).items():
        if foe_occ >> src & 1:
            matters |= 1 << src
            for sq in lane:
                matters |= 1 << sq
    counter = RING[foe_s] if foe_s >= 0 else 0
    for answer in state.legal_cache or ():
        to = answer & 63
        if not (matters | counter) >> to & 1:
            continue
        nxt = advance(state, answer)
        if not matters >> to & 1 and (not nxt.occ[me] >> to & 1 or _removable(nxt, to)):
            continue
        if not rush_wins(nxt, me, own_s):
            return True
    return False


def approach_threat(after: State, me: int, foe_s: int) -> bool:
    """With the opponent to move in ``after``: whether ``me`` would win the race to its
    Speakeasy on ``foe_s`` if it passed (a piece enters its ring unremovably) and none of its
    answers that could matter stops that."""
    foe = me ^ 1
    if foe_s < 0 or after.result is not None or after.to_move != foe:
        return False
    return rush_wins_if_passed(after, foe, foe_s) and not defended(after, foe, foe_s)


def rush_wins_if_passed(state: State, me: int, own_s: int) -> bool:
    """:func:`rush_wins` for the opponent of the side to move as if it moved twice."""
    passed = state.copy()
    passed.to_move = me ^ 1
    passed.legal_cache = legal_moves(
        passed.board, passed.occ, me ^ 1, passed.options.bar_exit, passed.fixed[me ^ 1]
    )
    return rush_wins(passed, me, own_s)


def takes_speakeasy(state: State) -> bool:
    """Whether the side to move can take the opposing Speakeasy now."""
    board = state.board
    return any(board[move & 63] & 15 == SPEAKEASY for move in state.legal_cache or ())


def standing_threat(state: State, side: int, foe_s: int) -> bool:
    """Whether a piece of ``side`` stands on the ring of the opponent's Speakeasy on
    ``foe_s`` in ``state`` (so it takes the Speakeasy on its next move unless removed)."""
    return foe_s >= 0 and bool(state.occ[side] & RING[foe_s])
