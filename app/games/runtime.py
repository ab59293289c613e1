"""What a process holds in memory about a room and its current game.

A :class:`RoomRuntime` is a cache of rows (never the truth): writers guard on the game's
``seq`` so a stale cache can only cost a retry, never a wrong write.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from app.clocks import GameClocks
from engine.core import Result


@dataclass(frozen=True, slots=True)
class SlotHolder:
    """Who sits in one of the room's two chairs."""

    guest_id: str | None = None
    bot_level: str | None = None

    @property
    def taken(self) -> bool:
        return self.guest_id is not None or self.bot_level is not None


@dataclass(frozen=True, slots=True)
class RoomInfo:
    id: str
    preset: str
    time_initial_ms: int | None
    time_increment_ms: int | None
    setup_seconds: int | None
    spectators: bool
    creator: str
    game_number: int
    current_game_id: str
    slots: tuple[SlotHolder, SlotHolder]

    @property
    def full(self) -> bool:
        return all(holder.taken for holder in self.slots)

    def slot_of(self, guest_id: str) -> int | None:
        for slot, holder in enumerate(self.slots):
            if holder.guest_id == guest_id:
                return slot
        return None

    def time_control(self) -> dict[str, int] | None:
        if self.time_initial_ms is None:
            return None
        return {"initial": self.time_initial_ms // 1000, "increment": (self.time_increment_ms or 0) // 1000}


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """One game: its rows' fields plus the engine state they hold."""

    id: str
    room_id: str
    number: int
    seed: str
    options: dict[str, Any]
    south_slot: int
    version: int
    seq: int
    state: Any
    clocks: GameClocks
    setup_seconds: int | None
    draw_offer: int | None = None
    rematch_offer: int | None = None
    result: Result | None = field(default=None)

    def seat_of_slot(self, slot: int) -> int:
        """Seat 0 plays South; ``south_slot`` says which chair that is in this game."""
        return slot ^ self.south_slot

    def slot_of_seat(self, seat: int) -> int:
        return seat ^ self.south_slot

    def evolve(self, **changes: Any) -> LoadedGame:
        return replace(self, **changes)


@dataclass(slots=True)
class RoomRuntime:
    room: RoomInfo
    game: LoadedGame
