"""The city (spec section 2), derived from the data pack at import.

Intersections, streets and building slots are numbered in data order; everything the rules
need about the geometry is a table here: the streets at each intersection, the building
whose door is on each street, each slot's neighbours, and for each intersection the streets
a character standing there controls and at what distance (spec section 7).
"""

from __future__ import annotations

from typing import Final

from engine.prohibition.data import (
    CHAR_INDEX,
    LAYOUTS,
    RAW,
)

# -- intersections ----------------------------------------------------------------------------
INTER_IDS: Final = tuple(i["id"] for i in RAW["intersections"])
INTER_INDEX: Final = {name: n for n, name in enumerate(INTER_IDS)}
INTER_XY: Final = tuple((int(i["x"]), int(i["y"])) for i in RAW["intersections"])
NINTER: Final = len(INTER_IDS)

# -- streets ----------------------------------------------------------------------------------
STREET_IDS: Final = tuple(s["id"] for s in RAW["streets"])
STREET_INDEX: Final = {name: n for n, name in enumerate(STREET_IDS)}
STREET_ENDS: Final = tuple((INTER_INDEX[s["ends"][0]], INTER_INDEX[s["ends"][1]]) for s in RAW["streets"])
STREET_LINE: Final = tuple(str(s["line"]) for s in RAW["streets"])
STREET_AXIS: Final = tuple(str(s["axis"]) for s in RAW["streets"])
STREET_PERIMETER: Final = tuple(bool(s["perimeter"]) for s in RAW["streets"])
NSTREET: Final = len(STREET_IDS)

# (street, far end) for each intersection, streets in data order.
EXITS: Final = tuple(
    tuple((s, b if a == v else a) for s, (a, b) in enumerate(STREET_ENDS) if v in (a, b))
    for v in range(NINTER)
)
# Streets ending at each intersection.
STREETS_AT: Final = tuple(frozenset(s for s, _ in EXITS[v]) for v in range(NINTER))

# -- buildings --------------------------------------------------------------------------------
SLOT_IDS: Final = tuple(b["id"] for b in RAW["buildings"])
SLOT_INDEX: Final = {name: n for n, name in enumerate(SLOT_IDS)}
NSLOT: Final = len(SLOT_IDS)
SLOT_DOOR: Final = tuple(STREET_INDEX[b["door"]] for b in RAW["buildings"])
SLOT_CAPACITY: Final = tuple(int(b["capacity"]) for b in RAW["buildings"])
SLOT_DISTRICT: Final = tuple(str(b["district"]) for b in RAW["buildings"])
SLOT_RECT: Final = tuple(tuple(float(x) for x in b["rect"]) for b in RAW["buildings"])
SLOT_NEIGHBOURS: Final = tuple(tuple(SLOT_INDEX[n] for n in b["neighbours"]) for b in RAW["buildings"])
# The slot whose door is on each street, or -1.
DOOR_OF_STREET: Final = tuple(
    next((n for n, door in enumerate(SLOT_DOOR) if door == s), -1) for s in range(NSTREET)
)

# District boards in the order the random special placement visits them (spec section 12).
DISTRICTS: Final = ("NW", "NE", "SE", "SW")


def rects_touch(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two closed rectangles ``[x0, y0, x1, y1]`` share any point (edge or corner)."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def slots_touch(a: int, b: int) -> bool:
    return a == b or rects_touch(SLOT_RECT[a], SLOT_RECT[b])


# -- control (spec section 7) -----------------------------------------------------------------
def _line_distance(v: int, s: int) -> int:
    """Streets along the line from intersection ``v`` to the nearer end of ``s``, or -1 when
    ``v`` is not on the line of ``s``."""
    (ax, ay), (bx, by) = INTER_XY[STREET_ENDS[s][0]], INTER_XY[STREET_ENDS[s][1]]
    x, y = INTER_XY[v]
    if STREET_AXIS[s] == "h":
        if y != ay:
            return -1
        return 0 if x in (ax, bx) else min(abs(x - ax), abs(x - bx))
    if x != ax:
        return -1
    return 0 if y in (ay, by) else min(abs(y - ay), abs(y - by))


# CONTROL_DIST[mode][v][s]: the distance at which a character on v controls street s, or -1.
CONTROL_DIST: Final = {
    "line": tuple(tuple(_line_distance(v, s) for s in range(NSTREET)) for v in range(NINTER)),
    "touching": tuple(tuple(0 if s in STREETS_AT[v] else -1 for s in range(NSTREET)) for v in range(NINTER)),
}

# -- layouts ----------------------------------------------------------------------------------
LAYOUT_NAMES: Final = tuple(LAYOUTS)


def start_points(layout: str) -> tuple[tuple[int, ...], ...]:
    """Each character's start intersections (character order), for a layout."""
    points = LAYOUTS[layout]["start_points"]
    out: list[tuple[int, ...]] = [()] * len(CHAR_INDEX)
    for char, names in points.items():
        out[CHAR_INDEX[char]] = tuple(INTER_INDEX[n] for n in names)
    return tuple(out)


START_POINTS: Final = {name: start_points(name) for name in LAYOUT_NAMES}


def fixed_specials(layout: str) -> dict[int, str]:
    """slot -> special tile id for a layout's fixed positions."""
    return {SLOT_INDEX[slot]: tile for slot, tile in LAYOUTS[layout]["special_buildings"].items()}


def special_pairs(district: str, placed: list[int]) -> list[tuple[int, int]]:
    """The (distillery slot, private-bar slot) pairs of a district board that touch neither
    each other nor any slot in ``placed``, ordered by distillery slot then private-bar slot
    in data order (spec section 12, step 2)."""
    free = [
        n for n in range(NSLOT) if SLOT_DISTRICT[n] == district and not any(slots_touch(n, p) for p in placed)
    ]
    return [(d, p) for d in free for p in free if not slots_touch(d, p)]


# Sanity of the data: every street holds at most one door.
assert len({s for s in SLOT_DOOR}) == NSLOT, "two buildings share a door street"
