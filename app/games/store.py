"""Reading and writing games, with SQLAlchemy Core on one async engine.

The hot path is :func:`commit`: one transaction holding one guarded ``UPDATE games`` (the
version bump, clocks and offers, now and then a snapshot) and one ``INSERT`` into the
append-only action log. The guard is the row's ``seq``: if another command (another tab, another
process) committed first, nothing is written and :class:`Conflict` is raised. A reused
client action id violates a unique constraint and raises :class:`DuplicateAction`, which
says how the first application was acknowledged and what command it carried.

A game's row does not carry its whole state on every change: the state grows with the game
(every engine keeps its record in it: 5 KiB of JSON after 50 Prohibition actions, 50 KiB
after 300 Spies! ones), and writing it on every move cost CPU in the server and in the
database that grew with the game. The row holds a snapshot of the state at
``snapshot_version``, taken every :data:`SNAPSHOT_EVERY` versions, when the game ends and
after heavy work (an offloaded action: applying it again would redo the work); reading the
row applies the actions logged after it again through the rules (:func:`redo`, as a replay
does), so a read costs at most :data:`SNAPSHOT_EVERY` versions of play.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.clocks import GameClocks
from app.errors import Conflict
from app.games import json_text
from app.games.deadlines import next_deadline
from app.games.runtime import LoadedGame, Offers, RoomInfo, RoomRuntime, SlotHolder
from app.models import GameAction, GameRow, Room, RoomSeat
from engine.core import Event, Game, Result, Transition

_ROOMS = cast(Table, Room.__table__)
_SEATS = cast(Table, RoomSeat.__table__)
_GAMES = cast(Table, GameRow.__table__)
_ACTIONS = cast(Table, GameAction.__table__)


dumps = json_text.dumps
"""Compact JSON text, written by orjson (:func:`app.games.json_text.dumps`)."""

SNAPSHOT_EVERY = 32
"""Versions (events) at most between two snapshots of a game's state."""


class DuplicateAction(Exception):
    def __init__(self, applied: Applied) -> None:
        super().__init__(f"already applied at version {applied.version}")
        self.applied = applied


@dataclass(frozen=True, slots=True)
class Applied:
    """A client action id already in the log: the version it was acknowledged with, and
    the digest of the command it carried then (``None`` for rows logged before digests)."""

    version: int
    command_digest: str | None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of the action log."""

    seat: int | None
    kind: str
    action: dict[str, Any]
    client_id: str | None
    events: tuple[Event, ...]
    at: int
    command_digest: str | None = None
    """What the client sent under ``client_id`` (:func:`app.games.commands.command_digest`)."""


@dataclass(frozen=True, slots=True)
class LoggedAction:
    seat: int | None
    kind: str
    action: dict[str, Any]
    first_version: int
    last_version: int
    events: tuple[Event, ...]
    at: int


def checkpoint(game: LoadedGame, heavy: bool = False) -> LoadedGame:
    """``game`` after a change, marked for a snapshot when one is due: the game is over, the
    change was ``heavy`` (offloaded work), or its version passed one of the game's
    checkpoints, every :data:`SNAPSHOT_EVERY` versions from an offset of its own (games
    started together must not all write their snapshots in the same instant)."""
    offset = zlib.crc32(game.id.encode()) % SNAPSHOT_EVERY
    passed = (game.version + offset) // SNAPSHOT_EVERY != (game.snapshot_version + offset) // SNAPSHOT_EVERY
    due = heavy or game.result is not None or passed
    return game.evolve(snapshot_version=game.version) if due else game


def game_values(game: LoadedGame, now: int) -> dict[str, Any]:
    """The row's changing columns; ``snapshot`` only when the state's version is the
    snapshot's (a new game, or :func:`checkpoint` said so)."""
    rules = game.rules
    status = "over" if game.result is not None else ("play" if rules.is_started(game.state) else "setup")
    snapshot = dumps(rules.to_dict(game.state)) if game.snapshot_version == game.version else None
    return {
        "version": game.version,
        "seq": game.seq,
        "snapshot": snapshot,
        "snapshot_version": game.snapshot_version,
        "status": status,
        "result": dumps(game.result.to_dict()) if game.result is not None else None,
        "updated_at": now,
        "clocks": dumps(game.clocks.to_json()),
        "setup_deadline": game.clocks.setup_deadline,
        "offers": dumps(game.offers.to_json()),
        "actors": dumps(awaited(rules, game.state, game.result is not None)),
        "deadline": next_deadline(game),
    }


