"""Issue 9: every limit at its bound, the hub's leave race, and a reused action id.

Each test runs on SQLite and PostgreSQL (the ``backend`` fixture)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import server_harness as harness
from conftest import Server
from server_harness import Socket, seat_two, token_of
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.broadcast import Hub, LocalBus
from app.clocks import ManualClock
from app.identity import COOKIE_NAME
from app.limits import KeyedRateLimit
from app.main import create_app
from app.presence import PresenceBoard


def _gauge(server: Server, role: str) -> float:
    value = server.app.state.metrics.registry.get_sample_value("speakeasy_connections", {"role": role})
    return 0.0 if value is None else float(value)


def _holds(server: Server, room_id: str) -> dict[str, bool]:
    service, hub = server.app.state.service, server.app.state.hub
    return {
        "cache": room_id in service._runtimes,
        "timer": room_id in service._timers,
        "lock": room_id in service._locks,
        "hub": hub.is_local(room_id),
        # This room only: with Redis on, the bus's channel is shared with every other
        # test's server on this machine, whose rooms the board also counts meanwhile.
        "presence": hub.presence.knows(room_id),
    }


async def _until(predicate: Any, seconds: float = 10) -> None:
    for _ in range(int(seconds / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    assert predicate()


# -- rooms per address -------------------------------------------------------------------
@pytest.mark.parametrize("settings_overrides", [{"rooms_per_minute": 2, "room_burst": 3}])
async def test_room_creation_is_limited_per_address(server: Server) -> None:
    alice, bob = server.player(), server.player()
    for _ in range(3):
        await alice.create_room()
    refused = await bob.http.post("/api/rooms", json={})  # another cookie, the same address
    assert refused.status_code == 429 and refused.json()["detail"]["code"] == "rate_limited"
    server.clock.advance(29_000)
    assert (await alice.http.post("/api/rooms", json={})).status_code == 429
    server.clock.advance(1_000)  # 30 s at 2 a minute: one more room
    assert (await alice.http.post("/api/rooms", json={})).status_code == 201
    assert (await alice.http.post("/api/rooms", json={})).status_code == 429


def test_rate_limit_keeps_a_bounded_number_of_addresses() -> None:
    limit = KeyedRateLimit(per_minute=1, burst=1, now=lambda: 0, max_keys=100)
    for index in range(1_000):
        assert limit.take(f"10.0.{index // 256}.{index % 256}")
    assert len(limit) == 100
    assert not limit.take("10.0.3.231")  # recently seen: still counted


# -- sockets per address -----------------------------------------------------------------
@pytest.mark.parametrize("settings_overrides", [{"max_sockets_per_address": 3}])
async def test_sockets_are_limited_per_address(server: Server) -> None:
    table = await seat_two(server)  # two sockets
    room = table.room
    third = await table.players[0].connect(room["room_id"])
    url = server.base.replace("http://", "ws://") + f"/ws/rooms/{room['room_id']}"
    async with connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={table.players[0].cookie}"}) as ws:
        frame = await ws.recv()
        assert '"too_many_sockets"' in str(frame)
        with pytest.raises(ConnectionClosed):
            await ws.recv()
        assert ws.close_code == 1008
    await third.close()
    await _until(
        lambda: len(server.app.state.sockets) == 1 and server.app.state.sockets._open["127.0.0.1"] == 2
    )
    again = await table.players[0].connect(room["room_id"])  # one was closed: room for one more
    assert again.view is not None


# -- request bodies ----------------------------------------------------------------------
@pytest.mark.parametrize("settings_overrides", [{"max_body_bytes": 1024}])
async def test_request_bodies_are_refused_past_the_limit_before_being_read(server: Server) -> None:
    alice = server.player()
    headers = {"content-type": "application/json"}
    at_limit = b'{"preset":"speakeasy"' + b" " * (1024 - 22) + b"}"
    assert len(at_limit) == 1024
    assert (await alice.http.post("/api/rooms", content=at_limit, headers=headers)).status_code == 201
    over = at_limit[:-1] + b" }"
    refused = await alice.http.post("/api/rooms", content=over, headers=headers)
    assert refused.status_code == 413 and refused.json()["detail"]["code"] == "too_large"

    # No Content-Length: counted as it arrives, refused once past the limit.
    chunked = b"Transfer-Encoding: chunked\r\n\r\n400\r\n" + b" " * 1024 + b"\r\n1\r\n \r\n"
    assert await _status_of(server, chunked) == 413
    # A declared length past the limit is refused without waiting for the body at all.
    assert await _status_of(server, b"Content-Length: 8388608\r\n\r\n{") == 413


async def _status_of(server: Server, rest: bytes) -> int:
    """The status of a raw ``POST /api/rooms`` whose headers end with ``rest`` (the body
    is not sent in full: the answer must come anyway)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", int(server.base.rsplit(":", 1)[1]))
    try:
        writer.write(b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + rest)
        await writer.drain()
        status = await asyncio.wait_for(reader.readline(), 5)
        return int(status.split()[1])
    finally:
        writer.close()


