"""Fan-out of frames to every live viewer of a room, in this process and the others.

The :class:`Hub` keeps this process's connections by room. A committed change is
published once as a message holding ready-made frame texts per viewer class; the hub hands
it to local connections at once and to the :class:`Bus`, which carries it to the other
processes (Redis pub/sub when ``REDIS_URL`` is set; :class:`LocalBus`, nothing to carry,
otherwise). Delivery to a connection only enqueues: a slow socket never holds up a
command.

Messages are JSON objects with ``kind`` (``events``, ``text``, ``chat``, ``presence``,
``room_changed``, ``resync``), ``room`` and ``origin`` (the publishing process).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import orjson

from app.errors import AppError
from app.outage import OUTAGES, Backoff, report
from app.presence import PresenceBoard

log = logging.getLogger("speakeasy.broadcast")

Message = dict[str, Any]
Receiver = Callable[[Message], Awaitable[None]]
Reconnected = Callable[[], Awaitable[None]]
Healer = Callable[[str], Awaitable[tuple[str, int]]]
CHANNEL = "speakeasy:rooms"
STEP_SECONDS = 5.0
"""The longest a subscription, or its closing, may take before it counts as failed."""


class Listener(Protocol):
    room_id: str
    slot: int | None

    def deliver(self, message: Message) -> None: ...

    def resync(self, game_id: str, version: int) -> None:
        """Messages may have been lost on the way, and the room's game stands at
        ``version`` in the database: catch up with it if behind."""


class Bus(Protocol):
    @property
    def up(self) -> bool:
        """Whether messages are carried now (readiness and ``/metrics`` report it)."""

    async def start(self, receiver: Receiver, reconnected: Reconnected) -> None: ...
    async def publish(self, message: Message) -> None: ...
    async def close(self) -> None: ...


class LocalBus:
    """One process: the hub already delivered locally, there is no one else."""

    up = True

    async def start(self, receiver: Receiver, reconnected: Reconnected) -> None:
        return None

    async def publish(self, message: Message) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBus:
    """Several processes: every message goes through one Redis pub/sub channel.

    The subscription lives in a task that reconnects by itself: when Redis goes away
    (restarted, killed, cut off), the task notes the bus down, waits (:class:`Backoff`:
    0.05 s doubling to 1 s, with jitter) and subscribes again, then calls ``reconnected`` so
    the hub can heal what was missed meanwhile. While the bus is down nothing is published
    (a publish would only wait on a dead connection): the hub makes up for it from the
    database. A connection that stops answering is found by a ``PING`` on the subscription
    after ``health_seconds`` of silence (:meth:`_listen`)."""

    def __init__(self, url: str, backoff: Backoff | None = None, health_seconds: float = 5.0) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self._redis = redis.from_url(
            url,
            socket_connect_timeout=2,
            # A publish, or a connection's handshake, to a Redis that accepted the connection
            # and went silent fails after 2 s; the subscription's own wait for messages is
            # not bounded by it (redis-py reads it without a timeout).
            socket_timeout=2,
            socket_keepalive=True,
            health_check_interval=health_seconds,
            retry=Retry(NoBackoff(), 1),  # a publish on a pooled connection Redis closed: once more
        )
        self._backoff = backoff or Backoff(0.05, 1.0)
        self._health_seconds = health_seconds
        self._task: asyncio.Task[None] | None = None
        self._up = False

    @property
    def up(self) -> bool:
        return self._up

    async def start(self, receiver: Receiver, reconnected: Reconnected) -> None:
        self._task = asyncio.create_task(self._run(receiver, reconnected), name="redis-bus")
        for _ in range(50):  # a healthy start is subscribed before it serves (5 s at most)
            if self._up or self._task.done():
                break
            await asyncio.sleep(0.1)

    async def _run(self, receiver: Receiver, reconnected: Reconnected) -> None:
        """Subscribe, listen, and on any failure subscribe again: this task ends only when
        it is cancelled (:meth:`close`). A failure that is not an outage (a bug, or an error
        redis-py let through unwrapped) is logged with its traceback, never the end of the
        bus: a bus task that died left the process without fan-out, its readiness saying
        ``bus: down`` for good."""
        lost = False
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                async with asyncio.timeout(STEP_SECONDS):
                    await pubsub.subscribe(CHANNEL)
                self._up = True
                self._backoff.reset()
                if lost:
                    log.warning("bus reconnected")
                    await reconnected()
                await self._listen(pubsub, receiver)
                log.warning("bus subscription ended; reconnecting")
            except OUTAGES as error:
                if self._up or not lost:
                    report(log, "bus lost; reconnecting", error)
            except Exception:
                log.exception("bus failed; reconnecting")
            finally:
                self._up = False
                with contextlib.suppress(Exception):
                    async with asyncio.timeout(STEP_SECONDS):
                        await pubsub.aclose()  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
            lost = True
            await asyncio.sleep(self._backoff.next())

    async def _listen(self, pubsub: Any, receiver: Receiver) -> None:
        """Hand each message to ``receiver`` until the connection fails. A Redis stopped or
        cut off keeps the connection open without a word, and a plain wait for messages
        would wait for ever: after ``health_seconds`` of silence the subscription sends a
        ``PING``, and when neither its answer nor a message comes within as long again,
        the connection counts as lost (a ``TimeoutError``: an outage)."""
        clock = asyncio.get_running_loop().time
        heard, asked = clock(), False
        while True:
            item = await pubsub.get_message(timeout=self._health_seconds)
            if item is None:
                if clock() - heard < self._health_seconds:
                    continue
                if asked:
                    raise TimeoutError("the bus's Redis stopped answering")
                await pubsub.ping()
                asked = True
                continue
            heard, asked = clock(), False
            if item.get("type") != "message":
                continue  # the answer to our PING
            try:
                message = orjson.loads(item["data"])
            except orjson.JSONDecodeError:
                log.warning("unreadable bus message dropped")
                continue
            try:
                await receiver(message)
            except Exception:
                log.exception("bus message handling failed")

    async def publish(self, message: Message) -> None:
        if self._up:
            await self._redis.publish(CHANNEL, orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        with contextlib.suppress(Exception):
            await self._redis.aclose()


def make_bus(redis_url: str | None) -> Bus:
    return RedisBus(redis_url) if redis_url else LocalBus()


class Hub:
    """This process's connections by room, and the healing after a bus outage.

    When the bus was away, messages of other processes were lost on the way, and theirs
    missed ours (and so did they when one of our publishes failed). Once it is back, the
    hub announces it (a ``resync`` message: every
    process drops what it knew of this one's presence and heals its own rooms too), says
    again who is connected here, and heals every local room: the game service tells where
    the room's game stands in the database, and each of its viewers that is behind catches
    up from the database (the versioned replay: nothing is applied twice). While the bus is down,
    the rooms are healed every ``poll_seconds``, so games go on meanwhile; a heal that
    fails (the database is away too) is tried again on the next round."""

    def __init__(
        self, bus: Bus, presence: PresenceBoard, now: Callable[[], int], poll_seconds: float = 1.0
    ) -> None:
        self.bus = bus
        self.presence = presence
        self.origin = uuid.uuid4().hex
        self._now = now
        self._rooms: dict[str, set[Listener]] = defaultdict(set)
        self._observers: list[Callable[[Message], None]] = []
        self._healer: Healer | None = None
        self._poll_seconds = poll_seconds
        self._heal_due = False
        self._owe_resync = False
        self._wake = asyncio.Event()
        self._watch: asyncio.Task[None] | None = None

    def observe(self, observer: Callable[[Message], None]) -> None:
        """Call ``observer`` with every message from another process (cache upkeep)."""
        self._observers.append(observer)

    def heal_with(self, healer: Healer) -> None:
        """``healer(room_id)`` gives the room's current game and version in the database
        (its viewers behind them then catch up); it may raise a dependency outage."""
        self._healer = healer

    async def start(self) -> None:
        await self.bus.start(self.receive, self._reconnected)
        if not isinstance(self.bus, LocalBus):
            self._watch = asyncio.create_task(self._watch_bus(), name="bus-watch")

    async def close(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(BaseException):
                await self._watch
        await self.bus.close()

    async def _reconnected(self) -> None:
        """The bus is back: tell the others and heal (in the watch task, not the bus's)."""
        self._owe_resync = True
        self._heal_soon()

    def _heal_soon(self) -> None:
        self._heal_due = True
        self._wake.set()

    async def _watch_bus(self) -> None:
        """Heal when asked to, and every ``poll_seconds`` while the bus is down; once it is
        up, a ``resync`` owed (the bus came back, or a publish was lost) is sent first."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._poll_seconds)
            self._wake.clear()
            if self._owe_resync and self.bus.up:
                await self._resync()
            if self._heal_due or not self.bus.up:
                await self.heal()

    async def _resync(self) -> None:
        """Ask every process to heal its rooms, and say again who is connected here (the
        others drop what they knew of this process's presence on ``resync``)."""
        self._owe_resync = False
        try:
            await self.bus.publish({"kind": "resync", "room": "", "origin": self.origin})
            for room_id, listeners in list(self._rooms.items()):
                for slot in {listener.slot for listener in listeners}:
                    await self._announce(room_id, slot)
        except OUTAGES as error:
            self._owe_resync = True
            report(log, "bus resync failed", error)

    async def heal(self) -> None:
        """Catch every local viewer up with the database, room by room (see the class)."""
        healer = self._healer
        if healer is None:
            return
        self._heal_due = False
        for room_id in list(self._rooms):
            try:
                game_id, version = await healer(room_id)
            except OUTAGES as error:
                report(log, "heal waits for the database", error)
                self._heal_due = True
                return
            except AppError:
                continue  # the room is gone
            for listener in tuple(self._rooms.get(room_id, ())):
                listener.resync(game_id, version)

    def is_local(self, room_id: str) -> bool:
        """Whether a connection of this process watches ``room_id`` (O(1): on every move)."""
        return room_id in self._rooms

    def local_rooms(self) -> list[str]:
        return list(self._rooms)

    def connections(self) -> int:
        return sum(len(listeners) for listeners in self._rooms.values())

    async def join(self, listener: Listener) -> None:
        self.presence.watch(listener.room_id, self._now())
        self._rooms[listener.room_id].add(listener)
        await self._announce(listener.room_id, listener.slot)

    async def leave(self, listener: Listener) -> None:
        """Forget ``listener``, then tell everyone. The bookkeeping is done before the
        first ``await``: two sockets of a room closing at once must not both find the room
        empty after the publish (the second ``del`` raised, and a socket joining in between
        lost its broadcasts)."""
        room_id = listener.room_id
        listeners = self._rooms.get(room_id)
        if listeners is None or listener not in listeners:
            return
        listeners.discard(listener)
        if not listeners:
            del self._rooms[room_id]
        await self._announce(room_id, listener.slot)

    async def _announce(self, room_id: str, slot: int | None) -> None:
        count = sum(1 for other in self._rooms.get(room_id, ()) if other.slot == slot)
        await self.publish(
            {"kind": "presence", "room": room_id, "slot": slot, "count": count, "at": self._now()}
        )

    async def publish(self, message: Message) -> None:
        message["origin"] = self.origin
        self._deliver(message)
        try:
            await self.bus.publish(message)
        except OUTAGES as error:
            # Lost for the others: once the bus carries messages again, they are asked to
            # heal (``resync``), and catch up from the database.
            self._owe_resync = True
            self._wake.set()
            report(log, "bus publish failed", error, room=message.get("room"))

    async def receive(self, message: Message) -> None:
        if message.get("origin") == self.origin:
            return
        if message["kind"] == "resync":  # another process's bus came back
            self.presence.drop_origin(message["origin"], self._now())
            self._heal_soon()
            return
        for observer in self._observers:
            observer(message)
        self._deliver(message)

    def _deliver(self, message: Message) -> None:
        room_id = message["room"]
        if message["kind"] == "presence":
            changed = self.presence.update(
                room_id, message["slot"], message["origin"], message["count"], message["at"]
            )
            if room_id not in self._rooms and self.presence.idle(room_id):
                self.presence.forget(room_id)  # nobody anywhere: keep nothing of it here
            if not changed:
                return
        for listener in tuple(self._rooms.get(room_id, ())):
            listener.deliver(message)