def awaited(rules: Game[Any], state: Any, over: bool) -> list[int]:
    """The seats whose decision the game waits for (``games.actors``, what "My games" reads):
    the engine's actors but the seats the autopilot plays (withdrawn), none once over."""
    if over:
        return []
    return sorted(rules.actors(state) - rules.withdrawn(state))


def new_game_values(game: LoadedGame, now: int) -> dict[str, Any]:
    return {
        **game_values(game, now),
        "id": game.id,
        "room_id": game.room_id,
        "game": game.game,
        "number": game.number,
        "seed": game.seed,
        "options": dumps(game.options),
        "seat_slots": dumps(list(game.seat_slots)),
        "created_at": now,
        "setup_seconds": game.setup_seconds,
    }


async def _loaded(conn: AsyncConnection, row: Any) -> LoadedGame:
    """The game of a ``games`` row: its snapshot, and the actions logged after it applied
    again."""
    game = LoadedGame(
        id=row.id,
        room_id=row.room_id,
        game=row.game,
        number=row.number,
        seed=row.seed,
        options=json.loads(row.options),
        seat_slots=tuple(json.loads(row.seat_slots)),
        version=row.version,
        seq=row.seq,
        state=None,
        clocks=GameClocks.from_json(json.loads(row.clocks), row.setup_deadline),
        setup_seconds=row.setup_seconds,
        offers=Offers.from_json(json.loads(row.offers)),
        result=Result.from_dict(json.loads(row.result)) if row.result else None,
        snapshot_version=row.snapshot_version,
    )
    state = game.rules.from_dict(json.loads(row.snapshot))
    if row.snapshot_version < row.version:
        for action in await _actions_after(conn, game.id, row.snapshot_version, row.version):
            state = redo(game, state, action).state
    return game.evolve(state=state)


class LogMismatch(Exception):
    """A logged action applied again made another number of events than it logged."""


def redo(game: LoadedGame, state: Any, action: LoggedAction) -> Transition[Any]:
    """One logged action applied again, as the command path applied it; :class:`LogMismatch`
    when it does not make as many events as were logged."""
    transition = _redo(game.rules, state, action)
    if len(transition.events) != action.last_version - action.first_version + 1:
        raise LogMismatch(f"game {game.id}: the log does not replay at {action.first_version}")
    return transition


def _redo(rules: Game[Any], state: Any, action: LoggedAction) -> Transition[Any]:
    if action.kind in ("apply", "auto"):
        assert action.seat is not None
        return rules.apply(state, action.seat, action.action)
    if action.kind == "withdraw":
        return rules.withdraw(state, int(action.action["seat"]), action.action["reason"])
    if action.kind == "expire":
        return rules.expire(state, int(action.action["seat"]))
    if action.kind == "conclude":
        return rules.conclude(state, Result.from_dict(action.action))
    raise ValueError(f"a logged {action.kind!r} changes no state")


def _events_text(events: Sequence[Event]) -> str:
    return dumps([{"kind": event.kind, "data": dict(event.data)} for event in events])


def _events_of(text: str) -> tuple[Event, ...]:
    return tuple(Event(item["kind"], item["data"]) for item in json.loads(text))


