"""Spec 11: "The increment is added when he completes a turn" — a turn is the player's returns
then his shot (5.1-5.2), and the non-shooter's inspector star (5.4) is a decision outside his
turn. :meth:`engine.flickago.game.Flickago.increments` says which seat earns it for a change."""

from __future__ import annotations

from flickago_helpers import SEED, outcome, state_with

from engine.flickago import FLICKAGO, rules
from engine.flickago.match import Match


def test_each_shot_earns_its_shooter_the_increment() -> None:
    match = FLICKAGO.new_game(SEED, {"first_player": "host"})  # seat 0 plays White, first
    for seat, text in ((0, "wT2@T2 900/500"), (1, "bT2@T2 2700/500"), (0, "wT1@T1 900/300")):
        assert FLICKAGO.actors(match) == {seat}
        after = FLICKAGO.apply(match, seat, {"type": "text", "text": text}).state
        assert FLICKAGO.increments(match, after, seat) == {seat}, text
        match = after


def test_a_return_is_part_of_the_turn_and_earns_nothing_the_shot_after_it_earns_once() -> None:
    white = 1  # seat 1 plays White here: the increment goes to the shooter's seat
    start = Match(state_with({"wT3": [210.0, 490.0], "wT1": [100.0, 450.0]}), white, ())
    assert rules.returnable(start.state) == ["wT3"]
    returned = Match(rules.apply_return(start.state, "w", "wT3").state, white, ())
    assert FLICKAGO.increments(start, returned, white) == frozenset()
    shot = outcome(returned.state, "wT3@T3 900/500", {"wT3": [146.0, 200.0]})
    done = Match(shot.state, white, ())
    assert done.state["to_move"] == "b"
    assert FLICKAGO.increments(returned, done, white) == {white}


def test_the_choosers_inspector_star_earns_nothing() -> None:
    white = 0
    start = Match(state_with({"bT2": [250.0, 150.0]}, waiting=("I1",)), white, ())
    shot = outcome(start.state, "wT1@T1 900/500", {"wT1": [146.0, 200.0], "I2": [210.0, 200.0]})
    chooser = Match(shot.state, white, ())
    assert chooser.state["phase"] == "place_inspector" and chooser.state["to_move"] == "b"
    assert FLICKAGO.increments(start, chooser, white) == {white}  # White's shot ended his turn
    placed = Match(rules.apply_place(chooser.state, "b", "I1", "S2").state, white, ())
    assert placed.state["phase"] == "turn" and placed.state["to_move"] == "b"
    assert FLICKAGO.increments(chooser, placed, 1 - white) == frozenset()  # Black's turn is to come


def test_a_resignation_or_a_timeout_completes_no_turn() -> None:
    match = FLICKAGO.new_game(SEED, {"first_player": "host"})
    for reason in ("resign", "timeout"):
        ended = FLICKAGO.withdraw(match, 0, reason).state
        assert FLICKAGO.increments(match, ended, None) == frozenset()
