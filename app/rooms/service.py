"""Rooms and seats in the database.

A room has ``players`` chairs (``slot`` 0 … players−1) for one game of the catalogue. The
creator takes chair 0, bots the chairs he gave them, and the one invite link gives the
lowest free chair to each guest who claims it. Which chair plays which seat moves on with
each rematch (``games.seat_slots``). A chair is bound to the guest id of the
signed cookie that claimed it and to nothing else, except that the browser which took the
chair holds its rejoin secret (only its SHA-256 is stored) and can bind the chair to its
current cookie again (:func:`rejoin`) if that cookie was lost or replaced.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from typing import cast

from sqlalchemy import BigInteger, Table, insert, literal, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from app.broadcast import Hub
from app.errors import AppError, Conflict
from app.games import store
from app.games.commands import clocks_at_start, new_game, opening
from app.games.deadlines import store_deadline
from app.games.runtime import RoomInfo, SlotHolder
from app.identity import digest_matches, new_rejoin_secret, new_token, token_digest
from app.models import GameRow, Room, RoomSeat
from app.rooms.schemas import RoomCreate

_ROOMS = cast(Table, Room.__table__)
_SEATS = cast(Table, RoomSeat.__table__)
_GAMES = cast(Table, GameRow.__table__)


@dataclass(frozen=True, slots=True)
class NewRoom:
    room_id: str
    seat: int
    invite_token: str | None
    watch_token: str | None
    rejoin_secret: str


@dataclass(frozen=True, slots=True)
class Seated:
    """A chair taken: the room, the seat in its current game, the chair's rejoin secret."""

    room_id: str
    seat: int
    rejoin_secret: str


async def create_room(
    engine: AsyncEngine, guest_id: str, body: RoomCreate, now: int, invite_ttl_ms: int
) -> NewRoom:
    room_id = secrets.token_urlsafe(12)
    others = [SlotHolder(bot_level=level) for level in body.seat_bots()]
    pace = body.pace()  # a guided game: untimed, unwatched
    room = RoomInfo(
        id=room_id,
        game=body.game_name(),
        preset=body.chosen_preset(),
        options=body.chosen_options(),
        time_initial_ms=pace.initial_ms,
        time_increment_ms=pace.increment_ms,
        setup_seconds=pace.setup_seconds,
        spectators=body.spectators and not body.tutorial,
        creator=guest_id,
        game_number=1,
        current_game_id="",
        slots=(SlotHolder(guest_id=guest_id), *others),
        turn_based=pace.turn_based,
    )
    game = new_game(room, 1, tuple(range(room.players)), now)
    room = replace(room, current_game_id=game.id)
    first = opening(room, game, now)  # a tutorial's opening actions, logged like any
    invite = None if room.full else new_token()
    watch = new_token()
    rejoin_secret = new_rejoin_secret()
    async with engine.begin() as conn:
        await store.insert_room(
            conn,
            room,
            game,
            invite_hash=None if invite is None else token_digest(invite),
            invite_expires_at=None if invite is None else now + invite_ttl_ms,
            watch_hash=token_digest(watch),
            now=now,
        )
        if first is not None:
            await store.write_change(conn, game, store.checkpoint(first.after), first.entries, now)
        await _set_rejoin_hash(conn, room_id, 0, rejoin_secret)
    return NewRoom(room_id, game.seat_of_slot(0), invite, watch if room.spectators else None, rejoin_secret)


async def _set_rejoin_hash(conn: AsyncConnection, room_id: str, slot: int, secret: str) -> None:
    await conn.execute(
        update(_SEATS)
        .where(_SEATS.c.room_id == room_id, _SEATS.c.slot == slot)
        .values(rejoin_hash=token_digest(secret))
    )


