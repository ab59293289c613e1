"""Games go on by themselves through dependency outages (issue 30).

Two server processes share a PostgreSQL and a Redis of the test's own (``outage_rig``). A
game of every registered game is spread over both: its seats' sockets alternate between the
processes and a spectator watches from the process the creator is not on, so every move
must cross the bus. While the games are played, the dependencies are stopped and started
again: Redis by SIGKILL, PostgreSQL by ``pg_ctl stop -m immediate``, then both at once
(Redis by SIGTERM), a few seconds down each time. Meanwhile each process's readiness says
which dependency is down, and a room created during a database outage is answered 503
``unavailable``.

Then every game has finished with no reconnection by anyone (a socket that closed fails the
test), every socket received every version of its game once and in order, every
acknowledged action appears exactly once in the stored log, at the version it was
acknowledged with, and the processes logged no error and no traceback, and stop cleanly.
How long writes and fan-out took to come back after each outage is printed (run with
``-s``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest
from outage_rig import Browser, PrivatePostgres, PrivateRedis, ServerProcess, Viewer, postgres_bin

from app.broadcast import Message, RedisBus
from app.outage import Backoff
from engine.catalogue import GameEntry, entries

pytestmark = pytest.mark.postgres

DOWN_SECONDS = 3.0
UP = {"database": "up", "bus": "up"}
GAME_SECONDS = 600.0
"""How long the games may take in all (a bound on a hang, not a speed requirement)."""


@pytest.fixture
def rig_postgres() -> Iterator[PrivatePostgres]:
    if postgres_bin("initdb") is None:
        if os.environ.get("SPEAKEASY_REQUIRE_POSTGRES") == "1":
            pytest.fail("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    postgres = PrivatePostgres()
    try:
        postgres.create()
        yield postgres
    finally:
        postgres.remove()


@pytest.fixture
def rig_redis() -> Iterator[PrivateRedis]:
    redis = PrivateRedis()
    redis.start()
    yield redis
    redis.stop()


async def test_a_redis_that_stops_answering_is_found_and_the_bus_comes_back(rig_redis: PrivateRedis) -> None:
    """SIGSTOP keeps Redis's connections open without a word: before the fix the
    subscription waited for ever, the bus said up and carried nothing. Now the bus counts
    as down after its PING goes unanswered, and comes back once Redis answers again."""
    received: list[Message] = []

    async def receiver(message: Message) -> None:
        received.append(message)

    async def reconnected() -> None:
        return None

    bus = RedisBus(rig_redis.url, Backoff(0.01, 0.05), health_seconds=0.3)
    await bus.start(receiver, reconnected)
    process = rig_redis.process
    assert bus.up and process is not None
    try:
        process.send_signal(signal.SIGSTOP)
        for _ in range(500):
            if not bus.up:
                break
            await asyncio.sleep(0.02)
        assert not bus.up
        process.send_signal(signal.SIGCONT)
        for _ in range(500):
            if bus.up:
                break
            await asyncio.sleep(0.02)
        assert bus.up
        other = RedisBus(rig_redis.url)
        await other.start(receiver, reconnected)
        await other.publish({"kind": "probe", "room": "", "origin": "other"})
        await other.close()
        for _ in range(250):
            if received:
                break
            await asyncio.sleep(0.02)
        assert received and received[0]["origin"] == "other"
    finally:
        process.send_signal(signal.SIGCONT)
        await bus.close()


async def _seat_game(entry: GameEntry, bases: list[str]) -> list[Viewer]:
    """A room of ``entry`` for its smallest table of three or more seats (two for a game
    of two): seat i's socket on process i % 2, a spectator on process 1."""
    players = max(entry.min_players, min(3, entry.max_players))
    creator = Browser(bases[0])
    created = await creator.http.post("/api/rooms", json={"game": entry.name, "players": players})
    assert created.status_code == 201, created.text
    room = created.json()
    browsers = [creator]
    for seat in range(1, players):
        browser = Browser(bases[seat % 2])
        claimed = await browser.http.post(f"/api/invites/{room['invite_url'].rsplit('/', 1)[1]}/claim")
        assert claimed.status_code == 200, claimed.text
        browsers.append(browser)
    room_id = room["room_id"]
    viewers = [
        Viewer(f"{entry.name}-{seat}", browser, await browser.open(room_id), entry, room_id)
        for seat, browser in enumerate(browsers)
    ]
    watcher = Browser(bases[1])
    watch = room["watch_url"].rsplit("/", 1)[1]
    viewers.append(
        Viewer(f"{entry.name}-spectator", watcher, await watcher.open(room_id, watch), None, room_id)
    )
    return viewers


