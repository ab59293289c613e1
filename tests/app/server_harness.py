"""Test harness: real databases, a real uvicorn serving the app in this process (so the
clock can be driven), and clients that talk HTTP and WebSocket like a browser.

Nothing here imitates a part of the server; the only thing tests control is time
(:class:`app.clocks.ManualClock`, the same injection point production uses).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
import uvicorn
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.cli import uvicorn_options
from app.config import Settings
from app.db import migrate_url
from app.games.patches import ViewFollower
from app.identity import COOKIE_NAME
from engine.speakeasy.rules import options_from
from engine.speakeasy.setup import random_setup as draw_setup

PG_ADMIN_DSN = os.environ.get("SPEAKEASY_TEST_PG_DSN", "postgresql://postgres@127.0.0.1:5432/postgres")
SECRET = "test-secret-that-is-long-enough"
RECV_TIMEOUT = 10.0
START_POLLS = 1_200
"""Health checks (0.1 s apart, each up to httpx's 5 s) a starting server gets before a test
gives up: on a loaded machine a cold start has taken more than 20 s; a server that exits
fails at once."""


def pg_url(name: str) -> str:
    dsn = PG_ADMIN_DSN.rsplit("/", 1)[0]
    return dsn.replace("postgresql://", "postgresql+asyncpg://", 1) + "/" + name


async def pg_available() -> bool:
    try:
        conn = await asyncpg.connect(PG_ADMIN_DSN, timeout=3)
    except (OSError, asyncpg.PostgresError, TimeoutError):
        return False
    await conn.close()
    return True


async def pg_execute(sql: str) -> None:
    conn = await asyncpg.connect(PG_ADMIN_DSN)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def create_pg_template() -> str:
    name = f"speakeasy_tmpl_{uuid.uuid4().hex[:10]}"
    await pg_execute(f'CREATE DATABASE "{name}"')
    await migrate_url(pg_url(name))
    return name


async def create_pg_database(template: str) -> str:
    name = f"speakeasy_test_{uuid.uuid4().hex[:12]}"
    await pg_execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    return name


async def drop_pg_database(name: str) -> None:
    await pg_execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def create_sqlite_template(directory: Path) -> Path:
    path = directory / "template.db"
    await migrate_url(f"sqlite+aiosqlite:///{path}")
    return path


def sqlite_copy(template: Path, directory: Path) -> str:
    path = directory / "speakeasy.db"
    shutil.copyfile(template, path)
    return f"sqlite+aiosqlite:///{path}"


MANY_ROOMS_ENV = {"SPEAKEASY_ROOMS_PER_MINUTE": "1000000", "SPEAKEASY_ROOM_BURST": "1000000"}
"""A suite creates hundreds of rooms from 127.0.0.1: the per-address room limit is lifted
for every test server except where a test sets it (tests/app/test_server_limits.py)."""


def settings_for(database_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "database_url": database_url,
        "secret": SECRET,
        "env": "development",
        "log_json": True,
        "log_level": "WARNING",
        "grace_seconds": 30,
        "redis_url": None,
        **{key.removeprefix("SPEAKEASY_").lower(): int(value) for key, value in MANY_ROOMS_ENV.items()},
    }
    values.update(overrides)
    return Settings(**values)


@contextlib.asynccontextmanager
async def serving(app: Any, socket_port: str = "native") -> AsyncIterator[str]:
    """Serve ``app`` with uvicorn on a free port of 127.0.0.1; yield its base URL.

    ``socket_port``: ``native``, the server's own socket protocol, which the application
    takes sockets over from (``app/ws/native.py``); ``asgi``, uvicorn's, which keeps them
    on ASGI for their whole life (``app/ws/asgi.py``), as another ASGI server would."""
    # The server's own options, quieter and with uvicorn's default logging.
    quiet = {"log_level": "warning", "log_config": uvicorn.config.LOGGING_CONFIG}
    options = {**uvicorn_options(app.state.settings), **quiet}
    if socket_port == "asgi":
        options["ws"] = "websockets-sansio"
    config = uvicorn.Config(app, host="127.0.0.1", port=0, lifespan="on", **options)
    server = uvicorn.Server(config)
    server.install_signal_handlers = lambda: None  # type: ignore[method-assign]
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            if task.done():
                task.result()
                raise RuntimeError("uvicorn stopped before starting")
            await asyncio.sleep(0.01)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 15)


class Socket:
    """One viewer's WebSocket, with receive timeouts and frame filtering."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.last_version: int | None = None
        self.game_id: str | None = None
        self.view: dict[str, Any] | None = None
        self.seat: int | None = None
        self.frames: list[dict[str, Any]] = []
        self.follower = ViewFollower()

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.connection.send(message if isinstance(message, str) else json.dumps(message))

    async def recv_any(self, timeout: float = RECV_TIMEOUT) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.connection.recv(), timeout)
        frame = json.loads(raw)
        self.frames.append(frame)
        if frame["type"] == "welcome":
            self.follower.take(frame)
            self.last_version = frame["version"]
            self.game_id = frame["game_id"]
            self.view = frame["view"]
            self.seat = frame["you"]["seat"]
        elif frame["type"] == "event":
            assert self.last_version is None or frame["version"] == self.last_version + 1, (
                f"version gap: {self.last_version} then {frame['version']}"
            )
            self.follower.take(frame)  # the view after it, as the browser keeps it
            assert self.follower.in_step, f"frame {frame['version']} does not follow the view held"
            self.last_version = frame["version"]
            self.view = frame["view"]
        return frame

    async def recv(
        self, *types: str, timeout: float = RECV_TIMEOUT, skip: tuple[str, ...] = ("presence",)
    ) -> dict[str, Any]:
        """The next frame, skipping those of a type in ``skip`` (unless asked for) and the
        ``fairness`` frames (kept in :attr:`frames`; ask for them by type)."""
        while True:
            frame = await self.recv_any(timeout)
            if types and frame["type"] in types:
                return frame
            if frame["type"] in skip or frame["type"] == "fairness":
                continue
            if types:
                raise AssertionError(f"expected {types}, got {frame}")
            return frame

    async def silence(self, seconds: float = 0.3, skip: tuple[str, ...] = ("presence",)) -> None:
        """Assert nothing but ``skip`` frames arrive for ``seconds``."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while (left := end - loop.time()) > 0:
            try:
                frame = await self.recv_any(timeout=left)
            except TimeoutError:
                return
            assert frame["type"] in skip, f"unexpected frame {frame}"

    async def hello(self, last_version: int | None = None, game_id: str | None = None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "hello", "last_version": last_version}
        if game_id is not None:
            message["game_id"] = game_id
        await self.send(message)
        if last_version is None:
            return await self.recv("welcome")
        return await self.recv()

    async def act(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send an action and return its ack or error, collecting events on the way."""
        await self.send(message)
        while True:
            frame = await self.recv(skip=("presence", "event", "offers", "welcome"))
            if frame["type"] in ("ack", "error") and frame.get("id") == message.get("id"):
                return frame
            raise AssertionError(f"unexpected {frame}")

    async def events_until(self, version: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while self.last_version is None or self.last_version < version:
            frame = await self.recv(skip=("presence", "offers", "ack"))
            if frame["type"] == "event":
                out.append(frame)
        return out

    async def close(self) -> None:
        await self.connection.close()


class Player:
    """A browser: its own cookie jar, HTTP calls and sockets."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.AsyncClient(base_url=base, timeout=15)
        self.sockets: list[Socket] = []

    @property
    def cookie(self) -> str | None:
        return self.http.cookies.get(COOKIE_NAME)

    async def create_room(self, **body: Any) -> dict[str, Any]:
        response = await self.http.post("/api/rooms", json=body)
        assert response.status_code == 201, response.text
        return response.json()  # type: ignore[no-any-return]

    async def claim(self, invite_url: str) -> httpx.Response:
        token = invite_url.rsplit("/", 1)[1]
        return await self.http.post(f"/api/invites/{token}/claim")

    async def connect(self, room_id: str, watch: str | None = None, hello: bool = True) -> Socket:
        if self.cookie is None:
            await self.http.get("/api/catalogue")  # the first /api call mints the identity
        url = self.base.replace("http://", "ws://") + f"/ws/rooms/{room_id}"
        if watch is not None:
            url += f"?watch={watch}"
        connection = await connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={self.cookie}"})
        socket = Socket(connection)
        self.sockets.append(socket)
        if hello:
            await socket.hello()
        return socket

    async def random_setup(self, side: str, preset: str = "speakeasy") -> str:
        """A random legal Speak Easy setup for ``side``, as the browser's editor makes one."""
        return draw_setup("sn".index(side), secrets.randbits(62), options_from({"preset": preset}))

    async def close(self) -> None:
        for socket in self.sockets:
            with contextlib.suppress(Exception):
                await socket.close()
        await self.http.aclose()


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def tampered_cookie(cookie: str) -> str:
    """``cookie`` with one character of its signature changed so that the signature's bytes
    change. Not the last character: the signature is 32 bytes in unpadded base64 (43
    characters), so the last one carries only 4 bits and the decoder ignores the other 2;
    one in 16 "tamperings" of it decoded to the very same signature, which the server
    rightly accepted (the socket was then served, not refused)."""
    head, dot, signature = cookie.rpartition(".")
    assert dot and len(signature) >= 2, f"not a signed cookie: {cookie!r}"
    first = signature[0]
    return f"{head}.{'B' if first == 'A' else 'A'}{signature[1:]}"


async def refused_socket(url: str, cookie: str | None) -> tuple[dict[str, Any], int | None]:
    """Open a socket that the server must refuse: its one frame and the close code."""
    headers = {"Cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
    async with connect(url, additional_headers=headers, open_timeout=RECV_TIMEOUT) as ws:
        try:
            raw = await asyncio.wait_for(ws.recv(), RECV_TIMEOUT)
        except TimeoutError:
            # A refusal is sent at once; silence means the socket was accepted and is
            # waiting for a hello (the cookie proved a seat, or the link was valid).
            raise AssertionError(f"not refused: no frame within {RECV_TIMEOUT} s") from None
        frame = json.loads(raw)
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), RECV_TIMEOUT)  # a refusal closes: never waits forever
        return frame, ws.close_code


