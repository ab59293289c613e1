"""The socket's edge: who may connect, and every malformed or abusive frame."""

from __future__ import annotations

import json

import pytest
from conftest import Server
from server_harness import refused_socket, seat_two, token_of


@pytest.fixture(params=["native", "asgi"])
def socket_port(request: pytest.FixtureRequest) -> str:
    """Every test here runs on both socket paths (app/ws/native.py, app/ws/asgi.py)."""
    return str(request.param)


async def test_strangers_and_bad_watch_tokens_are_refused(server: Server) -> None:
    table = await seat_two(server)
    room_id = table.room["room_id"]
    ws_base = server.base.replace("http://", "ws://")
    stranger = server.player()
    await stranger.http.get("/api/catalogue")
    frame, code = await refused_socket(f"{ws_base}/ws/rooms/{room_id}", stranger.cookie)
    assert frame["code"] == "not_player" and code == 1008
    frame, code = await refused_socket(f"{ws_base}/ws/rooms/{room_id}", None)
    assert frame["code"] == "not_player" and code == 1008
    frame, code = await refused_socket(f"{ws_base}/ws/rooms/{room_id}?watch=wrong", stranger.cookie)
    assert frame["code"] == "forbidden" and code == 1008
    other = await table.players[0].create_room()
    frame, code = await refused_socket(
        f"{ws_base}/ws/rooms/{room_id}?watch={token_of(other['watch_url'])}", None
    )
    assert frame["code"] == "forbidden"
    frame, code = await refused_socket(f"{ws_base}/ws/rooms/missing", stranger.cookie)
    assert frame["code"] == "forbidden" and code == 1008


async def test_malformed_frames_get_errors_and_change_nothing(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    cases = [
        ("not json", None),
        (json.dumps([1, 2]), None),
        (json.dumps({"type": "teleport", "id": "t1"}), "t1"),
        (json.dumps({"type": "resign"}), None),
        (json.dumps({"type": "resign", "id": "x" * 65}), None),
        (json.dumps({"type": "resign", "id": "r1", "seat": 1}), "r1"),
        (json.dumps({"type": "move", "id": "m1", "move": "a6-a7", "version": "0"}), "m1"),
        (json.dumps({"type": "setup", "id": 5, "position": "x"}), None),
        (json.dumps({"type": "hello", "last_version": -1}), None),
    ]
    for text, action_id in cases:
        await sa.send(text)
        frame = await sa.recv("error")
        assert frame["code"] == "bad_message", text
        assert frame["id"] == action_id, text
    await sa.connection.send(b"\x00binary")
    assert (await sa.recv("error"))["code"] == "bad_message"
    await sb.silence(0.2)
    summary = (await table.players[0].http.get(f"/api/rooms/{table.room['room_id']}")).json()
    assert summary["game_id"] == sa.game_id
    ok = await sa.act({"type": "abort", "id": "still-works"})
    assert ok["type"] == "ack" and ok["version"] == 1


async def test_oversized_frames_and_rate_limit(server: Server) -> None:
    table = await seat_two(server)
    sa, _ = table.sockets
    await sa.send(json.dumps({"type": "setup", "id": "big", "position": "x" * 20_000}))
    frame = await sa.recv("error")
    assert frame["code"] == "too_large"
    for _ in range(40):
        await sa.send({"type": "ping"})
    seen = [await sa.recv(skip=("presence",)) for _ in range(40)]
    kinds = {frame["type"] for frame in seen}
    assert "pong" in kinds
    limited = [frame for frame in seen if frame["type"] == "error"]
    assert limited and all(frame["code"] == "rate_limited" for frame in limited)


async def test_hello_first_and_ping(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room()
    sock = await alice.connect(room["room_id"], hello=False)
    await sock.send({"type": "resign", "id": "early"})
    frame = await sock.recv("error")
    assert frame == {"type": "error", "id": "early", "code": "bad_message", "message": "send hello first"}
    await sock.send({"type": "ping"})
    assert (await sock.recv("pong")) == {"type": "pong"}
    welcome = await sock.hello()
    assert welcome["you"] == {"seat": 0, "role": "player"}
    assert welcome["game"]["name"] == "speakeasy" and welcome["game"]["players"] == 2
    assert welcome["presence"]["seats"][1] == {"connected": False, "gone_for": None, "autopilot": False}


async def test_any_other_socket_address_is_told_so_and_closed(server: Server) -> None:
    """Sockets bypass FastAPI's router (``app.ws.routes.serve_socket``): every other
    ``/ws/...`` address still gets one ``bad_request`` frame and a 1008 close."""
    ws_base = server.base.replace("http://", "ws://")
    for path in ("/ws/", "/ws/nope", "/ws/rooms/", "/ws/rooms/abc/extra", "/ws/room/abc"):
        frame, code = await refused_socket(f"{ws_base}{path}", None)
        assert frame == {
            "type": "error",
            "id": None,
            "code": "bad_request",
            "message": "no such socket address",
        }, path
        assert code == 1008, path
