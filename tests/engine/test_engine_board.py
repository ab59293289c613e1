"""Board data (spec section 2): locations, terrain, lines, street lines, mountains."""

from __future__ import annotations

import pytest
from engine_helpers import REF_ALL, REF_LINES, REF_STREET_LINES, ref_terrain

from engine.speakeasy import board
from engine.speakeasy.board import NAMES, TERRAIN, Terrain

SPEC_TERRAIN = {
    "bar": "b1 d1 b12 d12",
    "building": "b3 d3 c4 b5 d5 b8 d8 c9 b10 d10",
    "alley": "a1 c1 e1 c3 b4 d4 c5 a12 c12 e12 c10 b9 d9 c8",
}


def named_lines(lines: object) -> set[frozenset[str]]:
    return {frozenset((NAMES[a], NAMES[b])) for a, b in lines}  # type: ignore[attr-defined]


def test_sixty_locations_named_file_then_rank() -> None:
    assert board.SIZE == 60 and len(NAMES) == 60
    assert set(NAMES) == set(REF_ALL)
    assert NAMES[0] == "a1" and NAMES[4] == "e1" and NAMES[59] == "e12"
    for sq, name in enumerate(NAMES):
        assert board.square(name) == sq


@pytest.mark.parametrize("bad", ["", "f1", "a0", "a13", "a01", "A1", "c", "c4 ", 3, None])
def test_square_refuses_non_locations(bad: object) -> None:
    with pytest.raises(ValueError):
        board.square(bad)  # type: ignore[arg-type]


def test_terrain_counts() -> None:
    counts = {t: sum(1 for x in TERRAIN if x is t) for t in Terrain}
    assert counts == {Terrain.BAR: 4, Terrain.BUILDING: 10, Terrain.STREET: 32, Terrain.ALLEY: 14}


@pytest.mark.parametrize("name", REF_ALL)
def test_terrain_of_each_location(name: str) -> None:
    expected = next((t for t, names in SPEC_TERRAIN.items() if name in names.split()), "street")
    assert TERRAIN[board.square(name)].value == expected
    assert ref_terrain(name) == expected


def test_streets_are_ranks_2_6_7_11_and_files_a_e() -> None:
    streets = {NAMES[sq] for sq in range(60) if TERRAIN[sq] is Terrain.STREET}
    spec = {f"{f}{r}" for f in "abcde" for r in (2, 6, 7, 11)} | {
        f"{f}{r}" for f in "ae" for r in range(2, 12)
    }
    assert streets == spec


def test_133_lines_match_the_spec() -> None:
    assert len(board.LINES) == 133
    assert len(set(board.LINES)) == 133
    assert named_lines(board.LINES) == REF_LINES
    assert len(REF_LINES) == 133


def test_35_street_lines() -> None:
    assert len(board.STREET_LINES) == 35
    assert named_lines(board.STREET_LINES) == REF_STREET_LINES
    assert frozenset({"c6", "c7"}) in named_lines(board.STREET_LINES)


@pytest.mark.parametrize("a,b", [("b6", "b7"), ("d6", "d7")])
def test_mountains_are_not_linked(a: str, b: str) -> None:
    assert frozenset({a, b}) not in named_lines(board.LINES)
    assert board.square(b) not in board.NEIGHBOURS[board.square(a)]


def test_only_files_a_c_e_cross_the_front() -> None:
    crossing = {line for line in named_lines(board.LINES) if {n[1:] for n in line} == {"6", "7"}}
    assert crossing == {frozenset({"a6", "a7"}), frozenset({"c6", "c7"}), frozenset({"e6", "e7"})}


def test_building_diagonals_and_no_others() -> None:
    diagonals = named_lines(board.DIAGONAL_LINES)
    assert len(diagonals) == 32  # 10 buildings x 4, less the 4 building-building pairs twice counted
    for line in named_lines(board.LINES):
        a, b = sorted(line)
        diagonal = a[0] != b[0] and a[1:] != b[1:]
        if diagonal:
            assert line in diagonals
            assert (
                TERRAIN[board.square(a)] is Terrain.BUILDING or TERRAIN[board.square(b)] is Terrain.BUILDING
            )
    for name in SPEC_TERRAIN["building"].split():
        f, r = "abcde".index(name[0]), int(name[1:])
        expected = {f"{'abcde'[f + df]}{r + dr}" for df in (-1, 1) for dr in (-1, 1)}
        assert {next(iter(line - {name})) for line in diagonals if name in line} == expected


def test_building_neighbours_c4() -> None:
    got = {NAMES[n] for n in board.NEIGHBOURS[board.square("c4")]}
    assert got == {"c3", "c5", "b4", "d4", "b3", "d3", "b5", "d5"}


def test_halves_and_setup_locations() -> None:
    from engine.speakeasy.setup import setup_squares

    for side, ranks in ((0, range(1, 7)), (1, range(7, 13))):
        names = {NAMES[sq] for sq in setup_squares(side)}
        assert len(names) == 25
        assert names == {f"{f}{r}" for f in "abcde" for r in ranks} - set(SPEC_TERRAIN["building"].split())
