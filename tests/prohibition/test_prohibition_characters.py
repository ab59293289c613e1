"""Characters (spec section 7): placement, movement, the two end conditions, contact
effects and control."""

from __future__ import annotations

import pytest
from prohibition_position import dice_index, position, texts

from engine.errors import IllegalAction
from engine.prohibition import moves, rules
from engine.prohibition.board import STREET_INDEX
from engine.prohibition.state import State
from engine.rng import Rng


def chars_of(state: object) -> list[str]:
    return [a for a in rules.legal(state) if a[1] in "@>"]  # type: ignore[arg-type]


def test_placement_on_free_own_start_points_number_ignored() -> None:
    state = position(phase="character", dice="PC 3", chars={"C": "A1"})
    legal = rules.legal(state)
    assert [a for a in legal if a.startswith("P")] == ["P@A4", "P@D1", "P@D7", "P@G4"]
    # Capone is on the board: he moves 3.
    assert all(a.startswith("C>") for a in legal if a.startswith("C"))


def test_placement_in_the_inverted_layout() -> None:
    state = position(phase="character", dice="NC 1", options={"layout": "inverted"})
    assert rules.legal(state) == ["C@D4", "N@A1", "N@A7", "N@G1", "N@G7"]


def test_movement_exact_steps_without_revisiting() -> None:
    state = position(phase="character", dice="NP 2", chars={"N": "D4", "P": "A1"})
    ness = sorted(a for a in rules.legal(state) if a.startswith("N"))
    # Exactly two steps from D4, never back to D4: the 8 points at distance 2 on the grid.
    assert ness == ["N>B4", "N>C3", "N>C5", "N>D2", "N>D6", "N>E3", "N>E5", "N>F4"]
    pol = sorted(a for a in rules.legal(state) if a.startswith("P"))
    assert pol == ["P>A3", "P>B2", "P>C1"]


def test_three_steps_may_not_end_where_it_started_or_pass_twice() -> None:
    state = position(phase="character", dice="NP 3", chars={"N": "D4", "P": "A1"})
    ness = {a[2:] for a in rules.legal(state) if a.startswith("N")}
    assert "D4" not in ness
    # Odd steps on a grid: every end has odd distance from D4 (1 or 3).
    assert "D5" in ness and "D7" in ness and "G4" in ness


def test_a_street_holding_a_truck_cannot_be_crossed() -> None:
    state = position(
        phase="character",
        dice="NP 1",
        chars={"N": "D4", "P": "A1"},
        trucks={"T1": {"street": "D4-E4", "cargo": "1k"}, "T2": {"street": "C4-D4", "cargo": "1b"}},
    )
    assert sorted(a for a in rules.legal(state) if a.startswith("N")) == ["N>D3", "N>D5"]


def test_an_intersection_holding_another_character_cannot_be_entered() -> None:
    state = position(phase="character", dice="NP 1", chars={"N": "D4", "P": "E4", "C": "D5"})
    assert sorted(a for a in rules.legal(state) if a.startswith("N")) == ["N>C4", "N>D3"]
    # and it blocks the path too: Ness cannot go through E4 to F4
    state = position(phase="character", dice="NP 2", chars={"N": "D4", "P": "E4"})
    assert "N>F4" not in rules.legal(state)


def test_two_characters_never_block_a_truck() -> None:
    # The Policeman may not end on the other end of a truck's street when Ness holds one end.
    state = position(
        phase="character",
        dice="NP 1",
        chars={"N": "D4", "P": "F3"},
        trucks={"T2": {"street": "D3-D4", "cargo": "1k"}},
    )
    assert "P>E3" in rules.legal(state)
    state = position(
        phase="character",
        dice="NP 2",
        chars={"N": "D4", "P": "E2"},
        trucks={"T2": {"street": "D3-D4", "cargo": "1k"}},
    )
    assert "P>D3" not in rules.legal(state)
    with pytest.raises(IllegalAction):
        rules.apply(state, "P>D3")
    # Capone at one end with Ness at the other is allowed: that is how Capone shields.
    state = position(
        phase="character",
        dice="NC 2",
        chars={"N": "D4", "C": "E2"},
        trucks={"T2": {"street": "D3-D4", "cargo": "1k"}},
    )
    assert "C>D3" in rules.legal(state)
    # Placements obey it too: Ness off the board, the Policeman on D2, a truck on D1-D2.
    state = position(
        phase="character",
        dice="NP 1",
        chars={"P": "D5"},
        trucks={"T2": {"street": "D4-D5", "cargo": "1k"}},
    )
    assert "N@D4" not in rules.legal(state)


