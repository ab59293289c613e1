"""How many moves a piece needs to reach a location through the pieces on the board.

Computed once per decision on the bot's own view of the board (occupancy is public; the
kinds do not matter), then read by the evaluation of every sampled world. A move is a step
or a straight slide over empty locations; entering a location held by the other side costs
a fight, one held by the mover's own side the time to clear it, a building the other side
holds is all but closed. Kids' turns are not counted (the distance is an upper bound).
"""

from __future__ import annotations

import heapq
from typing import Final

from engine.speakeasy.board import BUILDINGS, HOME_BARS, NEIGHBOURS, RAYS, SIZE, squares_of
from engine.speakeasy.pieces import SPEAKEASY

FAR: Final = 99
FIGHT: Final = 3
CLEAR: Final = 2
CLOSED: Final = 8


def moves_to(goal: int, mover_occ: int, other_occ: int) -> list[int]:
    """Moves needed by a piece of the side owning ``mover_occ`` to reach ``goal`` from each
    location (the goal costs one move to enter whoever holds it)."""
    dist = [FAR] * SIZE
    dist[goal] = 0
    heap = [(0, goal)]
    while heap:
        d, here = heapq.heappop(heap)
        if d > dist[here]:
            continue
        bit = 1 << here
        enter = 1
        if here != goal:
            if other_occ & bit:
                enter += CLOSED if BUILDINGS & bit else FIGHT
            elif mover_occ & bit:
                enter += CLEAR
        for src in _sources(here, mover_occ | other_occ):
            nd = d + enter
            if nd < dist[src]:
                dist[src] = nd
                heapq.heappush(heap, (nd, src))
    return dist


def _sources(here: int, occupied: int) -> list[int]:
    """Locations from which one move reaches ``here``: neighbours, and along each straight
    street ray the locations a slide could start from (those in between must be empty)."""
    out = list(NEIGHBOURS[here])
    for ray in RAYS[here]:
        for i in range(1, len(ray)):
            if occupied >> ray[i - 1] & 1:
                break
            out.append(ray[i])
    return out


class Paths:
    """The distance maps one decision needs: for each opposing home bar (where their
    Speakeasy may stand) the bot's moves to it, and the opponent's moves to the bot's own
    Speakeasy."""

    __slots__ = ("attack", "threat")

    def __init__(self, board: list[int], me: int) -> None:
        occ = [0, 0]
        own_s = -1
        for sq, piece in enumerate(board):
            if piece:
                occ[piece >> 4 & 1] |= 1 << sq
                if piece >> 4 & 1 == me and piece & 15 == SPEAKEASY:
                    own_s = sq
        self.attack = {bar: moves_to(bar, occ[me], occ[me ^ 1]) for bar in squares_of(HOME_BARS[me ^ 1])}
        self.threat = moves_to(own_s, occ[me ^ 1], occ[me]) if own_s >= 0 else None
