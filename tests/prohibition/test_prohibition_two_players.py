"""The two-player game (spec section 5): two trucks each, the four-slot round, ``use``."""

from __future__ import annotations

import random

import pytest
from prohibition_position import position, started

from engine.errors import IllegalAction
from engine.prohibition import rules
from engine.prohibition.state import State


def quiet(state: State) -> State:
    """Play the current truck-turn with the quietest actions, up to the next ``use`` or the
    next truck-turn."""
    truck = state.active
    while state.phase not in ("use", "over") and state.active == truck:
        legal = rules.legal(state)
        for choice in ("roll", "end", "pass"):
            if choice in legal:
                state = rules.apply(state, choice)
                break
        else:
            state = rules.apply(state, legal[0])
    return state


def uses(state: State) -> list[str]:
    return [e.text for e in state.entries if e.text.startswith("use")]


def trucks_played(state: State) -> list[str]:
    return [e.label for e in state.entries if e.text.startswith("dice")]


def test_free_order_rounds() -> None:
    state = started(2)
    assert state.phase == "use" and rules.actors(state) == {state.order[0]}
    assert rules.legal(state) == ["use T1", "use T2"]
    state = quiet(rules.apply(state, "use T2"))  # slot 1: the opening truck
    assert state.phase == "use" and rules.legal(state) == ["use T3", "use T4"]
    assert rules.actors(state) == {state.order[1]}
    with pytest.raises(IllegalAction):
        rules.apply(state, "use T1")
    state = quiet(rules.apply(state, "use T4"))  # slot 2
    state = quiet(state)  # slot 3: T3, no choice
    assert state.phase == "use" and rules.legal(state) == ["use T1", "use T2"]  # slot 4
    state = quiet(rules.apply(state, "use T2"))  # T2 again
    state = quiet(state)  # round 2 slot 1: T1, the other one
    assert trucks_played(state) == ["1.1 T2", "1.2 T4", "1.3 T3", "1.4 T2", "2.1 T1"]
    assert uses(state) == ["use T2", "use T4", "use T2"]
    assert rules.legal(state) == ["use T3", "use T4"]  # seat 2 names his truck every round


def test_fixed_order_binds_seat_one_only() -> None:
    state = started(2, options={"two_player_p1_order": "fixed"})
    state = quiet(rules.apply(state, "use T1"))
    state = quiet(rules.apply(state, "use T3"))
    state = quiet(state)
    state = quiet(state)  # slot 4: the other truck, no choice; round 2 opens with T1
    assert trucks_played(state) == ["1.1 T1", "1.2 T3", "1.3 T4", "1.4 T2", "2.1 T1"]
    state = quiet(state)
    assert state.phase == "use" and rules.legal(state) == ["use T3", "use T4"]  # round 2, slot 2
    assert uses(state) == ["use T1", "use T3"]


def test_final_round_last_slot_is_the_truck_that_did_not_open() -> None:
    spec = {"phase": "truck", "active": "T3", "slot": 3, "round": 5, "opening": "T2"}
    spec["trucks"] = {"T3": {"street": "A6-A7"}}
    normal = rules.apply(position(2, **spec), "pass")  # type: ignore[arg-type]
    assert normal.phase == "use" and rules.legal(normal) == ["use T1", "use T2"]
    final = rules.apply(position(2, **spec, final_round=5, trigger="cards"), "pass")  # type: ignore[arg-type]
    assert final.phase != "use" and final.active == 0 and final.slot == 4


@pytest.mark.parametrize("seed", range(3))
def test_every_truck_plays_equally_often(seed: int) -> None:
    rng = random.Random(seed)
    state = started(2, seed=f"{seed + 7:064x}")
    while state.phase != "over":
        state = rules.apply(state, rng.choice(rules.legal(state)))
    counts: dict[str, int] = {}
    for label in trucks_played(state):
        truck = label.split()[1]
        counts[truck] = counts.get(truck, 0) + 1
    assert len(set(counts.values())) == 1, counts
    labels = trucks_played(state)
    assert labels[0].startswith("1.1 ") and labels[-1].startswith(f"{state.final_round}.4 ")
    assert labels[-1].split()[1] != labels[0].split()[1]
