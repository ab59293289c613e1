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
from pathlib import Path
from typing import Any, Final, Protocol

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


class FileClock:
    """A test-only clock read from a file the test writes (milliseconds since the epoch, as
    text), so that a test drives the time of server processes it starts and restarts
    (``SPEAKEASY_CLOCK_FILE``, refused unless ``SPEAKEASY_ENV=test``). Time never runs
    backwards here: a value below the last one read is taken as the last one."""

    def __init__(self, path: str | Path, poll_seconds: float = 0.02) -> None:
        self._path = Path(path)
        self._poll = poll_seconds
        self._last = 0

    def now_ms(self) -> int:
        try:
            value = int(self._path.read_text().strip() or 0)
        except (OSError, ValueError):  # half-written: the last value read holds
            value = self._last
        self._last = max(self._last, value)
        return self._last

    async def sleep_until(self, deadline_ms: int) -> None:
        while self.now_ms() < deadline_ms:
            await asyncio.sleep(self._poll)


DAY_MS: Final = 24 * 3600 * 1000

TURN_BASED_LIMIT_SCALE: Final = 60
"""The pace of a turn-based room, in one place: a game's own decision limits (a response
window, a negotiation period: :meth:`engine.core.Game.decision_limit`) are this many times
longer than in a live room, a minute becoming an hour (a 30 s response window gives half an
hour, a 3-minute negotiation period three hours). The setup deadline is the room's
allowance per move (none without a limit): see :func:`app.games.commands.new_game`."""


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
    allowance: int | None = None
    """A turn-based room's time per move (ms): instead of the increment, a seat has its
    clock set back to the full allowance when a decision comes to it after others' (it owed
    none just before) and whenever it earns the increment
    (:meth:`engine.core.Game.increments`: per move, or per turn where the game says so: a
    Spies! seat's run of lines in a power's turn is one allowance, given again at its end).
    No playback time is added. ``None``: a live room (or no limit)."""
    turn_based: bool = False
    """Played over days: the decision limits are :data:`TURN_BASED_LIMIT_SCALE` times
    longer, and absence is normal (no claim)."""

    @classmethod
    def fresh(
        cls,
        players: int,
        initial_ms: int | None,
        increment_ms: int,
        setup_deadline: int | None,
        turn_based: bool = False,
    ) -> GameClocks:
        """New clocks; in a ``turn_based`` room ``initial_ms`` is the allowance per move
        (``None``: no limit) and there is no increment."""
        remaining = None if initial_ms is None else (initial_ms,) * players
        if turn_based:
            return cls(remaining, 0, frozenset(), None, setup_deadline, allowance=initial_ms, turn_based=True)
        return cls(remaining, increment_ms, frozenset(), None, setup_deadline)

    @property
    def limit_scale(self) -> int:
        """How many times longer the game's own decision limits are at this room's pace."""
        return TURN_BASED_LIMIT_SCALE if self.turn_based else 1

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
        if self.allowance is not None:
            # A turn-based room: the full allowance again to each seat that earned it, and to
            # each seat a decision comes to after others' (it owed none just before).
            for seat in credit | (seats - self.running):
                left[seat] = self.allowance
            return replace(self, remaining=tuple(left), running=seats, since=now)
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

    def deadline_of(self, seat: int) -> int | None:
        """When ``seat`` must have decided (ms epoch): the earlier of its flag fall and its
        current decision's own limit, or ``None`` (nothing runs for it). What a "12 h left"
        notice is timed by."""
        own = [deadline for limit_seat, _window, deadline in self.limits if limit_seat == seat]
        flag = self.seat_flag(seat)
        return min([*own, *([flag] if flag is not None else [])], default=None)

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
            **({"turn_based": True, "allowance": self.allowance} if self.turn_based else {}),
        }

    def to_json(self) -> dict[str, Any]:
        """The stored form (``games.clocks``); ``setup_deadline`` has a column of its own."""
        return {
            "remaining": None if self.remaining is None else list(self.remaining),
            "increment": self.increment,
            "running": sorted(self.running),
            "since": self.since,
            "limits": [list(limit) for limit in self.limits],
            **({"allowance": self.allowance, "turn_based": True} if self.turn_based else {}),
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
            allowance=data.get("allowance"),
            turn_based=bool(data.get("turn_based", False)),
        )
