"""uvicorn's sans-I/O WebSocket protocol, able to hand an open socket to the application.

A socket is accepted through ASGI as usual: ``app/ws/routes.py`` reads its cookie, checks
its origin, its room and its seat, and accepts it. Then, rather than keep an ASGI task, a
receive queue, a send coroutine and the handshake's scope and headers for the socket's
whole life, the application takes the socket over through the scope's
``speakeasy.socket`` extension (this protocol; :meth:`SocketProtocol.take_over`). From
then on the protocol is the connection's :class:`~app.ws.connection.Port`: each text
frame the parser yields goes straight to :meth:`Connection.take`, each frame the
connection writes goes straight to the transport, and the ASGI task ends. An open socket
then costs its transport, websockets' parser, this object and the connection, about a
third of what it did (``bench/memory.py``), and a frame out costs no task switch.

Everything else stays uvicorn's: the handshake, keepalive pings, the closing handshake and
its timeout, the server's shutdown. A server without this protocol (another ASGI server)
serves sockets through ``app/ws/asgi.py``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any, Final, cast

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode
from websockets.http11 import Request
from websockets.protocol import Protocol, State

from app.ws.connection import Connection
from app.ws.deflate import LargeMessagesDeflateFactory

log = logging.getLogger("speakeasy.ws")

EXTENSION: Final = "speakeasy.socket"
"""The ASGI scope extension under which an accepted socket offers itself to be taken over:
``{"protocol": SocketProtocol}``."""

WRITE_BUFFER_LIMIT: Final = 4 * 1024 * 1024
"""Bytes written and not yet sent to a viewer before he is closed as too slow (1013)."""


def offered(scope: Mapping[str, Any]) -> SocketProtocol | None:
    """The protocol that an accepted socket's scope offers to take it over, if any."""
    offer = (scope.get("extensions") or {}).get(EXTENSION)
    return None if offer is None else cast(SocketProtocol, offer["protocol"])


class _NoQueue:
    """Stands in for uvicorn's receive queue once the application holds the socket:
    uvicorn's close paths still post a disconnect to it, which nobody would read
    (:meth:`SocketProtocol.connection_lost` tells the connection)."""

    @staticmethod
    def put_nowait(message: Any) -> None:
        return None

    @staticmethod
    def empty() -> bool:
        return True


_NO_QUEUE: Final = _NoQueue()


