"""Hostile input at every edge, on SQLite and on PostgreSQL (issue 9).

NUL and other control characters, lone surrogates, invalid UTF-8 and oversize values are
put in every path parameter, query parameter, JSON field and frame field the server has.
What must hold: never a 5xx, never a 1011, never a socket cut without a close frame, every
refusal a clear ``{"code", "message"}``, and the game unchanged afterwards. The counts are
printed in the test summary (``tests/proof/conftest.py``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from conftest import Server
from server_harness import Socket, seat_two, token_of
from test_hostile import TEMPLATES
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.identity import COOKIE_NAME

# Percent-encoded for paths and query strings: NUL, C0 and C1 controls, DEL, an encoded
# lone surrogate, invalid and overlong UTF-8, a zero-width space, path tricks, and size.
URL_VALUES = [
    "%00",
    "a%00b",
    "%01",
    "%1F",
    "%7F",
    "%C2%85",
    "%ED%A0%80",
    "%FF%FE",
    "%C0%80",
    "%E2%80%8B",
    "%0A",
    "%0D%0A",
    "..%2F..",
    "%25",
    "x" * 3000,
]
# Raw strings for JSON bodies and frames (json.dumps escapes them as \u0000, \ud800...).
TEXT_VALUES = [
    "\x00",
    "a\x00b",
    "\x01",
    "\x1f",
    "\x7f",
    "\x85",
    "\ud800",
    "\udfff",
    "\u200b",
    "\n",
    "\r\n",
    "\ufffe",
    "\U0010ffff",
    "x" * 3000,
]
# Every message with a field to fill (test_hostile.py's templates), the hello with a game id.
COMMANDS = [
    {**template, "game_id": "0" * 32} if template["type"] == "hello" else template
    for template in TEMPLATES
    if template["type"] != "ping"
]


def _clear_http_refusal(response: httpx.Response, where: str) -> None:
    assert response.status_code < 500, (where, response.status_code, response.text[:300])
    if response.status_code >= 400 and response.headers.get("content-type", "").startswith(
        "application/json"
    ):
        detail = response.json()["detail"]
        assert set(detail) == {"code", "message"}, (where, detail)
        assert 0 < len(detail["message"]) <= 300 and "\x00" not in detail["message"], (where, detail)


async def _raw_request(
    client: httpx.AsyncClient, method: str, raw_path: str, **kwargs: Any
) -> httpx.Response:
    """A request whose path is sent byte for byte as written (httpx would re-encode it)."""
    url = httpx.URL(str(client.base_url)).copy_with(raw_path=raw_path.encode())
    return await client.request(method, url, **kwargs)


async def _refused_open(base: str, raw_path: str, cookie: str | None) -> tuple[dict[str, Any], int | None]:
    """Open ``raw_path`` as a socket the server must refuse: one error frame, then a real
    close frame (a cut would give 1006 and no frame)."""
    headers = {"Cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
    async with connect(base.replace("http://", "ws://") + raw_path, additional_headers=headers) as ws:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        assert ws.close_code == 1008, (raw_path, ws.close_code)
        return frame, ws.close_code


async def _state(table: Any) -> list[Any]:
    out = []
    for player in table.players:
        sock = await player.connect(table.room["room_id"])
        out.append((sock.last_version, sock.game_id, sock.view))
        await sock.close()
    return out


@pytest.mark.parametrize("settings_overrides", [{"max_frames_per_second": 1_000_000}])
async def test_control_characters_at_every_edge(server: Server, record_property: Any) -> None:
    table = await seat_two(server, time_control={"initial": 600, "increment": 2})
    await table.setups()
    await table.move()
    alice = table.players[0]
    room_id = table.room["room_id"]
    watch = token_of(table.room["watch_url"])
    before = await _state(table)
    counts = {"http": 0, "sockets": 0, "frames": 0}

    # -- HTTP: every path parameter and query parameter --------------------------------
    routes = [
        ("GET", "/api/rooms/{}"),
        ("POST", "/api/rooms/{}/invite"),
        ("POST", "/api/rooms/{}/rejoin"),
        ("POST", "/api/invites/{}/claim"),
        ("GET", "/api/watch/{}"),
        ("GET", "/api/games/{}/record"),
        ("GET", "/api/catalogue/{}/openings"),
        ("GET", "/api/catalogue/speakeasy/{}"),
        ("GET", "/r/{}"),
        ("GET", "/i/{}"),
        ("GET", "/w/{}"),
    ]
    for method, template in routes:
        for value in URL_VALUES:
            body = {"json": {"seat": 0, "secret": "x"}} if template.endswith("rejoin") else {}
            response = await _raw_request(alice.http, method, template.format(value), **body)
            _clear_http_refusal(response, template.format(value[:20]))
            counts["http"] += 1

    # -- HTTP: every JSON field of every body ------------------------------------------
    bodies: list[tuple[str, dict[str, Any]]] = []
    for value in TEXT_VALUES:
        bodies += [
            ("/api/rooms", {"preset": value}),
            ("/api/rooms", {"bot": value}),
            ("/api/rooms", {"time_control": {"initial": value}}),
            ("/api/rooms", {"setup_seconds": value}),
            ("/api/rooms", {"spectators": value}),
            ("/api/rooms", {value: 1}),
            (f"/api/rooms/{room_id}/rejoin", {"seat": 0, "secret": value}),
            (f"/api/rooms/{room_id}/rejoin", {"seat": value, "secret": "x"}),
        ]
    for path, payload in bodies:
        content = json.dumps(payload)  # ensure_ascii: "\ud800" travels as its escape
        response = await alice.http.post(path, content=content, headers={"content-type": "application/json"})
        _clear_http_refusal(response, f"{path} {content[:40]}")
        assert response.status_code != 201, (path, content[:40])
        counts["http"] += 1
    for raw in (b'{"preset":"\xff"}', b'{"preset":"\xed\xa0\x80"}', b"\x00", b'{"preset":"a\\u0000"}'):
        response = await alice.http.post(
            "/api/rooms", content=raw, headers={"content-type": "application/json"}
        )
        _clear_http_refusal(response, repr(raw))
        counts["http"] += 1

    # -- sockets: the room id and the watch token --------------------------------------
    for value in URL_VALUES:
        for raw_path, cookie in (
            (f"/ws/rooms/{value}", alice.cookie),
            (f"/ws/rooms/{value}?watch={watch}", None),
            (f"/ws/rooms/{room_id}?watch={value}", None),
        ):
            frame, _code = await _refused_open(server.base, raw_path, cookie)
            assert frame["type"] == "error" and frame["code"] in ("bad_request", "forbidden", "not_player")
            counts["sockets"] += 1

    # -- frames: every field of every message, from a seated socket --------------------
    socket: Socket = table.sockets[0]
    for template in COMMANDS:
        for field in template:
            for value in TEXT_VALUES:
                message = {**template, field: value}
                await socket.send(message)
                frame = await socket.recv(skip=("presence", "event", "offers", "welcome"), timeout=10)
                if template["type"] == "hello" and field in ("type",):
                    assert frame["type"] == "error"
                assert frame["type"] in ("error", "pong"), (message, frame)
                if frame["type"] == "error":
                    assert frame["code"] in ("bad_message", "too_large"), (message, frame)
                    assert frame["id"] is None or frame["id"] == template.get("id"), (message, frame)
                counts["frames"] += 1
    await socket.send({"type": "ping"})
    assert (await socket.recv(skip=("presence",)))["type"] == "pong"

    assert await _state(table) == before
    await table.move()  # and the game goes on
    for key, value in counts.items():
        record_property(f"hostile_{key}", value)
    assert counts["http"] >= 250 and counts["sockets"] >= 45 and counts["frames"] >= 250
