"""A hint for one seat (issue 29): what the computer would do in its place, and why.

The hint is thought out from exactly the view the seat's frames are made of
(:func:`app.games.frames.seat_view`), never the state or the game's seed, by
:func:`engine.hints.suggest` in the bots' worker pool (off the event loop, as a bot's move),
with a public seed and a bounded budget. Only the connection that asked gets the answer.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import BrokenExecutor
from typing import Final

from app.clocks import GameClocks
from app.errors import AppError
from app.games.frames import seat_view
from app.games.runtime import LoadedGame
from app.games.workers import Workers
from engine.catalogue import entry
from engine.errors import NotYourTurn
from engine.hints import Hint, suggest

log = logging.getLogger("speakeasy.games")

HINT_SECONDS: Final = 3.0
"""The most a hint's bot may think (its level's own pace when that is less): Flickago's
strongest level needs about 2 s for its hundred trial shots."""
STARTUP_SECONDS: Final = 20.0
"""Beyond the budget, what a hint may wait for a worker (the pool starts on first use)."""


def budget(clocks: GameClocks, seat: int, now: int) -> float:
    """Seconds for a hint: :data:`HINT_SECONDS`, less in a timed game where the seat's own
    clock (which runs meanwhile) has little left."""
    if not clocks.timed or clocks.turn_based:
        return HINT_SECONDS
    left = max(0, clocks.left(seat, now)) / 1000
    return max(0.05, min(HINT_SECONDS, left / 30))


def owed(game: LoadedGame, seat: int) -> None:
    """Refuse, in words, a hint for a decision the seat does not owe."""
    if not entry(game.game).hint_reason:
        raise AppError("illegal", f"{entry(game.game).title} gives no hints")
    if game.result is not None:
        raise AppError("game_over", "the game is over: there is nothing left to hint at")
    if seat not in game.rules.actors(game.state):
        raise AppError("not_your_turn", "a hint is for a decision of yours: the game is not waiting for you")


async def think(thinkers: Workers, game: LoadedGame, seat: int, seed: int, seconds: float) -> Hint:
    """The hint for ``seat`` in ``game``, from its view alone, in a worker."""
    view = seat_view(game, seat)
    try:
        return await asyncio.wait_for(
            thinkers.run(suggest, game.game, view, seed, seconds), seconds + STARTUP_SECONDS
        )
    except NotYourTurn:
        raise AppError("not_your_turn", "a hint is for a decision of yours, and you owe none now") from None
    except (TimeoutError, BrokenExecutor):
        raise AppError("unavailable", "the computer is too busy for a hint now; try again", 503) from None
    except Exception:
        log.exception("a hint failed", extra={"game": game.id})
        raise AppError("unavailable", "the computer could not think of a hint here", 503) from None
