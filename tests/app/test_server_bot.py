"""A bot seat plays through the same command path as a person."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Server
from server_harness import Table


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"max_frames_per_second": 1000}


async def test_bot_room_plays_back(server: Server) -> None:
    if not server.app.state.service.bots_available:
        pytest.skip("engine.speakeasy.bot.decide is not there")
    alice = server.player()
    room = await alice.create_room(bot="easy", setup_seconds=120)
    assert room["invite_url"] is None
    sock = await alice.connect(room["room_id"])
    assert sock.frames[-1]["room"]["bots"][1] == "easy"
    assert sock.frames[-1]["presence"]["seats"][1]["connected"] is True
    table = Table(room, [alice], [sock])
    position = await alice.random_setup("s")
    assert (await sock.act({"type": "setup", "id": "s", "position": position}))["type"] == "ack"
    await sock.events_until(3)
    assert sock.view is not None and sock.view["phase"] == "play"
    for _ in range(3):
        if sock.view["result"] is not None:
            break
        if sock.view["to_move"] == "s":
            await table.move()
        else:
            await sock.events_until((sock.last_version or 0) + 1)
    bot_moves = [
        f["event"]
        for f in sock.frames
        if f["type"] == "event" and f["event"] and f["event"].get("side") == "n"
    ]
    assert bot_moves, "the bot neither set up nor moved"