async def claim_invite(engine: AsyncEngine, hub: Hub, token: str, guest_id: str, now: int) -> Seated:
    """Bind the lowest free chair of the invite's room to ``guest_id``, with a new rejoin
    secret (one invite link fills the open chairs in order). A guest who already sits in the
    room gets his seat and a new secret for his chair (the old one stops working). The game's
    setup timer starts when the last chair is taken."""
    digest = token_digest(token)
    async with engine.begin() as conn:
        room = (
            await conn.execute(
                select(
                    _ROOMS.c.id,
                    _ROOMS.c.players,
                    _ROOMS.c.invite_hash,
                    _ROOMS.c.invite_expires_at,
                    _ROOMS.c.current_game_id,
                ).where(_ROOMS.c.invite_hash == digest)
            )
        ).one_or_none()
        if room is None or not digest_matches(room.invite_hash, token):
            raise AppError("not_found", "this invite link is unknown or has been revoked", 404)
        seats = {
            row.slot: row for row in (await conn.execute(select(_SEATS).where(_SEATS.c.room_id == room.id)))
        }
        seat_slots = await _seat_slots(conn, room.current_game_id)
        rejoin_secret = new_rejoin_secret()
        mine = next((slot for slot, row in seats.items() if row.guest_id == guest_id), None)
        if mine is not None:
            await _set_rejoin_hash(conn, room.id, mine, rejoin_secret)
            return Seated(room.id, seat_slots.index(mine), rejoin_secret)
        if room.invite_expires_at is not None and now >= room.invite_expires_at:
            raise AppError("expired", "this invite link has expired; ask for a new one", 410)
        free = [slot for slot in range(room.players) if slot not in seats]
        if not free:
            raise AppError("room_full", "every seat of this room is taken", 409)
        try:
            await conn.execute(
                insert(_SEATS).values(
                    room_id=room.id,
                    slot=free[0],
                    guest_id=guest_id,
                    joined_at=now,
                    rejoin_hash=token_digest(rejoin_secret),
                )
            )
        except IntegrityError:  # another guest took that chair at the same moment
            if len(free) == 1:
                raise AppError("room_full", "every seat of this room is taken", 409) from None
            raise Conflict("another guest took that seat at the same moment; try again") from None
        if len(free) == 1:
            await _start_setup_timer(conn, room.current_game_id, now)
            await _start_clocks(conn, room.current_game_id, now)
            started = await store.load_game(conn, room.current_game_id)
            if started is not None:  # the durable deadline of the timers just started
                await store_deadline(conn, started)
    await hub.publish({"kind": "room_changed", "room": room.id})
    return Seated(room.id, seat_slots.index(free[0]), rejoin_secret)


async def _seat_slots(conn: AsyncConnection, game_id: str) -> list[int]:
    """Which chair plays each seat of the game."""
    text = (await conn.execute(select(_GAMES.c.seat_slots).where(_GAMES.c.id == game_id))).scalar_one()
    return list(json.loads(text))


async def rejoin(engine: AsyncEngine, hub: Hub, room_id: str, secret: str, guest_id: str) -> int:
    """Bind the chair whose rejoin secret ``secret`` is to ``guest_id`` (the caller's cookie
    now), taking over the room's creator rights if that chair's guest had them; the seat
    that chair plays in the current game. The secret stays valid. Refused, changing
    nothing: a secret of no chair of this room (403), or a caller who already holds the
    other chair (409)."""
    refused = AppError("forbidden", "this rejoin secret is not for a seat of this room", 403)
    async with engine.begin() as conn:
        chairs = select(_SEATS.c.slot, _SEATS.c.guest_id, _SEATS.c.rejoin_hash)
        seats = (await conn.execute(chairs.where(_SEATS.c.room_id == room_id))).all()
        matching = [row for row in seats if digest_matches(row.rejoin_hash, secret)]
        if len(matching) != 1 or matching[0].guest_id is None:
            raise refused
        chair = matching[0]
        room = (
            await conn.execute(
                select(_ROOMS.c.creator, _ROOMS.c.current_game_id).where(_ROOMS.c.id == room_id)
            )
        ).one()
        seat = (await _seat_slots(conn, room.current_game_id)).index(chair.slot)
        if chair.guest_id == guest_id:
            return seat
        if any(row.guest_id == guest_id for row in seats):
            raise AppError("already_seated", "you already hold the other seat of this room", 409)
        try:
            moved = await conn.execute(
                update(_SEATS)
                .where(_SEATS.c.room_id == room_id, _SEATS.c.slot == chair.slot)
                .where(_SEATS.c.guest_id == chair.guest_id)
                .values(guest_id=guest_id)
            )
        except IntegrityError:  # took the other chair meanwhile (unique room, guest)
            raise AppError("already_seated", "you already hold the other seat of this room", 409) from None
        if moved.rowcount != 1:
            raise Conflict("the seat changed hands meanwhile; try again")
        if room.creator == chair.guest_id:
            await conn.execute(update(_ROOMS).where(_ROOMS.c.id == room_id).values(creator=guest_id))
        # Bumping ``seq`` tells every cached copy of the room (every process) that it is stale.
        await conn.execute(
            update(_GAMES).where(_GAMES.c.id == room.current_game_id).values(seq=_GAMES.c.seq + 1)
        )
    await hub.publish({"kind": "room_changed", "room": room_id})
    return seat


