"""What the notifications remember in the database (``notice_marks``, migration 0010).

Two kinds of mark, both shared by every server process:

* ``your_turn``: the seat was told it is his turn. Inserting it is how a process decides
  to send the notice (the unique key lets exactly one insert land); it is deleted when the
  seat acts, so a seat hears "your turn" at most once until it has played.
* ``time_low``: a "12 h left" notice owed at ``due_at`` for the seat's deadline
  ``deadline``. A sweeper in each process claims the due ones with an atomic
  ``UPDATE ... WHERE claimed_at IS NULL``: of several processes exactly one gets a row, and
  a row claimed stays claimed across restarts, so the notice goes once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, and_, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection

from app.models import NoticeMark

MARKS = cast(Table, NoticeMark.__table__)
YOUR_TURN = "your_turn"
TIME_LOW = "time_low"


@dataclass(frozen=True, slots=True)
class Owed:
    """A claimed ``time_low`` notice."""

    room_id: str
    game_id: str
    seat: int
    deadline: int


async def _insert_new(conn: AsyncConnection, values: dict[str, Any]) -> bool:
    """Insert ``values`` unless the unique key holds it already; whether this insert landed."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(MARKS).values(**values).on_conflict_do_nothing()
    result = await conn.execute(statement)
    return bool(result.rowcount == 1)


async def mark_turn(conn: AsyncConnection, room_id: str, game_id: str, seat: int, now: int) -> bool:
    """Remember that ``seat`` is told it is his turn; ``False`` if he was already told."""
    values = {
        "room_id": room_id,
        "game_id": game_id,
        "seat": seat,
        "kind": YOUR_TURN,
        "deadline": 0,
        "due_at": now,
        "claimed_at": now,
    }
    return await _insert_new(conn, values)


async def owe_time_low(
    conn: AsyncConnection, room_id: str, game_id: str, seat: int, deadline: int, due_at: int
) -> bool:
    """Owe ``seat`` a "time low" notice at ``due_at`` for ``deadline`` (once per deadline)."""
    values = {
        "room_id": room_id,
        "game_id": game_id,
        "seat": seat,
        "kind": TIME_LOW,
        "deadline": deadline,
        "due_at": due_at,
        "claimed_at": None,
    }
    return await _insert_new(conn, values)


async def forget_seats(conn: AsyncConnection, game_id: str, seats: Iterable[int]) -> None:
    """The seats acted: they may be told again, and their old deadlines are void."""
    chosen = sorted(set(seats))
    if chosen:
        await conn.execute(delete(MARKS).where(MARKS.c.game_id == game_id, MARKS.c.seat.in_(chosen)))


async def forget_game(conn: AsyncConnection, game_id: str) -> None:
    """The game is over: nothing more is owed for it."""
    await conn.execute(delete(MARKS).where(MARKS.c.game_id == game_id))


async def claim_due(conn: AsyncConnection, now: int, limit: int = 50) -> list[Owed]:
    """Claim the ``time_low`` notices due at ``now``: each row is claimed by one UPDATE that
    only lands while nobody has claimed it, so each is returned to exactly one caller."""
    query = (
        select(MARKS.c.id, MARKS.c.room_id, MARKS.c.game_id, MARKS.c.seat, MARKS.c.deadline)
        .where(MARKS.c.kind == TIME_LOW, MARKS.c.claimed_at.is_(None), MARKS.c.due_at <= now)
        .order_by(MARKS.c.due_at)
        .limit(limit)
    )
    claimed: list[Owed] = []
    for row in (await conn.execute(query)).all():
        won = await conn.execute(
            update(MARKS)
            .where(and_(MARKS.c.id == row.id, MARKS.c.claimed_at.is_(None)))
            .values(claimed_at=now)
        )
        if won.rowcount == 1:
            claimed.append(Owed(row.room_id, row.game_id, row.seat, row.deadline))
    return claimed
