"""The HTTP API of device links (issue 27, item 4; :mod:`app.devices`).

The token travels in request bodies, never in an API path, so it appears in no access log
line (the page's own address, ``/link/<token>``, is redacted by :mod:`app.logs`). Every
route here is a ``POST``: the cross-site guard (:class:`app.security.SecurityMiddleware`)
refuses a foreign page's request before anything reads the body or the cookie, so another
site can neither mint a link for a visitor nor plant an identity in his browser.
"""

from __future__ import annotations

from typing import Annotated, Literal

import segno
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from app import devices
from app.deps import ClockDep, EngineDep, GuestDep, SettingsDep, base_url
from app.guest_cookie import guest_cookie_header
from app.identity import GuestCookies
from app.inputs import TOKEN_MAX, URLSAFE

router = APIRouter()


class DeviceLinkIssued(BaseModel):
    url: str
    """``/link/<token>`` (absolute path)."""
    link_url: str
    """The same on this server's public address, to copy or scan."""
    qr: str
    """``link_url`` as a QR code: an SVG ``data:`` URI (the page's CSP admits ``data:`` images)."""
    expires_at: int
    server_now: int


class LinkToken(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    token: Annotated[str, Field(pattern=URLSAFE, min_length=1, max_length=TOKEN_MAX)]


class LinkState(BaseModel):
    state: Literal["ready", "expired", "used", "unknown"]
    expires_at: int | None
    server_now: int
    same_player: bool
    """The link carries the identity this browser already has."""


class LinkUsed(BaseModel):
    next_url: str


@router.post("/me/device-link")
async def make_device_link(
    request: Request, guest: GuestDep, engine: EngineDep, clock: ClockDep, settings: SettingsDep
) -> DeviceLinkIssued:
    """A one-time link that gives another browser this guest's identity (15 minutes)."""
    now = clock.now_ms()
    issued = await devices.issue(engine, guest, now)
    link_url = f"{base_url(request, settings)}{issued.url}"
    return DeviceLinkIssued(
        url=issued.url,
        link_url=link_url,
        qr=qr_code(link_url),
        expires_at=issued.expires_at,
        server_now=now,
    )


def qr_code(text: str) -> str:
    """``text`` as a QR code (segno; error correction M), black on white with the standard
    quiet zone so that any phone's camera reads it, as an SVG ``data:`` URI."""
    return str(segno.make(text, error="m").svg_data_uri(scale=4, border=4, dark="#000", light="#fff"))


@router.post("/device-links/status")
async def device_link_status(
    body: LinkToken, guest: GuestDep, engine: EngineDep, clock: ClockDep
) -> LinkState:
    """What opening the link would do, changing nothing (the confirmation page asks first)."""
    now = clock.now_ms()
    found = await devices.link_status(engine, body.token, now)
    return LinkState(
        state=found.state,
        expires_at=found.expires_at,
        server_now=now,
        same_player=found.guest_id == guest,
    )


@router.post("/device-links/use")
async def use_device_link(
    body: LinkToken,
    request: Request,
    response: Response,
    engine: EngineDep,
    clock: ClockDep,
    settings: SettingsDep,
) -> LinkUsed:
    """Spend the link: this browser becomes the guest who made it (its cookie is written
    here; :class:`app.guest_cookie.GuestCookieMiddleware` leaves it standing). Expired, used
    or unknown: refused in words, nothing changed."""
    guest_id = await devices.use_device_link(engine, body.token, clock.now_ms())
    guests: GuestCookies = request.app.state.guests
    response.headers.append(
        "set-cookie",
        guest_cookie_header(guests, guest_id, settings.guest_max_age_seconds, settings.cookie_secure),
    )
    return LinkUsed(next_url="/games")
