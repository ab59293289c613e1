"""Truck movement and deliveries (spec sections 6.1 and 6.2)."""

from __future__ import annotations

import pytest
from prohibition_position import position, texts

from engine.errors import IllegalAction
from engine.prohibition import moves, rules
from engine.prohibition.board import SLOT_INDEX, STREET_IDS, STREET_INDEX


def reach(state: object, truck: int = 0) -> dict[str, int]:
    return {STREET_IDS[s]: m for s, m in moves.truck_reach(state, truck).items()}  # type: ignore[arg-type]


def lengths(mask: int) -> set[int]:
    return {n for n in range(1, 5) if mask >> n & 1}


def test_example_of_section_6_1() -> None:
    state = position(trucks={"T1": {"street": "C2-C3"}})
    r = reach(state)
    assert 2 in lengths(r["D3-D4"])
    assert "go:D3-D4" in rules.legal(state)
    assert "C2-C3" not in r  # never back onto the starting street


def test_one_street_moves_and_four_street_limit() -> None:
    state = position(trucks={"T1": {"street": "D3-D4"}})
    r = reach(state)
    ones = {s for s, m in r.items() if lengths(m) == {1} or 1 in lengths(m)}
    assert ones == {"C3-D3", "D2-D3", "D3-E3", "C4-D4", "D4-E4", "D4-D5"}
    assert all(max(lengths(m)) <= 4 for m in r.values())
    assert "A6-A7" not in r  # more than four streets away


def test_characters_block_intersections() -> None:
    state = position(trucks={"T1": {"street": "D3-D4"}}, chars={"N": "D4", "P": "D3"})
    assert reach(state) == {}
    assert rules.legal(state) == ["pass"]
    state = position(trucks={"T1": {"street": "D3-D4"}}, chars={"N": "D4"})
    r = reach(state)
    assert set(r) >= {"C3-D3", "D2-D3", "D3-E3"}
    # The far end of the final street may hold a character.
    assert 2 in lengths(r["C3-C4"]) and "C4-D4" in r


def test_other_trucks_block_streets() -> None:
    state = position(trucks={"T1": {"street": "D3-D4"}, "T2": {"street": "D2-D3"}, "T3": {"street": "D4-D5"}})
    r = reach(state)
    assert "D2-D3" not in r and "D4-D5" not in r
    assert 1 in lengths(r["C3-D3"])


def test_no_street_twice_but_intersections_may_repeat() -> None:
    # A loop around block C3 comes back through C3 on the fourth street... onto the start's end.
    state = position(trucks={"T1": {"street": "C3-D3"}})
    r = reach(state)
    # C3 -> C3-C4 -> C4 -> C4-D4 -> D4 -> D3-D4 -> D3 -> D2-D3: passes D3, an end of the start.
    assert 4 in lengths(r["D2-D3"])
    # The start street itself is never a destination.
    assert "C3-D3" not in r


def test_truck_must_move_option() -> None:
    state = position(trucks={"T1": {"street": "D3-D4"}})
    assert "pass" in rules.legal(state)
    state = position(trucks={"T1": {"street": "D3-D4"}}, options={"truck_must_move": "yes"})
    assert "pass" not in rules.legal(state)
    with pytest.raises(IllegalAction):
        rules.apply(state, "pass")
    boxed = position(
        trucks={"T1": {"street": "D3-D4"}}, chars={"N": "D4", "P": "D3"}, options={"truck_must_move": "yes"}
    )
    assert rules.legal(boxed) == ["pass"]


# -- deliveries -----------------------------------------------------------------------------------
def deliveries(state: object, street: str) -> list[str]:
    return [a for a in rules.legal(state) if a.startswith(f"go:{street}=")]  # type: ignore[arg-type]


def test_exact_distance_per_colour() -> None:
    # From D5-D6, B3? Use bars around: brown needs 1 street, black 2, white 3.
    state = position(trucks={"T1": {"street": "C5-D5", "cargo": "1w 1k 1b"}})
    r = reach(state)
    for street, mask in r.items():
        offered = deliveries(state, street)
        for action in offered:
            colour = action[-1]
            need = {"b": 1, "k": 2, "w": 3}[colour]
            assert need in lengths(mask), action


def test_at_most_option() -> None:
    state = position(
        trucks={"T1": {"street": "C4-C5", "cargo": "1w"}}, options={"delivery_distance": "at_most"}
    )
    exact = position(trucks={"T1": {"street": "C4-C5", "cargo": "1w"}})
    # B4-C4 (door B3s) is one street away: white needs 3 streets exactly, at most 3 allows 1.
    assert 1 in lengths(reach(exact)["B4-C4"])
    assert "go:B4-C4=1w" in rules.legal(state)
    assert ("go:B4-C4=1w" in rules.legal(exact)) == (3 in lengths(reach(exact)["B4-C4"]))