async def _readiness(bases: list[str]) -> list[dict[str, str]]:
    async with httpx.AsyncClient(timeout=10) as client:
        return [(await client.get(f"{base}/readyz")).json() for base in bases]


async def _until(
    condition: Callable[[], Awaitable[bool]], seconds: float, what: str, viewers: list[Viewer]
) -> None:
    deadline = time.monotonic() + seconds
    while not await condition():
        for viewer in viewers:
            viewer.check()
        if time.monotonic() > deadline:
            states = "\n".join(viewer.summary() for viewer in viewers)
            raise AssertionError(f"{what}: not within {seconds} s\n{states}")
        await asyncio.sleep(0.2)


@pytest.mark.heavy
@pytest.mark.timeout(900)
async def test_every_game_finishes_through_redis_and_postgres_restarts(
    tmp_path: Path, rig_postgres: PrivatePostgres, rig_redis: PrivateRedis
) -> None:
    servers = [ServerProcess(tmp_path, rig_postgres.url, rig_redis.url, migrate=True)]
    await asyncio.to_thread(servers[0].wait_ready)
    servers.append(ServerProcess(tmp_path, rig_postgres.url, rig_redis.url, migrate=False))
    await asyncio.to_thread(servers[1].wait_ready)
    bases = [server.base for server in servers]
    games = [await _seat_game(entry, bases) for entry in entries()]
    viewers = [viewer for game in games for viewer in game]
    for viewer in viewers:
        viewer.start()
    players = [viewer.task for viewer in viewers if viewer.task is not None]
    comebacks: list[str] = []

    def progress() -> int:
        return sum(viewer.version for viewer in viewers)

    async def moved_on(since: int) -> bool:
        return progress() > since + 10 or all(viewer.over for viewer in viewers)

    async def outage(
        name: str, stop: Callable[[], None], start: Callable[[], None], down: dict[str, str]
    ) -> None:
        mark = progress()
        await _until(lambda: moved_on(mark), 120, f"before {name}, the games move on", viewers)
        stop()
        stopped_at = time.monotonic()
        await _until(lambda: _all_report(bases, down), 30, f"{name}: readiness says {down}", viewers)
        if "database" in down:
            await _refused_while_down(bases, viewers, name)
        await asyncio.sleep(max(0.0, DOWN_SECONDS - (time.monotonic() - stopped_at)))
        start()
        restored = time.monotonic()
        versions = {viewer.name: viewer.version for viewer in viewers}
        try:
            await _until(lambda: _all_report(bases, UP), 60, f"{name}: readiness says up again", viewers)
        except AssertionError as error:
            raise AssertionError(f"{error}\n{await _servers_say(servers)}") from None
        ready = time.monotonic() - restored
        playing = [game for game in games if not all(viewer.over for viewer in game)]
        await _until(lambda: _crossed(playing, versions), 120, f"after {name}, every game moves on", viewers)
        writes = [t for viewer in viewers for t in viewer.ack_times if t > restored]
        fanout = [
            min(t for t, version in viewer.seen if version > versions[viewer.name])
            for game in playing
            for viewer in game
            if any(version > versions[viewer.name] for _, version in viewer.seen)
        ]
        comebacks.append(
            f"{name}: ready again after {ready:.2f} s, first write acknowledged after "
            f"{(min(writes) - restored) if writes else float('nan'):.2f} s, every viewer of every game "
            f"playing had a new version after {(max(fanout) - restored) if fanout else float('nan'):.2f} s"
        )

    try:
        await _until(lambda: _started(viewers), 60, "the games start", viewers)
        await outage(
            "Redis SIGKILL",
            lambda: rig_redis.stop(signal.SIGKILL),
            rig_redis.start,
            {"bus": "down"},
        )
        await outage(
            "PostgreSQL immediate stop", rig_postgres.crash, rig_postgres.start, {"database": "down"}
        )

        def both_down() -> None:
            rig_redis.stop(signal.SIGTERM)
            rig_postgres.crash()

        def both_up() -> None:
            rig_postgres.start()
            rig_redis.start()

        await outage(
            "Redis SIGTERM and PostgreSQL immediate stop",
            both_down,
            both_up,
            {"bus": "down", "database": "down"},
        )
        await outage(
            "Redis SIGKILL again",
            lambda: rig_redis.stop(signal.SIGKILL),
            rig_redis.start,
            {"bus": "down"},
        )
        await asyncio.wait_for(asyncio.gather(*players), GAME_SECONDS)
    finally:
        for task in players:
            task.cancel()
        for viewer in viewers:
            with contextlib.suppress(Exception):
                await viewer.socket.close()
            await viewer.browser.http.aclose()
        codes = [server.terminate() for server in servers]
    print("\n" + "\n".join(comebacks))

    for server, code in zip(servers, codes, strict=True):  # uvicorn re-raises SIGTERM once it has shut down
        assert code in (0, -signal.SIGTERM), f"{server.base} exited with {code}"
        assert "Application shutdown complete." in server.log(), f"{server.base} did not shut down cleanly"
    for viewer in viewers:
        versions = [version for _, version in viewer.seen]
        assert versions == list(range(versions[0], versions[-1] + 1)), f"{viewer.name}: versions {versions}"
        assert viewer.view is not None and viewer.view.get("result") is not None, (
            f"{viewer.name} did not finish"
        )
    await _check_log(rig_postgres, viewers)
    for server in servers:
        bad = [
            record
            for record in server.records()
            if record.get("level") in ("error", "critical")
            or "Traceback" in str(record)
            or ("raw" in record and "shutdown failed" in record["raw"].lower())
        ]
        assert not bad, f"{server.base} logged: {bad[:5]}"


