"""The rig of the outage proof: a PostgreSQL and a Redis of the test's own, which it stops
and starts at will, real server processes on them, and players that play any registered
game from their own views.

- :class:`PrivatePostgres`: a cluster made by ``initdb`` in a temporary directory (as the
  ``postgres`` user when the tests run as root, which PostgreSQL refuses), on a port of its
  own; :meth:`PrivatePostgres.crash` is ``pg_ctl stop -m immediate`` (no shutdown
  checkpoint: the next start recovers from the WAL, and answers "the database system is
  starting up" meanwhile).
- :class:`PrivateRedis`: ``redis-server`` on a port of its own, killed by SIGKILL or SIGTERM.
- :class:`ServerProcess`: ``python -m app serve`` with its JSON log lines kept, to be read.
- :class:`SeatPlayer`: one seat's socket for the whole game (it never reconnects: a socket
  that closes fails the test). On every view it receives it asks the game's own bot, at its
  weakest level, for an action from that view alone, and sends it under an id of its own;
  an ``unavailable`` refusal is sent again under the same id, as the protocol asks of a
  browser. It keeps every ack and checks the versions it receives: each once, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from app.games.patches import ViewFollower
from app.identity import COOKIE_NAME
from engine.catalogue import GameEntry

ROOT = Path(__file__).resolve().parents[2]
SECRET = "test-secret-that-is-long-enough"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_bin(name: str) -> Path | None:
    """A PostgreSQL server program (``initdb``, ``pg_ctl``) of this machine, if any."""
    found = shutil.which(name)
    if found:
        return Path(found)
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_postgres(argv: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its programs as its own user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


class PrivatePostgres:
    """A cluster in a directory of its own under the system's temporary directory (the
    ``postgres`` user may not enter pytest's, which is its owner's alone)."""

    def __init__(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="speakeasy-pg-"))
        self.data = self.directory / "data"
        self.port = free_port()
        initdb, pg_ctl = postgres_bin("initdb"), postgres_bin("pg_ctl")
        if initdb is None or pg_ctl is None:
            raise RuntimeError("PostgreSQL's initdb and pg_ctl are not installed")
        self._initdb, self._pg_ctl = initdb, pg_ctl

    @property
    def url(self) -> str:
        return f"postgresql+asyncpg://postgres@127.0.0.1:{self.port}/speakeasy"

    def create(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
        self._run([str(self._initdb), "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync"])
        self.start()
        self._run(
            [
                "psql",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-qc",
                "CREATE DATABASE speakeasy",
            ]
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.directory} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            [
                str(self._pg_ctl),
                "-D",
                str(self.data),
                "-o",
                options,
                "-l",
                str(self.directory / "log"),
                "-w",
                "start",
            ]
        )

    def crash(self) -> None:
        """``pg_ctl stop -m immediate``: every backend is gone at once, as in a crash."""
        self._run([str(self._pg_ctl), "-D", str(self.data), "-m", "immediate", "-w", "stop"])

    def remove(self) -> None:
        """Stop the cluster and remove its directory."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self._run([str(self._pg_ctl), "-D", str(self.data), "-m", "fast", "-w", "stop"])
        shutil.rmtree(self.directory, ignore_errors=True)

    def _run(self, argv: list[str]) -> None:
        subprocess.run(_as_postgres(argv), check=True, capture_output=True, cwd=self.directory)


class PrivateRedis:
    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        argv = [
            "redis-server",
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        self.process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.2):
                return
            time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(how)
            self.process.wait(10)
        self.process = None


class ServerProcess:
    """``python -m app serve`` on ``port``; its stderr (JSON log lines) goes to a file."""

    def __init__(self, directory: Path, database_url: str, redis_url: str | None, migrate: bool) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = directory / f"server-{self.port}.log"
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "SPEAKEASY_SECRET": SECRET,
            "SPEAKEASY_ENV": "production",
            "SPEAKEASY_LOG_LEVEL": "INFO",
            "SPEAKEASY_LOG_JSON": "true",
            "SPEAKEASY_MAX_FRAMES_PER_SECOND": "1000",
            "SPEAKEASY_ROOMS_PER_MINUTE": "1000000",
            "SPEAKEASY_ROOM_BURST": "1000000",
        }
        env.pop("REDIS_URL", None)
        if redis_url is not None:
            env["REDIS_URL"] = redis_url
        argv = [sys.executable, "-m", "app", "serve", "--port", str(self.port)]
        if not migrate:
            argv.append("--no-migrate")
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT)

    def wait_ready(self) -> None:
        """Until ``/readyz`` answers 200 (blocking: asyncio tests call it in a thread)."""
        with httpx.Client() as client:
            for _ in range(300):
                if self.process.poll() is not None:
                    raise RuntimeError(f"server exited with {self.process.returncode}: {self.log()[-2000:]}")
                with contextlib.suppress(httpx.HTTPError):
                    if client.get(f"{self.base}/readyz").status_code == 200:
                        return
                time.sleep(0.1)
        raise RuntimeError("server did not become ready")

    def terminate(self) -> int:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
        return self.process.returncode

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def records(self) -> list[dict[str, Any]]:
        """The JSON log lines (and any other line, as ``{"raw": line}``)."""
        out = []
        for line in self.log().splitlines():
            try:
                out.append(json.loads(line))
            except ValueError:
                out.append({"raw": line})
        return out


