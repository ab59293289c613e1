"""Spec 17: "The increment is added each time one of the seat's powers ends its turn" — not
per action (a "10 min + 5 s" game gave 5 s for every line and ran 20-30 minutes a seat).
:meth:`engine.spies.game.Spies.increments` says which seats earn it for a change."""

from __future__ import annotations

import random

from spies_position import skip_tile, started

from engine.spies import SPIES, rules
from engine.spies.state import State


def _earned(before: State, seat: int, line: str) -> tuple[State, frozenset[int]]:
    after = rules.apply(before, seat, line)
    return after, SPIES.increments(before, after, seat)


def test_a_seat_earns_the_increment_when_its_power_ends_its_turn_not_per_action() -> None:
    state = started(2)  # seat 0: Germany and Italy; seat 1: Britain and France
    assert state.seats == (("G", "I"), ("B", "F"))
    before = state
    state = skip_tile(state)  # the tile step is an action of the turn, not its end
    assert SPIES.increments(before, state, 0) == frozenset()
    for line in ("G police", "G search", "G go s04 HAM"):
        state, earned = _earned(state, 0, line)
        assert earned == frozenset(), line
    state, earned = _earned(state, 0, "G end")
    assert earned == {0}
    # Italy is seat 0's too: its turn's end earns seat 0 another increment; its actions none.
    state = skip_tile(state)
    assert state.decision == {"kind": "turn", "power": "I"}
    state, earned = _earned(state, 0, "I police")
    assert earned == frozenset()
    state, earned = _earned(state, 0, "I end")
    assert earned == {0}
    # Then Russia (seat 0's in 1933 under alternate control), France and Britain (seat 1's):
    # each power's end earns its seat once; nothing else does.
    assert state.russia == 0
    ends = []
    while state.year == 1933:
        d = state.decision
        assert d is not None
        seat = state.seat_of(d["power"])
        default = rules.default(state, seat)
        assert default is not None
        state, earned = _earned(state, seat, default)
        if default.endswith(" end"):
            ends.append((d["power"], *earned))
        else:
            assert earned == frozenset(), default
    assert ends == [("R", 0), ("F", 1), ("B", 1)]


CONFIGS: tuple[tuple[int, dict[str, str]], ...] = (
    (2, {"russia_control": "bidding"}),
    (2, {"setup_order": "simultaneous"}),
    (3, {}),
    (4, {"russia_control": "bidding"}),
    (5, {"setup_order": "simultaneous"}),
)


def test_setup_bids_tiles_and_responses_earn_nothing_only_each_turns_end() -> None:
    """Whole random games, every seat count: only the ``end`` line of a ``turn`` decision
    earns, for the seat whose power it was, once; whoever made the change (the seat, or the
    server playing a default for it). Seven years of five powers' turns, 35 ends (30 when the
    Polish Crisis ends the game after 1938), and every seat has its share."""
    for game, (players, options) in enumerate(CONFIGS):
        rng = random.Random(game)
        state = rules.new_state(f"{game:02x}" * 32, options, players)
        earned = [0] * players
        while state.result is None:
            seat = rng.choice(sorted(rules.actors(state)))
            d = state.decision
            assert d is not None
            lines = rules.legal(state, seat)
            ending = [line for line in lines if line.endswith(" end")]
            line = ending[0] if ending and rng.random() < 0.1 else rng.choice(lines)
            after = rules.apply(state, seat, line)
            expected = {seat} if d["kind"] == "turn" and line == f"{d['power']} end" else set()
            assert SPIES.increments(state, after, seat) == expected, (players, d, line)
            assert SPIES.increments(state, after, None) == expected
            for one in expected:
                earned[one] += 1
            state = after
        turns = [entry.header.split()[-1] for entry in state.log if entry.header.startswith("# 19")]
        assert sum(earned) == len(turns) == (30 if state.early_end else 35), (players, earned)
        assert all(earned), earned


def test_a_turn_ended_by_a_timeout_default_names_the_seat_the_server_then_leaves_out() -> None:
    """Three seats: a seat whose clock runs out in its power's turn has the turn's default
    (``end``) played and becomes a zombie. The game names the seat; the server credits no
    seat the autopilot plays (app/games/commands.py ``earning``)."""
    state = skip_tile(started(3))
    seat = state.seat_of("G")
    after = SPIES.withdraw(state, seat, "timeout").state
    assert "G end" in [entry.text for entry in after.log[len(state.log) :]]
    assert SPIES.increments(state, after, None) == {seat}
    assert seat in SPIES.withdrawn(after)
