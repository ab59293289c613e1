"""When the server must next act on a game by itself, and finding the games that are due.

:func:`next_deadline` is stored in ``games.deadline`` at every commit (:mod:`app.games.store`),
so that a deadline outlives the process that armed its timer: :func:`due_rooms` finds, in
any process, the games whose deadline has passed (a flag in a turn-based room nobody has
opened for days, a deadline that fell while no server ran), and the sweeper
(:mod:`app.games.sweeper`) fires them through the one timeout path
(:meth:`app.games.service.GameService.tick`).
"""

from __future__ import annotations

from typing import cast

from sqlalchemy import Table, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from app.games.runtime import LoadedGame
from app.models import GameRow, Room

_ROOMS = cast(Table, Room.__table__)
_GAMES = cast(Table, GameRow.__table__)


def next_deadline(game: LoadedGame) -> int | None:
    """When :func:`app.games.commands.due` will next have something to do."""
    if game.result is not None:
        return None
    clocks = game.clocks
    candidates = [clocks.limit_deadline()]
    if clocks.setup_deadline is not None and not game.rules.is_started(game.state):
        candidates.append(clocks.setup_deadline)
    else:
        candidates.append(clocks.flag_deadline())
    return min((c for c in candidates if c is not None), default=None)


async def due_rooms(conn: AsyncConnection, now: int, limit: int = 100) -> list[str]:
    """The rooms whose current game's stored deadline is at or before ``now``, the most
    overdue first (at most ``limit``)."""
    query = (
        select(_GAMES.c.room_id)
        .select_from(_GAMES.join(_ROOMS, _ROOMS.c.current_game_id == _GAMES.c.id))
        .where(_GAMES.c.deadline.is_not(None), _GAMES.c.deadline <= now)
        .order_by(_GAMES.c.deadline)
        .limit(limit)
    )
    return [str(room_id) for room_id in (await conn.execute(query)).scalars()]


async def turn_based_in_play(conn: AsyncConnection) -> list[str]:
    """The turn-based rooms whose current game is not over: at start-up, a bot or the
    autopilot may owe one of them a decision that the process which was thinking it never
    played (nothing else would ask it again until someone opens the room)."""
    query = (
        select(_ROOMS.c.id)
        .select_from(_ROOMS.join(_GAMES, _GAMES.c.id == _ROOMS.c.current_game_id))
        .where(_ROOMS.c.turn_based.is_(True), _GAMES.c.status != "over")
    )
    return [str(room_id) for room_id in (await conn.execute(query)).scalars()]


async def store_deadline(conn: AsyncConnection, game: LoadedGame) -> None:
    """Write ``game``'s deadline as its row holds it now (guarded on ``seq``: a row that
    changed meanwhile was given its own by that change). For the writers that change a
    game's clocks outside the command path (the last chair taken starts them)."""
    await conn.execute(
        update(_GAMES)
        .where(_GAMES.c.id == game.id, _GAMES.c.seq == game.seq)
        .values(deadline=next_deadline(game))
    )
