"""Group commit on PostgreSQL: the changes of many games in one transaction.

:meth:`GroupCommit.commit` has the meaning of :func:`store.commit` — the change is durable
when it returns, :class:`Conflict` when the game's ``seq`` moved, :class:`DuplicateAction`
for a reused client id — but the changes waiting at the same moment share a transaction:
one ``UPDATE games … FROM json_to_recordset(…)`` guarded per row on ``seq`` (a row without a new
snapshot keeps its own: ``COALESCE``; the rows it returns are the games that committed; the
others get :class:`Conflict`) and the ``INSERT`` of those
games' log rows, written as one statement (the insert is a data-modifying ``WITH`` that
reads the update's ``RETURNING``): one round trip, committed on its own (synchronous:
nothing is acknowledged before it is on disk; a failing insert undoes the update with it).
``BEGIN``, two statements and ``COMMIT`` were four round trips per batch, each a write, a
read and a wake-up of the event loop. The rows go as two JSON parameters: as 22 arrays,
one a column, asyncpg's encoding cost twice the client CPU (~80 ``isinstance`` checks
against ABCs a change; 114-160 against 61-95 µs a one-change statement, measured side by
side on the 2-CPU machine of ``bench/``), and PostgreSQL answered no sooner. While a
batch is being committed the next one gathers, so the number of commits per second no
longer bounds the number of moves per second.

At most ``flushers`` statements are in flight (``SPEAKEASY_COMMIT_FLUSHERS``, default 1): the
changes that arrive while one is committed wait for the next and share it. One flusher made
the batches larger (at 1,000 games, 2,000 moves/s: 7.4 changes per commit against 3.3 with
four) and cost PostgreSQL 0.07 ms of CPU a move against 0.12, the server 0.40 against 0.44,
at the same latency (``speakeasy_commit_batch_changes`` on ``/metrics``).

Each flusher keeps its pooled connection between batches (checking one out of
SQLAlchemy's pool and back in cost more CPU than the statement itself); a connection whose
statement failed otherwise than by a reused client id is invalidated, and the next batch
checks out a fresh one. :meth:`GroupCommit.close` returns them.

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

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.errors import Conflict
from app.games import store
from app.games.runtime import LoadedGame
from app.metrics import Metrics

_WRITE = """
WITH updated AS (
    UPDATE games AS g SET
        version = u.version, seq = u.seq, snapshot = COALESCE(u.snapshot, g.snapshot),
        snapshot_version = u.snapshot_version, status = u.status, result = u.result,
        updated_at = u.updated_at, clocks = u.clocks, setup_deadline = u.setup_deadline, offers = u.offers,
        deadline = u.deadline, actors = u.actors
    FROM json_to_recordset($1::json) AS u(
        id varchar, guard int, version int, seq int, snapshot text, snapshot_version int, status varchar,
        result text, updated_at bigint, clocks text, setup_deadline bigint, offers text, deadline bigint,
        actors text
    )
    WHERE g.id = u.id AND g.seq = u.guard
    RETURNING g.id
), logged AS (
    INSERT INTO game_actions (game_id, seat, kind, action, client_id, command_digest, first_version,
                              last_version, events, at)
    SELECT l.game_id, l.seat, l.kind, l.action, l.client_id, l.command_digest, l.first_version,
           l.last_version, l.events, l.at
    FROM json_to_recordset($2::json) AS l(
        game_id varchar, seat int, kind varchar, action text, client_id varchar, command_digest varchar,
        first_version int, last_version int, events text, at bigint
    )
    WHERE l.game_id IN (SELECT id FROM updated)
)
SELECT id FROM updated
"""


Item = tuple[LoadedGame, LoadedGame, Sequence[store.LogEntry], int]


class GroupCommit:
    def __init__(
        self, engine: AsyncEngine, flushers: int = 1, batch: int = 500, metrics: Metrics | None = None
    ) -> None:
        self.engine = engine
        self._metrics = metrics
        self.enabled = engine.dialect.name == "postgresql" and engine.dialect.driver == "asyncpg"
        self._queue: list[tuple[Item, asyncio.Future[None]]] = []
        self._slots = asyncio.Semaphore(flushers)
        self._batch = batch
        self._tasks: set[asyncio.Task[None]] = set()
        self._idle: list[tuple[AsyncConnection, Any]] = []  # kept between batches, with asyncpg's own
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
            if self._metrics is not None:
                self._metrics.commit_batch.observe(len(batch))
            for (before, *_), future in batch:
                if future.done():
                    continue
                if before.id in committed:
                    future.set_result(None)
                else:
                    future.set_exception(Conflict())

    async def _write(self, items: list[Item]) -> set[str]:
        """One statement: the guarded updates and the log rows of the games they matched."""
        updates: list[dict[str, Any]] = []
        logs: list[dict[str, Any]] = []
        for before, after, entries, now in items:
            updates.append({"id": before.id, "guard": before.seq, **store.game_values(after, now)})
            logs += store.log_rows(before.id, before.version, entries)
        kept = self._idle.pop() if self._idle else await self._connect()
        conn, raw = kept
        try:
            rows = await raw.fetch(_WRITE, store.dumps(updates), store.dumps(logs))
        except BaseException as error:
            if isinstance(error, Exception) and _unique_violation(error):
                self._idle.append(kept)  # the statement failed, the connection did not
            else:
                with contextlib.suppress(Exception):
                    await conn.invalidate()
                with contextlib.suppress(Exception):
                    await conn.close()
            raise
        self._idle.append(kept)
        return {row[0] for row in rows}

    async def _connect(self) -> tuple[AsyncConnection, Any]:
        """A pooled connection and the asyncpg connection under it (looked up once: the
        lookup passes through SQLAlchemy's greenlet bridge)."""
        conn = await self.engine.connect()
        raw = (await conn.get_raw_connection()).driver_connection
        assert raw is not None
        return conn, raw

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
        idle, self._idle = self._idle, []
        for conn, _raw in idle:
            with contextlib.suppress(Exception):
                await conn.close()


def _unique_violation(error: Exception) -> bool:
    return type(error).__name__ == "UniqueViolationError"
