"""Where trucks and characters can go, and who controls a street (spec sections 6.1 and 7)."""

from __future__ import annotations

from typing import Final

from engine.prohibition.board import CONTROL_DIST, EXITS, STREET_ENDS, STREETS_AT
from engine.prohibition.data import FORBIDDERS, HELPERS, TAKERS
from engine.prohibition.state import State

# The longest drive without a delivery ("1 à 4 rues sans rien livrer").
MAX_DRIVE: Final = 4

# Control of a street.
NONE: Final = 0
FORBID: Final = 1
HELP: Final = 2


def truck_reach(state: State, truck: int) -> dict[int, int]:
    """Every final street ``truck`` can reach, with a bit mask of the chain lengths that get
    there (bit n set: a chain of exactly n streets exists)."""
    start = state.trucks[truck].street
    blocked = {t.street for i, t in enumerate(state.trucks) if i != truck and t.street >= 0}
    occupied = {p for p in state.chars if p >= 0}
    reach: dict[int, int] = {}
    used = [start]
    for v1 in STREET_ENDS[start]:
        if v1 not in occupied:
            _drive(v1, 0, used, blocked, occupied, reach)
    return reach


# The searches below are module functions, not closures: a closure that calls itself is a
# reference cycle, garbage only the cycle collector frees (and its collections stall the server).
def _drive(
    v: int, length: int, used: list[int], blocked: set[int], occupied: set[int], reach: dict[int, int]
) -> None:
    for s, far in EXITS[v]:
        if s in used or s in blocked:
            continue
        reach[s] = reach.get(s, 0) | (1 << (length + 1))
        if length + 1 < MAX_DRIVE and far not in occupied:
            used.append(s)
            _drive(far, length + 1, used, blocked, occupied, reach)
            used.pop()


def character_reach(state: State, char: int, steps: int) -> set[int]:
    """Intersections ``char`` can end on after exactly ``steps`` steps, before the end
    conditions (no intersection twice, no street holding a truck, no other character)."""
    start = state.chars[char]
    truck_streets = {t.street for t in state.trucks if t.street >= 0}
    others = {p for i, p in enumerate(state.chars) if i != char and p >= 0}
    out: set[int] = set()
    walk_ends(start, steps, [start], truck_streets, others, out)
    return out


def walk_ends(
    v: int, left: int, visited: list[int], closed: set[int], others: set[int], out: set[int]
) -> None:
    """Add to ``out`` every intersection a walk of ``left`` more steps from ``v`` ends on: no
    intersection in ``visited`` or in ``others``, no street in ``closed``."""
    if left == 0:
        out.add(v)
        return
    for s, far in EXITS[v]:
        if s in closed or far in others or far in visited:
            continue
        visited.append(far)
        walk_ends(far, left - 1, visited, closed, others, out)
        visited.pop()


def trucks_touching(state: State, at: int) -> tuple[int, ...]:
    """Trucks in contact with a character standing on intersection ``at`` (truck order)."""
    ends = STREETS_AT[at]
    return tuple(i for i, t in enumerate(state.trucks) if t.street >= 0 and t.street in ends)


def end_allowed(state: State, char: int, at: int) -> bool:
    """Whether ``char``'s action may end on ``at`` (spec section 7): no truck left between
    Ness and the Policeman, and (unless ``repeat_contact: allowed``) no contact with a truck it
    touched after its previous action."""
    if state.options["repeat_contact"] != "allowed":
        last = state.contacts[char]
        if last and any(t in last for t in trucks_touching(state, at)):
            return False
    if char in TAKERS:
        positions = [at if c == char else state.chars[c] for c in TAKERS]
        if all(p >= 0 for p in positions) and len(set(positions)) == len(positions) >= 2:
            pair = set(positions)
            for t in state.trucks:
                if t.street >= 0 and set(STREET_ENDS[t.street]) <= pair:
                    return False
    return True


def control(state: State, street: int) -> int:
    """The control of a street: FORBID, HELP (Capone alone nearest) or NONE."""
    table = CONTROL_DIST[state.options["control_range"]]
    best = -1
    nearest: list[int] = []
    for c, pos in enumerate(state.chars):
        if pos < 0:
            continue
        d = table[pos][street]
        if d < 0:
            continue
        if best < 0 or d < best:
            best, nearest = d, [c]
        elif d == best:
            nearest.append(c)
    if not nearest:
        return NONE
    if all(c in FORBIDDERS for c in nearest):
        return FORBID
    if all(c in HELPERS for c in nearest):
        return HELP
    return NONE
