"""The HTTP API (docs/protocol.md, "HTTP API"). Thin: each route checks its input, calls
one service function and shapes the answer."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import PlainTextResponse
from sqlalchemy.ext.asyncio import AsyncEngine

from app.deps import ClockDep, EngineDep, GuestDep, HubDep, ServiceDep, SettingsDep, base_url, client_address
from app.errors import AppError
from app.games import frames, history, store
from app.games import my_games as my_games_list
from app.games.runtime import LoadedGame
from app.inputs import CatalogueName, GameIdPath, RoomIdPath, TokenPath
from app.rooms import service
from app.rooms.device_routes import router as device_router
from app.rooms.schemas import (
    CatalogueGame,
    Claimed,
    ErrorResponse,
    InviteIssued,
    Rejoined,
    RejoinRequest,
    RoomCreate,
    RoomCreated,
    WatchTarget,
)
from engine.catalogue import entries, entry

# Documented as what it is: every refusal is {"detail": {"code", "message"}} (this also
# replaces FastAPI's default 422 schema, which the app's validation handler does not send).
router = APIRouter(prefix="/api", responses={"4XX": {"model": ErrorResponse, "description": "refused"}})


@router.post("/rooms", status_code=201)
async def create_room(
    body: RoomCreate,
    request: Request,
    guest: GuestDep,
    engine: EngineDep,
    clock: ClockDep,
    settings: SettingsDep,
    games: ServiceDep,
) -> RoomCreated:
    if not request.app.state.room_limit.take(client_address(request)):
        raise AppError("rate_limited", "too many rooms created from your address; wait a minute", 429)
    if (body.bot is not None or body.tutorial) and not games.bots_available:
        raise AppError("bot_unavailable", "computer opponents are not available on this server yet", 422)
    created = await service.create_room(
        engine, guest, body, clock.now_ms(), settings.invite_ttl_seconds * 1000
    )
    base = base_url(request, settings)
    if body.bot is not None or body.tutorial:
        await games.start_bot(created.room_id)
    return RoomCreated(
        room_id=created.room_id,
        seat=created.seat,
        invite_url=None if created.invite_token is None else f"{base}/i/{created.invite_token}",
        watch_url=None if created.watch_token is None else f"{base}/w/{created.watch_token}",
        room_url=f"{base}/r/{created.room_id}",
        rejoin_secret=created.rejoin_secret,
    )


@router.get("/rooms/{room_id}")
async def room_summary(room_id: RoomIdPath, guest: GuestDep, games: ServiceDep) -> dict[str, object]:
    games.invalidate(room_id)
    runtime = await games.runtime(room_id)
    grace = games.settings.grace_seconds
    return frames.room_summary(runtime.room, runtime.room.slot_of(guest), runtime.game, grace)


@router.post("/invites/{token}/claim")
async def claim_invite(
    token: TokenPath, guest: GuestDep, engine: EngineDep, hub: HubDep, clock: ClockDep, request: Request
) -> Claimed:
    seated = await service.claim_invite(engine, hub, token, guest, clock.now_ms())
    request.app.state.notifier.seated(seated.room_id, guest)  # the last chair starts the game (issue 27)
    return Claimed(room_id=seated.room_id, seat=seated.seat, rejoin_secret=seated.rejoin_secret)


@router.post("/rooms/{room_id}/rejoin")
async def rejoin_seat(
    room_id: RoomIdPath,
    body: RejoinRequest,
    guest: GuestDep,
    engine: EngineDep,
    hub: HubDep,
    games: ServiceDep,
) -> Rejoined:
    """Take a seat back with its rejoin secret: the seat is bound to the caller's cookie."""
    seat = await service.rejoin(engine, hub, room_id, body.secret, guest)
    games.invalidate(room_id)
    return Rejoined(room_id=room_id, seat=seat)


@router.post("/rooms/{room_id}/invite")
async def reissue_invite(
    room_id: RoomIdPath,
    request: Request,
    guest: GuestDep,
    engine: EngineDep,
    clock: ClockDep,
    settings: SettingsDep,
) -> InviteIssued:
    token = await service.reissue_invite(
        engine, room_id, guest, clock.now_ms(), settings.invite_ttl_seconds * 1000
    )
    return InviteIssued(invite_url=f"{base_url(request, settings)}/i/{token}")


@router.get("/watch/{token}")
async def watch_target(token: TokenPath, engine: EngineDep) -> WatchTarget:
    return WatchTarget(room_id=await service.room_for_watch_token(engine, token))


