"""Time, injected: the server never reads the wall clock inside game logic.

:class:`Clock` is what the application is given (:class:`SystemClock` in production,
:class:`ManualClock` wherever time must be driven by hand: tests, benchmarks, replays).
:class:`GameClocks` is the pure arithmetic of a chess clock with increment and a setup
deadline for any number of seats; it is stored in the game row and evaluated at a given
instant.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass
from typing import Any, Protocol

from app.records import replace


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
    """A game's per-seat clocks at the instant ``since`` (ms epoch).

    ``remaining`` is per seat; every seat in ``running`` (several at once in a simultaneous
    phase) has been spending its time since ``since``. ``remaining is None`` means the game
    is untimed. Every change first settles the running clocks up to its instant.
    """

    remaining: tuple[int, ...] | None
    increment: int
    running: frozenset[int]
    since: int | None
    setup_deadline: int | None
    limits: tuple[tuple[int, str, int], ...] = ()
    """``(seat, window, deadline)``: a decision's limit of its own (a response window, a
    negotiation period; :meth:`engine.core.Game.decision_limit`), in timed and untimed games
    alike."""

    @classmethod
    def fresh(
        cls, players: int, initial_ms: int | None, increment_ms: int, setup_deadline: int | None
    ) -> GameClocks:
        remaining = None if initial_ms is None else (initial_ms,) * players
        return cls(remaining, increment_ms, frozenset(), None, setup_deadline)

    @property
    def timed(self) -> bool:
        return self.remaining is not None

    def left(self, seat: int, now: int) -> int:
        """Milliseconds left to ``seat`` at ``now`` (may be negative: his flag fell)."""
        assert self.remaining is not None
        spent = now - self.since if seat in self.running and self.since is not None else 0
        return self.remaining[seat] - spent

    def flag_deadline(self) -> int | None:
        """When the first running seat's flag falls, or ``None``."""
        if self.remaining is None or not self.running or self.since is None:
            return None
        return self.since + min(self.remaining[seat] for seat in self.running)

    def flagged(self, now: int) -> list[int]:
        """The running seats whose flag has fallen at ``now``, in seat order."""
        if self.remaining is None or self.since is None:
            return []
        return sorted(seat for seat in self.running if self.left(seat, now) <= 0)

    def _settled(self, now: int) -> list[int]:
        assert self.remaining is not None
        return [self.left(seat, now) for seat in range(len(self.remaining))]

    def run(
        self, seats: frozenset[int], now: int, credit: frozenset[int] = frozenset(), playback: int = 0
    ) -> GameClocks:
        """From ``now`` the clocks of ``seats`` run; the seats in ``credit`` get the
        increment (those that just earned it, as the game's rules say:
        :meth:`engine.core.Game.increments`); the seats owing the next decision get
        ``playback`` ms back (the time their browser takes to show what just happened). Ends
        any setup deadline only through :meth:`start`."""
        if self.remaining is None:
            return self
        left = self._settled(now)
        for seat in credit:
            left[seat] += self.increment
        for seat in seats:
            left[seat] += playback
        return replace(self, remaining=tuple(left), running=seats, since=now)

    def seat_flag(self, seat: int) -> int | None:
        """When ``seat``'s flag falls if nothing changes, or ``None`` (not running)."""
        if self.remaining is None or seat not in self.running or self.since is None:
            return None
        return self.since + self.remaining[seat]

    def with_limits(self, limits: tuple[tuple[int, str, int], ...]) -> GameClocks:
        return self if limits == self.limits else replace(self, limits=limits)

    def limit_deadline(self) -> int | None:
        """When the first decision limit runs out, or ``None``."""
        return min((deadline for _seat, _window, deadline in self.limits), default=None)

    def start(self, seats: frozenset[int], now: int) -> GameClocks:
        """Play begins: the setup deadline is over and the clocks of ``seats`` run."""
        return replace(self, setup_deadline=None).run(seats, now)

    def stop(self, now: int) -> GameClocks:
        """The game is over: freeze every clock at ``now`` (none below zero)."""
        if self.remaining is None:
            return replace(self, running=frozenset(), since=None, setup_deadline=None, limits=())
        left = tuple(max(0, value) for value in self._settled(now))
        return replace(self, remaining=left, running=frozenset(), since=None, setup_deadline=None, limits=())

    def to_wire(self, now: int) -> dict[str, Any]:
        """The ``clocks`` object of the wire protocol."""
        remaining = None
        if self.remaining is not None:
            remaining = [max(0, value) for value in self._settled(now)]
        return {
            "remaining": remaining,
            "running": sorted(self.running),
            "setup_deadline": self.setup_deadline,
            "limits": {str(seat): deadline for seat, _window, deadline in self.limits},
            "server_now": now,
        }

    def to_json(self) -> dict[str, Any]:
        """The stored form (``games.clocks``); ``setup_deadline`` has a column of its own."""
        return {
            "remaining": None if self.remaining is None else list(self.remaining),
            "increment": self.increment,
            "running": sorted(self.running),
            "since": self.since,
            "limits": [list(limit) for limit in self.limits],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], setup_deadline: int | None) -> GameClocks:
        remaining = data["remaining"]
        return cls(
            remaining=None if remaining is None else tuple(remaining),
            increment=data["increment"],
            running=frozenset(data["running"]),
            since=data["since"],
            setup_deadline=setup_deadline,
            limits=tuple(
                (int(seat), str(window), int(deadline)) for seat, window, deadline in data.get("limits", ())
            ),
        )
