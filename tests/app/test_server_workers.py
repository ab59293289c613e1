"""The worker processes die with the server, even when it is SIGKILLed, and a pool whose
worker died starts again."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import BrokenExecutor
from pathlib import Path

import pytest

from app.games.workers import Workers

ROOT = Path(__file__).resolve().parents[2]

# A stand-in server: it starts the bot pool, has a worker run one task, prints the worker's
# pid, then kills itself with SIGKILL (no shutdown code runs).
PARENT = """
import os, signal
from app.games.workers import process_pool
pool = process_pool()
print(pool.submit(os.getpid).result(timeout=60), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie has exited already; only its parent (init) has not reaped it yet.
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ", 1)[1].startswith("Z"))


def test_workers_exit_when_the_server_is_killed() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PARENT], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == -9, done.stderr
    worker = int(done.stdout.strip())
    assert worker != done.returncode
    deadline = time.monotonic() + 15
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(worker), f"bot worker {worker} outlived its server"


async def test_a_pool_whose_worker_died_starts_again() -> None:
    """A killed worker breaks a process pool for good; :class:`Workers` answers that call
    with ``BrokenExecutor`` and the next one runs in a fresh pool."""
    workers = Workers()
    try:
        first = await workers.run(os.getpid)
        with pytest.raises(BrokenExecutor):
            await workers.run(os._exit, 3)
        second = await workers.run(os.getpid)
        assert second != first and _alive(second)
    finally:
        workers.shutdown()