@router.get(
    "/games/{game_id}/record",
    response_class=PlainTextResponse,
    responses={
        "4XX": {
            "description": "refused",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorResponse"}}},
        }
    },
)
async def game_record(game_id: GameIdPath, engine: EngineDep) -> PlainTextResponse:
    game = await _finished_game(engine, game_id)
    return PlainTextResponse(
        entry(game.game).record_text(game.state),
        headers={"Content-Disposition": f'attachment; filename="{game.game}-{game_id}.txt"'},
    )


@router.get("/games/{game_id}/record.json")
async def game_record_json(game_id: GameIdPath, engine: EngineDep) -> dict[str, Any]:
    """The JSON record, seed revealed: what ``python -m engine verify`` and the browser's
    "verify this game" check (docs/protocol.md, version 2)."""
    game = await _finished_game(engine, game_id)
    return entry(game.game).record(game.state)


async def _finished_game(engine: AsyncEngine, game_id: str) -> LoadedGame:
    """A game's records hold every secret: only once it is over."""
    async with engine.connect() as conn:
        game = await store.load_game(conn, game_id)
    if game is None:
        raise AppError("not_found", "no such game", 404)
    if game.result is None:
        raise AppError("not_over", "the record is available once the game is over", 409)
    return game


@router.get("/games/{game_id}/replay")
async def game_replay(
    game_id: GameIdPath,
    engine: EngineDep,
    guest: GuestDep,
    viewer: Annotated[str | None, Query(pattern=r"^(\d{1,2}|spectator|everyone)$")] = None,
) -> dict[str, Any]:
    """Every version of a game as one viewpoint received it (issue 14): a player his own
    seat during the game, anyone the public view (if the room admits spectators); every
    seat and the full reveal once it is over."""
    async with engine.connect() as conn:
        game = await store.load_game(conn, game_id)
        runtime = None if game is None else await store.load_room(conn, game.room_id)
        if game is None or runtime is None:
            raise AppError("not_found", "no such game", 404)
        return await history.replay(conn, runtime.room, game, guest, viewer)


@router.get("/rooms/{room_id}/games")
async def room_games(room_id: RoomIdPath, engine: EngineDep, guest: GuestDep) -> dict[str, Any]:
    """A room's games, oldest first, with each chair's score across the rematches."""
    async with engine.connect() as conn:
        runtime = await store.load_room(conn, room_id)
        if runtime is None:
            raise AppError("not_found", "no such room", 404)
        return await history.room_games(conn, runtime.room, guest)


@router.get("/me/games")
async def my_games(
    engine: EngineDep,
    guest: GuestDep,
    clock: ClockDep,
    page: Annotated[int, Query(ge=1, le=10_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict[str, Any]:
    """The games this browser's guest identity plays and played (in the chairs it holds):
    those awaiting its move first, with the time left, then the other running ones, then
    the finished ones (:mod:`app.games.my_games`)."""
    async with engine.connect() as conn:
        return await my_games_list.guest_games(conn, guest, page, per_page, clock.now_ms())


@router.get("/me/turns")
async def my_turns(engine: EngineDep, guest: GuestDep) -> dict[str, int]:
    """How many running games await this guest's move (the landing page's line)."""
    async with engine.connect() as conn:
        return {"your_move": await my_games_list.your_move_count(conn, guest)}


@router.get("/catalogue")
async def game_catalogue() -> list[CatalogueGame]:
    """Every game this server plays, with what it takes to create a room of it."""
    return [
        CatalogueGame(
            name=found.name,
            title=found.title,
            min_players=found.min_players,
            max_players=found.max_players,
            presets={name: dict(options) for name, options in found.presets.items()},
            option_schema=dict(found.option_schema),
            bot_levels=list(found.bot_levels),
            client_module=found.client_module,
            rules_module=found.rules_module,
            private_channels=found.private_channels,
            agreed_draws=found.agreed_draws,
            tutorial=found.tutorial is not None,
            level_names={level: dict(words) for level, words in found.level_names.items()},
            level_descriptions={level: dict(words) for level, words in found.level_descriptions.items()},
            hints=bool(found.hint_reason),
        )
        for found in entries()
    ]


@router.get("/catalogue/{name}/{resource}")
async def game_resource(name: CatalogueName, resource: CatalogueName) -> Any:
    """Static data a game's browser module asks for by name (``GameEntry.resources``)."""
    try:
        found = entry(name)
    except KeyError:
        raise AppError("not_found", "no such game", 404) from None
    make = found.resources.get(resource)
    if make is None:
        raise AppError("not_found", f"{found.title} has no resource {resource!r}", 404)
    return make()


router.include_router(device_router)  # device links (issue 27): app/rooms/device_routes.py
