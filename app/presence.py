"""Who is connected to a room, across every server process.

Each process counts its own connections per room and chair (``slot``; ``None`` for
spectators) and announces every change on the bus with its ``origin``; every process adds
up the announcements, so each knows whether a chair is occupied anywhere and since when it
has been empty. A chair never seen connected counts as gone since the room was first
watched here, so a restart restarts the grace period (in the absent player's favour).
"""

from __future__ import annotations

from typing import Any

from app.games.runtime import LoadedGame, RoomInfo

Key = tuple[str, int | None]


class PresenceBoard:
    """Counts per room, then per chair, then per process; a room whose counts all fall to
    zero while no socket of this process watches it is forgotten (see :meth:`Hub._deliver`),
    so rooms seen only through the bus do not accumulate."""

    def __init__(self) -> None:
        self._counts: dict[str, dict[int | None, dict[str, int]]] = {}
        self._gone_since: dict[Key, int] = {}
        self._first_seen: dict[str, int] = {}

    def watch(self, room_id: str, now: int) -> None:
        self._first_seen.setdefault(room_id, now)

    def forget(self, room_id: str) -> None:
        """Drop what is known of a room no one here watches any more."""
        self._first_seen.pop(room_id, None)
        for slot in self._counts.pop(room_id, {}):
            self._gone_since.pop((room_id, slot), None)

    def rooms(self) -> int:
        """How many rooms the board holds anything of (a bound the tests check)."""
        return len(self._counts.keys() | self._first_seen.keys())

    def knows(self, room_id: str) -> bool:
        """Whether the board holds anything of ``room_id``."""
        return room_id in self._counts or room_id in self._first_seen

    def idle(self, room_id: str) -> bool:
        """Whether no process reports a connection to the room."""
        return not any(any(counts.values()) for counts in self._counts.get(room_id, {}).values())

    def update(self, room_id: str, slot: int | None, origin: str, count: int, at: int) -> bool:
        """Record ``origin``'s count; return whether the total changed between 0 and more."""
        key = (room_id, slot)
        before = self.total(key)
        by_origin = self._counts.setdefault(room_id, {}).setdefault(slot, {})
        if count > 0:
            by_origin[origin] = count
        else:
            by_origin.pop(origin, None)
        after = self.total(key)
        if before > 0 and after == 0:
            self._gone_since[key] = at
        elif after > 0:
            self._gone_since.pop(key, None)
        self._first_seen.setdefault(room_id, at)
        return (before > 0) != (after > 0) or slot is None

    def drop_origin(self, origin: str, at: int) -> None:
        """Forget every count ``origin`` announced (its bus was away: it announces its
        connections again, and a chair it lost meanwhile is gone from ``at``)."""
        for room_id, by_slot in self._counts.items():
            for slot, by_origin in by_slot.items():
                if by_origin.pop(origin, 0) and not any(by_origin.values()):
                    self._gone_since[room_id, slot] = at

    def total(self, key: Key) -> int:
        room_id, slot = key
        return sum(self._counts.get(room_id, {}).get(slot, {}).values())

    def gone_ms(self, room: RoomInfo, slot: int, now: int) -> int | None:
        """How long the chair's guest has been disconnected; ``None`` when he is connected,
        the chair is a bot or empty."""
        holder = room.slots[slot]
        if holder.bot_level is not None or holder.guest_id is None:
            return None
        key = (room.id, slot)
        if self.total(key) > 0:
            return None
        since = self._gone_since.get(key, self._first_seen.get(room.id, now))
        return max(0, now - since)

    def payload(self, room: RoomInfo, game: LoadedGame, now: int) -> dict[str, Any]:
        """The ``presence`` object of the protocol, indexed by seat: connected or gone for how
        long, and whether the game's autopilot plays the seat (it left a game of 3+ seats)."""
        autopiloted = game.rules.withdrawn(game.state) if game.players > 2 else frozenset()
        seats = []
        for seat in range(game.players):
            slot = game.slot_of_seat(seat)
            holder = room.slots[slot]
            gone = self.gone_ms(room, slot, now)
            connected = holder.bot_level is not None or (holder.guest_id is not None and gone is None)
            seats.append(
                {
                    "connected": connected,
                    "gone_for": None if gone is None else gone // 1000,
                    "autopilot": seat in autopiloted,
                }
            )
        return {"seats": seats, "spectators": self.total((room.id, None))}

    def gone_by_seat(self, room: RoomInfo, game: LoadedGame, now: int) -> dict[int, int | None]:
        """For each seat held by a person and still in the game: how long he has been
        disconnected (``None``: connected)."""
        out: dict[int, int | None] = {}
        withdrawn = game.rules.withdrawn(game.state)
        for seat in range(game.players):
            slot = game.slot_of_seat(seat)
            holder = room.slots[slot]
            if holder.guest_id is not None and holder.bot_level is None and seat not in withdrawn:
                out[seat] = self.gone_ms(room, slot, now)
        return out
