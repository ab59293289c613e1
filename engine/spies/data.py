"""The data pack (``data.json``, a copy of shared/design/spies-data.json), read and checked once.

Every number of the map, the counters, the chits, the tiles, the allotments and the Victory
Record comes from here; the rules modules hard-code none of it (spec section 3), so the real
map and counter data can replace the stand-in data without code changes. This module reads,
indexes and validates; the map's derived tables (distances, sea routes) are in
:mod:`engine.spies.board`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

DATA_PATH: Final = Path(__file__).with_name("data.json")
_RAW_BYTES: Final = DATA_PATH.read_bytes()
RAW: Final[dict[str, Any]] = json.loads(_RAW_BYTES)
DATA_SHA256: Final = hashlib.sha256(_RAW_BYTES).hexdigest()
DATA_VERSION: Final[str] = RAW["meta"]["version"]


class DataError(ValueError):
    """The data pack contradicts itself or the rules (raised at import)."""


@dataclass(frozen=True, slots=True)
class Power:
    id: str  # "G", "I", "R", "F", "B"
    name: str
    capital: str
    home_cities: tuple[str, ...]
    police_cities: tuple[str, ...]
    overseas_cities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Allotment:
    money: int
    secrets: int
    police: int
    chits: int
    spies_foreign_max: int
    spies_total: int


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name: str
    country: str
    owner: str | None
    capital: bool
    port: bool
    sea_zones: tuple[str, ...]
    police_symbol: bool
    secret_city: bool
    spy_haven: bool
    overseas: bool


@dataclass(frozen=True, slots=True)
class SpyFace:
    data_id: str  # "G-SPY1": never sent before the end (spec 14.4)
    power: str
    name: str
    strength: int
    cousin: bool
    vp_value: int


@dataclass(frozen=True, slots=True)
class PoliceFace:
    data_id: str
    power: str
    name: str
    strength: int


@dataclass(frozen=True, slots=True)
class SecretFace:
    data_id: str
    value: int
    counterspy: bool
    strength: int  # 0 unless a counterspy


@dataclass(frozen=True, slots=True)
class ChitType:
    id: str  # "DIS", ...
    name: str
    count: int
    cost_gbp: int
    cost_ap: int


@dataclass(frozen=True, slots=True)
class Award:
    kind: str  # "chits" or "money"
    amount: int
    cities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Tile:
    id: int  # the manifest number, "t14" in notation
    owner: str | None  # None: a random tile
    label: str
    name: str
    years: tuple[int, ...]  # empty: "any" (Any Year)
    awards: tuple[Award, ...]
    special: str | None
    scores_vp: bool

    @property
    def any_year(self) -> bool:
        return not self.years


_RULES: Final = RAW["rules"]
YEARS: Final[tuple[int, ...]] = tuple(int(y) for y in _RULES["years"])
TURN_ORDER: Final[tuple[str, ...]] = tuple(_RULES["turn_order"])
POWER_INDEX: Final = {p: i for i, p in enumerate(TURN_ORDER)}
AP_PER_TURN: Final = int(_RULES["action_points_per_turn"])
SPY_SPACES: Final = int(_RULES["spy_move_max_spaces"])
HAND_LIMIT: Final = int(_RULES["chit_hand_limit"])
POLICE_PER_CITY: Final = int(_RULES["police_per_city_max"])
OVERSEAS_POLICE_MAX: Final = int(_RULES["overseas_police_max"])
TILES_PER_POWER: Final = int(_RULES["event_tiles_per_power"])
RANDOM_TILES: Final = int(_RULES["random_event_tiles"])
RANDOM_TILES_DEALT: Final = int(_RULES["random_tiles_dealt_per_power"])
SEA_DIE: Final[tuple[int, ...]] = tuple(int(f) for f in _RULES["sea_die_faces"])
CAPTURE_MONEY: Final = int(_RULES["capture_reward"]["money"])
CAPTURE_CHITS: Final = int(_RULES["capture_reward"]["chits"])
CASH_MONEY: Final = int(_RULES["cash_in_reward"]["money"])
CASH_CHITS: Final = int(_RULES["cash_in_reward"]["chits"])
_AP: Final = _RULES["ap_costs"]
AP_TILE_PLAY: Final = int(_AP["play_event_tile"])
AP_TILE_DISCARD: Final = int(_AP["discard_event_tile"])
AP_SEARCH_CITY: Final = int(_AP["search_per_city"])
AP_MOVE: Final = int(_AP["move_per_space"])
AP_REROLL: Final = int(_AP["sea_reroll"])
AP_OPEN_CHANNEL: Final = int(_AP["open_diplomacy_per_opponent"])
SPY_HAVENS: Final = frozenset(_RULES["spy_havens"])

POWERS: Final = {
    p["id"]: Power(
        p["id"],
        p["name"],
        p["capital"],
        tuple(p["home_cities"]),
        tuple(p["police_cities"]),
        tuple(p["overseas_cities"]),
    )
    for p in RAW["powers"]
}

ALLOTMENTS: Final = {
    p: Allotment(
        int(a["money"]),
        int(a["secrets"]),
        int(a["police_units"]),
        int(a["action_chits"]),
        int(a["spies_foreign_max"]),
        int(a["spies_total"]),
    )
    for p, a in RAW["allotments"].items()
    if p in POWER_INDEX
}

COUNTRIES: Final = {c["id"]: (c.get("power"), bool(c["overseas"])) for c in RAW["countries"]}

CITIES: Final = tuple(
    City(
        c["id"],
        c["name"],
        c["country"],
        c["owner"],
        bool(c["capital"]),
        bool(c["port"]),
        tuple(c["sea_zones"]),
        bool(c["police_symbol"]),
        bool(c["secret_city"]),
        bool(c["spy_haven"]),
        bool(c["overseas"]),
    )
    for c in RAW["cities"]
)
CITY_IDS: Final = tuple(c.id for c in CITIES)
CITY: Final = {c.id: c for c in CITIES}
CITY_ORDER: Final = {c: i for i, c in enumerate(CITY_IDS)}
SECRET_CITIES: Final = tuple(c.id for c in CITIES if c.secret_city)

LINES: Final = tuple((str(x["a"]), str(x["b"]), str(x["kind"])) for x in RAW["rail_lines"] + RAW["air_lines"])
SEA_ZONES: Final = {z["id"]: (tuple(z["adjacent"]), tuple(z["ports"])) for z in RAW["sea_zones"]}

SPY_FACES: Final = tuple(
    SpyFace(s["id"], s["power"], s["name"], int(s["strength"]), bool(s["cousin"]), int(s["vp_value"]))
    for s in RAW["spies"]
)
POLICE_FACES: Final = tuple(
    PoliceFace(p["id"], p["power"], p["name"], int(p["strength"])) for p in RAW["police"]
)
SECRET_FACES: Final = tuple(
    SecretFace(s["id"], int(s["value"]), bool(s["counterspy"]), int(s.get("strength", 0)))
    for s in RAW["secrets"]
)

CHIT_TYPES: Final = tuple(
    ChitType(c["id"], c["name"], int(c["count"]), int(c["cost_gbp"]), int(c["cost_ap"]))
    for c in RAW["action_chits"]
)
CHIT: Final = {c.id: c for c in CHIT_TYPES}
CHIT_IDS: Final = tuple(c.id for c in CHIT_TYPES)
CHIT_ORDER: Final = {c: i for i, c in enumerate(CHIT_IDS)}
CHITS_TOTAL: Final = sum(c.count for c in CHIT_TYPES)


def _years(value: Any) -> tuple[int, ...]:
    return () if value == "any" else tuple(int(y) for y in value)


TILES: Final = tuple(
    Tile(
        int(t["id"]),
        t["owner"],
        t["label"],
        t["name"],
        _years(t["years"]),
        tuple(Award(a["kind"], int(a["amount"]), tuple(a["cities"])) for a in t["awards"]),
        t["special"],
        bool(t["scores_vp"]),
    )
    for t in RAW["event_tiles"]
)
TILE: Final = {t.id: t for t in TILES}
OWN_TILES: Final = {p: tuple(t.id for t in TILES if t.owner == p) for p in TURN_ORDER}
RANDOM_TILE_IDS: Final = tuple(t.id for t in TILES if t.owner is None)
SPECIALS: Final[dict[str, dict[str, Any]]] = RAW["special_effects"]

_VR: Final = RAW["victory_record"]
MULTIPLIERS: Final = {p: {int(y): int(m) for y, m in _VR["multipliers"][p].items()} for p in TURN_ORDER}
EVENT_TILE_VP: Final = int(_VR["event_tile_vp"])
SANCTION_MARKER_VP: Final = int(_VR["sanctioned_marker_value"])
ALLIANCE_PENALTY: Final = int(_VR["historical_alliance_penalty"])

_SEATS: Final = RAW["seat_allocations"]
ALLOCATIONS: Final = {
    int(n): {name: tuple(tuple(seat) for seat in seats) for name, seats in table.items()}
    for n, table in _SEATS.items()
    if n.isdigit()
}
RUSSIA_ALTERNATE: Final = {int(y): int(i) for y, i in _SEATS["russia_alternate_2_seats"].items()}


def _check() -> None:
    """The data pack against the rules' invariants (spec sections 2-4); DataError if broken."""

    def need(cond: bool, what: str) -> None:
        if not cond:
            raise DataError(f"data.json: {what}")

    need(set(TURN_ORDER) == set(POWERS) == set(ALLOTMENTS), "powers, turn order and allotments differ")
    need(len(set(CITY_IDS)) == len(CITY_IDS), "duplicate city id")
    for pw in POWERS.values():
        need(CITY[pw.capital].capital and CITY[pw.capital].owner == pw.id, f"{pw.id}'s capital")
        home = {c.id for c in CITIES if c.owner == pw.id}
        need(set(pw.home_cities) == home, f"{pw.id}'s home cities disagree with the city owners")
        need(set(pw.police_cities) <= home and set(pw.overseas_cities) <= home, f"{pw.id}'s city lists")
        for oc in pw.overseas_cities:
            need(CITY[oc].overseas and not CITY[oc].police_symbol, f"{oc}: overseas cities bear no police")
        al = ALLOTMENTS[pw.id]
        need(sum(1 for s in SPY_FACES if s.power == pw.id) == al.spies_total, f"{pw.id}'s spy count")
        need(sum(1 for s in POLICE_FACES if s.power == pw.id) == al.police, f"{pw.id}'s police count")
        need(al.spies_foreign_max < al.spies_total, f"{pw.id}: at least one spy must stay at home")
        need(sum(1 for s in SPY_FACES if s.power == pw.id and s.cousin) == 1, f"{pw.id}: one Cousin")
        need(len(OWN_TILES[pw.id]) == TILES_PER_POWER, f"{pw.id}'s own tiles")
        need(len(home) >= al.secrets, f"{pw.id} has fewer home cities than secrets")
    for city in CITIES:
        need(city.port == bool(city.sea_zones), f"{city.id}: port and sea zones disagree")
        need(city.country in COUNTRIES, f"{city.id}: unknown country {city.country}")
        for z in city.sea_zones:
            need(z in SEA_ZONES and city.id in SEA_ZONES[z][1], f"{city.id}: sea zone {z} does not list it")
        need(city.spy_haven == (city.id in SPY_HAVENS), f"{city.id}: spy haven flag")
    for z, (adjacent, ports) in SEA_ZONES.items():
        for y in adjacent:
            need(z in SEA_ZONES[y][0], f"sea zones {z} and {y}: adjacency not symmetric")
        for c in ports:
            need(c in CITY and z in CITY[c].sea_zones, f"sea zone {z}: port {c}")
    for ca, cb, kind in LINES:
        need(ca in CITY and cb in CITY and ca != cb and kind in ("rail", "air"), f"line {ca}-{cb}")
    need(len(SECRET_FACES) == int(_RULES["secrets_total"]), "secret count")
    need(
        len(SECRET_FACES) == sum(x.secrets for x in ALLOTMENTS.values()) + len(SECRET_CITIES),
        "allotted secrets plus SECRET cities must use every secret",
    )
    need(len(SECRET_CITIES) == int(_RULES["secret_cities"]), "SECRET city count")
    need(all((s.strength > 0) == s.counterspy for s in SECRET_FACES), "counterspies and strengths")
    need(len(RANDOM_TILE_IDS) == RANDOM_TILES, "random tile count")
    need(len(RANDOM_TILE_IDS) >= RANDOM_TILES_DEALT * len(TURN_ORDER), "too few random tiles to deal")
    need(sorted(TILE) == list(range(1, len(TILES) + 1)), "tile ids must be 1..n")
    for t in TILES:
        need(all(y in YEARS for y in t.years), f"tile {t.id}: years")
        need(t.special is None or t.special in SPECIALS, f"tile {t.id}: special {t.special}")
        for aw in t.awards:
            need(aw.kind in ("chits", "money") and all(c in CITY for c in aw.cities), f"tile {t.id} award")
    need(CHIT_IDS == ("DIS", "PAP", "ESC", "COV", "SAN", "DBX", "DRP", "ICP", "REC"), "the nine chit types")
    for code in TURN_ORDER:
        need(set(MULTIPLIERS[code]) == set(YEARS), f"{code}'s multipliers")
    for n, table in ALLOCATIONS.items():
        for name, seats in table.items():
            powers = [p for seat in seats for p in seat]
            need(len(seats) == n and len(set(powers)) == len(powers), f"{n}-seat {name} allocation")
            need(set(powers) <= set(TURN_ORDER), f"{n}-seat {name} allocation powers")
    need(set(RUSSIA_ALTERNATE) == set(YEARS), "russia_alternate_2_seats covers every year")
    for spec in SPECIALS.values():
        if spec["kind"] == "annex":
            need(spec["country"] in COUNTRIES and spec["power"] in POWERS, "annexation")


_check()