async def load_room(conn: AsyncConnection, room_id: str) -> RoomRuntime | None:
    room = (await conn.execute(select(_ROOMS).where(_ROOMS.c.id == room_id))).one_or_none()
    if room is None or room.current_game_id is None:
        return None
    seats = (await conn.execute(select(_SEATS).where(_SEATS.c.room_id == room_id))).all()
    holders = [SlotHolder() for _ in range(room.players)]
    for seat in seats:
        holders[seat.slot] = SlotHolder(guest_id=seat.guest_id, bot_level=seat.bot_level)
    game = (await conn.execute(select(_GAMES).where(_GAMES.c.id == room.current_game_id))).one()
    info = RoomInfo(
        id=room.id,
        game=room.game,
        preset=room.preset,
        options=_options_of(room.options),
        time_initial_ms=room.time_initial_ms,
        time_increment_ms=room.time_increment_ms,
        setup_seconds=room.setup_seconds,
        spectators=room.spectators,
        creator=room.creator,
        game_number=room.game_number,
        current_game_id=room.current_game_id,
        slots=tuple(holders),
        turn_based=room.turn_based,
    )
    return RoomRuntime(room=info, game=await _loaded(conn, game))


async def load_game(conn: AsyncConnection, game_id: str) -> LoadedGame | None:
    row = (await conn.execute(select(_GAMES).where(_GAMES.c.id == game_id))).one_or_none()
    return None if row is None else await _loaded(conn, row)


async def current_seq(conn: AsyncConnection, room_id: str) -> tuple[str | None, int | None]:
    """The room's current game and that game's ``seq``: a cache holding both is fresh."""
    query = (
        select(_ROOMS.c.current_game_id, _GAMES.c.seq)
        .select_from(_ROOMS.outerjoin(_GAMES, _GAMES.c.id == _ROOMS.c.current_game_id))
        .where(_ROOMS.c.id == room_id)
    )
    row = (await conn.execute(query)).one_or_none()
    return (None, None) if row is None else (row[0], row[1])


def log_rows(game_id: str, before_version: int, entries: Sequence[LogEntry]) -> list[dict[str, Any]]:
    """The ``game_actions`` rows of one change: each entry numbered by the versions of its
    events, counting on from ``before_version``."""
    rows = []
    version = before_version
    for entry in entries:
        rows.append(_log_values(game_id, version, entry))
        version += len(entry.events)
    return rows


def _log_values(game_id: str, before_version: int, entry: LogEntry) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "seat": entry.seat,
        "kind": entry.kind,
        "action": dumps(entry.action),
        "client_id": entry.client_id,
        "command_digest": entry.command_digest,
        "first_version": before_version + 1,
        "last_version": before_version + len(entry.events),
        "events": _events_text(entry.events),
        "at": entry.at,
    }


async def write_change(
    conn: AsyncConnection,
    before: LoadedGame,
    after: LoadedGame,
    entries: Sequence[LogEntry],
    now: int,
    next_game: LoadedGame | None = None,
) -> None:
    """Inside the caller's transaction: the guarded update, the log rows and, for a
    rematch, the room's next game."""
    values = game_values(after, now)
    if values["snapshot"] is None:
        del values["snapshot"]  # the row keeps its snapshot
    result = await conn.execute(
        update(_GAMES).where(_GAMES.c.id == before.id, _GAMES.c.seq == before.seq).values(**values)
    )
    if result.rowcount != 1:
        raise Conflict()
    await conn.execute(insert(_ACTIONS), log_rows(before.id, before.version, entries))
    if next_game is not None:
        await conn.execute(insert(_GAMES).values(**new_game_values(next_game, now)))
        moved = await conn.execute(
            update(_ROOMS)
            .where(_ROOMS.c.id == before.room_id, _ROOMS.c.current_game_id == before.id)
            .values(current_game_id=next_game.id, game_number=next_game.number)
        )
        if moved.rowcount != 1:
            raise Conflict()


async def commit(
    engine: AsyncEngine,
    before: LoadedGame,
    after: LoadedGame,
    entries: Sequence[LogEntry],
    now: int,
    next_game: LoadedGame | None = None,
) -> None:
    """Persist one change in one transaction; see the module docstring."""
    try:
        async with engine.begin() as conn:
            await write_change(conn, before, after, entries, now, next_game)
    except IntegrityError:
        client = next((entry for entry in entries if entry.client_id is not None), None)
        if client is None or client.client_id is None:
            raise
        applied = await applied_action(engine, before.id, client.seat, client.client_id)
        if applied is None:
            raise
        raise DuplicateAction(applied) from None


