"""Deadlines that survive anything: every server process sweeps the stored deadlines.

A room's timer (:meth:`app.games.service.GameService.schedule`) lives only in a process
where a socket watches the room. A turn-based game is mostly watched by nobody: its seats
come back days later, the server may have restarted in between, and a deadline may fall
while no process runs at all. So each process, at start-up and then every
``sweep_seconds``, asks the database which current games have a stored deadline
(``games.deadline``) at or before now and ticks each room through the one command path,
which plays what the clocks force (the game's timeout rule, a decision's default).

Several processes may sweep the same game at once: each tick commits under the row's
``seq`` guard, so exactly one commit lands; the others meet :class:`app.errors.Conflict`,
reload the game and find nothing due any more. A deadline is never fired twice.

At start-up the sweeper also asks again the bots and autopilots that owe a decision in a
running turn-based game (:meth:`DeadlineSweeper.wake_bots`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from sqlalchemy.ext.asyncio import AsyncEngine

from app.clocks import Clock
from app.errors import AppError
from app.games import store
from app.games.deadlines import due_rooms, store_deadline, turn_based_in_play
from app.games.service import GameService
from app.outage import OUTAGES, report

log = logging.getLogger("speakeasy.sweeper")


class DeadlineSweeper:
    def __init__(self, engine: AsyncEngine, service: GameService, clock: Clock, every_seconds: float) -> None:
        self._engine = engine
        self._service = service
        self._clock = clock
        self._every = every_seconds
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="deadline-sweeper")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        try:
            await self.wake_bots()
        except OUTAGES as error:
            report(log, "bots of turn-based games not woken: database unavailable", error)
        except Exception:
            log.exception("waking the bots of turn-based games failed")
        while True:
            try:
                await self.sweep()
            except OUTAGES as error:
                report(log, "deadline sweep waits for the database", error)
            except Exception:
                log.exception("deadline sweep failed")
            await asyncio.sleep(self._every)

    async def wake_bots(self) -> None:
        """At start-up: ask again every bot or autopilot that owes a decision in a running
        turn-based game. A process that stopped while one was thinking took the decision
        with it, and a turn-based game is seldom opened (which asks too): it would wait for
        ever. Two processes asking at once play it once (a bot's action id is its game, its
        version and its seat)."""
        async with self._engine.connect() as conn:
            rooms = await turn_based_in_play(conn)
        for room_id in rooms:
            try:
                await self._service.start_bot(room_id)
            except AppError:  # the room is gone
                continue

    async def sweep(self) -> int:
        """Tick every room whose game's deadline has passed; how many were ticked."""
        now = self._clock.now_ms()
        async with self._engine.connect() as conn:
            rooms = await due_rooms(conn, now)
        ticked = 0
        for room_id in rooms:
            try:
                await self._service.tick(room_id)
            except AppError:  # the room is gone
                continue
            ticked += 1
            await self._repair(room_id)
            self._service.release(room_id)  # keeps nothing for a room no socket here watches
        return ticked

    async def _repair(self, room_id: str) -> None:
        """A stored deadline that the tick found nothing due at (written by an older server,
        or by a writer that changed the row outside the command path) is set right, so the
        room does not come back at every sweep."""
        async with self._engine.begin() as conn:
            runtime = await store.load_room(conn, room_id)
            if runtime is not None:
                await store_deadline(conn, runtime.game)
