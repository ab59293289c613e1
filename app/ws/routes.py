"""``/ws/rooms/{room_id}``: who is connecting decides what he may see and do.

A player is proved by the signed guest cookie alone; a spectator by the room's watch
token. Anyone else is told why (``not_player`` / ``forbidden``) and the socket is closed
with 1008 (policy violation).

Once authorised, a viewer is a :class:`~app.ws.connection.Connection` over the protocol
that takes the socket over from uvicorn (``app/ws/native.py``), or over ASGI's receive and
send under another server (``app/ws/asgi.py``).

Sockets do not go through FastAPI: every ``/ws/...`` socket is handed by the application
(``app.main.Speakeasy``) to :func:`serve_socket`, a plain ASGI app. FastAPI's routing and
dependency machinery and the HTTP middleware (which all pass a socket straight through)
kept a dozen suspended frames and three exit stacks per open socket, about 12 KiB of a
socket's memory (``bench/memory.py``), and stood in the path of every frame it sent.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Final

from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from app.errors import UNAVAILABLE, AppError
from app.games import frames
from app.identity import COOKIE_NAME
from app.inputs import is_room_id, is_token
from app.outage import OUTAGES, report
from app.rooms.service import room_for_watch_token
from app.security import refuse_foreign_socket
from app.ws import native
from app.ws.asgi import AsgiPort
from app.ws.connection import Connection, Port

log = logging.getLogger("speakeasy.ws")
_ROOM_PATH: Final = re.compile(r"/ws/rooms/([^/]+)")


def _route_path(scope: Scope) -> str:
    """The path below the app's mount point (``root_path``), as starlette routes on."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root) else path


def is_socket(scope: Scope) -> bool:
    """Whether :func:`serve_socket` answers this connection: a socket to ``/ws/...``."""
    return scope["type"] == "websocket" and _route_path(scope).startswith("/ws/")


async def serve_socket(scope: Scope, receive: Receive, send: Send) -> None:
    """A socket to ``/ws/...`` (:func:`is_socket`); ``scope["app"]`` is the application."""
    websocket = WebSocket(scope, receive, send)
    room = _ROOM_PATH.fullmatch(_route_path(scope))
    if room is None:
        await no_such_socket(websocket)
    else:
        await room_socket(websocket, room[1], websocket.query_params.get("watch"))


async def room_socket(websocket: WebSocket, room_id: str, watch: str | None) -> None:
    if await refuse_foreign_socket(websocket):
        return
    sockets = websocket.app.state.sockets
    await websocket.accept()
    address = websocket.client.host if websocket.client else "unknown"
    if sockets.full(address):
        limit = f"at most {sockets.limit} open connections per address; close one first"
        await _refuse(websocket, AppError("too_many_sockets", limit, 429))
        return
    sockets.add(address)
    connection = None
    try:
        connection = await _connection(websocket, room_id, watch, lambda: sockets.discard(address))
    finally:
        if connection is None:
            sockets.discard(address)
    if connection is not None:
        await connection.port.serve(connection)  # its close gives the address's place back


async def _connection(
    websocket: WebSocket, room_id: str, watch: str | None, on_closed: Callable[[], None]
) -> Connection | None:
    """The connection of an authorised viewer, or ``None`` once the socket was refused."""
    app = websocket.app
    settings = app.state.settings
    service = app.state.service
    guest = app.state.guests.guest_id(websocket.cookies.get(COOKIE_NAME))
    try:
        if not is_room_id(room_id) or (watch is not None and not is_token(watch)):
            raise AppError("bad_request", "malformed room id or spectator link")
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
        await _refuse(websocket, error)
        return None
    except OUTAGES as error:
        report(log, "socket refused: database unavailable", error)
        await _refuse(websocket, UNAVAILABLE, 1013)
        return None
    protocol = native.offered(websocket.scope)
    port: Port = AsgiPort(websocket) if protocol is None else protocol
    return Connection(port, service, app.state.hub, settings, app.state.metrics, room_id, slot, on_closed)


async def _refuse(websocket: WebSocket, error: AppError, close_code: int = 1008) -> None:
    """One error frame saying why, then a close frame: never a cut without one."""
    code = "forbidden" if error.code == "not_found" else error.code
    await websocket.send_text(frames.error_frame(code, error.message))
    await websocket.close(close_code)


async def no_such_socket(websocket: WebSocket) -> None:
    """Any other socket address: told so in a frame and closed properly, rather than
    refused at the handshake with a bare 403."""
    await websocket.accept()
    await _refuse(websocket, AppError("bad_request", "no such socket address"))