async def race_two_moves(
    first: Socket, second: Socket, moves: tuple[str, str], version: int
) -> list[dict[str, Any]]:
    """Two tabs of one seat send different moves against the same version at once; the
    answer each got to its own move (``ack`` or ``error``), in the order given."""
    ids = ("race-1", "race-2")
    await asyncio.gather(
        *(
            sock.send({"type": "move", "id": action_id, "move": move, "version": version})
            for sock, action_id, move in zip((first, second), ids, moves, strict=True)
        )
    )
    answers = []
    for sock, action_id in zip((first, second), ids, strict=True):
        while True:
            frame = await sock.recv(skip=("presence", "event", "offers"))
            if frame.get("id") == action_id:
                answers.append(frame)
                break
    return answers


class Table:
    """Two players seated in one room, both sockets welcomed."""

    def __init__(
        self, room: dict[str, Any], players: list[Player], sockets: list[Socket], seed: int = 7
    ) -> None:
        import random

        self.room = room
        self.players = players
        self.sockets = sockets
        self.random = random.Random(seed)
        self._ids = 0

    def next_id(self) -> str:
        self._ids += 1
        return f"a{self._ids}"

    def by_seat(self, seat: int) -> Socket:
        return next(socket for socket in self.sockets if socket.seat == seat)

    @property
    def version(self) -> int:
        assert self.sockets[0].last_version is not None
        return self.sockets[0].last_version

    async def sync(self) -> None:
        """Let every socket catch up with the furthest one."""
        top = max(socket.last_version or 0 for socket in self.sockets)
        for socket in self.sockets:
            await socket.events_until(top)

    async def setups(self) -> None:
        for socket in self.sockets:
            side = "sn"[socket.seat or 0]
            position = await self.players[self.sockets.index(socket)].random_setup(side, self.room_preset)
            ack = await socket.act({"type": "setup", "id": self.next_id(), "position": position})
            assert ack["type"] == "ack", ack
        await self.sync()
        assert self.sockets[0].view is not None and self.sockets[0].view["phase"] == "play"

    room_preset = "speakeasy"

    def mover(self) -> Socket:
        view = self.sockets[0].view
        assert view is not None and view["to_move"] is not None, view
        return self.by_seat("sn".index(view["to_move"]))

    async def move(self, choice: str | None = None) -> dict[str, Any]:
        socket = self.mover()
        assert socket.view is not None
        legal = socket.view["legal"]
        move = choice or self.random.choice(legal)
        ack = await socket.act(
            {"type": "move", "id": self.next_id(), "move": move, "version": socket.last_version}
        )
        assert ack["type"] == "ack", ack
        await self.sync()
        return ack

    def over(self) -> bool:
        view = self.sockets[0].view
        return view is not None and view["result"] is not None


