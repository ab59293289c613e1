"""``/ws/rooms/{room_id}``: who is connecting decides what he may see and do.

A player is proved by the signed guest cookie alone; a spectator by the room's watch
token. Anyone else is told why (``not_player`` / ``forbidden``) and the socket is closed
with 1008 (policy violation).
"""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from app.errors import AppError
from app.games import frames
from app.identity import COOKIE_NAME, verify_guest
from app.rooms.service import room_for_watch_token
from app.ws.connection import Connection

router = APIRouter()


@router.websocket("/ws/rooms/{room_id}")
async def room_socket(websocket: WebSocket, room_id: str, watch: str | None = None) -> None:
    app = websocket.app
    settings = app.state.settings
    service = app.state.service
    await websocket.accept()
    guest = verify_guest(settings.secret, websocket.cookies.get(COOKIE_NAME))
    try:
        runtime = await service.runtime(room_id)
        slot = None if guest is None else runtime.room.slot_of(guest)
        if slot is None:
            if watch is None:
                raise AppError(
                    "not_player", "you hold no seat in this room; use the spectator link to watch", 403
                )
            if await room_for_watch_token(app.state.engine, watch) != room_id:
                raise AppError("forbidden", "this spectator link is not for this room", 403)
    except AppError as error:
        code = "forbidden" if error.code == "not_found" else error.code
        await websocket.send_text(frames.error_frame(code, error.message))
        await websocket.close(1008)
        return
    connection = Connection(websocket, service, app.state.hub, settings, app.state.metrics, room_id, slot)
    await connection.run()
