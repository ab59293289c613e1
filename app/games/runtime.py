"""What a process holds in memory about a room and its current game.

A :class:`RoomRuntime` is a cache of rows (never the truth): writers guard on the game's
``seq`` so a stale cache can only cost a retry, never a wrong write.

A room has ``players`` chairs (``slot`` 0 … players−1) and records its game by name; each of
its games maps its seats to chairs (``seat_slots``), which rotate with every rematch. The
rulebook comes from the catalogue (:mod:`engine.catalogue`), never from a module global.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.clocks import DAY_MS, GameClocks
from app.records import replace
from engine.catalogue import GameEntry, entry
from engine.core import Game, Result
from engine.tutorial import TUTORIAL_LEVEL


@dataclass(frozen=True, slots=True)
class SlotHolder:
    """Who sits in one of the room's chairs."""

    guest_id: str | None = None
    bot_level: str | None = None

    @property
    def taken(self) -> bool:
        return self.guest_id is not None or self.bot_level is not None


@dataclass(frozen=True, slots=True)
class RoomInfo:
    id: str
    game: str
    preset: str
    time_initial_ms: int | None
    time_increment_ms: int | None
    setup_seconds: int | None
    spectators: bool
    creator: str
    game_number: int
    current_game_id: str
    slots: tuple[SlotHolder, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    """The rule options chosen beside the preset (validated by the game when the room was made)."""
    turn_based: bool = False
    """Played over days: ``time_initial_ms`` is the allowance per move (``None``: no
    limit); absence is normal (no claim)."""

    @property
    def players(self) -> int:
        return len(self.slots)

    @property
    def entry(self) -> GameEntry:
        return entry(self.game)

    @property
    def full(self) -> bool:
        return all(holder.taken for holder in self.slots)

    @property
    def tutorial(self) -> bool:
        """A guided first game (``POST /api/rooms {"tutorial": true}``): the computer's seats
        play at bot level ``"tutorial"``, the game's tutorial script (:mod:`engine.tutorial`).
        Derived from the chairs, so nothing more is stored."""
        return any(holder.bot_level == TUTORIAL_LEVEL for holder in self.slots)

    def slot_of(self, guest_id: str) -> int | None:
        for slot, holder in enumerate(self.slots):
            if holder.guest_id == guest_id:
                return slot
        return None

    def time_control(self) -> dict[str, int] | dict[str, bool] | None:
        """As ``POST /api/rooms`` took it: ``{initial, increment}`` (seconds), ``{days}``
        or ``{unlimited: true}`` (turn-based), ``None`` (untimed)."""
        if self.turn_based:
            if self.time_initial_ms is None:
                return {"unlimited": True}
            return {"days": self.time_initial_ms // DAY_MS}
        if self.time_initial_ms is None:
            return None
        return {"initial": self.time_initial_ms // 1000, "increment": (self.time_increment_ms or 0) // 1000}


@dataclass(frozen=True, slots=True)
class Offers:
    """Seats offering a draw, and seats asking for a rematch."""

    draw: frozenset[int] = frozenset()
    rematch: frozenset[int] = frozenset()

    def to_json(self) -> dict[str, list[int]]:
        return {"draw": sorted(self.draw), "rematch": sorted(self.rematch)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Offers:
        return cls(frozenset(data["draw"]), frozenset(data["rematch"]))


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """One game: its rows' fields plus the engine state they hold."""

    id: str
    room_id: str
    game: str
    number: int
    seed: str
    options: dict[str, Any]
    seat_slots: tuple[int, ...]
    version: int
    seq: int
    state: Any
    clocks: GameClocks
    setup_seconds: int | None
    offers: Offers = field(default_factory=Offers)
    result: Result | None = None
    snapshot_version: int = 0
    """The version of the state the game's row holds as its snapshot: the versions after it
    are rebuilt from the action log when the row is read (:mod:`app.games.store`)."""

    @property
    def rules(self) -> Game[Any]:
        return entry(self.game).game

    @property
    def players(self) -> int:
        return len(self.seat_slots)

    def seat_of_slot(self, slot: int) -> int:
        """The seat chair ``slot`` plays in this game."""
        return self.seat_slots.index(slot)

    def slot_of_seat(self, seat: int) -> int:
        return self.seat_slots[seat]

    def evolve(self, **changes: Any) -> LoadedGame:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class SentViews:
    """The views (``history=False``) a change's frames gave each viewer class, kept as the
    base of the next change's patches: each as the JSON text of its values, by key
    (``app.games.frames.view_parts``)."""

    game_id: str
    version: int
    views: dict[str, dict[str, str]]


@dataclass(slots=True)
class RoomRuntime:
    room: RoomInfo
    game: LoadedGame
    sent: SentViews | None = None
    """The views the last change's frames were made from, while this process holds the room."""
