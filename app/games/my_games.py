""" "My games" (issue 27, item 4): the games a guest plays, those awaiting his move first.

Ordering: the games where one of the guest's seats owes a decision now and the game runs
(every chair of its room taken; soonest deadline first, games without one after them,
newest first among equals), then his other running games, then the finished ones (newest
first each).

Whose turn it is comes from the game row alone: ``games.actors`` (migration 0012) holds the
seats owing a decision, written with every change of the row (:func:`app.games.store.game_values`),
so listing a guest's games loads no game's state. Only a row written before that migration
(``NULL``) is loaded, once, to compute it. Whose turn it is is public (every viewer's frames
name the seats a decision waits for), and the time left is the guest's own seat's, from the
stored clocks (:class:`app.clocks.GameClocks`): nothing here comes from another seat's view.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from app.clocks import GameClocks
from app.games import store
from app.models import GameRow, RoomSeat
from engine.catalogue import entry
from engine.core import Result

RUNNING_CAP: Final = 500
"""Most running games of one guest sorted per request (in memory); more are listed by age."""

_GAMES: Final = GameRow.__table__


def _result(row: Any) -> Result | None:
    return Result.from_dict(json.loads(row.result)) if row.result else None


async def _actors(conn: AsyncConnection, row: Any) -> frozenset[int]:
    """The seats owing a decision in ``row``'s game (from the stored column; a row from
    before migration 0012 is loaded once to compute it)."""
    if row.status == "over":
        return frozenset()
    if row.actors is not None:
        return frozenset(int(seat) for seat in json.loads(row.actors))
    game = await store.load_game(conn, row.id)
    if game is None:
        return frozenset()
    return frozenset(store.awaited(game.rules, game.state, game.result is not None))


def seat_deadline(row: Any, seat: int) -> int | None:
    """When ``seat`` must have decided (ms epoch), from the stored clocks: the setup timer
    before play, else the earlier of its flag fall and its decision's own limit; ``None``:
    nothing runs for it (an untimed room, a turn-based room without a limit)."""
    if row.status == "setup" and row.setup_deadline is not None:
        return int(row.setup_deadline)
    clocks = GameClocks.from_json(json.loads(row.clocks), row.setup_deadline)
    own = [deadline for limit_seat, _window, deadline in clocks.limits if limit_seat == seat]
    flag = clocks.seat_flag(seat)
    return min([*own, *([flag] if flag is not None else [])], default=None)


def _entry(row: Any, chair: int, actors: frozenset[int], chairs: _Chairs, now: int) -> dict[str, Any]:
    seat_slots = list(json.loads(row.seat_slots))
    seat = seat_slots.index(chair)
    result = _result(row)
    over = row.status == "over"
    # A room still waiting for its players is not waiting for anyone's move yet.
    joining = not over and chairs.held.get(row.room_id, 0) < len(seat_slots)
    your_move = not over and not joining and seat in actors
    deadline = seat_deadline(row, seat) if your_move else None
    return {
        "game_id": row.id,
        "room_id": row.room_id,
        "game": row.game,
        "title": entry(row.game).title,
        "number": row.number,
        "players": len(seat_slots),
        "status": str(row.status),
        "result": None if result is None else result.to_dict(),
        "your_seat": seat,
        "your_outcome": None if result is None else result.seat_outcome(seat),
        "your_move": your_move,
        "to_move": [] if over or joining else sorted(actors),
        "waiting_for_players": joining,
        "deadline": deadline,
        "time_left_ms": None if deadline is None else max(0, deadline - now),
        "opponents": [
            {"seat": other, "bot": chairs.bots.get((row.room_id, other_chair))}
            for other, other_chair in enumerate(seat_slots)
            if other != seat
        ],
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "room_url": f"/r/{row.room_id}",
        "replay_url": f"/g/{row.id}",
        "record_url": f"/api/games/{row.id}/record" if over else None,
    }


def _awaiting_key(game: Mapping[str, Any]) -> tuple[int, int, int]:
    deadline = game["deadline"]
    return (0 if deadline is not None else 1, deadline or 0, -int(game["created_at"]))


def order(games: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Awaiting your move (soonest deadline first), then the other running games, newest
    first, then the finished ones in the order given (newest first)."""
    awaiting = sorted((g for g in games if g["your_move"]), key=_awaiting_key)
    running = sorted(
        (g for g in games if not g["your_move"] and g["status"] != "over"),
        key=lambda g: -int(g["created_at"]),
    )
    return [*awaiting, *running, *(g for g in games if g["status"] == "over")]


