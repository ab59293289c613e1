"""Which seats a committed change concerns, from the engine's public ``actors(state)`` only.

Pure functions of the room and the game before and after a change: they read whose turn it
is, whether the game has started or ended, and the seats' deadlines in the stored clocks,
all of which every seat of the room may see. Nothing here reads a hidden part of a state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from app.games.runtime import LoadedGame, RoomInfo

TIME_LOW_MS = 12 * 3600 * 1000
"""A seat is warned when this much is left to decide (issue 27: "12 h left")."""


@dataclass(frozen=True, slots=True)
class Due:
    """A seat's deadline far enough away to be warned of: a ``time_low`` notice is owed at
    ``deadline - TIME_LOW_MS``."""

    seat: int
    deadline: int


def human_seats(room: RoomInfo, game: LoadedGame) -> dict[int, str]:
    """Seat → guest id of every seat a person holds and plays himself (not a bot's chair,
    not a seat that left the game and is played by the autopilot)."""
    withdrawn = game.rules.withdrawn(game.state)
    seats: dict[int, str] = {}
    for slot, holder in enumerate(room.slots):
        seat = game.seat_of_slot(slot)
        if holder.guest_id is not None and holder.bot_level is None and seat not in withdrawn:
            seats[seat] = holder.guest_id
    return seats


def actors(game: LoadedGame) -> frozenset[int]:
    """Whose turn it is (none once the game is over)."""
    if game.result is not None:
        return frozenset()
    return frozenset(game.rules.actors(game.state))


def newly_due(
    room: RoomInfo, before: LoadedGame | None, after: LoadedGame, acted: Iterable[int]
) -> list[int]:
    """The human seats that must act after the change and did not have to before it, less
    those that acted in it (a seat that plays again in a burst is at the screen already)."""
    was = actors(before) if before is not None and before.id == after.id else frozenset()
    now = actors(after) - was - set(acted)
    humans = human_seats(room, after)
    return sorted(seat for seat in now if seat in humans)


def deadline_of(game: LoadedGame, seat: int) -> int | None:
    """When ``seat`` must have decided, from the stored clocks: the earlier of its flag fall
    and its current decision's own limit (``None``: nothing runs for it)."""
    clocks = game.clocks
    own = [deadline for limit_seat, _window, deadline in clocks.limits if limit_seat == seat]
    flag = clocks.seat_flag(seat)
    return min([*own, *([flag] if flag is not None else [])], default=None)


def deadlines(room: RoomInfo, game: LoadedGame, now: int) -> list[Due]:
    """The human seats to act whose deadline (flag or decision limit, as stored in the clocks)
    leaves them more than :data:`TIME_LOW_MS` now: the ones a "12 h left" notice is for. A
    live room never qualifies (its clocks allow minutes)."""
    humans = human_seats(room, game)
    out: list[Due] = []
    for seat in sorted(actors(game)):
        if seat not in humans:
            continue
        deadline = deadline_of(game, seat)
        if deadline is not None and deadline - now > TIME_LOW_MS:
            out.append(Due(seat, deadline))
    return out


def started(room: RoomInfo, game: LoadedGame) -> bool:
    """Whether every chair is taken and play (or the setup) is on."""
    return room.full and game.result is None