def test_not_twice_in_a_row_at_the_same_truck() -> None:
    spec = {
        "phase": "character",
        "dice": "NP 1",
        "chars": {"N": "D3", "P": "A1"},
        "trucks": {"T2": {"street": "D4-E4", "cargo": "1k"}},
        "contacts": {"N": ["T2"]},
    }
    state = position(**spec)  # type: ignore[arg-type]
    assert "N>D4" not in rules.legal(state)
    allowed = position(**spec, options={"repeat_contact": "allowed"})  # type: ignore[arg-type]
    assert "N>D4" in rules.legal(allowed)
    # The set is the one recorded after the character's own last action.
    state = rules.apply(allowed, "N>D4")
    assert state.contacts[0] == (1,)


def counter_giving(state: State, face: str, number: int) -> int:
    """A generator counter at which the next roll is ``face`` and ``number``."""
    want = dice_index(f"{face} {number}")
    for counter in range(state.rng.counter, state.rng.counter + 2000):
        rng = Rng(state.rng.seed, counter)
        if [rng.below(6), rng.below(6)] == want:
            return counter
    raise AssertionError("no such counter")


def test_no_legal_character_action_skips_the_step() -> None:
    # Ness boxed in at A1 and the Policeman at G7 by trucks on their streets; Capone free.
    state = position(
        phase="preroll",
        active="T1",
        dice=None,
        chars={"N": "A1", "P": "G7", "C": "D4"},
        trucks={
            "T1": {"street": "A1-B1", "cargo": "1k"},
            "T2": {"street": "A1-A2"},
            "T3": {"street": "F7-G7"},
            "T4": {"street": "G6-G7"},
        },
    )
    state.rng = Rng(state.rng.seed, counter_giving(state, "NP", 2))
    after = rules.apply(state, "roll")
    assert texts(after, len(state.entries)) == ["roll", "dice NP 2"]
    assert after.phase == "truck"
    state.rng = Rng(state.rng.seed, counter_giving(state, "NC", 2))
    after = rules.apply(state, "roll")
    assert after.phase == "character" and all(a.startswith("C>") for a in rules.legal(after))


def test_contact_effects_ness_takes_highest_policeman_lowest() -> None:
    state = position(
        phase="character",
        dice="NP 1",
        chars={"N": "D3", "P": "A1"},
        trucks={"T2": {"street": "D4-E4", "cargo": "1w 1k 1b", "token": 5, "score": 4}},
    )
    after = rules.apply(state, "N>D4")
    truck = after.trucks[1]
    assert truck.cargo == [0, 1, 1] and truck.losses == [1, 0, 0] and truck.lost == 1 and truck.score == 3
    assert texts(after, len(state.entries)) == ["N>D4", "take N T2 w"]
    state = position(
        phase="character",
        dice="NP 1",
        chars={"P": "D3", "N": "A1"},
        trucks={"T2": {"street": "D4-E4", "cargo": "1w 1k 1b", "token": 3}},
    )
    after = rules.apply(state, "P>D4")
    assert after.trucks[1].cargo == [1, 1, 0]
    assert texts(after)[-1] == "take P T2 b"


def test_contact_effects_in_truck_order_with_guard_and_empty_trucks() -> None:
    state = position(
        phase="character",
        dice="NC 1",
        active="T1",
        chars={"N": "E3", "C": "E5", "P": "A1"},
        trucks={
            "T1": {"street": "A6-A7", "cargo": "1k"},
            "T2": {"street": "E4-E5", "cargo": "2b", "token": 3},  # Capone on E5 guards
            "T3": {"street": "D4-E4", "cargo": "1w", "token": 7},  # loses its only cube and its 7
            "T4": {"street": "E4-F4"},  # empty: nothing
        },
    )
    after = rules.apply(state, "N>E4")
    assert texts(after, len(state.entries) + 1)[:3] == ["guard T2", "take N T3 w", "lost-token T3 7"]
    assert after.trucks[2].token is None and after.trucks[2].score == 0 and not after.trucks[2].loaded
    assert after.discard == [7]
    assert after.contacts[0] == (1, 2, 3)


