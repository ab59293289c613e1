"""A real server for the browser tests: ``python -m app serve`` on a free port of
127.0.0.1, with a temporary SQLite database, started and waited for in one place (the
suite's shared server in conftest.py and the modules that need a server set up otherwise:
Web Push keys, an SMTP relay)."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 120.0
"""How long a server may take to answer /healthz: a loaded 2-core machine is slow to start one."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(workdir: Path, settings: Mapping[str, str] = {}) -> Iterator[str]:
    """The base URL of a server whose database and log are in ``workdir``, run with the
    test settings and ``settings`` (Redis off: each server is alone), stopped at the end.
    A server that exits or does not answer in time fails with the end of its log."""
    env = {
        **os.environ,
        "SPEAKEASY_ENV": "test",
        "SPEAKEASY_SECRET": secrets.token_urlsafe(32),
        "DATABASE_URL": f"sqlite+aiosqlite:///{workdir / 'e2e.db'}",
        "SPEAKEASY_LOG_JSON": "false",
        "SPEAKEASY_LOG_LEVEL": "WARNING",
        **settings,
    }
    env.pop("REDIS_URL", None)
    log = workdir / "server.log"
    port = free_port()
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
            proc.wait()


def _wait_healthy(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-4000:]}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server not healthy after {START_SECONDS:.0f} s:\n{log.read_text()[-4000:]}")
