"""One viewer's WebSocket, as an explicit state machine.

    accepted ──hello──▶ live ──(closed | error)──▶ closed

A connection holds no task and no queue while it waits: the socket under it is a
:class:`Port` that hands it each inbound frame (:meth:`Connection.take`) and writes what it
is given, in order, without waiting (``app/ws/native.py``: uvicorn's protocol itself, once
the application has taken the socket over; ``app/ws/asgi.py``: any other ASGI server).

- **Inbound**, frames are handled one at a time, in order: size, rate, schema, then the
  command through :class:`GameService`. Handling runs in a task that lives until no frame
  waits; a frame arriving meanwhile waits in a short inbox and the port stops reading.
- **Outbound**, everything a viewer receives is posted in one order: acks, errors, pong,
  the welcome or replay, broadcast event frames (skipping versions already sent, fetching
  any gap from the database), offers, presence, chat. What can be written at once is
  written at once, from whoever posts it (the hub's delivery of a move writes the move's
  frames). What needs the database first (a welcome, a replay, a gap, presence) starts a
  task that writes it, then everything posted meanwhile, in order, and ends. Because a
  command's events are posted before its ack, a client always holds the new state when
  it reads the ack.

An exception while handling or writing closes the socket with 1011. When the socket
closes (:meth:`Connection.closed`, called once by the port), leaving the hub always runs.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any, Final, Protocol

from app.broadcast import Hub, Message
from app.config import Settings
from app.errors import AppError
from app.games import frames
from app.games.runtime import RoomRuntime
from app.games.service import GameService
from app.metrics import Metrics
from app.outage import OUTAGES, Backoff, report
from app.ws.messages import AskHint, Chat, Hello, Mute, Ping, claimed_id, parse
from app.ws.ratelimit import TokenBucket

log = logging.getLogger("speakeasy.ws")

WAITING: Final = "the server lost its database for a moment; waiting for it to come back"
"""The error frame a viewer gets while what he asked for waits for the database."""

BACKLOG_LIMIT: Final = 2048
"""Items waiting behind a database read before the viewer is closed as too slow (1013)."""

_leaving: set[asyncio.Task[None]] = set()  # tasks hold only weak references to themselves


class Port(Protocol):
    """The socket under a :class:`Connection`, seen from it. Nothing here waits."""

    def write(self, text: str) -> None:
        """Send a text frame after those already written (nothing once closing)."""

    def close(self, code: int) -> None:
        """Send a close frame after those already written (the port then calls
        :meth:`Connection.closed` once the socket is gone)."""

    def pause(self) -> None:
        """Stop reading the socket: a frame is waiting to be handled."""

    def resume(self) -> None:
        """Read the socket again."""

    async def serve(self, connection: Connection) -> None:
        """Serve ``connection`` (its :meth:`~Connection.open` first): until the socket
        closes, or by handing it over, returning at once. Either way
        :meth:`Connection.closed` runs once the socket is gone."""


def _nothing() -> None:
    return None


class Connection:
    __slots__ = (
        "_backlog",
        "_bucket",
        "_chat_bucket",
        "_closed",
        "_game_id",
        "_hello_seen",
        "_hinting",
        "_inbox",
        "_key",
        "_muted",
        "_on_closed",
        "_reader",
        "_seat_slots",
        "_sent",
        "_writer",
        "hub",
        "metrics",
        "port",
        "role",
        "room_id",
        "service",
        "settings",
        "slot",
    )

    def __init__(
        self,
        port: Port,
        service: GameService,
        hub: Hub,
        settings: Settings,
        metrics: Metrics,
        room_id: str,
        slot: int | None,
        on_closed: Callable[[], None] = _nothing,
    ) -> None:
        self.port = port
        self.service = service
        self.hub = hub
        self.settings = settings
        self.metrics = metrics
        self.room_id = room_id
        self.slot = slot
        self.role = "spectator" if slot is None else "player"
        self._on_closed = on_closed
        self._closed = False
        self._bucket = TokenBucket(settings.max_frames_per_second)
        self._chat_bucket = TokenBucket(settings.chat_lines_per_second)
        self._muted: frozenset[int] = frozenset()  # seats whose chat this viewer does not want
        self._seat_slots: tuple[int, ...] = ()
        self._hello_seen = False
        self._hinting: asyncio.Task[None] | None = None  # the hint being thought out, if any
        self._reader: asyncio.Task[None] | None = None  # handling inbound frames, while any
        self._inbox: list[str | None] = []  # frames waiting for the one being handled
        self._writer: asyncio.Task[None] | None = None  # writing what waited for the database
        self._backlog: deque[tuple[str, Any]] | None = None  # posted meanwhile, in order
        # What has been written: the game and the last version of it.
        self._game_id: str | None = None
        self._sent: int | None = None
        self._key: str = "spectator"

    # -- the socket's life ---------------------------------------------------------------
    async def open(self) -> None:
        """Join the room: from now on the hub delivers its messages here."""
        self.metrics.connections.labels(self.role).inc()
        await self.hub.join(self)
        self.service.schedule(self.room_id)

    def closed(self) -> None:
        """The socket is gone (the port calls this once; again changes nothing): stop
        handling and writing, and leave the room."""
        if self._closed:
            return
        self._closed = True
        self._backlog = None
        self._inbox.clear()
        current = asyncio.current_task()
        for task in (self._reader, self._writer, self._hinting):
            if task is not None and task is not current:
                task.cancel()
        task = asyncio.get_running_loop().create_task(self._leave(), name="ws-leave")
        _leaving.add(task)
        task.add_done_callback(_leaving.discard)

    async def _leave(self) -> None:
        try:
            await self.hub.leave(self)
        finally:
            self.service.release(self.room_id)
            self.metrics.connections.labels(self.role).dec()
            self._on_closed()

    def _fail(self, error: BaseException) -> None:
        log.error("connection failed", exc_info=error, extra={"room": self.room_id})
        self.port.close(1011)

    # -- inbound -------------------------------------------------------------------------
    def take(self, text: str | None) -> None:
        """One inbound frame from the port: its text, or ``None`` for a binary frame."""
        if self._closed:
            return
        if self._reader is not None:
            self._inbox.append(text)
            self.port.pause()
            return
        self._reader = self._start(self._read(text), "ws-read")

    def _start(self, coroutine: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        return asyncio.get_running_loop().create_task(coroutine, name=name)

    async def _read(self, text: str | None) -> None:
        try:
            while True:
                await self._receive(text)
                if not self._inbox:
                    break
                text = self._inbox.pop(0)
        except Exception as error:  # any failure closes this socket, not the server
            self._fail(error)
        self._reader = None
        if not self._closed:
            self.port.resume()

    async def _receive(self, text: str | None) -> None:
        if text is None:
            self._error("bad_message", "frames must be JSON text")
            return
        limit = self.settings.max_frame_bytes
        if len(text) > limit or len(text.encode()) > limit:
            self._error("too_large", f"frames are limited to {limit} bytes")
            return
        if not self._bucket.take():
            self._error("rate_limited", "too many frames; slow down", claimed_id(text))
            return
        await self._handle(text)

    async def _handle(self, text: str) -> None:
        try:
            parsed = parse(text)
        except AppError as error:
            self._error(error.code, error.message, claimed_id(text))
            return
        if isinstance(parsed, Ping):
            self._post("text", frames.PONG)
            return
        if isinstance(parsed, Hello):
            self._hello_seen = True
            self._post("hello", parsed)
            return
        if not self._hello_seen:
            self._error("bad_message", "send hello first", parsed.id)
            return
        if isinstance(parsed, Mute):
            self._muted = self._muted | {parsed.seat} if parsed.muted else self._muted - {parsed.seat}
            self._post("text", frames.ack_frame(parsed.id, self._sent or 0))
            return
        if isinstance(parsed, Chat):
            await self._chat(parsed)
            return
        if isinstance(parsed, AskHint):
            self._ask_hint(parsed)
            return
        if self.slot is None:
            self._error("not_player", "spectators cannot act", parsed.id)
            return
        try:
            version = await self.service.execute(self.room_id, self.slot, parsed)
        except AppError as error:
            self._error(error.code, error.message, parsed.id)
            return
        self._post("text", frames.ack_frame(parsed.id, version))

    async def _chat(self, line: Chat) -> None:
        if not self._chat_bucket.take():
            self._error("rate_limited", "too many chat lines; slow down", line.id)
            return
        try:
            version = await self.service.chat(self.room_id, self.slot, line.channel, line.text)
        except AppError as error:
            self._error(error.code, error.message, line.id)
            return
        self._post("text", frames.ack_frame(line.id, version))

    def _ask_hint(self, ask: AskHint) -> None:
        """Think out a hint beside this connection's other frames (a move may be sent while
        it thinks): one at a time, for a seat only."""
        if self.slot is None:
            self._error("not_player", "spectators get no hints: a hint is for a seat's own player", ask.id)
        elif self._hinting is not None:
            self._error("rate_limited", "one hint at a time: the one you asked for is still coming", ask.id)
        else:
            self._hinting = self._start(self._hint(self.slot, ask.id), "ws-hint")

    async def _hint(self, slot: int, action_id: str) -> None:
        try:
            text = await self.service.hint(self.room_id, slot, action_id)
        except AppError as error:
            self._error(error.code, error.message, action_id)
        except Exception as error:  # any failure closes this socket, not the server
            self._fail(error)
        else:
            self._post("text", text)
        finally:
            self._hinting = None

    def _error(self, code: str, message: str, action_id: str | None = None) -> None:
        self._post("text", frames.error_frame(code, message, action_id))

    # -- outbound ------------------------------------------------------------------------
    def deliver(self, message: Message) -> None:
        """A message of the room from the hub (any time; never waits)."""
        self._post("bus", message)

    def resync(self, game_id: str, version: int) -> None:
        """From the hub, after a bus outage: the room's game stands at ``version`` in the
        database; if this viewer is behind (events were lost on the way), fetch what he has
        not had (never twice: versions). Not yet welcomed, the welcome will carry it."""
        if self._game_id is not None and (self._game_id != game_id or (self._sent or 0) < version):
            self._post("resync", None)

    def _post(self, kind: str, item: Any) -> None:
        """Write ``item`` now if nothing waits before it and it needs no database read;
        else queue it behind the writer task (starting one)."""
        if self._closed:
            return
        backlog = self._backlog
        if backlog is not None:
            if len(backlog) >= BACKLOG_LIMIT:
                log.warning("viewer too slow; closing", extra={"room": self.room_id})
                self.port.close(1013)
                return
            backlog.append((kind, item))
            return
        if not self._write_now(kind, item):
            self._backlog = deque(((kind, item),))
            self._writer = self._start(self._drain(), "ws-write")

    async def _drain(self) -> None:
        backlog = self._backlog
        try:
            while backlog:
                kind, item = backlog.popleft()
                if not self._write_now(kind, item):
                    await self._write_patiently(kind, item)
        except Exception as error:  # any failure closes this socket, not the server
            self._fail(error)
        if self._backlog is backlog:
            self._backlog = None
            self._writer = None

    def _write_now(self, kind: str, item: Any) -> bool:
        """Write ``item`` if it needs nothing from the database; whether it did."""
        if kind == "text":
            self.port.write(item)
            return True
        if kind == "bus":
            return self._bus_now(item)
        return False  # a hello: a welcome or a replay to read

    async def _write_patiently(self, kind: str, item: Any) -> None:
        """Write what needs the database, waiting for it while it is away: the viewer is
        told once (an ``unavailable`` error frame, the socket stays open) and the read is
        tried again with backoff; what is posted meanwhile waits behind it, in order."""
        backoff = Backoff(0.1, 2.0)
        told = False
        while True:
            try:
                await self._write_later(kind, item)
                return
            except OUTAGES as error:
                if not told:
                    told = True
                    report(log, "viewer waits for the database", error, room=self.room_id)
                    self.port.write(frames.error_frame("unavailable", WAITING))
            await asyncio.sleep(backoff.next())

    async def _write_later(self, kind: str, item: Any) -> None:
        if kind == "hello":
            await self._hello(item)
            return
        if kind == "resync":
            await self._resync()
            return
        message: Message = item
        if message["kind"] == "room_changed":
            await self._welcome()
        elif message["kind"] == "presence":
            runtime = await self.service.runtime(self.room_id)
            self.port.write(self.service.presence_frame(runtime))
        elif message["kind"] == "events":
            await self._catch_up()
            self._events(message)

    def _bus_now(self, message: Message) -> bool:
        if self._game_id is None:
            return True  # not welcomed yet: the welcome will carry all of it
        kind = message["kind"]
        if kind == "events":
            sent = self._sent
            if message["game"] == self._game_id and sent is not None and message["from"] > sent + 1:
                return False  # versions went missing before these: fetch them first
            self._events(message)
        elif kind == "text":
            if message.get("game") in (None, self._game_id):
                self.port.write(message["text"])
        elif kind == "chat":
            text = message["frames"].get(self._key)
            sender = message.get("from_slot")
            muted = sender is not None and self._seat_of_slot(sender) in self._muted
            if text is not None and not muted:
                self.port.write(text)
        elif kind in ("room_changed", "presence"):
            return False
        return True

    def _events(self, message: Message) -> None:
        """Write the event frames of ``message`` this viewer has not had yet."""
        if message["game"] != self._game_id or self._sent is None:
            return
        first, last = message["from"], message["to"]
        if last <= self._sent:
            return
        texts = message["frames"].get(self._key)
        if texts is None:
            return
        for offset, text in enumerate(texts):
            if first + offset > self._sent:
                self.port.write(text)
        self._sent = last

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
        self.port.write(text)

    async def _hello(self, hello: Hello) -> None:
        if hello.last_version is not None:
            replayed = await self.service.replay(self.room_id, self.slot, hello.game_id, hello.last_version)
            if replayed is not None:
                runtime, texts = replayed
                for text in texts:
                    self.port.write(text)
                self._adopt(runtime)
                self.port.write(frames.offers_frame(runtime.game))
                self.port.write(self.service.presence_frame(runtime))
                return
        await self._welcome()

    async def _resync(self) -> None:
        """Catch up after a bus outage; when anything was missed, the room's other state
        (offers, presence, the fairness commitments) follows it as it stands now."""
        if self._sent is None:
            return
        before = (self._game_id, self._sent)
        runtime = await self._catch_up()
        if runtime is not None and (runtime.game.id, runtime.game.version) != before:
            self.port.write(frames.offers_frame(runtime.game))
            self.port.write(frames.fairness_frame(runtime.game))
            self.port.write(self.service.presence_frame(runtime))

    async def _catch_up(self) -> RoomRuntime | None:
        """Versions went missing on the way (another process, a lost bus message): fetch
        them from the database, or start over with a welcome."""
        if self._sent is None:
            return None
        replayed = await self.service.replay(self.room_id, self.slot, self._game_id, self._sent)
        if replayed is None:
            await self._welcome()
            return None
        runtime, texts = replayed
        for text in texts:
            self.port.write(text)
        self._adopt(runtime)
        return runtime
