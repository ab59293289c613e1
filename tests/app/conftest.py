"""Fixtures for the server's tests. Every test gets its own database — a copy of a migrated
SQLite file, or a PostgreSQL database cloned from a migrated template — and its own app.

The ``backend`` parameter runs each API/WebSocket test on both. PostgreSQL tests are
skipped when no server answers, unless ``SPEAKEASY_REQUIRE_POSTGRES=1`` (CI), which turns
the absence into a failure.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
import server_harness as harness
import test_server_processes as processes

from app.clocks import ManualClock
from app.games.workers import Workers
from app.main import create_app

T = TypeVar("T")

REQUIRE_POSTGRES = os.environ.get("SPEAKEASY_REQUIRE_POSTGRES") == "1"


def run_blocking(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to completion on a loop of its own, even from inside a running one
    (session fixtures are first requested from within async tests)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_blocking(harness.create_sqlite_template(tmp_path_factory.mktemp("sqlite-template")))


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    if not run_blocking(harness.pg_available()):
        message = f"PostgreSQL is not reachable at {harness.PG_ADMIN_DSN}"
        if REQUIRE_POSTGRES:
            pytest.fail(message + " and SPEAKEASY_REQUIRE_POSTGRES=1")
        pytest.skip(message)
    name = run_blocking(harness.create_pg_template())
    yield name
    run_blocking(harness.drop_pg_database(name))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(
    params=[
        ("sqlite", "native"),
        ("sqlite", "asgi"),
        pytest.param(("postgres", "native"), marks=pytest.mark.postgres),
    ],
    ids="-".join,
)
def backend_and_socket_path(request: pytest.FixtureRequest) -> tuple[str, str]:
    """For a module that runs its tests on both socket paths (app/ws/native.py,
    app/ws/asgi.py) as well as both databases: each path on SQLite, and the native one on
    PostgreSQL too. The socket path never touches the database, so the fourth pair would
    prove nothing the other three do not. Such a module defines ``backend`` and
    ``socket_port`` from this fixture."""
    database, path = request.param
    return str(database), str(path)


@pytest.fixture
async def database_url(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if backend == "sqlite":
        yield harness.sqlite_copy(request.getfixturevalue("sqlite_template"), tmp_path)
        return
    template = request.getfixturevalue("pg_template")
    name = await harness.create_pg_database(template)
    try:
        yield harness.pg_url(name)
    finally:
        await harness.drop_pg_database(name)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@dataclass
class Server:
    base: str
    app: Any
    clock: ManualClock
    players: list[harness.Player]

    def player(self) -> harness.Player:
        player = harness.Player(self.base)
        self.players.append(player)
        return player

    def bot_decides_with(self, game: str, decide: Any) -> None:
        """``decide`` stands in for ``game``'s bot, thinking in a thread of this process (a
        test's stand-in is no module-level function a worker process could import)."""
        service = self.app.state.service
        service._thinkers = Workers(lambda: ThreadPoolExecutor(1))
        service._deciders[game] = decide


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    """Override in a test module to change the server's settings."""
    return {}


@pytest.fixture
def socket_port() -> str:
    """How sockets are served (``harness.serving``); a module that parametrizes this
    fixture runs its tests both ways."""
    return "native"


@pytest.fixture
async def server(
    database_url: str, clock: ManualClock, settings_overrides: dict[str, Any], socket_port: str
) -> AsyncIterator[Server]:
    app = create_app(harness.settings_for(database_url, **settings_overrides), clock)
    async with harness.serving(app, socket_port) as base:
        running = Server(base, app, clock, [])
        try:
            yield running
        finally:
            for player in running.players:
                await player.close()


@pytest.fixture
async def redis_url() -> str:
    """The machine's Redis (``SPEAKEASY_TEST_REDIS_URL``); skipped when it is not reachable,
    a failure when ``SPEAKEASY_REQUIRE_REDIS=1`` (CI)."""
    if not await processes._redis_available():
        if os.environ.get("SPEAKEASY_REQUIRE_REDIS") == "1":
            pytest.fail(f"Redis is not reachable at {processes.REDIS_URL}")
        pytest.skip(f"Redis is not reachable at {processes.REDIS_URL}")
    return processes.REDIS_URL
