"""How long the process stood still in garbage collections, on ``/metrics``.

Every socket of the process waits while the cycle collector runs, so its pauses are the
server's latency tail (docs/server.md, "Garbage collection"). :class:`GcWatch` times each
collection through ``gc.callbacks`` into ``speakeasy_gc_pause_seconds{generation}``; the
load bench (``bench/load.py``) reads it over its window.
"""

from __future__ import annotations

import gc
import time
from typing import Any

from prometheus_client import Histogram


class GcWatch:
    def __init__(self, pauses: Histogram) -> None:
        self._pauses = pauses
        self._started = 0.0
        self._children = {generation: pauses.labels(str(generation)) for generation in range(3)}

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        self._children[info["generation"]].observe(time.perf_counter() - self._started)

    def start(self) -> None:
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def stop(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)
