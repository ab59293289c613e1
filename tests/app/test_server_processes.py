"""Real server processes on the real PostgreSQL: a SIGKILL mid-game loses no acknowledged
move, and two processes given conflicting moves apply exactly one."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import redis.asyncio as redis
import server_harness as harness
from server_harness import Player, race_two_moves, seat_two

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("SPEAKEASY_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@dataclass
class Remote:
    """Enough of the ``server`` fixture for :func:`seat_two`: a base URL and players."""

    base: str
    players: list[Player] = field(default_factory=list)

    def player(self) -> Player:
        player = Player(self.base)
        self.players.append(player)
        return player


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _start(database_url: str, port: int, redis_url: str | None = None) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SPEAKEASY_SECRET": harness.SECRET,
        "SPEAKEASY_ENV": "production",
        "SPEAKEASY_LOG_LEVEL": "WARNING",
        **harness.MANY_ROOMS_ENV,
    }
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    process = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=ROOT, env=env)
    async with httpx.AsyncClient() as client:
        for _ in range(harness.START_POLLS):
            if process.poll() is not None:
                raise RuntimeError(f"server exited with {process.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if (await client.get(f"http://127.0.0.1:{port}/healthz")).status_code == 200:
                    return process
            await asyncio.sleep(0.1)
    process.kill()
    raise RuntimeError("server did not become healthy")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
async def pg_url(pg_template: str) -> AsyncIterator[str]:
    name = await harness.create_pg_database(pg_template)
    try:
        yield harness.pg_url(name)
    finally:
        await harness.drop_pg_database(name)


async def _redis_available() -> bool:
    client = redis.from_url(REDIS_URL)
    try:
        await client.ping()
    except (OSError, redis.RedisError):
        return False
    finally:
        await client.aclose()
    return True


async def test_sigkill_mid_game_loses_no_acknowledged_move(pg_url: str) -> None:
    port = _free_port()
    process = await _start(pg_url, port)
    remote = Remote(f"http://127.0.0.1:{port}")
    try:
        table = await seat_two(remote)
        await table.setups()
        for _ in range(5):
            if table.over():
                break
            await table.move()
        acknowledged = table.version
        view_before = {socket.seat: socket.view for socket in table.sockets}
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        process = await _start(pg_url, port)
        sockets = []
        for player in table.players:
            sockets.append(await player.connect(table.room["room_id"]))
        for sock in sockets:
            assert sock.last_version == acknowledged
            welcome_view = dict(sock.view or {})
            welcome_view.pop("history", None)
            assert welcome_view == view_before[sock.seat]
        table.sockets = sockets
        if not table.over():
            await table.move()
            assert table.version > acknowledged
    finally:
        for player in remote.players:
            await player.close()
        _stop(process)


async def test_two_processes_conflicting_moves_exactly_one_applies(pg_url: str) -> None:
    redis_url = REDIS_URL if await _redis_available() else None
    port_a, port_b = _free_port(), _free_port()
    first = await _start(pg_url, port_a, redis_url)
    second = await _start(pg_url, port_b, redis_url)
    remote = Remote(f"http://127.0.0.1:{port_a}")
    try:
        table = await seat_two(remote)
        await table.setups()
        mover = table.mover()
        player = table.players[table.sockets.index(mover)]
        elsewhere = Player(f"http://127.0.0.1:{port_b}")
        remote.players.append(elsewhere)
        elsewhere.http.cookies.update(player.http.cookies)
        tab_b = await elsewhere.connect(table.room["room_id"])
        assert tab_b.seat == mover.seat and tab_b.last_version == mover.last_version
        legal = mover.view["legal"]  # type: ignore[index]
        version = table.version
        answers = await race_two_moves(mover, tab_b, (legal[0], legal[1]), version)
        assert sorted(frame["type"] for frame in answers) == ["ack", "error"], answers
        refused = next(frame for frame in answers if frame["type"] == "error")
        assert refused["code"] in ("stale_version", "not_your_turn", "conflict")
        await table.sync()
        moves = [
            f
            for f in table.sockets[0].frames
            if f["type"] == "event" and f["event"] and f["event"]["type"] == "move"
        ]
        assert len(moves) == 1
        async with httpx.AsyncClient() as client:
            for port in (port_a, port_b):
                metrics = (await client.get(f"http://127.0.0.1:{port}/metrics")).text
                assert "speakeasy_moves_total" in metrics
        if redis_url:
            # The other process fanned the event out through Redis to the tab it serves.
            await tab_b.events_until(table.version)
    finally:
        for player in remote.players:
            await player.close()
        _stop(first)
        _stop(second)
