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

    def walk(v: int, length: int) -> None:
        for s, far in EXITS[v]:
            if s in used or s in blocked:
                continue
            reach[s] = reach.get(s, 0) | (1 << (length + 1))
            if length + 1 < MAX_DRIVE and far not in occupied:
                used.append(s)
                walk(far, length + 1)
                used.pop()

    for v1 in STREET_ENDS[start]:
        if v1 not in occupied:
            walk(v1, 0)
    return reach


def character_reach(state: State, char: int, steps: int) -> set[int]:
    """Intersections ``char`` can end on after exactly ``steps`` steps, before the end
    conditions (no intersection twice, no street holding a truck, no other character)."""
    start = state.chars[char]
    truck_streets = {t.street for t in state.trucks if t.street >= 0}
    others = {p for i, p in enumerate(state.chars) if i != char and p >= 0}
    out: set[int] = set()
    visited = [start]

    def walk(v: int, left: int) -> None:
        if left == 0:
            out.add(v)
            return
        for s, far in EXITS[v]:
            if s in truck_streets or far in others or far in visited:
                continue
            visited.append(far)
            walk(far, left - 1)
            visited.pop()

    walk(start, steps)
    return out


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
