"""One-time links that carry a guest's identity to another device (issue 27, item 4).

A guest has no account: his identity is the signed cookie of one browser. To play the same
games from a phone, a browser he already uses asks for a link (``POST /api/me/device-link``,
or the e-mail helper mails one to a confirmed address), opens it on the other device
(``/link/<token>``), confirms, and that browser is given the same guest cookie.

The token is 192 random bits (``secrets.token_urlsafe(24)``); only its SHA-256 is stored
(``device_links.token_hash``), so a database dump opens nothing. A link is good for
:data:`LINK_TTL_MS` and once: :func:`use_device_link` sets ``used_at`` by a guarded update
(``used_at IS NULL AND expires_at > now``), so of two browsers (or two server processes)
racing on one link exactly one gets the identity. An expired, used or unknown link says so
and changes nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final, Literal, cast

from sqlalchemy import Table, delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncEngine

from app.errors import AppError
from app.identity import new_token, token_digest
from app.models import DeviceLink

LINK_TTL_MS: Final = 15 * 60 * 1000
LINK_PATH: Final = "/link/"
_KEEP_MS: Final = 24 * 3600 * 1000
"""Links expired longer ago than this are deleted as new ones are made."""

_LINKS: Final = cast(Table, DeviceLink.__table__)

LinkState = Literal["ready", "expired", "used", "unknown"]


@dataclass(frozen=True, slots=True)
class IssuedLink:
    url: str
    """Absolute path: ``/link/<token>``."""
    expires_at: int


@dataclass(frozen=True, slots=True)
class LinkStatus:
    state: LinkState
    expires_at: int | None
    guest_id: str | None
    """The identity the link carries (kept server-side: never sent to the browser)."""


def _wall_ms() -> int:
    return time.time_ns() // 1_000_000


async def issue_device_link(engine: AsyncEngine, guest_id: str, now: int | None = None) -> str:
    """A new one-time link for ``guest_id``: ``/link/<token>``, good for 15 minutes from
    ``now`` (ms epoch; pass the app's clock, ``app.state.clock.now_ms()``, where there is
    one: the wall clock otherwise)."""
    return (await issue(engine, guest_id, now)).url


async def issue(engine: AsyncEngine, guest_id: str, now: int | None = None) -> IssuedLink:
    when = _wall_ms() if now is None else now
    token = new_token()
    expires_at = when + LINK_TTL_MS
    async with engine.begin() as conn:
        await conn.execute(delete(_LINKS).where(_LINKS.c.expires_at < when - _KEEP_MS))
        await conn.execute(
            insert(_LINKS).values(
                token_hash=token_digest(token), guest_id=guest_id, created_at=when, expires_at=expires_at
            )
        )
    return IssuedLink(url=f"{LINK_PATH}{token}", expires_at=expires_at)


async def link_status(engine: AsyncEngine, token: str, now: int) -> LinkStatus:
    """What opening ``token`` would do now, changing nothing."""
    async with engine.connect() as conn:
        row = (await conn.execute(select(_LINKS).where(_LINKS.c.token_hash == token_digest(token)))).first()
    if row is None:
        return LinkStatus("unknown", None, None)
    if row.used_at is not None:
        return LinkStatus("used", row.expires_at, row.guest_id)
    if row.expires_at <= now:
        return LinkStatus("expired", row.expires_at, row.guest_id)
    return LinkStatus("ready", row.expires_at, row.guest_id)


_REFUSALS: Final[dict[LinkState, AppError]] = {
    "unknown": AppError("link_unknown", "this link is not one of ours: ask for a new one", 404),
    "used": AppError("link_used", "this link has already been used: ask for a new one", 410),
    "expired": AppError("link_expired", "this link has expired: ask for a new one", 410),
}


def refusal(state: LinkState) -> AppError:
    return _REFUSALS[state]


async def use_device_link(engine: AsyncEngine, token: str, now: int) -> str:
    """Spend the link: the guest id it carries, or :class:`AppError` (unknown, used,
    expired), nothing changed. Exactly one caller ever succeeds per link."""
    digest = token_digest(token)
    async with engine.begin() as conn:
        spent = await conn.execute(
            update(_LINKS)
            .where(_LINKS.c.token_hash == digest, _LINKS.c.used_at.is_(None), _LINKS.c.expires_at > now)
            .values(used_at=now)
            .returning(_LINKS.c.guest_id)
        )
        guest_id = spent.scalar_one_or_none()
    if guest_id is not None:
        return str(guest_id)
    raise refusal((await link_status(engine, token, now)).state)
