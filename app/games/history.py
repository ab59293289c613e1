"""Looking back at games: a game's every version from one viewpoint and a room's games with
the score across rematches (the games a guest plays: :mod:`app.games.my_games`).

A replay is rebuilt, never stored: the game's first state from its seed and options, then
every logged action applied again through the rules (``game_actions``, oldest first). Each
version carries what the viewpoint received live at that version — the event as the rules
project it for that viewer, and the view of the state after the action that made it — so
the one redaction boundary (``Game.view`` / ``Game.project``) is the only source here too.

Who may see what (:func:`viewpoints`): during a game a player his own seat's view (and the
public one), anyone else the public view if the room admits spectators; once the game is
over every seat's view and the full reveal (``everyone``).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncConnection

from app.errors import AppError
from app.games import store
from app.games.frames import viewer_key
from app.games.runtime import LoadedGame, RoomInfo
from app.models import GameRow
from engine.core import EVERYONE, SPECTATOR, Result, Viewer
from engine.errors import GameError

_CACHED_REPLAYS: Final = 64
_replays: OrderedDict[tuple[str, str], list[dict[str, Any]]] = OrderedDict()
"""Steps of finished games (they never change), by game and viewpoint, the newest kept."""


def parse_viewer(text: str, players: int) -> Viewer:
    """``"0"`` … ``"players-1"``, ``"spectator"`` or ``"everyone"``; :class:`AppError` else."""
    if text in (SPECTATOR, EVERYONE):
        return text  # type: ignore[return-value]
    if text.isdigit() and len(text) <= 2 and int(text) < players:
        return int(text)
    raise AppError("bad_request", f"viewer is a seat from 0 to {players - 1}, 'spectator' or 'everyone'", 422)


def viewpoints(room: RoomInfo, game: LoadedGame, your_seat: int | None) -> list[Viewer]:
    """The viewpoints this caller may ask for now."""
    if game.result is not None:
        return [*range(game.players), SPECTATOR, EVERYONE]
    out: list[Viewer] = []
    if your_seat is not None:
        out.append(your_seat)
    if your_seat is not None or room.spectators:
        out.append(SPECTATOR)
    return out


def your_seat(room: RoomInfo, game: LoadedGame, guest_id: str) -> int | None:
    slot = room.slot_of(guest_id)
    return None if slot is None else game.seat_of_slot(slot)


async def steps(conn: AsyncConnection, game: LoadedGame, viewer: Viewer) -> list[dict[str, Any]]:
    """Version 0 (the first state) and every version after it, as ``viewer`` received them."""
    key = (game.id, viewer_key(viewer))
    if game.result is not None and key in _replays:
        _replays.move_to_end(key)
        return _replays[key]
    rules = game.rules
    try:
        state = rules.new_game(game.seed, game.options, game.players)
    except GameError:
        raise AppError("unavailable", "this game was stored in a form that cannot be replayed", 503) from None
    out: list[dict[str, Any]] = [
        {"version": 0, "event": None, "view": rules.view(state, viewer, history=False), "at": None}
    ]
    for action in await store.actions_since(conn, game.id, 0):
        try:
            state = store.redo(game, state, action).state
        except store.LogMismatch:
            raise AppError("unavailable", "the game's log does not replay", 503) from None
        view = rules.view(state, viewer, history=False)
        for index, event in enumerate(action.events):  # the events as logged (and sent)
            out.append(
                {
                    "version": action.first_version + index,
                    "event": rules.project(event, viewer),
                    "view": view,
                    "at": action.at,
                }
            )
    if game.result is not None:
        _replays[key] = out
        while len(_replays) > _CACHED_REPLAYS:
            _replays.popitem(last=False)
    return out


async def replay(
    conn: AsyncConnection, room: RoomInfo, game: LoadedGame, guest_id: str, asked: str | None
) -> dict[str, Any]:
    """The replay of ``game`` from the viewpoint ``asked`` (default: the caller's seat, else
    the public view), or :class:`AppError` when the caller may not see it now."""
    seat = your_seat(room, game, guest_id)
    allowed = viewpoints(room, game, seat)
    if asked is None:
        viewer: Viewer = seat if seat is not None else SPECTATOR
    else:
        viewer = parse_viewer(asked, game.players)
    if viewer not in allowed:
        if not allowed:
            raise AppError("forbidden", "this room admits no spectators", 403)
        raise AppError(
            "forbidden", "the other seats' views and the full reveal open once the game is over", 403
        )
    found = room.entry
    return {
        "game_id": game.id,
        "room_id": room.id,
        "game": found.name,
        "title": found.title,
        "client_module": found.client_module,
        "number": game.number,
        "players": game.players,
        "preset": game.options.get("preset"),
        "over": game.result is not None,
        "result": None if game.result is None else game.result.to_dict(),
        "viewer": viewer_key(viewer),
        "your_seat": seat,
        "viewpoints": [viewer_key(allowed_viewer) for allowed_viewer in allowed],
        "seats": [
            {"seat": s, "bot": room.slots[game.slot_of_seat(s)].bot_level, "you": s == seat}
            for s in range(game.players)
        ],
        "steps": await steps(conn, game, viewer),
    }


# -- lists --------------------------------------------------------------------------------
def _outcomes(result: Result | None, seat_slots: list[int]) -> list[str | None]:
    """Each chair's outcome in one game (``None`` while it goes on)."""
    out: list[str | None] = [None] * len(seat_slots)
    if result is not None:
        for seat, chair in enumerate(seat_slots):
            out[chair] = result.seat_outcome(seat)
    return out


def _result(row: Any) -> Result | None:
    return Result.from_dict(json.loads(row.result)) if row.result else None


def _links(row: Any) -> dict[str, Any]:
    over = row.status == "over"
    return {"replay_url": f"/g/{row.id}", "record_url": f"/api/games/{row.id}/record" if over else None}


async def room_games(conn: AsyncConnection, room: RoomInfo, guest_id: str) -> dict[str, Any]:
    """A room's games, oldest first, and each chair's wins, draws and losses across them."""
    rows = (
        await conn.execute(
            select(GameRow.__table__).where(GameRow.room_id == room.id).order_by(GameRow.number)
        )
    ).all()
    yours = room.slot_of(guest_id)
    tally = [{"wins": 0, "draws": 0, "losses": 0} for _ in room.slots]
    games = []
    for row in rows:
        seat_slots = list(json.loads(row.seat_slots))
        result = _result(row)
        outcomes = _outcomes(result, seat_slots)
        for chair, outcome in enumerate(outcomes):
            if outcome in ("win", "draw", "loss"):
                tally[chair][{"win": "wins", "draw": "draws", "loss": "losses"}[outcome]] += 1
        games.append(
            {
                "game_id": row.id,
                "number": row.number,
                "status": str(row.status),
                "result": None if result is None else result.to_dict(),
                "seats": seat_slots,
                "outcomes": outcomes,
                "created_at": row.created_at,
                "updated_at": row.updated_at,
                **_links(row),
            }
        )
    return {
        "room_id": room.id,
        "game": room.game,
        "title": room.entry.title,
        "your_chair": yours,
        "chairs": [
            {"chair": chair, "bot": holder.bot_level, "you": chair == yours, **tally[chair]}
            for chair, holder in enumerate(room.slots)
        ],
        "games": games,
    }
