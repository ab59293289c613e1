"""From a committed change to notices in every channel, without ever holding up a move.

:meth:`Notifier.committed` is the one call the game service makes after a change is
committed (:meth:`app.games.service.GameService._commit`); :meth:`Notifier.seated` is called
when a claim takes a room's last chair (the game starts outside the command path). Both only
spawn a background task: the work (who is concerned, the marks in the database, delivery to
each registered :class:`~app.notify.Channel`) runs after the move was answered, bounded in
number, its errors logged without any address.

"12 h left" notices are owed in ``notice_marks`` when a seat's deadline is set and sent by a
sweeper that runs in every process (:meth:`Notifier.sweep`), each due row claimed by exactly
one of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine, Iterable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from app.clocks import Clock
from app.games import store
from app.games.commands import Change
from app.games.runtime import LoadedGame, RoomInfo
from app.notify import Channel, Notice, NoticeKind, triggers
from app.notify import marks as notice_marks
from app.notify.words import seat_label
from app.outage import OUTAGES, report
from engine.catalogue import entry

log = logging.getLogger("speakeasy.notify")

MAX_PENDING = 500
"""Background notice tasks one process keeps at once; beyond, new ones are dropped (and
logged): a flood of moves must never grow memory without bound."""
MAX_SENDING = 16
"""Deliveries in flight at once."""


class Notifier:
    def __init__(
        self, engine: AsyncEngine, clock: Clock, public_url: str | None, sweep_seconds: float
    ) -> None:
        self._engine = engine
        self._clock = clock
        self._base = (public_url or "").rstrip("/")
        self._sweep_seconds = sweep_seconds
        self.channels: list[Channel] = []
        self._sending = asyncio.Semaphore(MAX_SENDING)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._rooms: dict[str, tuple[asyncio.Lock, list[int]]] = {}
        """One room's changes are worked out in the order they were committed (a seat's
        "acted" must not overtake the change that makes it due again)."""
        self._sweeper: asyncio.Task[None] | None = None

    def register(self, channel: Channel) -> None:
        """Deliver every notice through ``channel`` too (one line in :mod:`app.main`)."""
        self.channels.append(channel)

    # -- the triggers --------------------------------------------------------------------
    def committed(self, room: RoomInfo, before: LoadedGame, change: Change, now: int) -> None:
        """A change was committed: work out and send its notices, later. Never raises.

        "Your turn" and "12 h left" are for turn-based rooms, played over days: in a live
        room the players are at the page, whose own cues (title, sound, the browser's
        notification) say it is their turn, and a push at every move of a blitz game would
        be noise; so there only a game's start and end are notices, and a move costs the
        database nothing here."""
        ended = change.after.result is not None and before.result is None
        if not room.turn_based and change.next_game is None and not ended:
            return
        self._spawn(self._in_order(room.id, self._after_commit(room, before, change, now)))

    def seated(self, room_id: str, guest_id: str) -> None:
        """``guest_id`` took a chair of ``room_id``: if that filled the room, its game has
        started; the others are told (he is at the page). Never raises."""
        self._spawn(self._in_order(room_id, self._after_seated(room_id, guest_id)))

    async def _in_order(self, room_id: str, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` after the room's earlier notices' work (the lock is fair, and each
        task asks for it before anything else)."""
        entry = self._rooms.setdefault(room_id, (asyncio.Lock(), [0]))
        lock, users = entry
        users[0] += 1
        try:
            async with lock:
                await work
        finally:
            users[0] -= 1
            if not users[0]:
                del self._rooms[room_id]

    async def _after_commit(self, room: RoomInfo, before: LoadedGame, change: Change, now: int) -> None:
        after = change.after
        moved = {item.seat for item in change.entries if item.seat is not None}
        acted = {item.seat for item in change.entries if item.seat is not None and item.client_id}
        notices: list[Notice] = []
        async with self._engine.begin() as conn:
            await notice_marks.forget_seats(conn, after.id, moved)
            if after.result is not None:
                await notice_marks.forget_game(conn, after.id)
                if before.result is None and before.id == after.id:
                    humans = triggers.human_seats(room, after)
                    notices += [
                        self._notice("game_over", guest, room, after)
                        for seat, guest in humans.items()
                        if seat not in acted
                    ]
            if change.next_game is not None:
                notices += await self._started(conn, room, change.next_game, skip=acted, now=now)
            elif after.result is None and room.turn_based:
                humans = triggers.human_seats(room, after)
                for seat in triggers.newly_due(room, before, after, acted):
                    if await notice_marks.mark_turn(conn, room.id, after.id, seat, now):
                        notices.append(self._notice("your_turn", humans[seat], room, after))
                await self._owe_time_low(conn, room, after, now)
        self._deliver_all(notices)

    async def _after_seated(self, room_id: str, guest_id: str) -> None:
        now = self._clock.now_ms()
        async with self._engine.begin() as conn:
            runtime = await store.load_room(conn, room_id)
            if runtime is None or not triggers.started(runtime.room, runtime.game):
                return
            claimer = {
                seat
                for seat, guest in triggers.human_seats(runtime.room, runtime.game).items()
                if guest == guest_id
            }
            notices = await self._started(conn, runtime.room, runtime.game, skip=claimer, now=now)
        self._deliver_all(notices)

    async def _started(
        self, conn: Any, room: RoomInfo, game: LoadedGame, skip: Iterable[int], now: int
    ) -> list[Notice]:
        """``game_started`` for every human seat but ``skip``; the seats due to act are
        marked as told (the notice says whose turn it is)."""
        humans = triggers.human_seats(room, game)
        if room.turn_based:
            for seat in sorted(triggers.actors(game) & set(humans)):
                await notice_marks.mark_turn(conn, room.id, game.id, seat, now)
            await self._owe_time_low(conn, room, game, now)
        skipped = set(skip)
        return [
            self._notice("game_started", guest, room, game)
            for seat, guest in humans.items()
            if seat not in skipped
        ]

    async def _owe_time_low(self, conn: Any, room: RoomInfo, game: LoadedGame, now: int) -> None:
        for due in triggers.deadlines(room, game, now):
            await notice_marks.owe_time_low(
                conn, room.id, game.id, due.seat, due.deadline, due.deadline - triggers.TIME_LOW_MS
            )

    # -- "12 h left" -----------------------------------------------------------------------
    def start(self) -> None:
        """Run the sweeper of this process (at start-up, then every ``sweep_seconds``): a
        notice that fell due while no process ran goes out now."""
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="notice-sweeper")

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except OUTAGES as error:
                report(log, "notice sweep waits for the database", error)
            except Exception:
                log.exception("notice sweep failed")
            await asyncio.sleep(self._sweep_seconds)

    async def sweep(self) -> int:
        """Claim the "12 h left" notices due now and send those still true (the seat still
        owes that decision by that deadline); how many were sent."""
        now = self._clock.now_ms()
        notices: list[Notice] = []
        async with self._engine.begin() as conn:
            owed = await notice_marks.claim_due(conn, now)
        for item in owed:
            async with self._engine.connect() as conn:
                runtime = await store.load_room(conn, item.room_id)
            if runtime is None or runtime.game.id != item.game_id:
                continue
            game = runtime.game
            guest = triggers.human_seats(runtime.room, game).get(item.seat)
            if guest is None or item.seat not in triggers.actors(game):
                continue
            if triggers.deadline_of(game, item.seat) != item.deadline or item.deadline <= now:
                continue
            hours = max(1, (item.deadline - now + 1_800_000) // 3_600_000)
            notices.append(self._notice("time_low", guest, runtime.room, game, hours))
        self._deliver_all(notices)
        return len(notices)

    # -- delivery ----------------------------------------------------------------------------
    def _notice(
        self, kind: NoticeKind, guest_id: str, room: RoomInfo, game: LoadedGame, hours: int | None = None
    ) -> Notice:
        """What every channel gets: the room, the game, the kind, whose turn. Nothing else."""
        turn = tuple(sorted(triggers.actors(game)))
        return Notice(
            kind=kind,
            guest_id=guest_id,
            room_id=room.id,
            game=game.game,
            game_title=entry(game.game).title,
            url=f"{self._base}/r/{room.id}",
            turn_of=tuple(seat_label(seat) for seat in turn),
            hours_left=hours,
            turn_seats=turn,
        )

    def _deliver_all(self, notices: list[Notice]) -> None:
        for notice in notices:
            for channel in self.channels:
                self._spawn(self._deliver(channel, notice))

    async def _deliver(self, channel: Channel, notice: Notice) -> None:
        async with self._sending:
            await channel.deliver(notice)

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        if len(self._tasks) >= MAX_PENDING:
            work.close()
            log.warning("notice dropped: too many in flight", extra={"pending": len(self._tasks)})
            return
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if isinstance(error, OUTAGES):
            report(log, "notice not sent: database unavailable", error)
        elif error is not None:
            log.error("notice not sent", exc_info=error)

    async def idle(self) -> None:
        """Wait until every notice in flight is delivered (tests; shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.idle(), 5)
        for task in list(self._tasks):
            task.cancel()
        for channel in self.channels:
            closer = getattr(channel, "close", None)
            if closer is not None:
                with contextlib.suppress(Exception):
                    await closer()