async def _start_setup_timer(conn: AsyncConnection, game_id: str, now: int) -> None:
    """Every chair is taken: the setup timer starts now. Bumping ``seq`` tells every
    cached copy of the game that it is stale."""
    await conn.execute(
        update(_GAMES)
        .where(_GAMES.c.id == game_id, _GAMES.c.status == "setup", _GAMES.c.setup_deadline.is_(None))
        .where(_GAMES.c.setup_seconds.is_not(None))
        .values(setup_deadline=literal(now, BigInteger) + _GAMES.c.setup_seconds * 1000, seq=_GAMES.c.seq + 1)
    )


async def _start_clocks(conn: AsyncConnection, game_id: str, now: int) -> None:
    """Every chair is taken: a timed game whose play begins at once (no setup phase: Flickago,
    Spies!) starts the clocks of the seats owing its first decision now."""
    game = await store.load_game(conn, game_id)
    if game is None or not game.clocks.timed:
        return
    clocks = clocks_at_start(game.rules, game.state, game.clocks, now)
    if clocks is game.clocks:
        return
    await conn.execute(
        update(_GAMES)
        .where(_GAMES.c.id == game_id, _GAMES.c.seq == game.seq)
        .values(clocks=store.dumps(clocks.to_json()), seq=game.seq + 1)
    )


async def reissue_invite(engine: AsyncEngine, room_id: str, guest_id: str, now: int, ttl_ms: int) -> str:
    """Revoke the room's invite and return a new token; only the creator may."""
    token = new_token()
    async with engine.begin() as conn:
        room = (
            await conn.execute(select(_ROOMS.c.creator, _ROOMS.c.players).where(_ROOMS.c.id == room_id))
        ).one_or_none()
        if room is None:
            raise AppError("not_found", "no such room", 404)
        if room.creator != guest_id:
            raise AppError("forbidden", "only the room's creator may re-issue its invite", 403)
        bots = (
            await conn.execute(
                select(_SEATS.c.slot).where(_SEATS.c.room_id == room_id, _SEATS.c.bot_level.is_not(None))
            )
        ).all()
        if len(bots) >= room.players - 1:
            raise AppError("forbidden", "every other seat of this room is a bot", 403)
        await conn.execute(
            update(_ROOMS)
            .where(_ROOMS.c.id == room_id)
            .values(invite_hash=token_digest(token), invite_expires_at=now + ttl_ms)
        )
    return token


async def room_for_watch_token(engine: AsyncEngine, token: str) -> str:
    """The room a spectator link watches. The room's current invite link watches too once
    every chair is taken (and the room admits spectators): whoever was sent it may watch
    the game he can no longer join, which the spectator link would let anyone do."""
    digest = token_digest(token)
    async with engine.connect() as conn:
        room = (
            await conn.execute(
                select(_ROOMS.c.id, _ROOMS.c.watch_hash, _ROOMS.c.spectators).where(
                    _ROOMS.c.watch_hash == digest
                )
            )
        ).one_or_none()
        if room is not None and digest_matches(room.watch_hash, token) and room.spectators:
            return str(room.id)
        invited = (
            await conn.execute(
                select(_ROOMS.c.id, _ROOMS.c.invite_hash, _ROOMS.c.spectators, _ROOMS.c.players).where(
                    _ROOMS.c.invite_hash == digest
                )
            )
        ).one_or_none()
        if invited is not None and digest_matches(invited.invite_hash, token) and invited.spectators:
            chairs = (await conn.execute(select(_SEATS.c.slot).where(_SEATS.c.room_id == invited.id))).all()
            if len(chairs) >= invited.players:
                return str(invited.id)
    raise AppError("not_found", "this spectator link is unknown", 404)
