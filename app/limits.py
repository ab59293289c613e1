"""Bounds on what one client can make the server hold: rooms created, sockets open, bytes
of a request body. Each limit is a setting (``app/config.py``); each structure that counts
is itself bounded, so a flood of distinct addresses cannot grow it without end.

These count per server process. Behind several processes a client may get up to that many
times the limit; the point is that nothing grows without bound, not an exact quota.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class KeyedRateLimit:
    """A token bucket per key (a client address): ``burst`` at once, then ``per_minute``.
    The least recently seen keys are dropped past ``max_keys`` (a dropped key starts again
    with a full bucket, which only ever favours the client)."""

    def __init__(self, per_minute: int, burst: int, now: Callable[[], int], max_keys: int = 10_000) -> None:
        self.per_ms = per_minute / 60_000
        self.burst = burst
        self.max_keys = max_keys
        self._now = now
        self._buckets: OrderedDict[str, tuple[float, int]] = OrderedDict()

    def take(self, key: str) -> bool:
        now = self._now()
        tokens, since = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - since) * self.per_ms)
        allowed = tokens >= 1
        self._buckets[key] = (tokens - 1 if allowed else tokens, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return allowed

    def __len__(self) -> int:
        return len(self._buckets)


class SocketCount:
    """Open sockets per client address; an address at ``limit`` is refused another."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}

    def full(self, address: str) -> bool:
        return self._open.get(address, 0) >= self.limit

    def add(self, address: str) -> None:
        """Count one more open socket of ``address`` (ask :meth:`full` first)."""
        self._open[address] = self._open.get(address, 0) + 1

    def discard(self, address: str) -> None:
        """One socket of ``address`` closed."""
        left = self._open.get(address, 0) - 1
        if left > 0:
            self._open[address] = left
        else:
            self._open.pop(address, None)

    def __len__(self) -> int:
        return len(self._open)


class BodyLimit:
    """ASGI middleware: an HTTP request body longer than ``max_bytes`` is refused with 413
    as soon as its declared length or its bytes say so, before the application reads it
    (it used to read 8 MiB and then answer 422). Bodies of this API are small JSON objects,
    so a body within the limit is read here and handed on whole."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        payload = {
            "detail": {
                "code": "too_large",
                "message": f"request bodies are limited to {self.max_bytes} bytes",
            }
        }
        content = json.dumps(payload).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(content)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": content})
