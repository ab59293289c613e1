"""A pytest plugin (loaded by ``-p heavy_first``, pyproject.toml): tests marked ``heavy`` (a
minute or more) start first, shared among the workers.

The suite runs on several workers (pytest-xdist, ``--dist worksteal``: scripts/test), and the
scheduler gives worker *i* the *i*-th contiguous share of the collection, then lets a worker
that runs dry take the far end of another's queue. So the order is cut into one share per
worker, each opening with its part of the heavy tests (every *k*-th) and going on with its
slice of the others: no heavy test comes last to end the run alone on one worker while the
others wait, and the short ones left at the end are what a dry worker takes. Collection order
is kept otherwise (fixtures set up once per module). Without workers: heavy first, then the
rest, in order."""

from __future__ import annotations

import pytest


def _workers(config: pytest.Config) -> int:
    given = getattr(config, "workerinput", None)  # set on an xdist worker
    return int(given["workercount"]) if given else 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    heavy = [item for item in items if item.get_closest_marker("heavy") is not None]
    light = [item for item in items if item.get_closest_marker("heavy") is None]
    workers = _workers(config)
    order: list[pytest.Item] = []
    rest = iter(light)
    for share in range(workers):
        size = (len(items) - len(order)) // (workers - share)  # the scheduler's even split
        mine = heavy[share::workers]
        order += mine + [next(rest) for _ in range(max(0, size - len(mine)))]
    order += list(rest)
    items[:] = order
