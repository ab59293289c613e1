"""Load: N concurrent games (two players and a spectator each) over real WebSockets
against a real server process on a fresh PostgreSQL database.

    python bench/load.py [--games 1000] [--rate 1000] [--duration 30] [--warmup 5]
                         [--clients 1] [--server-args ...]

The server (``python -m app serve``) runs in its own process; the load comes from
``--clients`` other processes (asyncio + websockets). Each game moves on its own schedule
(``--rate`` moves per second in all, spread evenly over the games; a move waits for its
turn), players pick random legal moves from their view, and a finished game is followed by
a rematch. Measured over ``--duration`` seconds after ``--warmup``:

* persisted moves/s: moves acknowledged (a move is acknowledged only once committed);
* latency: from a move being sent to the opponent receiving its event (p50, p99, max);
* server memory per game: (RSS with all games seated and playing − RSS before) / N;
* server CPU: the share of one core the server process used.

The database is created for the run and dropped after it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SECRET = "load-benchmark-secret-0123456789"
PG_ADMIN = os.environ.get("SPEAKEASY_TEST_PG_DSN", "postgresql://postgres@127.0.0.1:5432/postgres")


# -- the load generator (one process) -------------------------------------------------
@dataclass
class Seat:
    ws: Any = None
    seat: int | None = None
    version: int = 0
    game_id: str | None = None
    legal: list[str] = field(default_factory=list)
    to_move: str | None = None
    over: bool = False


@dataclass
class Results:
    acked: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games_finished: int = 0
    frames: int = 0
    client_cpu: float = 0.0


class Game:
    def __init__(self, index: int, base: str, http: Any, rng: random.Random, results: Results) -> None:
        self.index = index
        self.base = base
        self.ws_base = base.replace("http://", "ws://")
        self.http = http
        self.rng = rng
        self.results = results
        self.players = [Seat(), Seat()]
        self.cookies = ["", ""]
        self.spectator: Any = None
        self.room_id = ""
        self.watch = ""
        self.turn = asyncio.Event()
        self.welcomed = [asyncio.Event(), asyncio.Event()]
        self.pending: tuple[int, float] | None = None  # (version the event will have, sent at)
        self.measuring = False
        self.ids = 0
        self.tasks: list[asyncio.Task[None]] = []

    async def seat(self) -> None:
        from app.identity import COOKIE_NAME, new_guest_id, sign_guest

        self.cookies = [f"{COOKIE_NAME}={sign_guest(SECRET, new_guest_id())}" for _ in range(3)]
        body = {"time_control": None, "setup_seconds": None, "spectators": True}
        created = await self.http.post(
            f"{self.base}/api/rooms", json=body, headers={"Cookie": self.cookies[0]}
        )
        created.raise_for_status()
        room = created.json()
        self.room_id = room["room_id"]
        self.watch = room["watch_url"].rsplit("/", 1)[1]
        token = room["invite_url"].rsplit("/", 1)[1]
        claimed = await self.http.post(
            f"{self.base}/api/invites/{token}/claim", headers={"Cookie": self.cookies[1]}
        )
        claimed.raise_for_status()
        from websockets.asyncio.client import connect

        url = f"{self.ws_base}/ws/rooms/{self.room_id}"
        for index in (0, 1):
            ws = await connect(
                url,
                additional_headers={"Cookie": self.cookies[index]},
                compression=None,
                max_queue=None,
                open_timeout=60,
            )
            self.players[index].ws = ws
            self.tasks.append(asyncio.create_task(self._read(index)))
            await ws.send('{"type":"hello","last_version":null}')
        self.spectator = await connect(
            f"{url}?watch={self.watch}",
            additional_headers={"Cookie": self.cookies[2]},
            compression=None,
            max_queue=None,
            open_timeout=60,
        )
        self.tasks.append(asyncio.create_task(self._watch()))
        await self.spectator.send('{"type":"hello","last_version":null}')
        await self._setups()

    async def _setups(self) -> None:
        from engine.speakeasy.rules import options_from
        from engine.speakeasy.setup import random_setup

        for index in (0, 1):
            await asyncio.wait_for(self.welcomed[index].wait(), 120)
        options = options_from({"preset": "speakeasy"})
        for player in self.players:
            assert player.seat is not None
            position = random_setup(player.seat, self.rng.getrandbits(32), options)
            self.ids += 1
            await player.ws.send(json.dumps({"type": "setup", "id": f"s{self.ids}", "position": position}))

    def _mover(self) -> Seat | None:
        for player in self.players:
            if player.to_move is not None and player.seat == "sn".index(player.to_move) and player.legal:
                return player
        return None

    async def _read(self, index: int) -> None:
        player = self.players[index]
        results = self.results
        async for text in player.ws:
            frame = json.loads(text)
            kind = frame["type"]
            if kind == "event":
                player.version = frame["version"]
                view = frame["view"]
                player.legal = view["legal"]
                player.to_move = view["to_move"]
                event = frame["event"] or {}
                if (
                    event.get("type") == "move"
                    and self.pending is not None
                    and frame["version"] == self.pending[0]
                    and player.legal  # the opponent: it is his turn now
                ):
                    if self.measuring:
                        results.latencies.append(time.perf_counter() - self.pending[1])
                    self.pending = None
                if event.get("type") == "end":
                    player.over = True
                    if index == 0:
                        results.games_finished += 1
                    self.ids += 1
                    await player.ws.send(json.dumps({"type": "rematch", "id": f"r{self.ids}"}))
                if player.legal:
                    self.turn.set()
            elif kind == "welcome":
                player.seat = frame["you"]["seat"]
                player.version = frame["version"]
                player.game_id = frame["game_id"]
                player.legal = frame["view"]["legal"]
                player.to_move = frame["view"]["to_move"]
                if player.over:  # a rematch began
                    player.over = False
                    if all(not p.over for p in self.players) and frame["view"]["phase"] == "setup":
                        self.welcomed = [asyncio.Event(), asyncio.Event()]
                        for i in (0, 1):
                            self.welcomed[i].set()
                        asyncio.get_running_loop().create_task(self._setups())
                self.welcomed[index].set()
                if player.legal:
                    self.turn.set()
            elif kind == "ack":
                if self.measuring and frame["id"].startswith("m"):
                    results.acked += 1
            elif kind == "error":
                results.errors[frame["code"]] = results.errors.get(frame["code"], 0) + 1

    async def _watch(self) -> None:
        async for _text in self.spectator:
            self.results.frames += 1

    async def play(self, start: float, period: float, stop: float) -> None:
        loop = asyncio.get_running_loop()
        due = start + self.rng.uniform(0, period)
        while True:
            delay = due - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            if loop.time() >= stop:
                return
            mover = self._mover()
            while mover is None or self.pending is not None:
                self.turn.clear()
                try:
                    await asyncio.wait_for(self.turn.wait(), max(0.01, stop - loop.time()))
                except TimeoutError:
                    return
                mover = self._mover()
                if loop.time() >= stop:
                    return
            move = self.rng.choice(mover.legal)
            self.ids += 1
            message = {"type": "move", "id": f"m{self.ids}", "move": move, "version": mover.version}
            self.pending = (mover.version + 1, time.perf_counter())
            mover.legal = []
            await mover.ws.send(json.dumps(message))
            due = max(due + period, loop.time())

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for ws in [p.ws for p in self.players] + [self.spectator]:
            if ws is not None:
                with contextlib.suppress(Exception):
                    await ws.close()


async def client_main(base: str, games: int, offset: int, rate: float, conn: Any) -> None:
    import httpx

    results = Results()
    rng = random.Random(offset)
    limits = httpx.Limits(max_connections=50, max_keepalive_connections=0)
    async with httpx.AsyncClient(timeout=120, limits=limits, verify=False) as http:
        all_games = [
            Game(offset + i, base, http, random.Random(rng.getrandbits(64)), results) for i in range(games)
        ]
        gate = asyncio.Semaphore(25)

        async def seat(game: Game) -> None:
            async with gate:
                await game.seat()

        await asyncio.gather(*(seat(game) for game in all_games))
        for game in all_games:  # every game has started
            while game._mover() is None:
                await asyncio.sleep(0.05)
        conn.send(("ready", None))
        _command, (warmup, duration) = conn.recv()
        loop = asyncio.get_running_loop()
        start = loop.time()
        period = games / rate
        plays = [
            asyncio.create_task(game.play(start, period, start + warmup + duration)) for game in all_games
        ]
        await asyncio.sleep(warmup)
        for game in all_games:
            game.measuring = True
        cpu = time.process_time()
        await asyncio.sleep(duration)
        results.client_cpu = (time.process_time() - cpu) / duration
        for game in all_games:
            game.measuring = False
        await asyncio.gather(*plays)
        conn.send(
            (
                "done",
                (
                    results.acked,
                    results.latencies,
                    results.errors,
                    results.games_finished,
                    results.client_cpu,
                ),
            )
        )
        await asyncio.sleep(0.5)
        await asyncio.gather(*(game.close() for game in all_games), return_exceptions=True)


def client_process(base: str, games: int, offset: int, rate: float, conn: Any) -> None:
    asyncio.run(client_main(base, games, offset, rate, conn))


# -- the server and the database ------------------------------------------------------
async def _admin(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(PG_ADMIN)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(
    database: str, port: int, extra_env: dict[str, str], nice: int = 0
) -> subprocess.Popen[bytes]:
    import httpx

    url = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1) + "/" + database
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SPEAKEASY_SECRET": SECRET,
        "SPEAKEASY_ENV": "production",
        "SPEAKEASY_LOG_LEVEL": "WARNING",
        # Every simulated player comes from 127.0.0.1: lift the per-address limits.
        "SPEAKEASY_ROOMS_PER_MINUTE": "1000000",
        "SPEAKEASY_ROOM_BURST": "1000000",
        "SPEAKEASY_MAX_SOCKETS_PER_ADDRESS": "1000000",
        **extra_env,
    }
    env.pop("REDIS_URL", None)
    command = [sys.executable, "-m", "app", "serve", "--port", str(port)]
    if nice:
        command = ["nice", "-n", str(nice), *command]
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    for _ in range(300):
        if process.poll() is not None:
            raise RuntimeError("server exited")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return process
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("server did not start")


def run_queue_ns(pid: int) -> int:
    """Nanoseconds the process's threads have waited for a CPU (Linux schedstat)."""
    total = 0
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[1])
    return total


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument(
        "--rate", type=float, default=1000, help="target moves per second, all games together"
    )
    parser.add_argument("--duration", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--clients", type=int, default=1, help="load-generator processes")
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE for the server process")
    parser.add_argument(
        "--server-nice",
        type=int,
        default=0,
        help="run the server at this niceness (negative: ahead of others)",
    )
    parser.add_argument(
        "--profile", help="py-spy the server during the measurement into this file (collapsed)"
    )
    args = parser.parse_args()
    import psutil

    database = f"speakeasy_load_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(f'CREATE DATABASE "{database}"'))
    port = _free_port()
    server = None
    clients: list[tuple[Any, Any]] = []
    try:
        server = start_server(database, port, dict(item.split("=", 1) for item in args.env), args.server_nice)
        proc = psutil.Process(server.pid)
        base = f"http://127.0.0.1:{port}"
        rss_before = proc.memory_info().rss
        t_seat = time.perf_counter()
        ctx = mp.get_context("spawn")
        share = [
            args.games // args.clients + (1 if i < args.games % args.clients else 0)
            for i in range(args.clients)
        ]
        offset = 0
        for count in share:
            parent, child = ctx.Pipe()
            worker = ctx.Process(
                target=client_process, args=(base, count, offset, args.rate * count / args.games, child)
            )
            worker.start()
            clients.append((worker, parent))
            offset += count
        for _, parent in clients:
            kind, _ = parent.recv()
            assert kind == "ready"
        seat_time = time.perf_counter() - t_seat
        cpu0 = proc.cpu_times()
        t0 = time.perf_counter()
        for _, parent in clients:
            parent.send(("go", (args.warmup, args.duration)))
        time.sleep(args.warmup)
        spy = None
        if args.profile:
            spy = subprocess.Popen(
                [
                    str(Path(sys.executable).with_name("py-spy")),
                    "record",
                    "-p",
                    str(server.pid),
                    "-d",
                    str(int(args.duration)),
                    "-r",
                    "200",
                    "-f",
                    "raw",
                    "-o",
                    args.profile,
                    "--nonblocking",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        rss_playing = proc.memory_info().rss
        cpu_w = proc.cpu_times()
        wait_w = run_queue_ns(server.pid)
        t_w = time.perf_counter()
        acked, latencies, errors, finished, client_cpu = 0, [], {}, 0, []
        for _, parent in clients:
            kind, (a, lat, err, fin, ccpu) = parent.recv()
            client_cpu.append(ccpu)
            acked += a
            latencies += lat
            finished += fin
            for key, value in err.items():
                errors[key] = errors.get(key, 0) + value
        if spy is not None:
            spy.wait(60)
        cpu1 = proc.cpu_times()
        wait1 = run_queue_ns(server.pid)
        t1 = time.perf_counter()
        rss_after = proc.memory_info().rss
        measured = min(args.duration, t1 - t_w)
        server_cpu = (cpu1.user + cpu1.system - cpu_w.user - cpu_w.system) / max(1e-9, t1 - t_w)
        del cpu0, t0
        print(
            f"games: {args.games} (2 players + 1 spectator each, {3 * args.games} sockets), "
            f"seated in {seat_time:.0f}s; load from {args.clients} process(es)"
        )
        print(
            f"target: {args.rate:.0f} moves/s; measured {args.duration:.0f}s after {args.warmup:.0f}s warm-up"
        )
        print(f"persisted moves/s: {acked / measured:.0f}  ({acked} acknowledged moves)")
        if latencies:
            print(
                f"latency move sent -> opponent received: p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
                f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms "
                f"(n={len(latencies)}, mean {statistics.fmean(latencies) * 1000:.1f} ms)"
            )
        per_game = (rss_after - rss_before) / args.games / 1024
        print(
            f"server RSS: {rss_before / 2**20:.0f} MiB before, {rss_playing / 2**20:.0f} MiB playing, "
            f"{rss_after / 2**20:.0f} MiB after -> {per_game:.0f} KiB per game"
        )
        starved = (wait1 - wait_w) / 1e9 / max(1e-9, t1 - t_w)
        load = os.getloadavg()[0]
        print(f"server waited for a CPU (run queue): {starved * 100:.0f}% of the time; load avg {load:.1f}")
        print(f"load generator CPU: {', '.join(f'{c * 100:.0f}%' for c in client_cpu)} of one core")
        print(
            f"server CPU: {server_cpu * 100:.0f}% of one core; games finished (rematched): {finished}; "
            f"errors: {errors or 'none'}"
        )
    finally:
        for worker, _ in clients:
            worker.join(30)
            if worker.is_alive():
                worker.kill()
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
    return 0


if __name__ == "__main__":
    sys.exit(main())