async def seat_two(server: Any, **body: Any) -> Table:
    """Alice creates a room, Bob claims the invite, both connect and are welcomed."""
    alice, bob = server.player(), server.player()
    room = await alice.create_room(**body)
    claimed = await bob.claim(room["invite_url"])
    assert claimed.status_code == 200, claimed.text
    sa = await alice.connect(room["room_id"])
    sb = await bob.connect(room["room_id"])
    table = Table(room, [alice, bob], [sa, sb])
    table.room_preset = body.get("preset", "speakeasy")
    return table


def free_port() -> int:
    import socket as sockets

    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ServerProcess:
    """A server as a process of its own (``python -m app serve``) on a fixed port, so that a
    test may stop it and start it again between any two moves, and whose clock the test
    drives through a file (``SPEAKEASY_CLOCK_FILE``: the test clock of issue 27)."""

    ROOT = Path(__file__).resolve().parents[2]

    def __init__(self, database_url: str, clock_file: Path, port: int | None = None, **env: str) -> None:
        self.database_url = database_url
        self.clock_file = clock_file
        self.port = port or free_port()
        self.env = env
        self.process: Any = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        import subprocess
        import sys

        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "SPEAKEASY_SECRET": SECRET,
            "SPEAKEASY_ENV": "test",
            "SPEAKEASY_LOG_LEVEL": "WARNING",
            "SPEAKEASY_CLOCK_FILE": str(self.clock_file),
            **MANY_ROOMS_ENV,
            **self.env,
        }
        env.pop("REDIS_URL", None)
        command = [sys.executable, "-m", "app", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(command, cwd=self.ROOT, env=env)
        async with httpx.AsyncClient() as client:
            for _ in range(START_POLLS):
                if self.process.poll() is not None:
                    raise RuntimeError(f"server exited with {self.process.returncode}")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(f"{self.base}/healthz")).status_code == 200:
                        return
                await asyncio.sleep(0.1)
        self.process.kill()
        raise RuntimeError("server did not become healthy")

    def stop(self) -> None:
        import subprocess

        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    async def restart(self) -> None:
        self.stop()
        await self.start()


class FileTime:
    """The time a :class:`ServerProcess` reads (``SPEAKEASY_CLOCK_FILE``), moved by the test."""

    def __init__(self, path: Path, start_ms: int = 1_800_000_000_000) -> None:
        self.path = path
        self.now = start_ms
        self._write()

    def _write(self) -> None:
        partial = self.path.with_suffix(".tmp")
        partial.write_text(str(self.now))
        partial.replace(self.path)  # a reader never sees half a number

    def advance(self, ms: int) -> None:
        assert ms >= 0
        self.now += ms
        self._write()