def _chairs(guest_id: str) -> Any:
    return select(RoomSeat.room_id, RoomSeat.slot).where(RoomSeat.guest_id == guest_id).subquery()


async def _running(conn: AsyncConnection, guest_id: str) -> list[Any]:
    chairs = _chairs(guest_id)
    return list(
        (
            await conn.execute(
                select(_GAMES, chairs.c.slot)
                .select_from(_GAMES.join(chairs, chairs.c.room_id == _GAMES.c.room_id))
                .where(_GAMES.c.status != "over")
                .order_by(_GAMES.c.created_at.desc(), _GAMES.c.room_id.desc())
                .limit(RUNNING_CAP)
            )
        ).all()
    )


async def guest_games(
    conn: AsyncConnection, guest_id: str, page: int, per_page: int, now: int
) -> dict[str, Any]:
    """One page of the guest's games in :func:`order`, with ``your_move`` (how many await
    his move, across all pages)."""
    chairs = _chairs(guest_id)
    joined = _GAMES.join(chairs, chairs.c.room_id == _GAMES.c.room_id)
    total = int((await conn.execute(select(func.count()).select_from(joined))).scalar_one())
    running_rows = await _running(conn, guest_id)
    start = (page - 1) * per_page
    finished_rows: list[Any] = []
    if start + per_page > len(running_rows):
        finished_rows = list(
            (
                await conn.execute(
                    select(_GAMES, chairs.c.slot)
                    .select_from(joined)
                    .where(_GAMES.c.status == "over")
                    .order_by(_GAMES.c.created_at.desc(), _GAMES.c.room_id.desc(), _GAMES.c.number.desc())
                    .offset(max(0, start - len(running_rows)))
                    .limit(per_page)
                )
            ).all()
        )
    rows = [*running_rows, *finished_rows]
    chairs = await _holders(conn, {row.room_id for row in rows})
    running = order([_entry(row, row.slot, await _actors(conn, row), chairs, now) for row in running_rows])
    finished = [_entry(row, row.slot, frozenset(), chairs, now) for row in finished_rows]
    window = ([*running[start:], *finished] if start < len(running) else finished)[:per_page]
    return {
        "page": page,
        "per_page": per_page,
        "pages": max(1, -(-total // per_page)),
        "total": total,
        "your_move": sum(1 for game in running if game["your_move"]),
        "games": window,
    }


async def your_move_count(conn: AsyncConnection, guest_id: str) -> int:
    """How many running games await one of the guest's seats (the landing page's line)."""
    rows = await _running(conn, guest_id)
    chairs = await _holders(conn, {row.room_id for row in rows})
    total = 0
    for row in rows:
        total += _entry(row, row.slot, await _actors(conn, row), chairs, 0)["your_move"]
    return total


@dataclass(frozen=True, slots=True)
class _Chairs:
    """Who holds the chairs of some rooms: each chair's bot level, how many are held."""

    bots: Mapping[tuple[str, int], str | None]
    held: Mapping[str, int]


async def _holders(conn: AsyncConnection, rooms: set[str]) -> _Chairs:
    if not rooms:
        return _Chairs({}, {})
    rows = (
        await conn.execute(
            select(RoomSeat.room_id, RoomSeat.slot, RoomSeat.guest_id, RoomSeat.bot_level).where(
                RoomSeat.room_id.in_(rooms)
            )
        )
    ).all()
    held: dict[str, int] = {}
    for row in rows:
        if row.guest_id is not None or row.bot_level is not None:
            held[row.room_id] = held.get(row.room_id, 0) + 1
    return _Chairs({(row.room_id, row.slot): row.bot_level for row in rows}, held)
