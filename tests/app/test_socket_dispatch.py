"""Sockets go around the HTTP stack (``app.main.Speakeasy``): a socket to ``/ws/...`` is
handed to ``app.ws.routes.serve_socket`` before any middleware or FastAPI's router, with
``scope["app"]`` set; HTTP (``/ws/...`` included) and other sockets go through FastAPI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
from server_harness import settings_for
from starlette.types import ASGIApp, Receive, Scope, Send

from app.main import create_app


class Spy:
    """A middleware added outermost that notes the type of every scope it is given."""

    def __init__(self, app: ASGIApp, seen: list[str]) -> None:
        self.app = app
        self.seen = seen

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.seen.append(scope["type"])
        await self.app(scope, receive, send)


async def open_socket(app: ASGIApp, path: str, headers: list[tuple[bytes, bytes]]) -> tuple[Scope, list[Any]]:
    """A socket handshake to ``path``, the client silent: the scope and what was sent."""
    scope: Scope = {
        "type": "websocket",
        "asgi": {"version": "3.0"},
        "scheme": "ws",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
        "subprotocols": [],
    }
    inbound = [{"type": "websocket.connect"}]
    sent: list[Any] = []

    async def receive() -> Any:
        return inbound.pop(0) if inbound else {"type": "websocket.disconnect", "code": 1000}

    async def send(message: Any) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return scope, sent


def app_with_spy(tmp_path: Path) -> tuple[ASGIApp, list[str]]:
    app = create_app(settings_for(f"sqlite+aiosqlite:///{tmp_path / 'unused.db'}"))
    seen: list[str] = []
    app.add_middleware(Spy, seen=seen)
    return app, seen


async def test_a_socket_skips_the_middleware_and_is_answered_as_before(tmp_path: Path) -> None:
    app, seen = app_with_spy(tmp_path)
    scope, sent = await open_socket(app, "/ws/nope", [])
    assert seen == [] and scope["app"] is app
    assert [message["type"] for message in sent] == ["websocket.accept", "websocket.send", "websocket.close"]
    assert json.loads(sent[1]["text"])["code"] == "bad_request" and sent[2]["code"] == 1008
    # the origin check reads the app's state through scope["app"]
    _, sent = await open_socket(app, "/ws/rooms/abc", [(b"origin", b"https://evil.example")])
    assert json.loads(sent[1]["text"])["code"] == "cross_site" and sent[2]["code"] == 1008
    assert seen == []


async def test_http_and_other_sockets_still_go_through_fastapi(tmp_path: Path) -> None:
    app, seen = app_with_spy(tmp_path)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        response = await client.get("/ws/rooms/abc")
    assert response.status_code == 404 and response.json()["detail"]["code"] == "not_found"
    assert "content-security-policy" in response.headers  # SecurityMiddleware ran
    assert seen == ["http"]
    _, sent = await open_socket(app, "/elsewhere", [])
    assert seen == ["http", "websocket"]
    assert [message["type"] for message in sent] == ["websocket.close"]  # refused at the handshake
