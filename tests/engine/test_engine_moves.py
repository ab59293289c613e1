"""Move rules (spec section 5), each as a position in notation."""

from __future__ import annotations

import pytest
from engine_helpers import state_of, targets

# Both Speakeasies and a far-away mobile piece each, so no position ends by itself.
BASE = {"d1": "sS", "d12": "nS", "e1": "s1", "e12": "n1"}


def board(**cells: str) -> dict[str, str]:
    return {**BASE, **cells}


def streets_except(*names: str) -> set[str]:
    streets = {f"{f}{r}" for f in "abcde" for r in (2, 6, 7, 11)} | {
        f"{f}{r}" for f in "ae" for r in range(2, 12)
    }
    return streets - set(names)


# -- steps ---------------------------------------------------------------------------------
def test_step_from_an_alley_goes_one_location() -> None:
    assert targets(state_of(board(c3="s5")), "c3") == {"c2", "b3", "d3", "c4"}


def test_step_from_a_building_uses_its_diagonals() -> None:
    got = targets(state_of(board(c4="s5")), "c4")
    assert got == {"c3", "c5", "b4", "d4", "b3", "d3", "b5", "d5"}


def test_corner_alley() -> None:
    assert targets(state_of(board(a1="s5")), "a1") == {"a2", "b1"}


def test_step_into_building_diagonally_from_a_street() -> None:
    assert "b5" in targets(state_of(board(a6="s5")), "a6")
    assert "b3" in targets(state_of(board(a2="s5")), "a2")


def test_alley_piece_does_not_slide_onto_the_street() -> None:
    # c5 is an alley: one step to c6 only, never further along rank 6 or across to c7.
    got = targets(state_of(board(c5="s5")), "c5")
    assert got == {"c6", "c4", "b5", "d5"}
    assert "c7" not in got and "a6" not in got


# -- slides --------------------------------------------------------------------------------
def test_slide_along_rank_and_file_on_an_empty_board() -> None:
    got = targets(state_of(board(a2="s5")), "a2")
    assert got == {"a1", "b3", "b2", "c2", "d2", "e2"} | {f"a{r}" for r in range(3, 12)}
    assert "a12" not in got  # a12 is an alley: a slide stays on street lines


def test_slide_stops_before_own_piece() -> None:
    got = targets(state_of(board(a2="s5", a5="s3")), "a2")
    assert {"a3", "a4"} <= got and not got & {"a5", "a6", "a7"}


def test_slide_stops_on_first_enemy_and_attacks_it() -> None:
    got = targets(state_of(board(a2="s5", d2="n4", a9="n2")), "a2")
    assert {"b2", "c2", "d2"} <= got and "e2" not in got
    assert {"a8", "a9"} <= got and not got & {"a10", "a11"}


def test_slide_does_not_jump_over_enemy() -> None:
    got = targets(state_of(board(a2="s5", b2="n4", c2="n3")), "a2")
    assert "b2" in got and "c2" not in got


def test_slide_crosses_the_front_on_file_c_only_one_street() -> None:
    got = targets(state_of(board(c6="s5")), "c6")
    assert got == {"a6", "b6", "d6", "e6", "c7", "c5", "b5", "d5"}


def test_slide_on_file_a_crosses_the_whole_board() -> None:
    got = targets(state_of(board(a2="s5")), "a2")
    assert "a11" in got


def test_no_turning_for_anyone_but_the_kid() -> None:
    for code in "12345678F":
        got = targets(state_of(board(a2=f"s{code}")), "a2")
        assert not got & {"b6", "c7", "e3", "b11", "e11"}, code
        assert "e2" in got and "a11" in got


# -- mountains -----------------------------------------------------------------------------
@pytest.mark.parametrize("frm,blocked", [("b6", "b7"), ("d6", "d7"), ("b7", "b6"), ("d7", "d6")])
def test_mountains_block(frm: str, blocked: str) -> None:
    side = "s" if frm.endswith("6") else "n"
    got = targets(state_of(board(**{frm: f"{side}5"}), side), frm)
    assert blocked not in got


def test_mountain_neighbours_b6() -> None:
    assert targets(state_of(board(b6="s5")), "b6") == {"a6", "c6", "d6", "e6", "b5"}


def test_mountain_blocks_attack_too() -> None:
    assert "b7" not in targets(state_of(board(b6="s8", b7="n1")), "b6")