async def _refused_while_down(bases: list[str], viewers: list[Viewer], name: str) -> None:
    """While the database is away, HTTP answers 503 ``unavailable`` and a socket command
    gets its ``unavailable`` error frame (the socket stays open: the test goes on with it)."""
    for base in bases:
        async with httpx.AsyncClient(base_url=base, timeout=10) as client:
            for answer in (
                await client.post("/api/rooms", json={"game": "speakeasy"}),
                await client.get(f"/api/rooms/{viewers[0].room_id}"),
            ):
                assert answer.status_code == 503, answer.text
                assert answer.json()["detail"]["code"] == "unavailable"
    watching = [viewer for viewer in viewers if viewer.entry is None and not viewer.over]
    if not watching:
        return  # every game is over: no socket is read any more
    spectator = watching[0]
    line = {
        "type": "chat",
        "id": f"chat-{time.monotonic_ns()}",
        "channel": "spectators",
        "text": "hi",
    }
    await spectator.socket.send(json.dumps(line))
    deadline = time.monotonic() + 30
    while not any(error.get("id") == line["id"] for error in spectator.errors):
        spectator.check()
        assert time.monotonic() < deadline, (
            f"no answer to {line}: {spectator.summary()} {list(spectator.recent)[-2:]}"
        )
        await asyncio.sleep(0.1)
    assert [error["code"] for error in spectator.errors if error.get("id") == line["id"]] == ["unavailable"]


async def _started(viewers: list[Viewer]) -> bool:
    return all(viewer.version >= 3 for viewer in viewers)


async def _servers_say(servers: list[ServerProcess]) -> str:
    """Each server's readiness and its last warnings, for a failure's message."""
    lines = []
    for server in servers:
        try:
            async with httpx.AsyncClient(timeout=10) as client:
                ready = (await client.get(f"{server.base}/readyz")).text
        except httpx.HTTPError as error:
            ready = repr(error)
        warnings = [str(record)[:300] for record in server.records() if record.get("level") != "info"]
        lines += [f"{server.base} readyz {ready}", *warnings[-8:]]
    return "\n".join(lines)


async def _all_report(bases: list[str], states: dict[str, str]) -> bool:
    try:
        reports = await _readiness(bases)
    except httpx.HTTPError:
        return False
    return all(all(report.get(name) == state for name, state in states.items()) for report in reports)


async def _crossed(games: list[list[Viewer]], versions: dict[str, int]) -> bool:
    """Whether every viewer of each game still playing had a version after the outage (or
    the game is over for him)."""
    return all(viewer.version > versions[viewer.name] or viewer.over for game in games for viewer in game)


async def _check_log(postgres: PrivatePostgres, viewers: list[Viewer]) -> None:
    """Every acknowledged action id is in the log once, at the version it was acknowledged with."""
    conn = await asyncpg.connect(postgres.url.replace("+asyncpg", ""))
    try:
        rows = await conn.fetch(
            "SELECT client_id, last_version FROM game_actions WHERE client_id IS NOT NULL"
        )
    finally:
        await conn.close()
    logged: dict[str, list[int]] = {}
    for row in rows:
        logged.setdefault(row["client_id"], []).append(row["last_version"])
    for viewer in viewers:
        for action_id, version in viewer.acks.items():
            assert logged.get(action_id) == [version], (
                f"{action_id}: acknowledged at {version}, logged {logged.get(action_id)}"
            )
