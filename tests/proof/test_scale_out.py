"""Scale-out: three server processes (``python -m app serve``) on one PostgreSQL, events
fanned out through Redis pub/sub, no sticky routing. Alice plays on one process, Bob on
another, a spectator watches from the third; every HTTP call and every reconnection may
land anywhere. The game is played normally: each event reaches every viewer once, in
order, with no version gap; a rematch started on one process reaches the others.

Builds on tests/app/test_server_processes.py (which checks that two processes given
conflicting moves apply exactly one). Redis is required when ``SPEAKEASY_REQUIRE_REDIS=1``
(otherwise the test is skipped when Redis does not answer).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import server_harness as harness
import test_server_processes as processes
from server_harness import Player, Table, token_of


@pytest.fixture
async def redis_url() -> str:
    if not await processes._redis_available():
        if os.environ.get("SPEAKEASY_REQUIRE_REDIS") == "1":
            pytest.fail(f"Redis is not reachable at {processes.REDIS_URL}")
        pytest.skip(f"Redis is not reachable at {processes.REDIS_URL}")
    return processes.REDIS_URL


def _browser(base: str, like: Player | None = None) -> Player:
    """A browser talking to ``base``; with ``like``, the same browser (its cookie) elsewhere."""
    player = Player(base)
    if like is not None:
        player.http.cookies.update(like.http.cookies)
    return player


@pytest.mark.postgres
async def test_one_game_across_three_processes(
    pg_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPEAKEASY_MAX_FRAMES_PER_SECOND", "1000")
    ports = [processes._free_port() for _ in range(3)]
    servers = [await processes._start(pg_url, port, redis_url) for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    browsers: list[Player] = []

    def browser(index: int, like: Player | None = None) -> Player:
        browsers.append(_browser(bases[index], like))
        return browsers[-1]

    try:
        alice, bob, carol = browser(0), browser(1), browser(2)
        room = await alice.create_room(time_control={"initial": 600, "increment": 2})
        assert (await bob.claim(room["invite_url"])).status_code == 200  # claimed through B
        room_id = room["room_id"]
        summary = (await browser(2, like=bob).http.get(f"/api/rooms/{room_id}")).json()  # asked of C
        assert summary["your_seat"] == 1 and summary["seats_taken"] == [True, True]
        sa = await alice.connect(room_id)  # A
        sb = await bob.connect(room_id)  # B
        table = Table(room, [alice, bob], [sa, sb])
        await table.setups()
        spectator = await carol.connect(room_id, watch=token_of(room["watch_url"]))  # C
        table.sockets.append(spectator)
        await table.sync()
        assert spectator.last_version == sa.last_version

        latencies = []
        moved_away = False
        for ply in range(40):
            if table.over():
                break
            mover = table.mover()
            other = next(s for s in table.sockets[:2] if s is not mover)
            started = time.perf_counter()
            await table.move()  # acked by the mover's process, fanned out by Redis
            latencies.append(time.perf_counter() - started)
            assert other.last_version == mover.last_version == spectator.last_version
            if ply >= 15 and not moved_away and not table.over() and table.mover() is sa:
                # Bob leaves process B; Alice moves; Bob comes back through A and resumes
                # from his version.
                moved_away = True
                last, game_id, seat = sb.last_version, sb.game_id, sb.seat
                table.sockets.remove(sb)
                await sb.close()
                await table.move()
                bob_on_a = browser(0, like=bob)
                sb = await bob_on_a.connect(room_id, hello=False)
                sb.last_version, sb.game_id, sb.seat = last, game_id, seat
                replayed = await sb.hello(last_version=last, game_id=game_id)
                assert replayed["type"] == "event" and replayed["version"] == last + 1  # type: ignore[operator]
                table.sockets.insert(1, sb)
                await table.sync()
        assert moved_away or table.over()
        # Every viewer saw every version once, in order (Socket checks gaps as it reads).
        versions = [f["version"] for f in spectator.frames if f["type"] == "event"]
        assert versions == list(range(versions[0], versions[-1] + 1))
        median = statistics.median(latencies) * 1000
        print(f"\nmove -> every viewer synced, 3 processes: median {median:.1f} ms")

        # The end and a rematch, each started on a different process than the one that
        # shows it.
        if not table.over():
            assert (await table.sockets[0].act({"type": "resign", "id": "r"}))["type"] == "ack"
        await table.sync()
        first_game = sa.game_id
        assert (await sa.act({"type": "rematch", "id": "x1"}))["type"] == "ack"
        assert (await sb.act({"type": "rematch", "id": "x2"}))["type"] == "ack"
        for sock in (sa, sb, spectator):
            while sock.game_id == first_game:
                await sock.recv("welcome", skip=("presence", "offers", "event", "ack"))
        assert sa.game_id == sb.game_id == spectator.game_id != first_game
        assert {sa.seat, sb.seat} == {0, 1}
        for sock in (sa, sb, spectator):
            assert sock.view is not None and sock.view["phase"] == "setup"
    finally:
        for player in browsers:
            await player.close()
        for server in servers:
            processes._stop(server)


def _established(pid: int, port: int) -> int:
    """How many accepted TCP connections to ``port`` process ``pid`` holds."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                local_port = int(fields[1].rsplit(":", 1)[1], 16)
                if local_port == port and fields[3] == "01" and fields[9] in inodes:  # ESTABLISHED
                    count += 1
    return count


