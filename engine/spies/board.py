"""The map (spec section 4), derived from the data pack at import.

Cities are named by their 3-letter ids everywhere. Rail and air lines behave identically for
movement (``NEIGHBOURS``); sea voyages need only their length (spec 10.3):
``route_length(a, b) = 2 + d``, d the fewest zone-to-zone moves from a zone of port ``a`` to a
zone of port ``b``. Home territory depends on annexations (spec 9.4), so it is a function of
the state's annexation table, never a constant.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Final

from engine.spies.data import CITIES, CITY, CITY_IDS, COUNTRIES, LINES, POWERS, SEA_ZONES, DataError

_neighbours: dict[str, set[str]] = {c: set() for c in CITY_IDS}
for _a, _b, _kind in LINES:
    _neighbours[_a].add(_b)
    _neighbours[_b].add(_a)
# Adjacent cities by rail or air, in data-pack city order.
NEIGHBOURS: Final = {c: tuple(n for n in CITY_IDS if n in _neighbours[c]) for c in CITY_IDS}
PORTS: Final = tuple(c.id for c in CITIES if c.port)
COUNTRY_CITIES: Final = {k: tuple(c.id for c in CITIES if c.country == k) for k in COUNTRIES}


def _bfs(start: str, step: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in step[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


# LAND_DISTANCE[a][b]: fewest rail/air steps, absent when unreachable by land.
LAND_DISTANCE: Final = {c: _bfs(c, NEIGHBOURS) for c in CITY_IDS}
_ZONE_STEP: Final = {z: adjacent for z, (adjacent, _ports) in SEA_ZONES.items()}
ZONE_DISTANCE: Final = {z: _bfs(z, _ZONE_STEP) for z in SEA_ZONES}


def _route(a: str, b: str) -> int:
    best = min(
        (ZONE_DISTANCE[za].get(zb, -1) for za in CITY[a].sea_zones for zb in CITY[b].sea_zones),
        key=lambda d: (d < 0, d),
    )
    return -1 if best < 0 else 2 + best


# ROUTE_LENGTH[(a, b)]: the voyage length L between two different ports, when the sea joins them.
ROUTE_LENGTH: Final = {
    (a, b): length for a in PORTS for b in PORTS if a != b and (length := _route(a, b)) > 0
}


# VOYAGES[port]: (destination, L) for every port the sea joins it to, in data-pack order.
VOYAGES: Final = {a: tuple((b, ROUTE_LENGTH[(a, b)]) for b in PORTS if (a, b) in ROUTE_LENGTH) for a in PORTS}


def owner(city: str, annexed: Mapping[str, str]) -> str | None:
    """The power whose home territory ``city`` is (its owner, or its country's annexer)."""
    base = CITY[city].owner
    return base if base is not None else annexed.get(CITY[city].country)


def is_home(city: str, power: str, annexed: Mapping[str, str]) -> bool:
    return owner(city, annexed) == power


def home_cities(power: str, annexed: Mapping[str, str]) -> tuple[str, ...]:
    """P's home territory in data-pack city order (annexed countries included, spec 9.4)."""
    return tuple(c for c in CITY_IDS if owner(c, annexed) == power)


def police_posts(power: str, annexed: Mapping[str, str]) -> tuple[str, ...]:
    """Where P's police may stand besides one overseas unit: its capital, its police-symbol
    cities and every city of an annexed country (spec 9.1, 9.4), in data-pack order."""
    return tuple(
        c
        for c in CITY_IDS
        if (CITY[c].owner == power and (CITY[c].capital or CITY[c].police_symbol))
        or (CITY[c].owner is None and annexed.get(CITY[c].country) == power)
    )


def is_overseas_home(city: str, power: str) -> bool:
    return CITY[city].owner == power and CITY[city].overseas


def capital(power: str) -> str:
    return POWERS[power].capital


def _check_connected() -> None:
    """Spec 4: every city can be reached from every other (by land and sea together)."""
    step: dict[str, set[str]] = {c: set(NEIGHBOURS[c]) for c in CITY_IDS}
    for a, b in ROUTE_LENGTH:
        step[a].add(b)
    seen = _bfs(CITY_IDS[0], {c: tuple(s) for c, s in step.items()})
    if len(seen) != len(CITY_IDS):
        missing = sorted(set(CITY_IDS) - set(seen))
        raise DataError(f"data.json: the map is not connected ({', '.join(missing)} unreachable)")


_check_connected()
