"""The small parts of outage handling (issue 30): the backoff's bounds, presence after a
process's bus came back, and what counts as an outage. The whole is proven in
tests/proof/test_outages.py."""

from __future__ import annotations

import random

import asyncpg
import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from sqlalchemy.exc import OperationalError

from app.outage import OUTAGES, Backoff
from app.presence import PresenceBoard


def test_backoff_doubles_to_its_cap_with_jitter_and_starts_again_after_a_success() -> None:
    backoff = Backoff(0.1, 1.0, random.Random(7))
    delays = [backoff.next() for _ in range(8)]
    caps = [0.1, 0.2, 0.4, 0.8, 1.0, 1.0, 1.0, 1.0]
    assert all(cap / 2 <= delay <= cap for delay, cap in zip(delays, caps, strict=True))
    assert len(set(delays)) == len(delays)  # jittered: processes do not come back in step
    backoff.reset()
    assert backoff.next() <= 0.1


def test_a_process_whose_bus_came_back_is_counted_again_from_its_announcements() -> None:
    board = PresenceBoard()
    board.update("room", 0, "a", 1, at=100)
    board.update("room", 1, "a", 1, at=100)
    board.update("room", 1, "b", 1, at=100)
    board.drop_origin("a", at=500)
    assert board.total(("room", 0)) == 0 and board.total(("room", 1)) == 1
    assert board._gone_since[("room", 0)] == 500  # gone from the drop, unless announced again
    assert ("room", 1) not in board._gone_since  # still connected through b
    board.update("room", 0, "a", 1, at=501)
    assert board.total(("room", 0)) == 1 and ("room", 0) not in board._gone_since


@pytest.mark.parametrize(
    "error",
    [
        ConnectionRefusedError(111, "refused"),
        TimeoutError(),
        OperationalError("SELECT 1", {}, Exception("gone")),
        asyncpg.exceptions.CannotConnectNowError("the database system is starting up"),
        asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed"),
        RedisConnectionError("Connection closed by server."),
    ],
)
def test_dependency_failures_are_outages(error: Exception) -> None:
    assert isinstance(error, OUTAGES)


@pytest.mark.parametrize("error", [ValueError("bug"), KeyError("bug"), AssertionError("bug")])
def test_bugs_are_not_outages(error: Exception) -> None:
    assert not isinstance(error, OUTAGES)
