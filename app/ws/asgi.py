"""A socket served through ASGI's ``receive`` and ``send`` for its whole life: the
:class:`~app.ws.connection.Port` used when the server cannot hand the socket over to the
application (``app/ws/native.py``), as under another ASGI server. One task reads, one
writes a queue in order; both end when the socket closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from app.ws.connection import BACKLOG_LIMIT, Connection

log = logging.getLogger("speakeasy.ws")


class AsgiPort:
    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self._out: asyncio.Queue[str | int] = asyncio.Queue()  # a text to send, or a close code
        self._readable = asyncio.Event()
        self._readable.set()
        self._closing = False

    def write(self, text: str) -> None:
        if self._closing:
            return
        if self._out.qsize() >= BACKLOG_LIMIT:
            log.warning("viewer too slow; closing")
            self.close(1013)
            return
        self._out.put_nowait(text)

    def close(self, code: int) -> None:
        if not self._closing:
            self._closing = True
            self._out.put_nowait(code)

    def pause(self) -> None:
        self._readable.clear()

    def resume(self) -> None:
        self._readable.set()

    async def serve(self, connection: Connection) -> None:
        """Serve ``connection`` until the socket closes."""
        tasks: list[asyncio.Task[None]] = []
        try:
            await connection.open()
            tasks = [
                asyncio.create_task(self._read(connection), name="ws-reader"),
                asyncio.create_task(self._write(), name="ws-writer"),
            ]
            done, _pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            failed = next((task.exception() for task in done if task.exception() is not None), None)
            if failed is not None and not isinstance(failed, WebSocketDisconnect):
                log.error("connection failed", exc_info=failed, extra={"room": connection.room_id})
                await self._close(1011)
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            connection.closed()

    async def _read(self, connection: Connection) -> None:
        while True:
            await self._readable.wait()
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            connection.take(message.get("text"))

    async def _write(self) -> None:
        while True:
            item = await self._out.get()
            if isinstance(item, int):
                await self._close(item)
                return
            await self.websocket.send_text(item)

    async def _close(self, code: int) -> None:
        if self.websocket.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await self.websocket.close(code)