# -- the Kid -------------------------------------------------------------------------------
def test_kid_turns_through_every_free_street() -> None:
    got = targets(state_of(board(a2="sK")), "a2")
    assert got == streets_except("a2") | {"a1", "b3"}


def test_kid_never_turns_into_alley_building_or_bar() -> None:
    got = targets(state_of(board(a2="sK")), "a2")
    for name in ("c1", "c3", "d3", "b5", "d5", "c5", "c8", "c9", "a12", "c12", "b12", "d12", "b1", "b9"):
        assert name not in got


def test_kid_steps_off_the_street_only_from_next_to_it() -> None:
    got = targets(state_of(board(c2="sK")), "c2")
    assert {"c1", "c3", "b3", "d3"} <= got


def test_kid_path_only_through_empty_locations() -> None:
    got = targets(state_of(board(a2="sK", b2="s3", a3="s4")), "a2")
    assert got == {"a1", "b3"}


def test_kid_attacks_the_first_enemy_but_not_beyond() -> None:
    got = targets(state_of(board(a2="sK", b2="n3", a3="s4")), "a2")
    assert got == {"a1", "b3", "b2"}


def test_kid_attacks_at_the_end_of_a_turning_path() -> None:
    got = targets(state_of(board(a2="sK", c7="n3", a7="s2", e7="s2")), "a2")
    assert "c7" in got  # a2 .. a6, b6, c6, c7


def test_kid_does_not_attack_into_building_after_turning() -> None:
    got = targets(state_of(board(a2="sK", b5="n3")), "a2")
    assert "b5" not in got


def test_kid_off_the_street_only_steps() -> None:
    assert targets(state_of(board(c3="sK")), "c3") == {"c2", "b3", "d3", "c4"}
    assert targets(state_of(board(b4="sK")), "b4") == {"a4", "c4", "b3", "b5"}


def test_kid_cannot_cross_mountains() -> None:
    got = targets(state_of(board(b6="sK", a6="s2", c6="s2")), "b6")
    assert got == {"b5"}


# -- buildings -----------------------------------------------------------------------------
def test_enter_an_empty_building() -> None:
    assert "c4" in targets(state_of(board(c3="s5")), "c3")


def test_no_attack_into_a_building_held_by_the_opponent() -> None:
    assert "c4" not in targets(state_of(board(c3="s8", c4="n1")), "c3")
    assert "b5" not in targets(state_of(board(a6="s8", b5="n1")), "a6")


def test_no_move_into_own_occupied_building() -> None:
    assert "c4" not in targets(state_of(board(c3="s8", c4="s1")), "c3")


def test_piece_inside_a_building_may_attack_out() -> None:
    got = targets(state_of(board(c4="s5", c5="n8", b5="n2")), "c4")
    assert "c5" in got
    assert "b5" not in got  # building to building: still sheltered


# -- bars ----------------------------------------------------------------------------------
def test_bar_may_be_entered_when_the_opponent_occupies_it() -> None:
    got = targets(state_of(board(a12="s5", b12="n4")), "a12")
    assert "b12" in got


def test_own_speakeasy_bar_not_entered() -> None:
    assert "d1" not in targets(state_of(board(c1="s5")), "c1")


def test_piece_may_leave_a_bar_by_default() -> None:
    assert targets(state_of(board(b1="s5")), "b1") == {"a1", "c1", "b2"}


def test_bar_exit_off_freezes_pieces_on_bars() -> None:
    st = state_of(board(b1="s5"), bar_exit=False)
    assert targets(st, "b1") == set()
    # A piece that later enters a bar never moves again either.
    st = state_of(board(c12="s5", b2="s2"), bar_exit=False)
    assert "b12" in targets(st, "c12")
    from engine.speakeasy.movegen import parse_move
    from engine.speakeasy.play import advance

    st = advance(st, parse_move("c12-b12"))
    st = advance(st, parse_move("e12-e11"))
    assert targets(st, "b12") == set()


# -- pieces that never move ----------------------------------------------------------------
def test_babe_and_speakeasy_never_move() -> None:
    st = state_of({**board(a2="sB", c2="s2"), "d1": "s5", "b1": "sS"})
    assert targets(st, "a2") == set()
    assert targets(st, "b1") == set()
    assert targets(st, "c2")