# -- what the server keeps of rooms nobody watches ---------------------------------------
async def test_summaries_and_refused_sockets_keep_nothing_in_memory(server: Server) -> None:
    alice, stranger = server.player(), server.player()
    rooms = [await alice.create_room() for _ in range(8)]
    await stranger.http.get("/api/catalogue")
    for room in rooms:
        assert (await stranger.http.get(f"/api/rooms/{room['room_id']}")).status_code == 200
        url = server.base.replace("http://", "ws://") + f"/ws/rooms/{room['room_id']}"
        async with connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={stranger.cookie}"}) as ws:
            assert '"not_player"' in str(await ws.recv())
    service = server.app.state.service
    await _until(lambda: not service._runtimes and not service._locks and not service._timers)
    assert server.app.state.hub.presence.rooms() == 0 and len(server.app.state.sockets) == 0


async def test_presence_of_rooms_seen_only_on_the_bus_is_dropped() -> None:
    hub = Hub(LocalBus(), PresenceBoard(), lambda: 0)
    for index in range(50):
        message = {"kind": "presence", "room": f"r{index}", "slot": None, "count": 2, "at": 0}
        await hub.receive({**message, "origin": "other-process"})
    assert hub.presence.rooms() == 50  # their sockets are open elsewhere: counted
    for index in range(50):
        message = {"kind": "presence", "room": f"r{index}", "slot": None, "count": 0, "at": 1}
        await hub.receive({**message, "origin": "other-process"})
    assert hub.presence.rooms() == 0  # all closed, none watched here: nothing kept


# -- the hub's leave race ----------------------------------------------------------------
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_sockets_of_a_room_closing_at_once_release_it(
    database_url: str, clock: ManualClock, redis_url: str
) -> None:
    """Six spectators of one room closed together, with Redis on (each leave awaits the
    publish): before the fix the second ``del`` raised, and the room's cache, timer and lock
    leaked and the gauge drifted."""
    app = create_app(harness.settings_for(database_url, redis_url=redis_url), clock)
    async with harness.serving(app) as base:
        server = Server(base, app, clock, [])
        try:
            await _race(server)
        finally:
            for player in server.players:
                await player.close()


async def _race(server: Server) -> None:
    table = await seat_two(server)
    room_id, watch = table.room["room_id"], token_of(table.room["watch_url"])
    for round_ in range(3):
        spectators: list[Socket] = [await server.player().connect(room_id, watch=watch) for _ in range(6)]
        await _until(lambda: _gauge(server, "spectator") == 6)
        await asyncio.gather(*(sock.close() for sock in spectators))
        await _until(lambda: _gauge(server, "spectator") == 0)
        assert server.app.state.hub.is_local(room_id)  # the players are still there
        newcomer = await server.player().connect(room_id, watch=watch)  # still gets broadcasts
        if round_ == 0:
            await table.setups()
        else:
            await table.move()
        await newcomer.events_until(table.version)
        await newcomer.close()
    await asyncio.gather(*(sock.close() for sock in table.sockets))
    await _until(lambda: _gauge(server, "player") == 0 and _gauge(server, "spectator") == 0)
    await _until(lambda: not any(_holds(server, room_id).values()))
    assert server.app.state.hub.connections() == 0


# -- a reused action id ------------------------------------------------------------------
async def test_a_reused_action_id_with_another_command_is_refused(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    mover = table.mover()
    assert mover.view is not None
    move = {"type": "move", "id": "same-id", "move": mover.view["legal"][0], "version": table.version}
    ack = await mover.act(move)
    assert ack["type"] == "ack"
    await table.sync()
    again = await mover.act(move)  # the same command again: acknowledged again, applied once
    assert again == ack
    for other in ({"type": "resign", "id": "same-id"}, {"type": "draw_offer", "id": "same-id"}):
        refused = await mover.act(other)
        assert refused["type"] == "error" and refused["code"] == "id_reused", refused
    fresh = await table.players[0].connect(table.room["room_id"])
    assert fresh.view is not None and fresh.view["result"] is None and fresh.last_version == table.version
    await table.move()  # the game goes on
