"""One viewer's WebSocket, as an explicit state machine.

    accepted ──hello──▶ live ──(disconnect | error)──▶ closed

Two tasks share the socket: the *reader* parses each inbound frame once (size, rate,
schema), runs commands through :class:`GameService` and queues their ``ack``/``error``;
the *writer* is the only one to send, draining one queue in order: welcome or replay,
broadcast event frames (skipping versions already sent, fetching any gap from the
database), offers, presence, acks. Because a command's events are queued before its ack,
a client always holds the new state when it reads the ack. An exception that escapes
either task closes the socket with 1011; leaving the hub always runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from app.broadcast import Hub, Message
from app.config import Settings
from app.errors import UNAVAILABLE, AppError
from app.games import frames
from app.games.runtime import RoomRuntime
from app.games.service import GameService
from app.metrics import Metrics
from app.ws.messages import Chat, Hello, Mute, Ping, claimed_id, parse
from app.ws.ratelimit import TokenBucket

log = logging.getLogger("speakeasy.ws")

_QUEUE_LIMIT = 2048


class Connection:
    def __init__(
        self,
        websocket: WebSocket,
        service: GameService,
        hub: Hub,
        settings: Settings,
        metrics: Metrics,
        room_id: str,
        slot: int | None,
    ) -> None:
        self.websocket = websocket
        self.service = service
        self.hub = hub
        self.settings = settings
        self.metrics = metrics
        self.room_id = room_id
        self.slot = slot
        self.role = "spectator" if slot is None else "player"
        self._queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._bucket = TokenBucket(settings.max_frames_per_second)
        self._chat_bucket = TokenBucket(settings.chat_lines_per_second)
        self._muted: frozenset[int] = frozenset()  # seats whose chat this viewer does not want
        self._seat_slots: tuple[int, ...] = ()
        self._hello_seen = False
        # What the writer has sent: the game and the last version of it.
        self._game_id: str | None = None
        self._sent: int | None = None
        self._key: str = "spectator"

    # -- called by the hub (any time, never blocks) ---------------------------------------
    def deliver(self, message: Message) -> None:
        if self._queue.qsize() >= _QUEUE_LIMIT:
            self._queue.put_nowait(("overflow", None))
            return
        self._queue.put_nowait(("bus", message))

    # -- lifecycle ----------------------------------------------------------------------
    async def run(self) -> None:
        self.metrics.connections.labels(self.role).inc()
        await self.hub.join(self)
        self.service.schedule(self.room_id)
        reader = asyncio.create_task(self._read(), name="ws-reader")
        writer = asyncio.create_task(self._write(), name="ws-writer")
        try:
            done, _pending = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
            failed = next((task.exception() for task in done if task.exception() is not None), None)
            if failed is not None and not isinstance(failed, WebSocketDisconnect):
                log.error("connection failed", exc_info=failed, extra={"room": self.room_id})
                await self._close(1011)
        finally:
            for task in (reader, writer):
                task.cancel()
            for task in (reader, writer):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            try:
                await self.hub.leave(self)
            finally:
                self.service.release(self.room_id)
                self.metrics.connections.labels(self.role).dec()

    async def _close(self, code: int) -> None:
        if self.websocket.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await self.websocket.close(code)

    # -- reader -------------------------------------------------------------------------
    async def _read(self) -> None:
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                self._error("bad_message", "frames must be JSON text")
                continue
            if (
                len(text) > self.settings.max_frame_bytes
                or len(text.encode()) > self.settings.max_frame_bytes
            ):
                self._error("too_large", f"frames are limited to {self.settings.max_frame_bytes} bytes")
                continue
            if not self._bucket.take():
                self._error("rate_limited", "too many frames; slow down", claimed_id(text))
                continue
            await self._handle(text)

    async def _handle(self, text: str) -> None:
        try:
            parsed = parse(text)
        except AppError as error:
            self._error(error.code, error.message, claimed_id(text))
            return
        if isinstance(parsed, Ping):
            self._queue.put_nowait(("text", frames.PONG))
            return
        if isinstance(parsed, Hello):
            self._hello_seen = True
            self._queue.put_nowait(("hello", parsed))
            return
        if not self._hello_seen:
            self._error("bad_message", "send hello first", parsed.id)
            return
        if isinstance(parsed, Mute):
            self._muted = self._muted | {parsed.seat} if parsed.muted else self._muted - {parsed.seat}
            self._queue.put_nowait(("text", frames.ack_frame(parsed.id, self._sent or 0)))
            return
        if isinstance(parsed, Chat):
            await self._chat(parsed)
            return
        if self.slot is None:
            self._error("not_player", "spectators cannot act", parsed.id)
            return
        try:
            version = await self.service.execute(self.room_id, self.slot, parsed)
        except AppError as error:
            self._error(error.code, error.message, parsed.id)
            return
        except SQLAlchemyError as error:
            log.error("database error", extra={"room": self.room_id, "error": type(error).__name__})
            self._error(UNAVAILABLE.code, UNAVAILABLE.message, parsed.id)
            return
        self._queue.put_nowait(("text", frames.ack_frame(parsed.id, version)))

    async def _chat(self, line: Chat) -> None:
        if not self._chat_bucket.take():
            self._error("rate_limited", "too many chat lines; slow down", line.id)
            return
        try:
            version = await self.service.chat(self.room_id, self.slot, line.channel, line.text)
        except AppError as error:
            self._error(error.code, error.message, line.id)
            return
        self._queue.put_nowait(("text", frames.ack_frame(line.id, version)))

    def _error(self, code: str, message: str, action_id: str | None = None) -> None:
        self._queue.put_nowait(("text", frames.error_frame(code, message, action_id)))

    # -- writer -------------------------------------------------------------------------
    async def _write(self) -> None:
        while True:
            kind, item = await self._queue.get()
            if kind == "text":
                await self.websocket.send_text(item)
            elif kind == "hello":
                await self._hello(item)
            elif kind == "bus":
                await self._bus(item)
            elif kind == "overflow":
                log.warning("viewer too slow; closing", extra={"room": self.room_id})
                await self._close(1013)
                return

    def _adopt(self, runtime: RoomRuntime) -> None:
        self._game_id = runtime.game.id
        self._sent = runtime.game.version
        self._key = "spectator" if self.slot is None else str(runtime.game.seat_of_slot(self.slot))
        self._seat_slots = runtime.game.seat_slots

    def _seat_of_slot(self, slot: int) -> int | None:
        return self._seat_slots.index(slot) if slot in self._seat_slots else None

    async def _welcome(self) -> None:
        text, runtime = await self.service.welcome(self.room_id, self.slot)
        self._adopt(runtime)
        await self.websocket.send_text(text)

    async def _hello(self, hello: Hello) -> None:
        if hello.last_version is not None:
            replayed = await self.service.replay(self.room_id, self.slot, hello.game_id, hello.last_version)
            if replayed is not None:
                runtime, texts = replayed
                for text in texts:
                    await self.websocket.send_text(text)
                self._adopt(runtime)
                await self.websocket.send_text(frames.offers_frame(runtime.game))
                await self.websocket.send_text(self.service.presence_frame(runtime))
                return
        await self._welcome()

    async def _bus(self, message: Message) -> None:
        if self._game_id is None:
            return  # not welcomed yet: the welcome will carry all of it
        kind = message["kind"]
        if kind == "room_changed":
            await self._welcome()
        elif kind == "presence":
            runtime = await self.service.runtime(self.room_id)
            await self.websocket.send_text(self.service.presence_frame(runtime))
        elif kind == "text":
            if message.get("game") in (None, self._game_id):
                await self.websocket.send_text(message["text"])
        elif kind == "events":
            await self._events(message)
        elif kind == "chat":
            text = message["frames"].get(self._key)
            sender = message.get("from_slot")
            muted = sender is not None and self._seat_of_slot(sender) in self._muted
            if text is not None and not muted:
                await self.websocket.send_text(text)

    async def _events(self, message: Message) -> None:
        if message["game"] != self._game_id or self._sent is None:
            return
        first, last = message["from"], message["to"]
        if last <= self._sent:
            return
        if first > self._sent + 1:
            await self._catch_up()
            if self._sent is None or last <= self._sent:
                return
        texts = message["frames"].get(self._key)
        if texts is None:
            return
        for offset, text in enumerate(texts):
            if first + offset > self._sent:
                await self.websocket.send_text(text)
        self._sent = last

    async def _catch_up(self) -> None:
        """Versions went missing on the way (another process, a lost bus message): fetch
        them from the database, or start over with a welcome."""
        assert self._sent is not None
        replayed = await self.service.replay(self.room_id, self.slot, self._game_id, self._sent)
        if replayed is None:
            await self._welcome()
            return
        runtime, texts = replayed
        for text in texts:
            await self.websocket.send_text(text)
        self._adopt(runtime)
