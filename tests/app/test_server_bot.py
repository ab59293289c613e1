"""A bot seat plays through the same command path as a person."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Server
from server_harness import Socket, Table

from app.clocks import GameClocks
from app.games.service import bot_budget, bot_seed
from engine.catalogue import entry

# A move from a square to itself: well formed, and refused in every phase of the game.
_ILLEGAL = {"type": "move", "move": "a1-a1"}


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


class MisguidedBot:
    """Speak Easy's own bot, except that its first ``wrong`` answers (all of them when
    ``wrong`` is None) are an action the rules refuse, or an exception when ``crash``."""

    def __init__(self, wrong: int | None, crash: bool = False) -> None:
        self.wrong = wrong
        self.crash = crash
        self.seeds: list[int] = []
        self.real = entry("speakeasy").decider()

    def __call__(self, view: dict[str, Any], level: str, seed: int, budget: float | None) -> dict[str, Any]:
        self.seeds.append(seed)
        if self.wrong is None or len(self.seeds) <= self.wrong:
            if self.crash:
                raise RuntimeError("the bot fell over")
            return dict(_ILLEGAL)
        return self.real(view, level, seed, budget)


async def _bot_moves(sock: Socket, table: Table, moves: int) -> list[dict[str, Any]]:
    """Play until the bot (north) has made ``moves`` moves; its move events."""
    found: list[dict[str, Any]] = []
    while len(found) < moves:
        assert sock.view is not None and sock.view["result"] is None
        if sock.view["to_move"] == "s":
            await table.move()
        else:
            for frame in await sock.events_until((sock.last_version or 0) + 1):
                if frame["event"] and frame["event"].get("type") == "move" and frame["event"]["side"] == "n":
                    found.append(frame["event"])
    return found


async def _seat_alice_against(server: Server, bot: MisguidedBot) -> tuple[Socket, Table]:
    server.bot_decides_with("speakeasy", bot)
    alice = server.player()
    room = await alice.create_room(bot="easy", setup_seconds=120)
    sock = await alice.connect(room["room_id"])
    table = Table(room, [alice], [sock])
    position = await alice.random_setup("s")
    assert (await sock.act({"type": "setup", "id": "s", "position": position}))["type"] == "ack"
    await sock.events_until(3)  # both setups and the start of play, without the clock moving
    assert sock.view is not None and sock.view["phase"] == "play"
    return sock, table


async def test_a_bot_whose_action_is_refused_is_asked_again(server: Server) -> None:
    """Refused at the version it saw (the game did not move on), the bot is asked once more,
    with the next seed; nothing waits for a clock (the test's clock never moves)."""
    bot = MisguidedBot(wrong=1)
    sock, table = await _seat_alice_against(server, bot)
    assert bot.seeds[1] == bot.seeds[0] + 1
    assert len(await _bot_moves(sock, table, 2)) == 2


@pytest.mark.parametrize("crash", [False, True], ids=["refused", "crashing"])
async def test_a_bot_that_never_plays_is_played_for(server: Server, crash: bool) -> None:
    """A bot refused twice, or unable to decide, has its seat play the game's default for
    the decision (a random legal setup), else one of its legal actions: an untimed game with
    a broken bot still goes on."""
    bot = MisguidedBot(wrong=None, crash=crash)
    sock, table = await _seat_alice_against(server, bot)
    assert len(await _bot_moves(sock, table, 2)) == 2
    # Every decision was asked of the bot: twice while its answers were refused, once when
    # it fell over (the test's clock never moved: no timeout played for it).
    assert len(bot.seeds) >= (3 if crash else 6)