class SocketProtocol(WebSocketsSansIOProtocol):
    """``uvicorn --ws app.ws.native:SocketProtocol``; ``speakeasy serve`` uses it."""

    connection: Connection | None = None
    flushing = False  # a flush of what was written is due this turn of the event loop

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            # Large messages only, no zlib context kept per socket (app/ws/deflate.py),
            # instead of uvicorn's: every frame compressed, two contexts per socket.
            self.conn.available_extensions = [LargeMessagesDeflateFactory()]

    # -- before the application takes the socket over: uvicorn's ASGI path ---------------
    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:
            self.scope["extensions"][EXTENSION] = {"protocol": self}

    async def run_asgi(self) -> None:
        """uvicorn's, except that an application that took the socket over leaves it open."""
        try:
            result = await self.app(self.scope, self.receive, self.send)
        except ClientDisconnected:
            pass
        except BaseException:
            self.logger.exception("Exception in ASGI application\n")
            self.send_500_response()
        else:
            if not self.handshake_complete:
                self.logger.error("ASGI callable returned without completing handshake.")
                self.send_500_response()
            elif result is not None:
                self.logger.error("ASGI callable should return None, but returned '%s'.", result)
        if self.connection is not None:
            # What only the ASGI path needed goes: the scope (headers, state), the request and
            # response of the handshake, the receive queue and the write gate.
            del self.scope, self.request, self.response, self.writable
            return
        if self.close_timer is None:
            self.transport.close()

    async def serve(self, connection: Connection) -> None:
        """Join ``connection`` to its room and take the socket over: returns at once, the
        socket is served from here until it closes."""
        try:
            await connection.open()
        except BaseException:
            connection.closed()
            raise
        self.take_over(connection)

    def take_over(self, connection: Connection) -> None:
        """From now on frames go to and from ``connection`` directly. Frames that arrived
        since the handshake (a client's ``hello`` does not wait for the server) are handed
        over first, in order, then a disconnect if the socket is already gone."""
        queued, self.queue = self.queue, _NO_QUEUE  # type: ignore[assignment]  # put_nowait, empty: all uvicorn calls
        self.connection = connection
        self._forget_request()
        gone = self.disconnected
        self.resume()  # uvicorn stops reading after each frame it queues; the connection decides now
        while not queued.empty():
            message = queued.get_nowait()
            if message["type"] == "websocket.receive":
                connection.take(message.get("text"))
            elif message["type"] == "websocket.disconnect":
                gone = True
        if gone:
            connection.closed()

    def _forget_request(self) -> None:
        """websockets' server parser is a generator that parses the handshake's request,
        then frames for the socket's life, keeping the request (its headers, ~3 KiB) in
        its frame all along. Waiting between two frames, it is the same as the plain
        frame parser it delegates to, started afresh: that one replaces it."""
        parser = self.conn.parser
        frames = getattr(parser, "gi_yieldfrom", None)  # Protocol.parse, past the handshake
        waiting = getattr(frames, "gi_yieldfrom", None)  # StreamReader.at_eof between frames
        if getattr(getattr(waiting, "gi_code", None), "co_name", None) != "at_eof":
            return  # in the middle of a frame (or another websockets): keep it
        fresh = Protocol.parse(self.conn)
        next(fresh)  # started, as websockets starts its own
        self.conn.parser = fresh

    # -- once taken over: the connection's Port -------------------------------------------
    def _open(self) -> bool:
        """Whether frames may still be written: no close sent or received, the transport up."""
        return not self.close_sent and self.conn.state is State.OPEN and not self.transport.is_closing()

    def write(self, text: str) -> None:
        if not self._open():
            return
        self.conn.send_text(text.encode())
        if not self.flushing:
            self.flushing = True
            self.loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Send what was written during this turn of the event loop (a move's event and
        its ack, a change's several events) in one system call."""
        self.flushing = False
        if self.transport.is_closing():
            return
        data = self.conn.data_to_send()
        if data:
            self.transport.write(b"".join(data))
        if self.transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
            log.warning("viewer too slow; closing")
            self.close(CloseCode.TRY_AGAIN_LATER)

    def close(self, code: int) -> None:
        if not self._open():
            return
        self.conn.send_close(code)
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = True
        self.resume()  # read on until the peer's close frame answers
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)

    def pause(self) -> None:
        if not self.read_paused:
            self.read_paused = True
            self.transport.pause_reading()

    def resume(self) -> None:
        if self.read_paused and not self.transport.is_closing():
            self.read_paused = False
            self.transport.resume_reading()

    # -- uvicorn's events, once taken over -----------------------------------------------
    def send_receive_event_to_app(self) -> None:
        connection = self.connection
        if connection is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return  # closing: read on only for the peer's close frame
        if self.curr_msg_data_type != "text":
            connection.take(None)
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:
            self.conn.send_close(CloseCode.INVALID_DATA)
            self.handle_parser_exception()
            return
        connection.take(text)

    def connection_lost(self, exc: Exception | None) -> None:
        connection = self.connection
        if connection is None:
            super().connection_lost(exc)
            return
        self.stop_keepalive()
        self.connections.discard(self)
        self.disconnected = True
        if self.close_timer is not None:
            self.close_timer.cancel()
            self.close_timer = None
        if exc is None:
            self.transport.close()
        connection.closed()

    def pause_writing(self) -> None:
        if self.connection is None:
            super().pause_writing()

    def resume_writing(self) -> None:
        if self.connection is None:
            super().resume_writing()
