"""The data pack and the map (spec sections 2-4): loaded, checked, every number from data.json."""

from __future__ import annotations

import json
from pathlib import Path

from engine.spies import board, data

DESIGN = Path(__file__).resolve().parents[3] / "shared" / "design" / "spies-data.json"


def test_the_copy_is_the_design_pack() -> None:
    if DESIGN.exists():
        assert json.loads(DESIGN.read_bytes()) == data.RAW


def test_counts_of_spec_section_3() -> None:
    assert len(data.CITIES) == 77
    assert sum(1 for line in data.LINES if line[2] == "rail") == 101
    assert sum(1 for line in data.LINES if line[2] == "air") == 24
    assert len(data.SEA_ZONES) == 12 and len(data.TILES) == 50
    assert len(data.SECRET_FACES) == 40 and sum(s.counterspy for s in data.SECRET_FACES) == 8
    assert len(data.SPY_FACES) == 28 and len(data.POLICE_FACES) == 26
    assert data.CHITS_TOTAL == 72 and len(data.CHIT_TYPES) == 9
    assert sum(a.secrets for a in data.ALLOTMENTS.values()) == 32


def test_official_map_facts_of_section_4() -> None:
    assert not data.CITY["ROM"].port and data.CITY["LON"].port
    assert {"IST", "TAN", "GNV"} == data.SPY_HAVENS
    assert all(c.owner == "B" for c in data.CITIES if c.country == "EG")
    assert all(c.owner is None for c in data.CITIES if c.country == "AL")
    assert not any(c.police_symbol for c in data.CITIES if c.overseas)


def test_seat_allocations_of_section_2() -> None:
    assert data.ALLOCATIONS[4]["standard"] == (("G", "I"), ("R",), ("F",), ("B",))
    assert data.ALLOCATIONS[4]["alternative"] == (("F", "R"), ("B",), ("G",), ("I",))
    assert data.ALLOCATIONS[3]["alternative"] == (("G", "I"), ("F", "R"), ("B",))
    assert data.ALLOCATIONS[2]["standard"] == (("G", "I"), ("B", "F"))
    assert [data.RUSSIA_ALTERNATE[y] for y in data.YEARS] == [0, 1, 0, 1, 0, 1, 0]


def test_sea_route_length_is_two_plus_zone_moves() -> None:
    assert board.ROUTE_LENGTH[("HAM", "CPH")] == 2  # they share the North Sea
    assert board.ROUTE_LENGTH[("LON", "GIB")] == 3  # Channel -> Atlantic
    assert board.ROUTE_LENGTH[("GLA", "ODE")] == 2 + 5  # IRS>ATL>WMED>CMED>AEG>BLK
    assert ("ROM", "NAP") not in board.ROUTE_LENGTH


def test_home_territory_and_police_posts_follow_annexation() -> None:
    assert board.owner("PRG", {}) is None and board.owner("PRG", {"CS": "G"}) == "G"
    assert "PRG" in board.police_posts("G", {"CS": "G"}) and "PRG" not in board.police_posts("G", {})
    assert board.police_posts("B", {}) == ("LON", "POR", "LIV", "GLA")
    assert board.home_cities("I", {"AL": "I"})[-1] == "TIR"


def test_the_map_is_connected_and_lines_symmetric() -> None:
    for a, b, _kind in data.LINES:
        assert b in board.NEIGHBOURS[a] and a in board.NEIGHBOURS[b]
    assert board.LAND_DISTANCE["BER"]["HAM"] == 1
