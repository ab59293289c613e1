"""Fixtures of the proof suite (secrecy at the wire, hostile input, crashes, scale-out).

The database fixtures are the server tests' own (tests/app/conftest.py), loaded under
another module name and re-exported, so PostgreSQL behaves the same way here: skipped
when no server answers, a failure when ``SPEAKEASY_REQUIRE_POSTGRES=1``.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_TESTS = ROOT / "tests" / "app"
for extra in (ROOT, APP_TESTS, Path(__file__).resolve().parent):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))

_spec = importlib.util.spec_from_file_location("speakeasy_app_conftest", APP_TESTS / "conftest.py")
assert _spec is not None and _spec.loader is not None
_app_conftest = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _app_conftest  # dataclasses look their module up
_spec.loader.exec_module(_app_conftest)

import server_harness as harness  # noqa: E402

REQUIRE_POSTGRES = _app_conftest.REQUIRE_POSTGRES
run_blocking = _app_conftest.run_blocking
pg_template = _app_conftest.pg_template
sqlite_template = _app_conftest.sqlite_template
backend = _app_conftest.backend
database_url = _app_conftest.database_url
clock = _app_conftest.clock
settings_overrides = _app_conftest.settings_overrides
socket_port = _app_conftest.socket_port
server = _app_conftest.server
Server = _app_conftest.Server


@pytest.fixture(scope="session")
def pg_ready() -> bool:
    """Whether PostgreSQL answers (a failure instead of ``False`` when it is required)."""
    ok = run_blocking(harness.pg_available())
    if not ok and REQUIRE_POSTGRES:
        pytest.fail(f"PostgreSQL is not reachable at {harness.PG_ADMIN_DSN} and SPEAKEASY_REQUIRE_POSTGRES=1")
    return ok


@pytest.fixture
async def pg_url(pg_template: str) -> AsyncIterator[str]:
    """A fresh PostgreSQL database cloned from the migrated template."""
    name = await harness.create_pg_database(pg_template)
    try:
        yield harness.pg_url(name)
    finally:
        await harness.drop_pg_database(name)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The hostile-input suites' counts (``record_property("hostile_…", n)``), summed per
    kind over the backends, so the test output says how much was thrown at the server."""
    totals: dict[str, int] = {}
    for report in terminalreporter.stats.get("passed", []):
        if report.when != "call":
            continue
        for name, value in report.user_properties:
            if name.startswith("hostile_"):
                totals[name] = totals.get(name, 0) + int(value)
    if totals:
        line = ", ".join(f"{value} {name.removeprefix('hostile_')}" for name, value in sorted(totals.items()))
        terminalreporter.write_line(f"hostile input answered without a 5xx, a 1011 or a cut: {line}")
