"""A hint depends on the seat's view alone (issue 29): secrecy of ``app.games.hints``.

For random games of every registered game, at a few moments, each seat that owes a
decision has its hidden values re-dealt by the game's own twin maker (the same view, other
hands, setups, deck order, generator seed). The server's hint for that seat — thought out
through :func:`app.games.hints.think`, as the ``hint`` command does, from the game's row with
its state or its twin — must be the same action for the same reason: a hint that moved with
a value the seat cannot see would tell him that value.
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from app.clocks import GameClocks
from app.games import hints
from app.games.frames import seat_view
from app.games.runtime import LoadedGame
from app.games.service import bot_seed
from app.games.workers import Workers
from engine.catalogue import GameEntry, entries

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))
import secrecy_engine as se  # noqa: E402  (bench/secrecy_engine.py: random games through the protocol)

GAMES = {"flickago": 1}
"""Random games per registered game (2 for a game not named): Flickago hides only its
generator's seed, and its strongest level simulates a hundred shots a hint."""
POINTS = {"flickago": 2}
"""Moments of a game compared (3 for a game not named)."""
SECONDS = 60.0
"""A budget no hint reaches: its level's counts end the search, so the hint is a function of
the view and the seed (a budget cut short on a busy machine would make it one of time)."""


def _loaded(entry: GameEntry, state: Any, version: int, seed: str) -> LoadedGame:
    """The server's row of a game in ``state`` (a twin's row keeps the game's seed)."""
    players = entry.game.players(state)
    return LoadedGame(
        id="g" * 32,
        room_id="room",
        game=entry.name,
        number=1,
        seed=seed,
        options={},
        seat_slots=tuple(range(players)),
        version=version,
        seq=version,
        state=state,
        clocks=GameClocks.fresh(players, None, 0, None),
        setup_seconds=None,
        result=entry.game.result(state),
    )


@pytest.mark.parametrize("entry", entries(), ids=lambda e: e.name)
async def test_a_hint_is_the_same_for_states_the_seat_cannot_tell_apart(entry: GameEntry) -> None:
    game = entry.game
    thinkers = Workers(lambda: ThreadPoolExecutor(1))
    compared = redealt = 0
    try:
        for number in range(GAMES.get(entry.name, 2)):
            rng = random.Random(f"hints {entry.name} {number}")
            played = se.play(entry, number, rng, max_steps=150)
            for index in se.twin_points(game, played, rng, points=POINTS.get(entry.name, 3)):
                state = played.states[index]
                if game.is_over(state):
                    continue
                seed = game.seed_of(state)
                for seat in sorted(game.actors(state))[:1]:
                    twin = game.twin(state, seat, se.fresh_seed(rng))
                    redealt += game.to_dict(twin) != game.to_dict(state)
                    original, other = _loaded(entry, state, index, seed), _loaded(entry, twin, index, seed)
                    assert seat_view(original, seat) == seat_view(other, seat)  # the twin's contract
                    public = bot_seed(original.id, original.version)
                    mine = await hints.think(thinkers, original, seat, public, SECONDS)
                    theirs = await hints.think(thinkers, other, seat, public, SECONDS)
                    assert mine == theirs, f"{entry.name} game {number} step {index} seat {seat}"
                    compared += 1
    finally:
        thinkers.shutdown()
    assert compared and redealt, (compared, redealt)
