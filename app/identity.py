"""Guest identities and secret tokens.

A guest is a random id kept in an HttpOnly cookie, signed with itsdangerous'
``TimestampSigner`` (HMAC-SHA256, salted) under ``SPEAKEASY_SECRET``: no sign-up, and a
forged, altered or expired cookie is simply not an identity. The cookie carries the time it
was signed; it is refused once older than its maximum age, and re-issued (same guest, new
signature) once a quarter of that life has passed, so an active player never expires.

Key rotation: cookies signed under one of ``SPEAKEASY_OLD_SECRETS`` are still accepted and
re-issued under the current secret. Cookies of the first format (``id.hexhmac``, no issue
time) are migrated on first use: accepted once under the current or an old secret, then
re-issued in the timed format.

Link tokens (invite, watch) and seat rejoin secrets are ``secrets.token_urlsafe``; only
their SHA-256 is stored, and the stored digest is compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from itsdangerous import BadSignature, TimestampSigner

COOKIE_NAME: Final = "speakeasy_guest"
DEFAULT_MAX_AGE_SECONDS: Final = 180 * 24 * 3600
REFRESH_FRACTION: Final = 4
"""A cookie older than 1/REFRESH_FRACTION of its maximum age is re-issued."""
CLOCK_SKEW_SECONDS: Final = 300
"""A cookie signed this far "in the future" is still accepted (processes' clocks differ)."""

_GUEST_ID_BYTES: Final = 16
_REJOIN_SECRET_BYTES: Final = 18  # 144 bits
_SALT: Final = b"speakeasy.guest"
_MAX_COOKIE: Final = 200
_GUEST_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
_LEGACY_SIGNATURE: Final = re.compile(r"[0-9a-f]{64}")


def new_guest_id() -> str:
    return secrets.token_urlsafe(_GUEST_ID_BYTES)


def _wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass(frozen=True, slots=True)
class Guest:
    """The guest a cookie proves, and whether the cookie should be written again (signed
    under a retired secret, in the first format, or past a quarter of its life)."""

    id: str
    reissue: bool = False


class _Signer(TimestampSigner):
    """itsdangerous' timed signer, reading the time from the application's clock."""

    def __init__(self, keys: Sequence[str], now_ms: Callable[[], int]) -> None:
        super().__init__(list(keys), salt=_SALT, digest_method=hashlib.sha256)
        self._now_ms = now_ms

    def get_timestamp(self) -> int:
        return self._now_ms() // 1000


class GuestCookies:
    """Signs and verifies guest cookies under the current secret and the retired ones."""

    def __init__(
        self,
        secret: str,
        old_secrets: Sequence[str] = (),
        max_age_seconds: int = DEFAULT_MAX_AGE_SECONDS,
        now_ms: Callable[[], int] = _wall_clock_ms,
    ) -> None:
        self.max_age_seconds = max_age_seconds
        self._now_ms = now_ms
        self._secrets = (secret, *old_secrets)
        self._current = _Signer([secret], now_ms)
        self._retired = _Signer(old_secrets, now_ms) if old_secrets else None

    def issue(self, guest_id: str) -> str:
        """The cookie value proving ``guest_id``, signed now under the current secret."""
        return self._current.sign(guest_id).decode()

    def verify(self, cookie: str | None) -> Guest | None:
        """The guest a cookie proves, or ``None`` if it is missing, malformed, forged or
        expired."""
        if not cookie or len(cookie) > _MAX_COOKIE or not cookie.isascii():
            return None
        if cookie.count(".") == 1:
            return self._verify_legacy(cookie)
        retired = False
        try:
            value, signed_at = self._current.unsign(cookie, return_timestamp=True)
        except BadSignature:
            if self._retired is None:
                return None
            try:
                value, signed_at = self._retired.unsign(cookie, return_timestamp=True)
            except BadSignature:
                return None
            retired = True
        guest_id = value.decode()
        age = self._now_ms() // 1000 - int(signed_at.timestamp())
        if not _GUEST_ID.fullmatch(guest_id) or age > self.max_age_seconds or age < -CLOCK_SKEW_SECONDS:
            return None
        return Guest(guest_id, reissue=retired or age > self.max_age_seconds // REFRESH_FRACTION)

    def guest_id(self, cookie: str | None) -> str | None:
        """The guest id a cookie proves (where nothing can be written back: sockets)."""
        guest = self.verify(cookie)
        return None if guest is None else guest.id

    def _verify_legacy(self, cookie: str) -> Guest | None:
        """The first format, ``id.hex(HMAC-SHA256(secret, "guest:" + id))``: accepted under
        any known secret so that it can be migrated; always re-issued."""
        guest_id, _, signature = cookie.partition(".")
        if not _GUEST_ID.fullmatch(guest_id) or not _LEGACY_SIGNATURE.fullmatch(signature):
            return None
        for secret in self._secrets:
            if hmac.compare_digest(signature, legacy_signature(secret, guest_id)):
                return Guest(guest_id, reissue=True)
        return None


def legacy_signature(secret: str, guest_id: str) -> str:
    """The signature of a first-format cookie (kept only to migrate them)."""
    return hmac.new(secret.encode(), b"guest:" + guest_id.encode(), hashlib.sha256).hexdigest()


def sign_guest(secret: str, guest_id: str) -> str:
    """A cookie value for ``guest_id``, signed now (wall clock) under ``secret``: what a
    server with that secret and the system clock accepts (load tests, forgeries)."""
    return GuestCookies(secret).issue(guest_id)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_rejoin_secret() -> str:
    """The secret that lets a seat's browser take its seat back (144 bits)."""
    return secrets.token_urlsafe(_REJOIN_SECRET_BYTES)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def digest_matches(stored: str | None, token: str) -> bool:
    return stored is not None and hmac.compare_digest(stored, token_digest(token))
