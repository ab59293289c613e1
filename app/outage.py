"""Dependency outages: PostgreSQL or Redis out of reach, told apart from bugs.

While a dependency is down the server answers, it does not crash: an HTTP route answers
``503 unavailable``, a socket command gets its ``unavailable`` error frame and the socket
stays open, and a server-side task (a timer's tick, a bot's move, a viewer's catch-up) waits
and tries again. :data:`OUTAGES` lists what such a failure raises, whichever layer it comes
through: SQLAlchemy's errors, asyncpg's own (the group commit talks to asyncpg directly, and a
refused connection surfaces as a plain ``ConnectionRefusedError``), Redis's, and ``OSError``
(which includes ``TimeoutError``). :class:`Backoff` spaces the retries.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Final

import asyncpg
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

OUTAGES: Final[tuple[type[Exception], ...]] = (
    SQLAlchemyError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    RedisError,
    OSError,
)
"""What a dependency's failure raises. A failed statement (a constraint, a value refused) is
among them too: at the edge it is the same answer, ``unavailable``, nothing changed."""


def describe(error: BaseException) -> str:
    """The failure's kind in a log line (never its message: it may quote a statement)."""
    return type(error).__name__


def report(log: logging.Logger, what: str, error: BaseException, **extra: Any) -> None:
    """Log an outage as what it is: a warning naming the failure's kind, no traceback."""
    log.warning(what, extra={**extra, "error": describe(error)})


class Backoff:
    """Exponential backoff with jitter: each delay is drawn between half the cap and the
    cap, and the cap doubles from ``first`` up to ``most`` (processes that lost a dependency
    at the same instant do not all come back at the same instant). :meth:`reset` after a
    success."""

    def __init__(self, first: float = 0.1, most: float = 2.0, rng: random.Random | None = None) -> None:
        self.first = first
        self.most = most
        self._cap = first
        self._rng = rng or random.Random()

    def next(self) -> float:
        delay = self._rng.uniform(self._cap / 2, self._cap)
        self._cap = min(self.most, self._cap * 2)
        return delay

    def reset(self) -> None:
        self._cap = self.first
