"""Reconnection: exactly the missed events, or a full resync when that is not possible."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Server
from server_harness import seat_two


@pytest.fixture
def backend(backend_and_socket_path: tuple[str, str]) -> str:
    return backend_and_socket_path[0]


@pytest.fixture
def socket_port(backend_and_socket_path: tuple[str, str]) -> str:
    """Every test here runs on both socket paths (conftest.backend_and_socket_path)."""
    return backend_and_socket_path[1]


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"replay_limit": 6}


async def test_reconnect_receives_exactly_the_missed_events(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    sa, sb = table.sockets
    bob = table.players[1]
    other_tab = await bob.connect(table.room["room_id"])
    await table.move()
    await other_tab.events_until(table.version)
    dropped_at = sb.last_version
    await sb.close()
    table.sockets = [sa, other_tab]
    for _ in range(3):
        await table.move()
    missed_until = sa.last_version
    assert missed_until is not None and dropped_at is not None and missed_until >= dropped_at + 3
    again = await bob.connect(table.room["room_id"], hello=False)
    again.last_version = dropped_at
    first = await again.hello(last_version=dropped_at, game_id=sa.game_id)
    assert first["type"] == "event" and first["version"] == dropped_at + 1
    events = [first, *(await again.events_until(missed_until))]
    assert [frame["version"] for frame in events] == list(range(dropped_at + 1, missed_until + 1))
    seen_by_tab = [
        frame for frame in other_tab.frames if frame["type"] == "event" and frame["version"] > dropped_at
    ]
    assert [frame["event"] for frame in events] == [frame["event"] for frame in seen_by_tab]
    assert events[-1]["view"] == other_tab.view
    await again.silence(0.3, skip=("presence", "offers"))
    await table.move()
    await again.events_until(table.version)


async def test_reconnect_too_old_or_wrong_game_gets_a_welcome(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    for _ in range(6):
        await table.move()
    sa, sb = table.sockets
    bob = table.players[1]
    old = await bob.connect(table.room["room_id"], hello=False)
    frame = await old.hello(last_version=1)
    assert frame["type"] == "welcome" and frame["version"] == sa.last_version
    future = await bob.connect(table.room["room_id"], hello=False)
    frame = await future.hello(last_version=(sa.last_version or 0) + 5)
    assert frame["type"] == "welcome"
    other_game = await bob.connect(table.room["room_id"], hello=False)
    frame = await other_game.hello(last_version=sa.last_version, game_id="0" * 32)
    assert frame["type"] == "welcome"
    current = await bob.connect(table.room["room_id"], hello=False)
    await current.send({"type": "hello", "last_version": sa.last_version, "game_id": sa.game_id})
    after = await current.recv(skip=("presence",))
    assert after["type"] == "offers"
    del sb
