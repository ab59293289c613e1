"""Group commit on PostgreSQL: the changes of many games in one transaction.

:meth:`GroupCommit.commit` has the meaning of :func:`store.commit` — the change is durable
when it returns, :class:`Conflict` when the game's ``seq`` moved, :class:`DuplicateAction`
for a reused client id — but the changes waiting at the same moment share a transaction:
one ``UPDATE games … FROM unnest(…)`` guarded per row on ``seq`` (the rows it returns are
the games that committed; the others get :class:`Conflict`), one ``INSERT`` of their log
rows, one ``COMMIT`` (synchronous: nothing is acknowledged before it is on disk). While a
batch is being committed the next one gathers, so the number of commits per second no
longer bounds the number of moves per second.

A rematch (it inserts a game and moves the room) goes alone through :func:`store.commit`,
and so does a batch in which a client id turns out to be reused (the unique violation
rolls the batch back; its changes are then committed one by one, which says who was the
duplicate). SQLite keeps :func:`store.commit`: it has one writer anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from app.errors import Conflict
from app.games import store
from app.games.runtime import LoadedGame

_UPDATE = """
UPDATE games AS g SET
    version = u.version, seq = u.seq, snapshot = u.snapshot, status = u.status, result = u.result,
    updated_at = u.updated_at, clocks = u.clocks, setup_deadline = u.setup_deadline, offers = u.offers
FROM unnest(
    $1::varchar[], $2::int[], $3::int[], $4::int[], $5::text[], $6::varchar[], $7::text[], $8::bigint[],
    $9::text[], $10::bigint[], $11::text[]
) AS u(id, guard, version, seq, snapshot, status, result, updated_at, clocks, setup_deadline, offers)
WHERE g.id = u.id AND g.seq = u.guard
RETURNING g.id
"""
_UPDATE_COLUMNS = (
    "version", "seq", "snapshot", "status", "result", "updated_at", "clocks", "setup_deadline", "offers",
)  # fmt: skip
_INSERT = """
INSERT INTO game_actions (game_id, seat, kind, action, client_id, command_digest, first_version,
                          last_version, events, at)
SELECT * FROM unnest(
    $1::varchar[], $2::int[], $3::varchar[], $4::text[], $5::varchar[], $6::varchar[], $7::int[], $8::int[],
    $9::text[], $10::bigint[]
)
"""
_INSERT_COLUMNS = (
    "game_id", "seat", "kind", "action", "client_id", "command_digest", "first_version", "last_version",
    "events", "at",
)  # fmt: skip

Item = tuple[LoadedGame, LoadedGame, Sequence[store.LogEntry], int]


class GroupCommit:
    def __init__(self, engine: AsyncEngine, flushers: int = 4, batch: int = 500) -> None:
        self.engine = engine
        self.enabled = engine.dialect.name == "postgresql" and engine.dialect.driver == "asyncpg"
        self._queue: list[tuple[Item, asyncio.Future[None]]] = []
        self._slots = asyncio.Semaphore(flushers)
        self._batch = batch
        self._tasks: set[asyncio.Task[None]] = set()
        self.batches = 0
        self.items = 0

    async def commit(
        self,
        before: LoadedGame,
        after: LoadedGame,
        entries: Sequence[store.LogEntry],
        now: int,
        next_game: LoadedGame | None = None,
    ) -> None:
        if not self.enabled or next_game is not None:
            await store.commit(self.engine, before, after, entries, now, next_game)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(((before, after, entries, now), future))
        if len(self._queue) == 1 or len(self._queue) >= self._batch:
            task = asyncio.create_task(self._flush())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        await future

    async def _flush(self) -> None:
        async with self._slots:
            batch, self._queue = self._queue[: self._batch], self._queue[self._batch :]
            if self._queue:  # more than one batch waits: keep a flusher for the rest
                task = asyncio.create_task(self._flush())
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            if not batch:
                return
            try:
                committed = await self._write([item for item, _ in batch])
            except Exception as error:
                if _unique_violation(error):
                    await self._one_by_one(batch)
                    return
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                return
            except BaseException:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(Conflict("the server is shutting down"))
                raise
            self.batches += 1
            self.items += len(batch)
            for (before, *_), future in batch:
                if future.done():
                    continue
                if before.id in committed:
                    future.set_result(None)
                else:
                    future.set_exception(Conflict())

    async def _write(self, items: list[Item]) -> set[str]:
        updates: list[list[Any]] = [[] for _ in range(2 + len(_UPDATE_COLUMNS))]
        for before, after, _entries, now in items:
            values = store.game_values(after, now)
            updates[0].append(before.id)
            updates[1].append(before.seq)
            for index, column in enumerate(_UPDATE_COLUMNS, start=2):
                updates[index].append(values[column])
        async with self.engine.connect() as conn:
            raw = (await conn.get_raw_connection()).driver_connection
            assert raw is not None
            async with raw.transaction():
                committed = {row[0] for row in await raw.fetch(_UPDATE, *updates)}
                logs: list[list[Any]] = [[] for _ in _INSERT_COLUMNS]
                for before, _after, entries, _now in items:
                    if before.id not in committed:
                        continue
                    for row in store.log_rows(before.id, before.version, entries):
                        for index, column in enumerate(_INSERT_COLUMNS):
                            logs[index].append(row[column])
                if logs[0]:
                    await raw.execute(_INSERT, *logs)
        return committed

    async def _one_by_one(self, batch: list[tuple[Item, asyncio.Future[None]]]) -> None:
        for (before, after, entries, now), future in batch:
            try:
                await store.commit(self.engine, before, after, entries, now)
            except Exception as error:
                future.set_exception(error)
            else:
                future.set_result(None)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def _unique_violation(error: Exception) -> bool:
    return type(error).__name__ == "UniqueViolationError"
