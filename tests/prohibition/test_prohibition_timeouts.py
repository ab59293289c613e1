"""Timeouts, defaults and leaving the game (spec section 12)."""

from __future__ import annotations

import pytest
from prohibition_position import SEED, position, started, texts

from engine.errors import GameOver, IllegalAction
from engine.prohibition import rules


def test_setup_defaults() -> None:
    state = rules.new_state(SEED, None, 4)
    seat = state.order[3]
    assert rules.default(state, seat) == "place T4 W1"
    assert rules.default(state, state.order[0]) is None  # not his decision
    state = rules.apply(state, "place T4 W1")
    assert rules.default(state, state.order[2]) == "place T3 W2"
    two = rules.new_state(SEED, None, 2)
    assert rules.default(two, two.order[1]) == "place T3 W1"
    two = rules.apply(two, "place T4 W1")
    assert rules.default(two, two.order[0]) == "place T1 W2"
    for text in ("place T1 W2", "place T3 W3", "place T2 W4"):
        two = rules.apply(two, text)
    assert rules.default(two, two.order[1]) == f"pick T3 {two.trucks[2].dealt[0]}"


def test_turn_defaults_and_skip_only_after_a_timeout() -> None:
    state = position(phase="character", dice="NP 2", chars={"N": "D4"})
    seat = state.seat_of_truck(0)
    assert rules.default(state, seat) == "skip"
    assert "skip" not in rules.legal(state)
    with pytest.raises(IllegalAction):
        rules.apply(state, "skip")
    assert rules.default(position(), seat) == "pass"
    assert rules.default(position(phase="preroll", dice=None), seat) == "roll"
    assert rules.default(position(phase="postmove"), seat) == "end"


def test_timeout_with_four_players_plays_the_default_and_makes_a_zombie() -> None:
    state = position(phase="character", dice="NP 2", chars={"N": "D4"}, trucks={"T1": {"street": "A6-A7"}})
    seat = state.seat_of_truck(0)
    after = rules.withdraw(state, seat, "timeout")
    log = texts(after)
    assert log[:2] == ["timeout 1", "skip"]
    assert log[-1] == "zombie 1"
    assert after.zombies == {seat} and after.phase == "truck"
    assert rules.actors(after) == {seat}  # the autopilot plays on


def test_forced_pass_under_truck_must_move() -> None:
    state = position(trucks={"T1": {"street": "A6-A7"}}, options={"truck_must_move": "yes"})
    seat = state.seat_of_truck(0)
    assert "pass" not in rules.legal(state)
    after = rules.withdraw(state, seat, "timeout")
    assert texts(after)[:2] == ["timeout 1", "pass"]


def test_resign_and_abandon_with_three_players() -> None:
    state = started(3)
    a, b, c = state.order
    one = rules.withdraw(state, b, "resign")
    assert texts(one)[-2:] == ["resign 2", "zombie 2"] and one.phase != "over"
    two = rules.withdraw(one, c, "abandon")
    assert texts(two)[len(one.entries)] == "zombie 3"
    assert two.phase == "over" and two.result is not None
    assert two.result.winners == (a,) and set(two.result.withdrawn) == {b, c}
    assert texts(two)[-1].startswith("score ")
    with pytest.raises(GameOver):
        rules.withdraw(two, a, "resign")
    with pytest.raises(IllegalAction):
        rules.withdraw(one, b, "resign")


def test_two_players_the_other_wins() -> None:
    state = started(2)
    seat = state.order[0]
    after = rules.withdraw(state, seat, "timeout")
    assert texts(after)[-1] == "timeout 1"
    assert after.result is not None and after.result.winners == (1 - seat,) and after.phase == "over"


def test_zombie_timeout_again_takes_the_default() -> None:
    state = position(phase="postmove", trucks={"T1": {"street": "E3-F3", "arrived": True}})
    seat = state.seat_of_truck(0)
    state.zombies = frozenset({seat})
    after = rules.withdraw(state, seat, "timeout")
    assert texts(after)[:2] == ["timeout 1", "end"] and "zombie 1" not in texts(after)
