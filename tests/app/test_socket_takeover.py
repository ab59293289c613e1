"""Sockets the application takes over from uvicorn once accepted (``app/ws/native.py``):
nothing of ASGI is kept for an open socket, no task waits on one, frames sent before the
take-over are handled in order, and a socket that goes at any point gives its place back.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from pathlib import Path

from conftest import Server
from server_harness import RECV_TIMEOUT, seat_two
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import app.ws
from app.identity import COOKIE_NAME
from app.ws.native import SocketProtocol


def _open_connections(server: Server) -> list[object]:
    hub = server.app.state.hub
    return [listener for listeners in hub._rooms.values() for listener in listeners]


def _socket_tasks() -> list[asyncio.Task[object]]:
    """Tasks of the server's socket path still alive (not the tests' clients, which are
    websockets' own coroutines)."""
    app_dir = str(Path(app.ws.__file__).parent)
    return [
        task
        for task in asyncio.all_tasks()
        if (code := getattr(task.get_coro(), "cr_code", None)) is not None
        and (code.co_filename.startswith(app_dir) or code.co_name == "run_asgi")
    ]


async def _settled(server: Server, sockets: int) -> None:
    """Wait (at most 4 s) until ``sockets`` connections are open and no socket task runs."""
    for _ in range(200):
        if len(_open_connections(server)) == sockets and not _socket_tasks():
            return
        await asyncio.sleep(0.02)


async def test_an_open_socket_keeps_no_task_and_nothing_of_asgi(server: Server) -> None:
    table = await seat_two(server)
    watcher = server.player()
    spectator = await watcher.connect(table.room["room_id"], watch=table.room["watch_url"].rsplit("/", 1)[1])
    ok = await table.sockets[0].act({"type": "abort", "id": "a1"})
    assert ok["type"] == "ack"
    await spectator.recv("event")
    await _settled(server, 3)
    assert _socket_tasks() == []
    connections = _open_connections(server)
    assert len(connections) == 3
    for connection in connections:
        protocol = connection.port  # type: ignore[attr-defined]
        assert isinstance(protocol, SocketProtocol)
        assert protocol.connection is connection
        for gone in ("scope", "request", "response", "writable"):
            assert not hasattr(protocol, gone), gone
        # websockets' handshake parser, which kept the request's headers, was replaced.
        assert "request" not in inspect.getgeneratorlocals(protocol.conn.parser)
        assert connection._reader is None and connection._writer is None  # type: ignore[attr-defined]


async def test_frames_sent_before_the_take_over_are_handled_in_order(server: Server) -> None:
    table = await seat_two(server)
    alice = table.players[0]
    url = server.base.replace("http://", "ws://") + f"/ws/rooms/{table.room['room_id']}"
    async with connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={alice.cookie}"}) as ws:
        # All at once, before the server has even looked the room up.
        await ws.send(json.dumps({"type": "ping"}))
        await ws.send(json.dumps({"type": "hello", "last_version": None}))
        await ws.send(json.dumps({"type": "ping"}))
        await ws.send(json.dumps({"type": "mute", "id": "m1", "seat": 1, "muted": True}))
        await ws.send(b"\x00binary")
        await ws.send("not json")
        await ws.send(json.dumps({"type": "ping"}))
        seen: list[tuple[str, object]] = []
        while len(seen) < 7:
            frame = json.loads(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT))
            if frame["type"] in ("presence", "fairness", "offers"):
                continue
            seen.append((frame["type"], frame.get("id") or frame.get("code")))
    assert seen == [
        ("pong", None),
        ("welcome", None),
        ("pong", None),
        ("ack", "m1"),
        ("error", "bad_message"),
        ("error", "bad_message"),
        ("pong", None),
    ], seen


async def test_sockets_that_go_at_any_point_give_their_place_back(server: Server) -> None:
    table = await seat_two(server)
    alice = table.players[0]
    url = server.base.replace("http://", "ws://") + f"/ws/rooms/{table.room['room_id']}"
    headers = {"Cookie": f"{COOKIE_NAME}={alice.cookie}"}
    for pause in (0.0, 0.0, 0.001, 0.005, 0.02, 0.05):
        ws = await connect(url, additional_headers=headers)
        await ws.send(json.dumps({"type": "hello", "last_version": None}))
        await asyncio.sleep(pause)
        ws.transport.abort()  # gone without a closing handshake
    for pause in (0.0, 0.01, 0.05):
        async with connect(url, additional_headers=headers) as ws:
            await asyncio.sleep(pause)
    await _settled(server, 2)
    assert server.app.state.hub.connections() == 2
    assert len(server.app.state.sockets) == 1  # the address of the two seated players
    assert server.app.state.sockets._open == {"127.0.0.1": 2}
    ok = await table.sockets[0].act({"type": "abort", "id": "a1"})
    assert ok["type"] == "ack"
    await table.sockets[1].recv("event")


async def test_a_text_frame_that_is_not_utf8_closes_the_socket_1007(server: Server) -> None:
    table = await seat_two(server)
    socket = table.sockets[0]
    await socket.connection.send(b'{"type": "ping", "id": "\xff"}', text=True)
    try:
        while True:
            await asyncio.wait_for(socket.connection.recv(), RECV_TIMEOUT)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 1007
    await _settled(server, 1)
    assert server.app.state.hub.connections() == 1
    ok = await table.sockets[1].act({"type": "abort", "id": "a1"})
    assert ok["type"] == "ack"
