"""End-to-end fixtures: a real server (uvicorn, temporary SQLite database) on a free port,
and Debian's Chromium driven by Playwright for Python.

The tests skip only when /usr/bin/chromium is missing and ``CI`` is not set; in CI a
missing browser is a failure (run ``scripts/install-browser.sh`` first).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_server import ROOT, serving
from playwright.sync_api import Browser, expect, sync_playwright

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


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a fresh server: migrations run, then uvicorn serves app and static/.
    ``SPEAKEASY_E2E_URL`` points the tests at a server already running instead."""
    if os.environ.get("SPEAKEASY_E2E_URL"):
        yield os.environ["SPEAKEASY_E2E_URL"].rstrip("/")
        return
    # The whole browser suite creates its rooms from 127.0.0.1.
    rooms = {"SPEAKEASY_ROOMS_PER_MINUTE": "1000000", "SPEAKEASY_ROOM_BURST": "1000000"}
    with serving(tmp_path_factory.mktemp("e2e-server"), rooms) as url:
        yield url


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
