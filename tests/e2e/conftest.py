"""End-to-end fixtures: a real server (uvicorn, temporary SQLite database) on a free port,
and Debian's Chromium driven by Playwright for Python.

The tests skip only when /usr/bin/chromium is missing and ``CI`` is not set; in CI a
missing browser is a failure (run ``scripts/install-browser.sh`` first).
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Every expectation waits for its condition; on a loaded 2-core machine a page can take
# longer than Playwright's 5 s default to fetch the game list and draw (CI saw that happen).
# A wait, never a bound on speed: a fast machine passes as soon as the condition holds.
expect.set_options(timeout=30_000)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI"):
        return  # the browser fixture fails loudly instead
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (run scripts/install-browser.sh)")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server not healthy after {timeout}s:\n{log.read_text()[-4000:]}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a fresh server: migrations run, then uvicorn serves app and static/.
    ``SPEAKEASY_E2E_URL`` points the tests at a server already running instead."""
    if os.environ.get("SPEAKEASY_E2E_URL"):
        yield os.environ["SPEAKEASY_E2E_URL"].rstrip("/")
        return
    workdir = tmp_path_factory.mktemp("e2e-server")
    port = _free_port()
    env = {
        **os.environ,
        "SPEAKEASY_ENV": "test",
        "SPEAKEASY_SECRET": secrets.token_urlsafe(32),
        "DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'e2e.db'}",
        "SPEAKEASY_LOG_JSON": "false",
        "SPEAKEASY_LOG_LEVEL": "WARNING",
        # The whole browser suite creates its rooms from 127.0.0.1.
        "SPEAKEASY_ROOMS_PER_MINUTE": "1000000",
        "SPEAKEASY_ROOM_BURST": "1000000",
    }
    env.pop("REDIS_URL", None)
    log = workdir / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, log)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium for one test module. Module scope, not session: Playwright's sync API keeps
    an asyncio loop running while it is open, which would break the asyncio tests that
    pytest runs after the browser tests."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing and CI is set: run scripts/install-browser.sh")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