async def applied_action(
    engine: AsyncEngine, game_id: str, seat: int | None, client_id: str
) -> Applied | None:
    """How a client action id was applied, or ``None`` if never."""
    async with engine.connect() as conn:
        row = (
            await conn.execute(
                select(_ACTIONS.c.first_version, _ACTIONS.c.last_version, _ACTIONS.c.command_digest).where(
                    _ACTIONS.c.game_id == game_id, _ACTIONS.c.seat == seat, _ACTIONS.c.client_id == client_id
                )
            )
        ).one_or_none()
    if row is None:
        return None
    return Applied(max(row.last_version, row.first_version - 1), row.command_digest)


async def actions_since(conn: AsyncConnection, game_id: str, version: int) -> list[LoggedAction]:
    """Logged actions that produced events after ``version``, oldest first."""
    rows = await conn.execute(
        select(_ACTIONS)
        .where(_ACTIONS.c.game_id == game_id, _ACTIONS.c.last_version > version)
        .order_by(_ACTIONS.c.first_version, _ACTIONS.c.id)
    )
    return [_logged(row) for row in rows if row.last_version >= row.first_version]


async def _actions_after(conn: AsyncConnection, game_id: str, version: int, upto: int) -> list[LoggedAction]:
    """The actions that changed the state after ``version`` up to ``upto``, oldest first:
    those with events and any without (offers change no state and are left out)."""
    rows = await conn.execute(
        select(_ACTIONS)
        .where(
            _ACTIONS.c.game_id == game_id,
            _ACTIONS.c.first_version > version,
            _ACTIONS.c.first_version <= upto + 1,
            _ACTIONS.c.kind != "offer",
        )
        .order_by(_ACTIONS.c.first_version, _ACTIONS.c.id)
    )
    return [_logged(row) for row in rows if row.last_version <= upto]


def _logged(row: Any) -> LoggedAction:
    return LoggedAction(
        seat=row.seat,
        kind=row.kind,
        action=json.loads(row.action),
        first_version=row.first_version,
        last_version=row.last_version,
        events=_events_of(row.events),
        at=row.at,
    )


def _options_of(stored: str | None) -> dict[str, Any]:
    """A room's rule options beside its preset (rooms from before them have none)."""
    return {} if stored is None else dict(json.loads(stored))


def room_values(room: RoomInfo) -> dict[str, Any]:
    return {
        "id": room.id,
        "game": room.game,
        "players": room.players,
        "preset": room.preset,
        "options": dumps(dict(room.options)),
        "time_initial_ms": room.time_initial_ms,
        "time_increment_ms": room.time_increment_ms,
        "setup_seconds": room.setup_seconds,
        "spectators": room.spectators,
        "creator": room.creator,
        "current_game_id": room.current_game_id,
        "game_number": room.game_number,
        "turn_based": room.turn_based,
    }


async def insert_room(
    conn: AsyncConnection,
    room: RoomInfo,
    game: LoadedGame,
    invite_hash: str | None,
    invite_expires_at: int | None,
    watch_hash: str,
    now: int,
) -> None:
    await conn.execute(
        insert(_ROOMS).values(
            **room_values(room),
            created_at=now,
            invite_hash=invite_hash,
            invite_expires_at=invite_expires_at,
            watch_hash=watch_hash,
        )
    )
    for slot, holder in enumerate(room.slots):
        if holder.taken:
            await conn.execute(
                insert(_SEATS).values(
                    room_id=room.id,
                    slot=slot,
                    guest_id=holder.guest_id,
                    bot_level=holder.bot_level,
                    joined_at=now,
                )
            )
    await conn.execute(insert(_GAMES).values(**new_game_values(game, now)))
