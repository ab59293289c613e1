"""The Web Push channel: a notice to every browser its guest subscribed, encrypted per
RFC 8291 (``aes128gcm``) and signed with the server's VAPID key (RFC 8292), by pywebpush.

A push service that answers 404 or 410 says the subscription is gone: its row is deleted.
Nothing here logs an endpoint (a capability to wake that browser), only a short hash.
"""

from __future__ import annotations

import base64
import logging
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import orjson
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid  # type: ignore[import-untyped]
from pywebpush import WebPusher, WebPushException  # type: ignore[import-untyped]
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import Settings
from app.notify import Notice, words
from app.notify import subscriptions as subs
from app.outage import OUTAGES, report

log = logging.getLogger("speakeasy.notify.webpush")

TTL_SECONDS = 24 * 3600
"""How long a push service keeps a notice for a browser that is offline."""


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass(frozen=True)
class VapidKeys:
    """The server's VAPID identity, from its settings."""

    signer: Any
    public_key: str
    """base64url of the uncompressed P-256 point: the browser's ``applicationServerKey``."""
    subject: str

    @classmethod
    def from_settings(cls, settings: Settings) -> VapidKeys | None:
        """``None`` without a private key (Web Push off); a mismatched public key is refused."""
        if not settings.vapid_private_key:
            return None
        signer = Vapid.from_string(private_key=settings.vapid_private_key)
        point = signer.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        public = _b64(point)
        given = (settings.vapid_public_key or "").rstrip("=")
        if given and given != public:
            raise ValueError("SPEAKEASY_VAPID_PUBLIC_KEY does not belong to SPEAKEASY_VAPID_PRIVATE_KEY")
        assert settings.vapid_subject is not None  # Settings refuses a key without one
        return cls(signer, public, settings.vapid_subject)

    def headers(self, endpoint: str) -> dict[str, str]:
        """The ``Authorization: vapid t=…, k=…`` header for the endpoint's push service (its
        JWT's ``exp`` in real time: the push service checks it against its own clock)."""
        parts = urlsplit(endpoint)
        claims = {
            "sub": self.subject,
            "aud": f"{parts.scheme}://{parts.netloc}",
            "exp": int(time.time()) + 12 * 3600,
        }
        return dict(self.signer.sign(claims))


def payload(notice: Notice, lang: str) -> bytes:
    """What the service worker receives (``static/sw.js``): the notice in the guest's words."""
    return orjson.dumps(
        {
            "kind": notice.kind,
            "room": notice.room_id,
            "game": notice.game,
            "title": words.title(notice, lang),
            "body": words.body(notice, lang),
            "url": notice.url,
        }
    )


class WebPushChannel:
    name = "webpush"

    def __init__(self, engine: AsyncEngine, keys: VapidKeys, timeout_seconds: float) -> None:
        self._engine = engine
        self._keys = keys
        self._timeout = aiohttp.ClientTimeout(total=timeout_seconds)
        self._session: aiohttp.ClientSession | None = None

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(timeout=self._timeout)
        return self._session

    async def deliver(self, notice: Notice) -> None:
        try:
            async with self._engine.connect() as conn:
                browsers = await subs.of_guest(conn, notice.guest_id)
        except OUTAGES as error:
            report(log, "push not sent: database unavailable", error)
            return
        for browser in browsers:
            await self._send(browser, notice)

    async def _send(self, browser: subs.Subscription, notice: Notice) -> None:
        tag = subs.endpoint_hash(browser.endpoint)
        try:
            pusher = WebPusher(browser.info(), aiohttp_session=self._client())
            answer = await pusher.send_async(
                payload(notice, browser.lang).decode(),
                {**self._keys.headers(browser.endpoint), "Urgency": "normal"},
                ttl=TTL_SECONDS,
                content_encoding="aes128gcm",
                timeout=self._timeout,
            )
        except (aiohttp.ClientError, TimeoutError, WebPushException, ValueError) as error:
            log.warning("push not delivered", extra={"endpoint": tag, "error": type(error).__name__})
            return
        status = getattr(answer, "status", 0)
        if status in (404, 410):
            async with self._engine.begin() as conn:
                await subs.gone(conn, browser.id)
            log.info("push subscription gone", extra={"endpoint": tag, "status": status})
        elif status >= 300:
            log.warning("push refused", extra={"endpoint": tag, "status": status})

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
