"""A bot seat plays through the same command path as a person."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Server
from server_harness import Table

from app.clocks import GameClocks
from app.games.service import bot_budget, bot_seed


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"max_frames_per_second": 1000}


async def test_bot_room_plays_back(server: Server) -> None:
    assert server.app.state.service.bots_available, "engine.speakeasy.bot.decide must be wired in"
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


def test_bot_budget_respects_the_clock() -> None:
    untimed = GameClocks(remaining=None, increment=0, running=frozenset(), since=None, setup_deadline=None)
    assert bot_budget(untimed, 1, 0) is None  # the level's own pace
    clocks = GameClocks(
        remaining=(600_000, 300_000), increment=5_000, running=frozenset({1}), since=0, setup_deadline=None
    )
    assert bot_budget(clocks, 1, 0) == (300_000 / 30 + 4_000) / 1000
    # Less time left, less thought; never nothing, never more than is left.
    assert bot_budget(clocks, 1, 270_000) == (30_000 / 30 + 4_000) / 1000
    short = GameClocks(
        remaining=(600_000, 900), increment=0, running=frozenset({1}), since=0, setup_deadline=None
    )
    budget = bot_budget(short, 1, 0)
    assert budget is not None and 0.05 <= budget < 0.9


def test_bot_seed_uses_public_values_only() -> None:
    assert bot_seed("game-a", 3) == bot_seed("game-a", 3)
    assert len({bot_seed("game-a", v) for v in range(50)} | {bot_seed("game-b", 0)}) == 51