def test_deliver_one_cube_into_an_empty_ordinary_bar() -> None:
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "2k", "token": 3, "score": 1}})
    assert deliveries(state, "B3-C3") == []  # brown needs one street; T1 has none
    assert deliveries(state, "C3-C4") == []
    offered = deliveries(state, "D3-E3")  # door D3n, two streets
    assert offered == ["go:D3-E3=1k"]
    after = rules.apply(state, "go:D3-E3=1k")
    assert after.trucks[0].score == 1 + 2 and after.trucks[0].cargo == [0, 1, 0]
    assert after.bar_count[SLOT_INDEX["D3n"]] == 1 and after.bar_colour[SLOT_INDEX["D3n"]] == 1


def test_no_other_colour_in_the_bar_and_no_neighbour_of_the_same_colour() -> None:
    base = {"trucks": {"T1": {"street": "C2-C3", "cargo": "2k"}}}
    assert deliveries(position(**base, bars={"D3n": "1w"}), "D3-E3") == []  # type: ignore[arg-type]
    assert deliveries(position(**base, bars={"D3s": "1k"}), "D3-E3") == []  # neighbour, same colour  # type: ignore[arg-type]
    assert deliveries(position(**base, bars={"D3s": "1w"}), "D3-E3") == ["go:D3-E3=1k"]  # type: ignore[arg-type]


def test_a_started_bar_takes_one_more_only_with_capone() -> None:
    base = {"trucks": {"T1": {"street": "C2-C3", "cargo": "2k"}}, "bars": {"D3n": "1k"}}
    assert deliveries(position(**base), "D3-E3") == []  # type: ignore[arg-type]
    capone = position(**base, chars={"C": "E3"})  # type: ignore[arg-type]
    assert moves.control(capone, STREET_INDEX["D3-E3"]) == moves.HELP
    assert deliveries(capone, "D3-E3") == ["go:D3-E3=1k"]


def test_capone_lets_an_empty_ordinary_bar_take_two() -> None:
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "2k"}}, chars={"C": "G3"})
    assert deliveries(state, "D3-E3") == ["go:D3-E3=1k", "go:D3-E3=2k"]


def test_capacity_caps_the_allowance() -> None:
    # D3n holds 2: with Capone and one cube in, one more fits; with two in, none.
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "2k"}}, chars={"C": "E3"}, bars={"D3n": "2k"})
    assert deliveries(state, "D3-E3") == []


def test_private_bar_colour_two_into_empty_three_with_capone() -> None:
    # PK1 on D1s, door D2-E2, black only.
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "3k 1w"}})
    assert deliveries(state, "D2-E2") == ["go:D2-E2=1k", "go:D2-E2=2k"]
    capone = position(trucks={"T1": {"street": "C2-C3", "cargo": "3k 1w"}}, chars={"C": "G2"})
    assert deliveries(capone, "D2-E2") == ["go:D2-E2=1k", "go:D2-E2=2k", "go:D2-E2=3k"]
    started = position(
        trucks={"T1": {"street": "C2-C3", "cargo": "3k"}}, chars={"C": "G2"}, bars={"D1s": "2k"}
    )
    assert deliveries(started, "D2-E2") == ["go:D2-E2=1k"]
    # A private bar's neighbours obey the non-competition rule too.
    near = position(trucks={"T1": {"street": "C2-C3", "cargo": "3k"}}, bars={"D2w": "1k"})
    assert deliveries(near, "D2-E2") == []


def test_no_delivery_on_forbid_closed_or_distillery() -> None:
    base = {"trucks": {"T1": {"street": "C2-C3", "cargo": "2k"}}}
    assert deliveries(position(**base, chars={"P": "A2"}), "D3-E3") == ["go:D3-E3=1k"]  # type: ignore[arg-type]
    assert deliveries(position(**base, chars={"P": "G3"}), "D3-E3") == []  # type: ignore[arg-type]
    assert deliveries(position(**base, closed=["D3n"]), "D3-E3") == []  # type: ignore[arg-type]
    # E3-F3 is W2's door: a distillery takes no delivery.
    state = position(trucks={"T1": {"street": "C3-D3", "cargo": "2k 2b 2w"}})
    assert deliveries(state, "E3-F3") == []


def test_last_cube_delivered_scores_the_token() -> None:
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "1k", "token": 5, "score": 4}})
    after = rules.apply(state, "go:D3-E3=1k")
    assert texts(after, 0)[:2] == ["go:D3-E3=1k", "bonus T1 +5"]
    truck = after.trucks[0]
    assert truck.score == 4 + 2 + 5 and truck.token is None and not truck.loaded


def test_a_delivery_needs_the_exact_count_offered() -> None:
    state = position(trucks={"T1": {"street": "C2-C3", "cargo": "2k"}})
    for bad in ("go:D3-E3=2k", "go:D3-E3=1w", "go:D3-E3=1b", "go:C2-C3"):
        with pytest.raises(IllegalAction):
            rules.apply(state, bad)
