"""The Web Push routes (docs/protocol.md, "Notifications"): the server's public key, and
subscribing or unsubscribing this browser for the calling guest (his cookie says who)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

from app.deps import ClockDep, EngineDep, GuestDep, SettingsDep
from app.errors import AppError
from app.notify import subscriptions as subs
from app.notify.webpush import VapidKeys
from app.rooms.schemas import ErrorResponse

# Every refusal is {"detail": {"code", "message"}}, documented as such, as the rooms' routes.
router = APIRouter(prefix="/api/push", responses={"4XX": {"model": ErrorResponse, "description": "refused"}})


def _keys(request: Request) -> VapidKeys | None:
    return getattr(request.app.state, "vapid", None)


KeysDep = Annotated[VapidKeys | None, Depends(_keys)]


class PushKey(BaseModel):
    enabled: bool
    public_key: str | None
    """base64url of the server's VAPID public key (``applicationServerKey``); ``None`` when
    Web Push is off on this server."""


class Subscribed(BaseModel):
    subscribed: bool


def _on(keys: VapidKeys | None) -> VapidKeys:
    if keys is None:
        raise AppError("push_off", "notifications to a closed browser are not set up on this server", 409)
    return keys


@router.get("/key")
async def push_key(keys: KeysDep) -> PushKey:
    return PushKey(enabled=keys is not None, public_key=None if keys is None else keys.public_key)


@router.post("/subscriptions", status_code=201)
async def subscribe(
    body: subs.SubscriptionIn,
    guest: GuestDep,
    engine: EngineDep,
    clock: ClockDep,
    settings: SettingsDep,
    keys: KeysDep,
) -> Subscribed:
    """This browser's subscription, bound to the calling guest: his turns reach it."""
    _on(keys)
    subs.check(body, settings.push_allow_http)
    async with engine.begin() as conn:
        await subs.save(conn, guest, body, clock.now_ms())
    return Subscribed(subscribed=True)


@router.delete("/subscriptions")
async def unsubscribe(body: subs.EndpointOut, guest: GuestDep, engine: EngineDep) -> Subscribed:
    """Stop notifying this browser (only the calling guest's own subscription)."""
    async with engine.begin() as conn:
        await subs.remove(conn, guest, body.endpoint)
    return Subscribed(subscribed=False)
