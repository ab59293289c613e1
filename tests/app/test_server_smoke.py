from __future__ import annotations

from conftest import Server


async def test_create_and_welcome(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room(time_control=None, setup_seconds=None)
    sock = await alice.connect(room["room_id"])
    assert sock.seat == 0
