"""The worker processes that bots think in and actions' heavy work runs in.

Bot decisions and simulated shots are pure CPU work in Python: in threads they would hold
the event loop's GIL, so they run in processes started with "spawn" (free of the server's
loop and sockets). The server keeps two pools, one for each, so a player's shot never queues
behind a bot's thinking.
A worker also watches its parent: if the server dies (even by SIGKILL, which runs no
shutdown code), the worker exits instead of idling on forever.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

_WATCH_SECONDS = 1.0


def _exit_with_parent(parent: int) -> None:
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def process_pool() -> ProcessPoolExecutor:
    """One worker per core but the one the server's event loop runs on (at least one).
    Workers start on first use."""
    return ProcessPoolExecutor(
        max_workers=max(1, (os.cpu_count() or 2) - 1),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_exit_with_parent,
        initargs=(os.getpid(),),
    )


class Workers:
    """A pool of worker processes that starts on first use and starts again after a worker
    died: a ``ProcessPoolExecutor`` whose worker was killed (out of memory, a crash in a C
    extension) is broken for good and would refuse every later task."""

    def __init__(self, factory: Callable[[], Executor] = process_pool) -> None:
        self._factory = factory
        self._pool: Executor | None = None

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker; :class:`BrokenExecutor` if the worker died (the
        next call gets a fresh pool)."""
        pool = self._pool
        if pool is None:
            pool = self._pool = self._factory()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, function, *args)
        except BrokenExecutor:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