def _children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in found.read_text().split()] if found.exists() else []


@pytest.mark.postgres
async def test_serve_with_two_workers_shares_one_port(pg_url: str, redis_url: str) -> None:
    """``speakeasy serve --workers 2``: two processes on one port, sockets spread over both,
    one game played across them."""
    port = processes._free_port()
    env = {
        **os.environ,
        "DATABASE_URL": pg_url,
        "REDIS_URL": redis_url,
        "SPEAKEASY_SECRET": harness.SECRET,
        "SPEAKEASY_ENV": "production",
        "SPEAKEASY_LOG_LEVEL": "WARNING",
        "SPEAKEASY_MAX_FRAMES_PER_SECOND": "1000",
        **harness.MANY_ROOMS_ENV,
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--port", str(port), "--workers", "2"],
        cwd=processes.ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    browsers: list[Player] = []
    try:
        async with httpx.AsyncClient() as client:
            for _ in range(harness.START_POLLS):
                assert server.poll() is None, "the server exited"
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(f"{base}/healthz")).status_code == 200:
                        break
                await asyncio.sleep(0.1)
        workers: list[int] = []
        for _ in range(100):  # uvicorn's manager starts its workers one by one
            workers = [
                child
                for child in _children(server.pid)
                if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
            ]
            if len(workers) == 2:
                break
            await asyncio.sleep(0.1)
        assert len(workers) == 2, workers
        alice, bob = _browser(base), _browser(base)
        browsers += [alice, bob]
        room = await alice.create_room()
        assert (await bob.claim(room["invite_url"])).status_code == 200
        sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
        table = Table(room, [alice, bob], [sa, sb])
        watchers = []
        # More viewers until both processes hold some: the workers share one listening socket,
        # and the kernel may hand many accepts in a row to the same one (the other may even
        # still be starting), so a fixed handful is not always spread.
        for _ in range(40):
            watcher = _browser(base)
            browsers.append(watcher)
            watchers.append(await watcher.connect(room["room_id"], watch=token_of(room["watch_url"])))
            if len(watchers) >= 8 and all(_established(worker, port) > 0 for worker in workers):
                break
            await asyncio.sleep(0.05)
        assert all(_established(worker, port) > 0 for worker in workers), "one process took every socket"
        await table.setups()
        table.sockets += watchers
        await table.sync()
        for _ in range(10):
            if table.over():
                break
            await table.move()
        versions = {sock.last_version for sock in table.sockets}
        assert len(versions) == 1 and versions != {None}
    finally:
        for player in browsers:
            await player.close()
        processes._stop(server)


@pytest.mark.parametrize(
    ("env", "refusal"),
    [
        ({"DATABASE_URL": "postgresql+asyncpg://x@127.0.0.1/x"}, "needs REDIS_URL"),
        ({"REDIS_URL": "redis://127.0.0.1:6379/0"}, "needs PostgreSQL"),
    ],
)
def test_serve_with_workers_refuses_what_cannot_work(env: dict[str, str], refusal: str) -> None:
    clean = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    done = subprocess.run(
        [sys.executable, "-m", "app", "serve", "--workers", "2", "--no-migrate"],
        cwd=processes.ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and refusal in done.stderr, done.stderr
