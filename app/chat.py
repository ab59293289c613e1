"""Room chat: who may write where, who receives each line, and its frames.

Three kinds of channel (docs/protocol.md, version 2):

* ``players``: the room's players, and only them: a spectator never receives it;
* ``spectators``: the spectators, and only them (they never write to the players);
* ``seat:<n>``: private, between the writer's seat and seat ``n``, for games whose rules
  call for it (``GameEntry.private_channels``, Spies! diplomacy), while the rules say the two
  may talk (:meth:`engine.core.Game.private_chat`: Spies! opens it in negotiation periods and
  on an open channel).

Lines are stored by chair (``slot``), since seats move with every rematch, and shown by the
seat each chair plays in the current game. Every line is delivered as one frame per
recipient class, built here, like game frames: a viewer class that may not read a line gets
nothing of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from app.errors import AppError
from app.games.runtime import LoadedGame, RoomInfo
from app.models import ChatMessage

_CHAT = cast(Table, ChatMessage.__table__)
_PRIVATE = re.compile(r"^seat:(\d{1,2})$")
HISTORY: Final = 100
SPECTATORS: Final = "spectator"


@dataclass(frozen=True, slots=True)
class Line:
    channel: str  # "players", "spectators" or "private"
    slot: int | None  # the writer's chair (None: a spectator)
    to_slot: int | None  # a private line's other chair
    text: str
    at: int


def address(room: RoomInfo, game: LoadedGame, slot: int | None, channel: str, text: str, at: int) -> Line:
    """The line ``slot`` (``None``: a spectator) may write to ``channel``, or the refusal."""
    if slot is None:
        if channel != "spectators":
            raise AppError("forbidden", "spectators write to the spectators' chat only", 403)
        return Line("spectators", None, None, text, at)
    if channel == "players":
        return Line("players", slot, None, text, at)
    if channel == "spectators":
        raise AppError("forbidden", "players write to the players' chat", 403)
    match = _PRIVATE.match(channel)
    if match is None:
        raise AppError("bad_message", "channel is players, spectators or seat:<n>")
    if not room.entry.private_channels:
        raise AppError("forbidden", f"{room.entry.title} has no private channels", 403)
    seat = int(match.group(1))
    if not 0 <= seat < game.players or game.slot_of_seat(seat) == slot:
        raise AppError("bad_message", "a private channel is with another seat of this game")
    if seat not in game.rules.private_chat(game.state, game.seat_of_slot(slot)):
        raise AppError("illegal", f"private chat with seat {seat + 1} is not open now")
    return Line("private", slot, game.slot_of_seat(seat), text, at)


def recipients(line: Line, game: LoadedGame) -> tuple[str, ...]:
    """The viewer classes (seat numbers as text, or ``spectator``) that receive ``line``."""
    if line.channel == "spectators":
        return (SPECTATORS,)
    if line.channel == "players":
        return tuple(str(seat) for seat in range(game.players))
    assert line.slot is not None and line.to_slot is not None
    return (str(game.seat_of_slot(line.slot)), str(game.seat_of_slot(line.to_slot)))


def payload(line: Line, game: LoadedGame, viewer_key: str) -> dict[str, Any]:
    """``line`` as ``viewer_key`` sees it: a private line is named by the other seat."""
    sender = None if line.slot is None else game.seat_of_slot(line.slot)
    channel = line.channel
    if channel == "private":
        assert line.slot is not None and line.to_slot is not None
        mine = viewer_key == str(sender)
        channel = f"seat:{game.seat_of_slot(line.to_slot) if mine else sender}"
    return {"type": "chat", "channel": channel, "from": sender, "text": line.text, "at": line.at}


def frames(line: Line, game: LoadedGame) -> dict[str, str]:
    return {
        key: json.dumps(payload(line, game, key), separators=(",", ":"), ensure_ascii=False)
        for key in recipients(line, game)
    }


async def store(conn: AsyncConnection, room_id: str, line: Line) -> None:
    await conn.execute(
        insert(_CHAT).values(
            room_id=room_id,
            channel=line.channel,
            slot=line.slot,
            to_slot=line.to_slot,
            text=line.text,
            at=line.at,
        )
    )


async def history(conn: AsyncConnection, room_id: str) -> list[Line]:
    """The room's last :data:`HISTORY` lines, oldest first (every channel: callers filter)."""
    rows = await conn.execute(
        select(_CHAT).where(_CHAT.c.room_id == room_id).order_by(_CHAT.c.id.desc()).limit(HISTORY)
    )
    return [Line(row.channel, row.slot, row.to_slot, row.text, row.at) for row in reversed(rows.all())]


def visible(lines: Sequence[Line], game: LoadedGame, viewer_key: str) -> list[dict[str, Any]]:
    """The lines ``viewer_key`` may read, as it reads them."""
    return [payload(line, game, viewer_key) for line in lines if viewer_key in recipients(line, game)]
