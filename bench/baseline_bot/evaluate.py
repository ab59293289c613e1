"""Static evaluation of one full (sampled) world, from one side's point of view.

Units are roughly "Thugs". Terms:

* material, each piece by value, with a small price for being revealed (the opponent
  knows where it stands) and a small gain for knowing an opposing piece's face;
* the top piece: owning the highest ranked piece still alive is worth a bonus;
* Speakeasy safety: opposing movers close to one's own Speakeasy (in moves through the
  pieces on the board, ``paths.py``) cost, own pieces walling it in help, Babes most;
* attack: own movers close to the opposing Speakeasy (in this world) gain;
* the side to move's best capture (a one-ply quiescence), when replies are not searched;
* a side down to its last few movers is close to having no move at all (a loss);
* a lead is worth less as the no-combat counter nears its draw limit.
"""

from __future__ import annotations

from collections import deque
from typing import Final

from bench.baseline_bot.paths import Paths
from engine.core import Result
from engine.speakeasy.board import NEIGHBOURS, RAYS, SIZE
from engine.speakeasy.combat import TABLES
from engine.speakeasy.pieces import (
    ACCOUNTANT,
    BABE,
    BOSS,
    CAR,
    COP,
    FBI,
    GUNNER,
    HENCHMAN,
    KID,
    REVEALED,
    SPEAKEASY,
    SUCCESSOR,
    THUG,
)
from engine.speakeasy.state import ATTACKER, DEFENDER, State

WIN: Final = 1000.0

VALUE: Final[list[float]] = [0.0] * 16
for _kind, _value in {
    THUG: 1.0,
    HENCHMAN: 1.6,
    GUNNER: 2.3,
    CAR: 3.0,
    ACCOUNTANT: 4.0,
    COP: 5.2,
    SUCCESSOR: 7.0,
    BOSS: 9.0,
    KID: 1.3,
    BABE: 2.6,
    FBI: 5.0,
    SPEAKEASY: 0.0,
}.items():
    VALUE[_kind] = _value

REVEALED_OWN: Final = 0.12  # share of a piece's value lost when the opponent knows it
KNOWN_FOE: Final = 0.06  # share gained when the bot knows an opposing piece
TOP_BONUS: Final = 2.0
THREAT: Final = (0.0, 3.5, 1.2, 0.45, 0.15) + (0.0,) * 100  # by an opposing mover's moves to own Speakeasy
GUARD: Final = 0.35
BABE_GUARD: Final = 0.6
ATTACK: Final = (0.0, *(1.6 * 0.5**d for d in range(12)), *(0.0,) * 100)  # by own moves to theirs
CAPTURE_SHARE: Final = 0.6
FEW_MOVERS: Final = 4  # below this many movers a side risks having no move (a loss)
SHORT_OF_MOVERS: Final = 1.5


def _distances() -> tuple[tuple[int, ...], ...]:
    """Moves from each location to each other over an empty board (a slide is one move)."""
    hops = [set(NEIGHBOURS[sq]) | {t for ray in RAYS[sq] for t in ray} for sq in range(SIZE)]
    table = []
    for src in range(SIZE):
        dist = [99] * SIZE
        dist[src] = 0
        queue = deque([src])
        while queue:
            here = queue.popleft()
            for nxt in hops[here]:
                if dist[nxt] == 99:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        table.append(tuple(dist))
    return tuple(table)


DIST: Final = _distances()


def terminal(result: Result, me: int) -> float:
    if result.winner is None:
        return 0.0
    return WIN if result.winner == me else -WIN


def capture_gain(state: State, move: int) -> float:
    """Material the mover wins (positive) or loses by the attack ``move`` in this world."""
    board = state.board
    piece, target = board[move >> 6], board[move & 63]
    a, d = piece & 15, target & 15
    if d == SPEAKEASY:
        return WIN
    survivor = TABLES[state.options.babe_survives][a, d]
    if survivor == ATTACKER:
        return VALUE[d]
    if survivor == DEFENDER:
        return -VALUE[a]
    return VALUE[d] - VALUE[a]


def best_capture(state: State) -> float:
    """The side to move's best capture gain in this world (0 when none pays)."""
    board = state.board
    best = 0.0
    moves = state.legal_cache or ()
    for move in moves:
        if board[move & 63]:
            gain = capture_gain(state, move)
            if gain > best:
                best = gain
    return best


def evaluate(state: State, me: int, quiescence: bool = True, paths: Paths | None = None) -> float:
    board = state.board
    score = 0.0
    own_s = foe_s = -1
    own_top = foe_top = 0
    own_movers: list[int] = []
    foe_movers: list[int] = []
    occupied = state.occ[0] | state.occ[1]
    while occupied:
        low = occupied & -occupied
        occupied ^= low
        sq = low.bit_length() - 1
        piece = board[sq]
        kind = piece & 15
        value = VALUE[kind]
        if piece >> 4 & 1 == me:
            score += value
            if piece & REVEALED:
                score -= REVEALED_OWN * value
            if kind == SPEAKEASY:
                own_s = sq
            elif kind != BABE:
                own_movers.append(sq)
                if kind <= BOSS and kind > own_top:
                    own_top = kind
        else:
            score -= value
            if piece & REVEALED:
                score += KNOWN_FOE * value
            if kind == SPEAKEASY:
                foe_s = sq
            elif kind != BABE:
                foe_movers.append(sq)
                if kind <= BOSS and kind > foe_top:
                    foe_top = kind
    if len(own_movers) < FEW_MOVERS:
        score -= SHORT_OF_MOVERS * (FEW_MOVERS - len(own_movers))
    if len(foe_movers) < FEW_MOVERS:
        score += SHORT_OF_MOVERS * (FEW_MOVERS - len(foe_movers))
    if own_top > foe_top:
        score += TOP_BONUS
    elif foe_top > own_top:
        score -= TOP_BONUS
    if own_s >= 0:
        row = paths.threat if paths is not None and paths.threat is not None else DIST[own_s]
        for sq in foe_movers:
            score -= THREAT[row[sq]]
        for n in NEIGHBOURS[own_s]:
            piece = board[n]
            if piece and piece >> 4 & 1 == me:
                score += BABE_GUARD if piece & 15 == BABE else GUARD
    if foe_s >= 0:
        row = paths.attack.get(foe_s, DIST[foe_s]) if paths is not None else DIST[foe_s]
        for sq in own_movers:
            score += ATTACK[row[sq]]
    limit = state.options.no_combat_limit
    if score > 0 and state.quiet > limit // 3:
        score *= 1.0 - 0.5 * (state.quiet / limit) ** 2
    if quiescence:
        gain = best_capture(state)
        if gain:
            if gain >= WIN:
                return WIN * 0.9 if state.to_move == me else -WIN * 0.9
            score += CAPTURE_SHARE * gain if state.to_move == me else -CAPTURE_SHARE * gain
    return score
