"""The city and the data pack (spec sections 1-3): counts, doors, capacities, neighbours,
special placement, start points, control distances."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from engine.prohibition import board
from engine.prohibition.data import (
    CARDS,
    CHAR_DIE,
    COLOURS,
    CUBES,
    DISTILLERIES,
    NUMBER_DIE,
    PRIVATE_BARS,
    RAW,
    TILE_BY_ID,
)


def test_grid_counts() -> None:
    assert board.NINTER == 49
    assert board.NSTREET == 84
    assert sum(board.STREET_PERIMETER) == 24
    assert board.NSLOT == 72
    assert "E6-E7" in board.STREET_INDEX and not board.STREET_PERIMETER[board.STREET_INDEX["E6-E7"]]


def test_every_inner_street_has_one_door_and_perimeter_streets_alternate() -> None:
    for s in range(board.NSTREET):
        has_door = board.DOOR_OF_STREET[s] >= 0
        if not board.STREET_PERIMETER[s]:
            assert has_door, board.STREET_IDS[s]
    for line in ("r1", "r7", "cA", "cG"):
        doors = [board.DOOR_OF_STREET[s] >= 0 for s in range(board.NSTREET) if board.STREET_LINE[s] == line]
        assert all(a != b for a, b in itertools.pairwise(doors)), line


def test_capacity_is_three_exactly_on_perimeter_doors() -> None:
    for slot in range(board.NSLOT):
        expected = 3 if board.STREET_PERIMETER[board.SLOT_DOOR[slot]] else 2
        assert board.SLOT_CAPACITY[slot] == expected, board.SLOT_IDS[slot]


def test_neighbours_are_symmetric_and_inner_buildings_have_five() -> None:
    for slot in range(board.NSLOT):
        for n in board.SLOT_NEIGHBOURS[slot]:
            assert slot in board.SLOT_NEIGHBOURS[n]
        assert 2 <= len(board.SLOT_NEIGHBOURS[slot]) <= 5
    assert len(board.SLOT_NEIGHBOURS[board.SLOT_INDEX["C3e"]]) == 5


@pytest.mark.parametrize("layout", board.LAYOUT_NAMES)
def test_fixed_specials_one_of_each_per_board_and_none_touch(layout: str) -> None:
    specials = board.fixed_specials(layout)
    assert sorted(specials.values()) == sorted([*DISTILLERIES, *PRIVATE_BARS])
    slots = list(specials)
    for a in slots:
        for b in slots:
            if a != b:
                assert not board.slots_touch(a, b), (board.SLOT_IDS[a], board.SLOT_IDS[b])
    per_board = Counter((board.SLOT_DISTRICT[s], TILE_BY_ID[t].kind) for s, t in specials.items())
    assert set(per_board.values()) == {1} and len(per_board) == 8


def test_standard_specials_doors_as_in_the_spec_table() -> None:
    doors = {t: board.STREET_IDS[board.SLOT_DOOR[s]] for s, t in board.fixed_specials("standard").items()}
    assert doors == {
        "W1": "C2-C3",
        "W2": "E3-F3",
        "W3": "E5-E6",
        "W4": "B5-C5",
        "PW": "B3-B4",
        "PK1": "D2-E2",
        "PB": "F4-F5",
        "PK2": "C6-D6",
    }


@pytest.mark.parametrize("layout", board.LAYOUT_NAMES)
def test_no_start_point_touches_a_distillery_street(layout: str) -> None:
    specials = board.fixed_specials(layout)
    streets = {board.SLOT_DOOR[s] for s, t in specials.items() if TILE_BY_ID[t].kind == "distillery"}
    for points in board.START_POINTS[layout]:
        for p in points:
            assert not board.STREETS_AT[p] & streets


def test_random_special_pairs_never_touch() -> None:
    placed: list[int] = []
    for district in board.DISTRICTS:
        pairs = board.special_pairs(district, placed)
        assert pairs
        d, p = pairs[len(pairs) // 2]
        assert not board.slots_touch(d, p)
        assert board.SLOT_DISTRICT[d] == board.SLOT_DISTRICT[p] == district
        placed += [d, p]


def test_control_distance_along_lines() -> None:
    line = board.CONTROL_DIST["line"]
    touching = board.CONTROL_DIST["touching"]
    d4, g4 = board.INTER_INDEX["D4"], board.INTER_INDEX["G4"]
    s = board.STREET_INDEX
    assert line[d4][s["C4-D4"]] == 0
    assert line[g4][s["F4-G4"]] == 0 and line[d4][s["F4-G4"]] == 2
    assert line[d4][s["E4-F4"]] == 1 and line[g4][s["E4-F4"]] == 1
    assert line[d4][s["A1-A2"]] == -1
    assert touching[d4][s["E4-F4"]] == -1 and touching[d4][s["D4-D5"]] == 0


def test_cards_dice_cubes_from_the_data() -> None:
    assert len(CARDS) == 28
    assert Counter(c.value for c in CARDS) == {v: 4 for v in range(6, 13)}
    for card in CARDS:
        assert card.value == sum(n * CUBES[i].value for i, n in enumerate(card.cubes))
        assert 3 <= sum(card.cubes) <= 6 and max(card.cubes) <= 4
    assert [sum(c.cubes[i] for c in CARDS) for i in range(len(COLOURS))] == [42, 42, 42]
    assert len(CHAR_DIE) == 6 and len(NUMBER_DIE) == 6
    assert RAW["game"] == "prohibition"
