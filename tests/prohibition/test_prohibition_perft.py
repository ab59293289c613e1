"""Perft-style counts: legal actions from fixed states, pinned; and the move generators
against a plain brute-force reference written from the spec's words (coordinates only)."""

from __future__ import annotations

import random
from itertools import product

import pytest
from prohibition_position import position, started

from engine.prohibition import moves, rules
from engine.prohibition.board import INTER_IDS, INTER_INDEX, STREET_IDS
from engine.prohibition.state import State

# -- a reference written from coordinates ---------------------------------------------------------
POINTS = [(x, y) for y in range(7) for x in range(7)]


def name(p: tuple[int, int]) -> str:
    return f"{'ABCDEFG'[p[0]]}{p[1] + 1}"


def street(a: tuple[int, int], b: tuple[int, int]) -> str:
    a, b = sorted((a, b), key=lambda p: (p[0], p[1]))
    return f"{name(a)}-{name(b)}"


def around(p: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = p
    return [
        (x + dx, y + dy)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if 0 <= x + dx < 7 and 0 <= y + dy < 7
    ]


def ends(s: str) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = s.split("-")
    return (("ABCDEFG".index(a[0]), int(a[1:]) - 1), ("ABCDEFG".index(b[0]), int(b[1:]) - 1))


def reference_truck(start: str, chars: set[str], trucks: set[str]) -> set[tuple[str, int]]:
    """(final street, length) of every chain of 1-4 streets (spec 6.1)."""
    out: set[tuple[str, int]] = set()

    def walk(v: tuple[int, int], used: list[str]) -> None:
        if name(v) in chars:
            return
        for w in around(v):
            s = street(v, w)
            if s in used or s in trucks:
                continue
            out.add((s, len(used)))
            if len(used) < 4:
                walk(w, [*used, s])

    for v in ends(start):
        walk(v, [start])
    return out


def reference_character(at: str, steps: int, chars: set[str], trucks: set[str]) -> set[str]:
    out: set[str] = set()
    start = ends(f"{at}-{at}")[0]

    def walk(v: tuple[int, int], seen: list[tuple[int, int]]) -> None:
        if len(seen) == steps + 1:
            out.add(name(v))
            return
        for w in around(v):
            if w in seen or name(w) in chars or street(v, w) in trucks:
                continue
            walk(w, [*seen, w])

    walk(start, [start])
    return out


def random_city(rng: random.Random) -> State:
    streets = rng.sample(STREET_IDS, 4)
    chars = rng.sample(INTER_IDS, 3)
    spec = {f"T{i + 1}": {"street": s} for i, s in enumerate(streets)}
    return position(trucks=spec, chars={c: p for c, p in zip("NPC", chars, strict=True)})


def test_truck_chains_match_the_reference() -> None:
    rng = random.Random(5)
    for _ in range(150):
        state = random_city(rng)
        got = {
            (STREET_IDS[s], n)
            for s, mask in moves.truck_reach(state, 0).items()
            for n in range(1, 5)
            if mask >> n & 1
        }
        chars = {INTER_IDS[p] for p in state.chars if p >= 0}
        others = {STREET_IDS[t.street] for t in state.trucks[1:]}
        assert got == reference_truck(STREET_IDS[state.trucks[0].street], chars, others)


def test_character_paths_match_the_reference() -> None:
    rng = random.Random(6)
    for _ in range(150):
        state = random_city(rng)
        trucks = {STREET_IDS[t.street] for t in state.trucks}
        for c, steps in product(range(3), (1, 2, 3)):
            others = {INTER_IDS[p] for i, p in enumerate(state.chars) if i != c}
            got = {INTER_IDS[p] for p in moves.character_reach(state, c, steps)}
            assert got == reference_character(INTER_IDS[state.chars[c]], steps, others, trucks)


@pytest.mark.parametrize(("steps", "count"), [(1, 4), (2, 8), (3, 16)])
def test_ness_alone_from_the_centre(steps: int, count: int) -> None:
    state = position(phase="character", dice=f"NP {steps}", chars={"N": "D4", "P": "A1"})
    assert len(moves.character_reach(state, 0, steps)) == count


def test_pinned_counts_from_fixed_positions() -> None:
    truck = position(
        trucks={"T1": {"street": "C2-C3", "cargo": "1w 2k 1b", "token": 5}}, chars={"N": "D4", "C": "G4"}
    )
    legal = rules.legal(truck)
    assert (len(legal), sum("=" in a for a in legal)) == (90, 35)
    chars = position(
        phase="character",
        dice="NP 2",
        trucks={"T1": {"street": "C2-C3", "cargo": "1w 2k 1b"}, "T2": {"street": "D4-E4", "cargo": "1k"}},
        chars={"N": "D4", "P": "B2"},
    )
    assert rules.legal(chars) == [
        *("N>B4", "N>C3", "N>C5", "N>D2", "N>D6", "N>E3", "N>E5"),
        *("P>A1", "P>A3", "P>B4", "P>C1", "P>C3", "P>D2"),
    ]


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.phase == "over":
        return 1
    return sum(perft(rules.apply(state, a), depth - 1) for a in rules.legal(state))


def test_perft_from_the_start_of_play() -> None:
    four = started(4)
    assert (four.phase, len(rules.legal(four)), perft(four, 2), perft(four, 3)) == ("character", 5, 345, 1916)
    two = started(2)
    assert (two.phase, len(rules.legal(two)), perft(two, 2), perft(two, 3)) == ("use", 2, 10, 837)


def test_setup_perft() -> None:
    state = rules.new_state("7" * 64, None, 3)
    assert perft(state, 1) == 4 and perft(state, 2) == 12 and perft(state, 3) == 24
    assert INTER_INDEX["D4"] == 24
