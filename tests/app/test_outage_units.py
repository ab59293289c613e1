"""The small parts of outage handling (issue 30): the backoff's bounds, presence after a
process's bus came back, and what counts as an outage. The whole is proven in
tests/proof/test_outages.py."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import asyncpg
import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from sqlalchemy.exc import OperationalError

from app.broadcast import Message, RedisBus
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


# -- the bus's subscription task never ends but by close() --------------------------------
async def _raise_bug(pubsub: Any, receiver: Any) -> None:
    raise RuntimeError("a bug, or an error redis-py let through unwrapped")


async def _subscription_ended(pubsub: Any, receiver: Any) -> None:
    return None


@pytest.mark.parametrize(
    ("failure", "logged"),
    [
        (_raise_bug, "bus failed; reconnecting"),
        (_subscription_ended, "bus subscription ended; reconnecting"),
    ],
)
async def test_the_bus_subscribes_again_after_any_failure(
    failure: Any,
    logged: str,
    redis_url: str,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Before the fix, a failure that was not an outage ended the subscription's task
    silently: readiness said ``bus: down`` for good and the process fanned out nothing (CI saw
    one server of the outage proof stay down after a Redis restart)."""
    calls: list[int] = []

    async def once_then_listen(pubsub: Any, receiver: Any) -> None:
        calls.append(1)
        await (failure if len(calls) == 1 else listen)(pubsub, receiver)

    received: list[Message] = []

    async def receiver(message: Message) -> None:
        received.append(message)

    async def reconnected() -> None:
        return None

    bus, other = RedisBus(redis_url, Backoff(0.01, 0.05)), RedisBus(redis_url)
    listen = bus._listen
    monkeypatch.setattr(bus, "_listen", once_then_listen)  # this bus only: the other one hears it
    await other.start(receiver, reconnected)
    await bus.start(receiver, reconnected)
    try:
        for _ in range(500):
            if len(calls) >= 2 and bus.up:
                break
            await asyncio.sleep(0.02)
        assert len(calls) >= 2 and bus.up and bus._task is not None and not bus._task.done()
        assert logged in caplog.text
        await bus.publish({"kind": "probe", "room": "", "origin": "test-bus"})  # carried again
        for _ in range(250):
            if any(message.get("origin") == "test-bus" for message in received):
                break
            await asyncio.sleep(0.02)
        assert any(message.get("origin") == "test-bus" for message in received)
    finally:
        await bus.close()
        await other.close()
    assert bus._task is not None and bus._task.cancelled()  # close() still ends it
