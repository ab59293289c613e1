"""Who earns a clock's increment (:meth:`engine.core.Game.increments`): the game says it for
each change. The default, which Speak Easy keeps, is the seat whose decision it was, once per
decision: in Speak Easy every move is a whole turn."""

from __future__ import annotations

import random

from engine.speakeasy import SPEAKEASY


def test_each_speakeasy_move_earns_its_mover_the_increment() -> None:
    rng = random.Random(5)
    state = SPEAKEASY.new_game(7)
    for seat in (0, 1):
        action = SPEAKEASY.default_action(state, seat)
        assert action is not None
        state = SPEAKEASY.apply(state, seat, action).state
    assert SPEAKEASY.is_started(state)
    movers = []
    for _ in range(40):
        if SPEAKEASY.result(state) is not None:
            break
        [seat] = SPEAKEASY.actors(state)
        after = SPEAKEASY.apply(state, seat, rng.choice(SPEAKEASY.legal_actions(state, seat))).state
        assert SPEAKEASY.increments(state, after, seat) == {seat}
        movers.append(seat)
        state = after
    assert set(movers) == {0, 1}


def test_the_servers_own_change_earns_no_seat_by_default() -> None:
    """A change no seat decided (a flag fall's withdrawal, a decision limit's default) earns
    nobody the increment unless the game's rules say otherwise."""
    state = SPEAKEASY.new_game(7)
    for seat in (0, 1):
        action = SPEAKEASY.default_action(state, seat)
        assert action is not None
        state = SPEAKEASY.apply(state, seat, action).state
    [seat] = SPEAKEASY.actors(state)
    ended = SPEAKEASY.withdraw(state, seat, "timeout").state
    assert SPEAKEASY.increments(state, ended, None) == frozenset()
