"""Time, injected: the server never reads the wall clock inside game logic.

:class:`Clock` is what the application is given (:class:`SystemClock` in production,
:class:`ManualClock` wherever time must be driven by hand: tests, benchmarks, replays).
:class:`GameClocks` is the pure arithmetic of a chess clock with increment and a setup
deadline; it is stored in the game row and evaluated at a given instant.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, replace
from typing import Any, Protocol


class Clock(Protocol):
    def now_ms(self) -> int:
        """Milliseconds since the epoch."""

    async def sleep_until(self, deadline_ms: int) -> None:
        """Return once :meth:`now_ms` has reached ``deadline_ms``."""


class SystemClock:
    def now_ms(self) -> int:
        return time.time_ns() // 1_000_000

    async def sleep_until(self, deadline_ms: int) -> None:
        while (delay := deadline_ms - self.now_ms()) > 0:
            await asyncio.sleep(delay / 1000)


class ManualClock:
    """A clock that moves only when told to. Safe to advance from another thread."""

    def __init__(self, start_ms: int = 1_700_000_000_000, poll_seconds: float = 0.005) -> None:
        self._now = start_ms
        self._lock = threading.Lock()
        self._poll = poll_seconds

    def now_ms(self) -> int:
        with self._lock:
            return self._now

    def advance(self, ms: int) -> None:
        if ms < 0:
            raise ValueError("time does not run backwards")
        with self._lock:
            self._now += ms

    async def sleep_until(self, deadline_ms: int) -> None:
        while self.now_ms() < deadline_ms:
            await asyncio.sleep(self._poll)


@dataclass(frozen=True, slots=True)
class GameClocks:
    """A game's clocks at the instant ``since`` (ms epoch).

    ``remaining`` is per seat (0 = South); ``running`` is the seat whose time is running
    since ``since``. ``None`` everywhere means the game is untimed.
    """

    remaining: tuple[int, int] | None
    increment: int
    running: int | None
    since: int | None
    setup_deadline: int | None

    @property
    def timed(self) -> bool:
        return self.remaining is not None

    def left(self, seat: int, now: int) -> int:
        """Milliseconds left to ``seat`` at ``now`` (may be negative: his flag fell)."""
        assert self.remaining is not None
        spent = now - self.since if self.running == seat and self.since is not None else 0
        return self.remaining[seat] - spent

    def flag_deadline(self) -> int | None:
        """When the running seat's flag falls, or ``None``."""
        if self.remaining is None or self.running is None or self.since is None:
            return None
        return self.since + self.remaining[self.running]

    def flagged(self, now: int) -> int | None:
        """The seat whose flag has fallen at ``now``, or ``None``."""
        deadline = self.flag_deadline()
        return self.running if deadline is not None and now >= deadline else None

    def start(self, seat: int, now: int) -> GameClocks:
        """Play begins: ``seat`` is first to move; the setup deadline is over."""
        if self.remaining is None:
            return replace(self, setup_deadline=None)
        return replace(self, running=seat, since=now, setup_deadline=None)

    def after_move(self, mover: int, next_seat: int | None, now: int) -> GameClocks:
        """``mover`` has moved at ``now``: charge his time, add the increment, start the next."""
        if self.remaining is None:
            return self
        left = list(self.remaining)
        left[mover] = self.left(mover, now) + self.increment
        return replace(self, remaining=(left[0], left[1]), running=next_seat, since=now)

    def stop(self, now: int) -> GameClocks:
        """The game is over: freeze both clocks at ``now``."""
        if self.remaining is None or self.running is None:
            return replace(self, running=None, setup_deadline=None)
        left = list(self.remaining)
        left[self.running] = max(0, self.left(self.running, now))
        return replace(self, remaining=(left[0], left[1]), running=None, since=None, setup_deadline=None)

    def to_wire(self, now: int) -> dict[str, Any]:
        """The ``clocks`` object of the wire protocol."""
        remaining = None
        if self.remaining is not None:
            remaining = [max(0, self.left(0, now)), max(0, self.left(1, now))]
        return {
            "remaining": remaining,
            "running": self.running,
            "setup_deadline": self.setup_deadline,
            "server_now": now,
        }
