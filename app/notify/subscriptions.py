"""Web Push subscriptions: checked strictly, stored bound to the guest who sent them.

A subscription is what a browser's ``PushManager.subscribe`` gives: its push service's
endpoint (a capability URL: whoever holds it can wake that browser, so it is never logged,
only a hash of it) and the keys a payload is encrypted to (RFC 8291: the browser's P-256
public key ``p256dh`` and a 16-byte ``auth`` secret).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import ipaddress
from dataclasses import dataclass
from typing import Annotated, Any, cast
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from sqlalchemy import Table, delete, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from app.errors import AppError
from app.models import PushSubscription
from app.notify.words import language

SUBSCRIPTIONS = cast(Table, PushSubscription.__table__)
MAX_PER_GUEST = 10
"""Browsers one guest may have subscribed; a new one beyond replaces the oldest."""
MAX_ENDPOINT = 1024

B64 = Annotated[str, StringConstraints(min_length=1, max_length=100, pattern=r"^[A-Za-z0-9_\-]+=*$")]


class SubscriptionKeys(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    p256dh: B64
    auth: B64


class SubscriptionIn(BaseModel):
    """``PushSubscription.toJSON()`` as the browser gives it, plus the page's language."""

    model_config = ConfigDict(extra="forbid", strict=True)

    endpoint: Annotated[str, StringConstraints(min_length=12, max_length=MAX_ENDPOINT)]
    expirationTime: int | None = None
    keys: SubscriptionKeys
    lang: Annotated[str, StringConstraints(pattern=r"^[a-z]{2}(-[A-Za-z]{2})?$")] = "en"


class EndpointOut(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    endpoint: Annotated[str, Field(min_length=12, max_length=MAX_ENDPOINT)]


@dataclass(frozen=True, slots=True)
class Subscription:
    id: int
    guest_id: str
    endpoint: str
    p256dh: str
    auth: str
    lang: str

    def info(self) -> dict[str, Any]:
        """The ``subscription_info`` pywebpush encrypts to."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def endpoint_hash(endpoint: str) -> str:
    """What the logs may say of an endpoint: a short hash, never the capability itself."""
    return hashlib.sha256(endpoint.encode()).hexdigest()[:12]


def _b64(value: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise AppError("bad_request", "the subscription's keys are not base64url") from None


def check_endpoint(endpoint: str, allow_http: bool) -> str:
    """An https URL of a push service: no credentials, no fragment, no address of this
    network (a local test receiver only where the settings allow it)."""
    parts = urlsplit(endpoint)
    local_test = allow_http and parts.scheme == "http" and parts.hostname == "127.0.0.1"
    if parts.scheme != "https" and not local_test:
        raise AppError("bad_request", "a push endpoint must be an https address")
    if not parts.hostname or parts.username or parts.password or parts.fragment:
        raise AppError("bad_request", "a push endpoint is a plain https address of a push service")
    if not local_test:
        host = parts.hostname
        try:
            ipaddress.ip_address(host)
            raise AppError("bad_request", "a push endpoint names its push service, not an address")
        except ValueError:
            pass
        if host == "localhost" or host.endswith((".localhost", ".local", ".internal")) or "." not in host:
            raise AppError("bad_request", "a push endpoint must be a push service on the internet")
    return endpoint


def check(body: SubscriptionIn, allow_http: bool) -> SubscriptionIn:
    """Refuse in words a subscription whose endpoint or keys could not be used."""
    check_endpoint(body.endpoint, allow_http)
    public = _b64(body.keys.p256dh)
    if len(public) != 65 or public[0] != 4:
        raise AppError("bad_request", "keys.p256dh must be an uncompressed P-256 public key (65 bytes)")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), public)
    except ValueError:
        raise AppError("bad_request", "keys.p256dh is not a point of the P-256 curve") from None
    if len(_b64(body.keys.auth)) != 16:
        raise AppError("bad_request", "keys.auth must be a 16-byte secret")
    return body


async def save(conn: AsyncConnection, guest_id: str, body: SubscriptionIn, now: int) -> None:
    """Store the subscription for ``guest_id`` (a browser subscribing again replaces its
    row: the endpoint is unique); a guest keeps at most :data:`MAX_PER_GUEST`."""
    await conn.execute(delete(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.endpoint == body.endpoint))
    await conn.execute(
        SUBSCRIPTIONS.insert().values(
            guest_id=guest_id,
            endpoint=body.endpoint,
            p256dh=body.keys.p256dh,
            auth=body.keys.auth,
            lang=language(body.lang),
            created_at=now,
        )
    )
    count = (
        await conn.execute(
            select(func.count()).select_from(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.guest_id == guest_id)
        )
    ).scalar_one()
    if count > MAX_PER_GUEST:
        oldest = (
            select(SUBSCRIPTIONS.c.id)
            .where(SUBSCRIPTIONS.c.guest_id == guest_id)
            .order_by(SUBSCRIPTIONS.c.created_at, SUBSCRIPTIONS.c.id)
            .limit(count - MAX_PER_GUEST)
        )
        ids = [row for row in (await conn.execute(oldest)).scalars()]
        await conn.execute(delete(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.id.in_(ids)))


async def remove(conn: AsyncConnection, guest_id: str, endpoint: str) -> bool:
    """Delete the guest's own subscription at ``endpoint``; whether there was one."""
    result = await conn.execute(
        delete(SUBSCRIPTIONS).where(
            SUBSCRIPTIONS.c.guest_id == guest_id, SUBSCRIPTIONS.c.endpoint == endpoint
        )
    )
    return bool(result.rowcount)


async def gone(conn: AsyncConnection, subscription_id: int) -> None:
    """The push service says the subscription no longer exists."""
    await conn.execute(delete(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.id == subscription_id))


async def of_guest(conn: AsyncConnection, guest_id: str) -> list[Subscription]:
    query = select(SUBSCRIPTIONS).where(SUBSCRIPTIONS.c.guest_id == guest_id).order_by(SUBSCRIPTIONS.c.id)
    return [
        Subscription(row.id, row.guest_id, row.endpoint, row.p256dh, row.auth, row.lang)
        for row in (await conn.execute(query)).all()
    ]


async def has(conn: AsyncConnection, guest_id: str, endpoint: str) -> bool:
    query = select(SUBSCRIPTIONS.c.id).where(
        SUBSCRIPTIONS.c.guest_id == guest_id, SUBSCRIPTIONS.c.endpoint == endpoint
    )
    return (await conn.execute(query)).first() is not None
