"""A push service for the tests: a real local HTTP server (aiohttp) that takes Web Push
requests as a browser's push service would, and a browser's subscription keys to read them.

:class:`Browser` holds what ``PushManager.subscribe`` makes in a real browser: a P-256 key
pair and a 16-byte auth secret; it decrypts a request body per RFC 8291 (``aes128gcm``,
with http_ece) and checks the VAPID ``Authorization`` header (RFC 8292: an ES256 JWT
signed by the key the header names).
"""

from __future__ import annotations

import base64
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def vapid_pair() -> tuple[str, str]:
    """A server VAPID key: (private as base64url of its 32 bytes, public uncompressed point)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64(private), b64(public)


@dataclass
class Pushed:
    path: str
    headers: dict[str, str]
    """Lower-case names."""
    body: bytes


@dataclass
class Browser:
    """One browser's push subscription keys."""

    name: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self, base: str, lang: str = "en") -> dict[str, Any]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": f"{base}/push/{self.name}",
            "expirationTime": None,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
            "lang": lang,
        }

    def decrypt(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        return json.loads(plain)  # type: ignore[no-any-return]


def check_vapid(headers: dict[str, str], server_public: str, audience: str) -> dict[str, Any]:
    """The VAPID header's claims, once its JWT's signature holds under ``server_public``
    (which the header must name) and its audience and expiry are right."""
    scheme, _, params = headers["authorization"].partition(" ")
    assert scheme == "vapid", headers["authorization"]
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"].rstrip("=") == server_public.rstrip("=")
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_public))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    assert json.loads(unb64(head))["alg"] == "ES256"
    decoded: dict[str, Any] = json.loads(unb64(claims))
    assert decoded["aud"] == audience
    assert decoded["exp"] > time.time()
    return decoded


class Receiver:
    """The local push service: records every request; answers ``status`` (201, or 410 for
    a subscription it says is gone)."""

    def __init__(self) -> None:
        self.pushed: list[Pushed] = []
        self.status: dict[str, int] = {}
        self.base = ""
        self._runner: web.AppRunner | None = None

    async def _take(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        headers = {key.lower(): value for key, value in request.headers.items()}
        self.pushed.append(Pushed(name, headers, await request.read()))
        return web.Response(status=self.status.get(name, 201))

    async def start(self) -> str:
        app = web.Application()
        app.router.add_post("/push/{name}", self._take)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base = f"http://127.0.0.1:{port}"
        return self.base

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def to(self, name: str) -> list[Pushed]:
        return [push for push in self.pushed if push.path == name]
