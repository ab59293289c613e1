"""Spec 12: "The increment is added when the seat finishes a truck-turn or a setup decision" —
not per decision (a truck-turn takes up to five: the truck named, a load, the character, the
truck action, a load after the move). :meth:`engine.prohibition.game.Prohibition.increments`
says which seats earn it for a change."""

from __future__ import annotations

import random

import pytest
from prohibition_position import started

from engine.core import Result
from engine.prohibition import PROHIBITION
from engine.prohibition.state import CHARACTER, PICK, PLACE, POSTMOVE, PREROLL, TRUCK, USE, State

WITHIN = (USE, PREROLL, CHARACTER)
"""Decisions that never end a truck-turn: a truck action always follows them."""


def _random_game(seed: int, players: int, options: dict[str, str]) -> tuple[State, list[int]]:
    """A whole random game through the protocol; checks each change and returns the last
    state and the increments each seat earned."""
    rng = random.Random(seed)
    state = PROHIBITION.new_game(f"{seed:064x}", options, players)
    earned = [0] * players
    while PROHIBITION.result(state) is None:
        seat = rng.choice(sorted(PROHIBITION.actors(state)))
        actions = PROHIBITION.legal_actions(state, seat)
        busy = [a for a in actions if "=" in a["text"] or a["text"].startswith("load")]
        act = rng.choice(busy) if busy and rng.random() < 0.8 else rng.choice(actions)
        after = PROHIBITION.apply(state, seat, act).state
        got = PROHIBITION.increments(state, after, seat)
        if state.phase in (PLACE, PICK):
            assert got == {seat}, (state.phase, act)
        elif state.phase in WITHIN:
            assert got == frozenset(), (state.phase, act)
        else:
            assert state.phase in (TRUCK, POSTMOVE)
            ended = (after.round, after.slot) != (state.round, state.slot) or after.phase == "over"
            assert got == ({seat} if ended else frozenset()), (state.phase, act)
        assert PROHIBITION.increments(state, after, None) == got  # whoever made the change
        for one in got:
            earned[one] += 1
        state = after
    return state, earned


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (2, {"two_player_p1_order": "fixed"}), (3, {}), (4, {"truck_must_move": "yes"})],
)
def test_each_setup_decision_and_each_truck_turn_earns_one_increment(
    players: int, options: dict[str, str]
) -> None:
    """Over a whole game a seat earns, for each of its trucks, one increment for placing it,
    one for its card pick, and one per truck-turn it played: no more (a truck-turn of several
    decisions earns once)."""
    for seed in range(3):
        state, earned = _random_game(100 * players + seed, players, options)
        assert PROHIBITION.result(state) is not None
        for seat in range(players):
            trucks = [t for t in range(state.ntrucks) if state.seat_of_truck(t) == seat]
            assert earned[seat] == sum(2 + state.trucks[t].turns for t in trucks), (seat, earned)
        decisions = sum(1 for entry in state.entries if isinstance(entry.by, int))
        assert sum(earned) < decisions  # per decision, it would be one each


def _to_truck_action(state: State) -> State:
    """On, by the first legal action of each decision, to the next truck action owed."""
    while state.phase != TRUCK:
        [seat] = PROHIBITION.actors(state)
        state = PROHIBITION.apply(state, seat, PROHIBITION.legal_actions(state, seat)[0]).state
    return state


def test_a_truck_turn_ended_from_outside_earns_nothing() -> None:
    """An agreed draw in the middle of a truck-turn ends the game, not the truck-turn."""
    state = _to_truck_action(started(4))
    drawn = PROHIBITION.conclude(state, Result.draw("agreement")).state
    assert PROHIBITION.increments(state, drawn, None) == frozenset()


def test_a_timed_out_truck_turn_names_its_seat_which_the_server_then_leaves_out() -> None:
    """Four seats: a seat whose clock runs out owes the truck action; its default (pass) ends
    the truck-turn and the seat becomes a zombie. The game names it; the server credits no
    seat the autopilot plays (app/games/commands.py ``earning``)."""
    state = _to_truck_action(started(4))
    [seat] = PROHIBITION.actors(state)
    after = PROHIBITION.withdraw(state, seat, "timeout").state
    assert (after.round, after.slot) != (state.round, state.slot)
    assert PROHIBITION.increments(state, after, None) == {seat}
    assert seat in PROHIBITION.withdrawn(after)
