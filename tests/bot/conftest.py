"""Helpers for the bot's tests: seeded games between simple players."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.setup import random_setup
from engine.speakeasy.state import State

Player = Callable[[dict[str, Any], random.Random], dict[str, Any]]


def started(seed: int, rules: str = "speakeasy") -> State:
    """A game past setup, both sides dealt random legal setups."""
    state = SPEAKEASY.new_game(seed, {"preset": rules})
    for side in (0, 1):
        setup = random_setup(side, seed * 2 + side, state.options)
        state = SPEAKEASY.apply(state, side, {"type": "setup", "position": setup}).state
    return state


def random_states(seed: int, rules: str = "speakeasy", plies: int = 400) -> Iterator[State]:
    """Every state of a random game (uniformly random moves), from the first move on."""
    rng = random.Random(seed)
    state = started(seed, rules)
    while state.result is None and state.ply < plies:
        yield state
        moves = SPEAKEASY.legal_actions(state, state.to_move)
        state = SPEAKEASY.apply(state, state.to_move, rng.choice(moves)).state


@pytest.fixture(params=["speakeasy", "luzhanqi"])
def rules(request: pytest.FixtureRequest) -> str:
    return str(request.param)
