"""The worker processes that bots think in and actions' heavy work runs in.

Bot decisions and simulated shots are pure CPU work in Python: in threads they would hold
the event loop's GIL, so they run in processes started with "spawn" (free of the server's
loop and sockets). The server keeps two pools, one for each, so a player's shot never queues
behind a bot's thinking.
A worker also watches its parent: if the server dies (even by SIGKILL, which runs no
shutdown code), the worker exits instead of idling on forever.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

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
