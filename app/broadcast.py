"""Fan-out of frames to every live viewer of a room, in this process and the others.

The :class:`Hub` keeps this process's connections by room. A committed change is
published once as a message holding ready-made frame texts per viewer class; the hub hands
it to local connections at once and to the :class:`Bus`, which carries it to the other
processes (Redis pub/sub when ``REDIS_URL`` is set; :class:`LocalBus`, nothing to carry,
otherwise). Delivery to a connection only enqueues: a slow socket never holds up a
command.

Messages are JSON objects with ``kind`` (``events``, ``text``, ``presence``,
``room_changed``), ``room`` and ``origin`` (the publishing process).
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

from app.presence import PresenceBoard

log = logging.getLogger("speakeasy.broadcast")

Message = dict[str, Any]
Receiver = Callable[[Message], Awaitable[None]]
CHANNEL = "speakeasy:rooms"


class Listener(Protocol):
    room_id: str
    slot: int | None

    def deliver(self, message: Message) -> None: ...


class Bus(Protocol):
    async def start(self, receiver: Receiver) -> None: ...
    async def publish(self, message: Message) -> None: ...
    async def close(self) -> None: ...


class LocalBus:
    """One process: the hub already delivered locally, there is no one else."""

    async def start(self, receiver: Receiver) -> None:
        return None

    async def publish(self, message: Message) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisBus:
    """Several processes: every message goes through one Redis pub/sub channel."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(url)
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        self._task: asyncio.Task[None] | None = None

    async def start(self, receiver: Receiver) -> None:
        await self._pubsub.subscribe(CHANNEL)
        self._task = asyncio.create_task(self._listen(receiver), name="redis-bus")

    async def _listen(self, receiver: Receiver) -> None:
        async for item in self._pubsub.listen():
            if item.get("type") != "message":
                continue
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
        await self._redis.publish(CHANNEL, orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
        await self._redis.aclose()


def make_bus(redis_url: str | None) -> Bus:
    return RedisBus(redis_url) if redis_url else LocalBus()


class Hub:
    def __init__(self, bus: Bus, presence: PresenceBoard, now: Callable[[], int]) -> None:
        self.bus = bus
        self.presence = presence
        self.origin = uuid.uuid4().hex
        self._now = now
        self._rooms: dict[str, set[Listener]] = defaultdict(set)
        self._observers: list[Callable[[Message], None]] = []

    def observe(self, observer: Callable[[Message], None]) -> None:
        """Call ``observer`` with every message from another process (cache upkeep)."""
        self._observers.append(observer)

    async def start(self) -> None:
        await self.bus.start(self.receive)

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
        except Exception:
            # Viewers elsewhere will see the gap in versions and fetch it from the database.
            log.exception("bus publish failed", extra={"room": message.get("room")})

    async def receive(self, message: Message) -> None:
        if message.get("origin") == self.origin:
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