def test_last_cube_captured_token_judged_first_then_scored() -> None:
    # A 5 is lost on two cubes of different colours; one cube lost keeps it, and the truck is
    # empty: the 5 scores.
    state = position(
        phase="character",
        dice="NP 1",
        chars={"N": "D3", "P": "A1"},
        trucks={"T2": {"street": "D4-E4", "cargo": "1k", "token": 5, "score": 2}},
    )
    after = rules.apply(state, "N>D4")
    assert texts(after, len(state.entries) + 1)[:2] == ["take N T2 k", "bonus T2 +5"]
    assert after.trucks[1].score == 2 - 1 + 5


def test_token_conditions() -> None:
    # 3: two lost cubes of one colour; 5: two of different colours.
    base = {
        "phase": "character",
        "dice": "NP 1",
        "chars": {"P": "D3", "N": "A1"},
    }
    three = position(**base, trucks={"T2": {"street": "D4-E4", "cargo": "2b 1k", "losses": "1b", "token": 3}})  # type: ignore[arg-type]
    assert texts(rules.apply(three, "P>D4"))[-1] == "lost-token T2 3"
    keep3 = position(**base, trucks={"T2": {"street": "D4-E4", "cargo": "2b 1k", "losses": "1k", "token": 3}})  # type: ignore[arg-type]
    assert texts(rules.apply(keep3, "P>D4"))[-1] == "take P T2 b"
    five = position(**base, trucks={"T2": {"street": "D4-E4", "cargo": "2b 1k", "losses": "1k", "token": 5}})  # type: ignore[arg-type]
    assert texts(rules.apply(five, "P>D4"))[-1] == "lost-token T2 5"


def test_score_never_drops_below_zero() -> None:
    state = position(
        phase="character",
        dice="NP 1",
        chars={"N": "D3", "P": "A1"},
        trucks={"T2": {"street": "D4-E4", "cargo": "2w", "score": 0}},
    )
    assert rules.apply(state, "N>D4").trucks[1].score == 0


def test_capone_takes_nothing() -> None:
    state = position(
        phase="character",
        dice="NC 1",
        chars={"C": "D3", "N": "A1"},
        trucks={"T2": {"street": "D4-E4", "cargo": "2w"}},
    )
    after = rules.apply(state, "C>D4")
    assert after.trucks[1].cargo == [2, 0, 0] and after.contacts[2] == (1,)


def test_placement_has_contact_effects() -> None:
    state = position(
        phase="character",
        dice="NP 3",
        trucks={"T2": {"street": "C4-D4", "cargo": "1k 1b"}},
    )
    after = rules.apply(state, "N@D4")
    assert texts(after)[-1] == "take N T2 k"


def test_control_example_of_section_7() -> None:
    state = position(chars={"N": "D4", "C": "G4"})
    s = STREET_INDEX
    assert moves.control(state, s["C4-D4"]) == moves.FORBID
    assert moves.control(state, s["F4-G4"]) == moves.HELP
    assert moves.control(state, s["E4-F4"]) == moves.NONE
    assert moves.control(state, s["A1-A2"]) == moves.NONE
    # Ness and the Policeman tied: forbid.
    state = position(chars={"N": "D4", "P": "G4"})
    assert moves.control(state, s["E4-F4"]) == moves.FORBID
    # Touching: only streets ending at the character.
    state = position(chars={"N": "D4", "C": "G4"}, options={"control_range": "touching"})
    assert moves.control(state, s["B4-C4"]) == moves.NONE
    assert moves.control(state, s["D4-D5"]) == moves.FORBID
    assert moves.control(state, s["G4-G5"]) == moves.HELP
