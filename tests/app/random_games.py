"""Random games through the game-agnostic protocol, for the server's frame tests."""

from __future__ import annotations

import random
from typing import Any

from engine.catalogue import entry
from engine.core import Event
from engine.errors import InvalidAction
from engine.rng import new_seed


def random_play(
    name: str, steps: int, seed: int, players: int | None = None
) -> list[tuple[Any, tuple[Event, ...]]]:
    """States of one game of ``name`` for ``players`` seats (its minimum by default) played
    at random (listed actions, or the seat's default where nothing is listed: a setup), with
    the events that led to each."""
    game = entry(name).game
    rng = random.Random(seed)
    state = game.new_game(new_seed(), None, players or entry(name).min_players)
    out: list[tuple[Any, tuple[Event, ...]]] = [(state, ())]
    for _ in range(steps):
        if game.result(state) is not None:
            break
        seat = rng.choice(sorted(game.actors(state)))
        actions = game.legal_actions(state, seat)
        action = rng.choice(actions) if actions else game.default_action(state, seat)
        if action is None:
            break
        try:
            transition = game.apply(state, seat, action)
        except InvalidAction:  # a listed template (Flickago's shot) wants an angle and a power
            aimed = {**action, "angle": rng.randrange(3600), "power": rng.randint(150, 900)}
            transition = game.apply(state, seat, aimed)
        state = transition.state
        out.append((state, tuple(transition.events)))
    return out