@dataclass
class Browser:
    """A browser's cookie jar, talking to one server process."""

    base: str
    http: httpx.AsyncClient = field(init=False)

    def __post_init__(self) -> None:
        self.http = httpx.AsyncClient(base_url=self.base, timeout=30)

    async def identity(self) -> str:
        if self.http.cookies.get(COOKIE_NAME) is None:
            await self.http.get("/api/catalogue")
        cookie = self.http.cookies.get(COOKIE_NAME)
        assert cookie is not None
        return cookie

    async def open(self, room_id: str, watch: str | None = None) -> ClientConnection:
        url = self.base.replace("http://", "ws://") + f"/ws/rooms/{room_id}"
        if watch is not None:
            url += f"?watch={watch}"
        cookie = await self.identity()
        return await connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={cookie}"}, max_size=None)


@dataclass
class Viewer:
    """One socket for the whole game: a seat (``entry`` given) plays, a spectator watches."""

    name: str
    browser: Browser
    socket: ClientConnection
    entry: GameEntry | None = None
    room_id: str = ""
    seat: int | None = None
    view: dict[str, Any] | None = None
    version: int = 0
    game_id: str | None = None
    over: bool = False
    seen: list[tuple[float, int]] = field(default_factory=list)
    """(when, version) of each version received."""
    acks: dict[str, int] = field(default_factory=dict)
    """Every acknowledged action id, with the version it was acknowledged with."""
    errors: list[dict[str, Any]] = field(default_factory=list)
    ack_times: list[float] = field(default_factory=list)
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=8))
    """The last frames received, for a failure's message."""
    follower: ViewFollower = field(default_factory=ViewFollower)
    _pending: dict[str, Any] | None = None
    _tried: int = -1
    _count: int = 0

    task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self.play(), name=self.name)

    def check(self) -> None:
        """Raise what ended this viewer's task early (a socket closed, a version skipped)."""
        if self.task is not None and self.task.done() and not self.task.cancelled():
            error = self.task.exception()
            if error is not None:
                raise AssertionError(f"{self.name} stopped: {error!r}") from error

    def summary(self) -> str:
        last = self.errors[-1] if self.errors else None
        return f"{self.name}: version {self.version}, over {self.over}, pending {self._pending}, last {last}"

    async def play(self) -> None:
        await self.socket.send(json.dumps({"type": "hello", "last_version": None}))
        while not self.over:
            try:
                raw = await asyncio.wait_for(self.socket.recv(), 2.0)
            except TimeoutError:
                self._tried = -1  # nothing new for a while: think again on the same view
                await self._act()
                continue
            self.recent.append(str(raw)[:300])
            self._take(json.loads(raw))
            await self._act()

    def _take(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        self.follower.take(frame)  # an event's view: the previous one patched, as a browser
        if kind == "welcome":
            assert self.game_id in (None, frame["game_id"]), "a welcome of another game"
            self.game_id, self.version, self.view = frame["game_id"], frame["version"], frame["view"]
            self.seat = frame["you"]["seat"]
            self.seen.append((time.monotonic(), self.version))
        elif kind == "event":
            assert frame["version"] == self.version + 1, (
                f"{self.name}: version {frame['version']} after {self.version}"
            )
            assert self.follower.in_step, f"{self.name}: frame {frame['version']} does not follow its view"
            self.version, self.view = frame["version"], frame["view"]
            self.seen.append((time.monotonic(), self.version))
        elif kind == "ack":
            if self._pending is not None and frame["id"] == self._pending["id"]:
                self.acks[frame["id"]] = frame["version"]
                self.ack_times.append(time.monotonic())
                self._pending = None
        elif kind == "error":
            self.errors.append(frame)
            if self._pending is not None and frame.get("id") == self._pending["id"]:
                if frame["code"] != "unavailable":
                    self._pending = None  # refused: think again on the next view
                else:
                    self._pending["retry"] = True
        if self.view is not None and self.view.get("result") is not None and self._pending is None:
            self.over = True

    async def _act(self) -> None:
        if self.entry is None or self.view is None or self.over:
            return
        pending = self._pending
        if pending is not None:
            if pending.pop("retry", False):
                await asyncio.sleep(0.2)
                await self.socket.send(json.dumps(pending))
            return
        if self._tried == self.version:
            return
        self._tried = self.version
        try:
            action = self.entry.decider()(
                self.view, self.entry.bot_levels[0], self.version * 7 + self._count, 0.05
            )
        except Exception:
            return  # not this seat's decision
        if action is None:
            return
        self._count += 1
        self._pending = {
            "type": "act",
            "id": f"{self.name}-{self._count}",
            "version": self.version,
            "action": action,
        }
        await self.socket.send(json.dumps(self._pending))
