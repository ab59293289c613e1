"""Crash safety: a real server process on PostgreSQL is killed with SIGKILL at random
moments while several scripted games are being played, then restarted. After every
restart: each game's history holds every acknowledged move, in order; the move that was in
flight (sent, not yet acknowledged) is answered ``ack`` when the client resends it with the
same id — applied exactly once, whether or not it was committed before the kill — and the
game goes on.

Builds on tests/app/test_server_processes.py (its process helpers); the suite runs 6
kills (a restart is several seconds on a busy machine), ``-m slow`` 100.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
from dataclasses import dataclass, field
from typing import Any

import pytest
import test_server_processes as processes
from server_harness import Player, Table, seat_two
from websockets.exceptions import ConnectionClosed

pytestmark = pytest.mark.postgres


@dataclass
class Tracked:
    """One game as its players know it: acknowledged moves and the one in flight."""

    table: Table
    acked: list[str] = field(default_factory=list)
    inflight: tuple[int, dict[str, Any]] | None = None  # (seat, message)
    resent: int = 0
    committed_before_ack: int = 0


async def _new_game(remote: processes.Remote) -> Tracked:
    table = await seat_two(remote, time_control={"initial": 3600, "increment": 0})
    await table.setups()
    return Tracked(table)


async def _drive(game: Tracked, rng: random.Random, counter: list[int]) -> None:
    """Play random moves until the connection drops (or the game ends)."""
    table = game.table
    while not table.over():
        mover = table.mover()
        assert mover.view is not None
        counter[0] += 1
        message = {
            "type": "move",
            "id": f"m{counter[0]}",
            "move": rng.choice(mover.view["legal"]),
            "version": mover.last_version,
        }
        game.inflight = (mover.seat or 0, message)
        answer = await mover.act(message)
        assert answer["type"] == "ack", answer
        game.acked.append(message["move"])
        game.inflight = None
        await table.sync()


def _history_moves(view: dict[str, Any]) -> list[str]:
    return [entry["move"] for entry in view["history"]]


async def _recover(game: Tracked, players: list[Player]) -> None:
    """Reconnect after a restart and check what survived."""
    table = game.table
    room_id = table.room["room_id"]
    sockets = [await player.connect(room_id) for player in players]
    table.sockets = sockets
    moves = _history_moves(sockets[0].view or {})
    assert moves[: len(game.acked)] == game.acked, "an acknowledged move was lost"
    assert len(moves) <= len(game.acked) + 1
    if game.inflight is not None:
        seat, message = game.inflight
        committed = len(moves) == len(game.acked) + 1
        if committed:
            assert moves[-1] == message["move"]
            game.committed_before_ack += 1
        socket = table.by_seat(seat)
        answer = await socket.act(message)  # the browser retries with the same id
        assert answer["type"] == "ack", answer
        game.acked.append(message["move"])
        game.inflight = None
        game.resent += 1
        await table.sync()
    again = _history_moves((await players[0].connect(room_id)).view or {})
    assert again == game.acked, "the retried move was not applied exactly once"


async def crash_loop(pg_url: str, crashes: int, games: int = 3, seed: int = 0) -> dict[str, int]:
    rng = random.Random(seed)
    port = processes._free_port()
    process = await processes._start(pg_url, port)
    remote = processes.Remote(f"http://127.0.0.1:{port}")
    stats = {"kills": 0, "acked_moves": 0, "inflight_retried": 0, "committed_before_ack": 0, "games": 0}
    counter = [0]
    try:
        tracked = [await _new_game(remote) for _ in range(games)]
        stats["games"] = games
        for _ in range(crashes):
            drivers = [asyncio.create_task(_drive(game, rng, counter)) for game in tracked]
            await asyncio.sleep(rng.uniform(0.05, 0.8))
            process.send_signal(signal.SIGKILL)
            process.wait(10)
            stats["kills"] += 1
            for task in drivers:
                with contextlib.suppress(ConnectionClosed, TimeoutError, OSError, AssertionError):
                    await task
                if task.done() and not task.cancelled() and isinstance(task.exception(), AssertionError):
                    raise task.exception()  # type: ignore[misc]
            for game in tracked:
                for sock in game.table.sockets:
                    with contextlib.suppress(Exception):
                        await sock.close()
            process = await processes._start(pg_url, port)
            for index, game in enumerate(tracked):
                await _recover(game, game.table.players)
                if game.table.over():
                    stats["acked_moves"] += len(game.acked)
                    tracked[index] = await _new_game(remote)
                    stats["games"] += 1
        for game in tracked:  # the games go on after the last restart
            if not game.table.over():
                await game.table.move()
                game.acked.append("-")
            stats["acked_moves"] += len(game.acked)
            stats["inflight_retried"] += game.resent
            stats["committed_before_ack"] += game.committed_before_ack
    finally:
        for player in remote.players:
            await player.close()
        processes._stop(process)
    return stats


@pytest.fixture(autouse=True)
def _fast_clients(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripted players move faster than the per-connection limit meant for people."""
    monkeypatch.setenv("SPEAKEASY_MAX_FRAMES_PER_SECOND", "100000")


@pytest.mark.heavy
async def test_sigkill_6_times_loses_no_acknowledged_move(pg_url: str) -> None:
    stats = await crash_loop(pg_url, crashes=6, games=3, seed=1)
    print(f"\ncrash safety: {stats}")
    assert stats["kills"] == 6 and stats["acked_moves"] > 12


@pytest.mark.slow
async def test_sigkill_100_times_loses_no_acknowledged_move(pg_url: str) -> None:
    stats = await crash_loop(pg_url, crashes=100, games=4, seed=2)
    print(f"\ncrash safety: {stats}")
    assert stats["kills"] == 100
