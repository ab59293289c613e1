"""Guest identities and link tokens.

A guest is a random id signed with HMAC-SHA256 under the server secret and kept in an
HttpOnly cookie: no sign-up, and a forged or altered cookie is simply not an identity.
Link tokens (invite, watch) are ``secrets.token_urlsafe(24)``; only their SHA-256 is stored,
and the stored digest is compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

COOKIE_NAME: Final = "speakeasy_guest"
_GUEST_ID_BYTES: Final = 16


def new_guest_id() -> str:
    return secrets.token_urlsafe(_GUEST_ID_BYTES)


def _signature(secret: str, guest_id: str) -> str:
    mac = hmac.new(secret.encode(), b"guest:" + guest_id.encode(), hashlib.sha256)
    return mac.hexdigest()


def sign_guest(secret: str, guest_id: str) -> str:
    """The cookie value for ``guest_id``."""
    return f"{guest_id}.{_signature(secret, guest_id)}"


def verify_guest(secret: str, cookie: str | None) -> str | None:
    """The guest id a cookie proves, or ``None`` if it is missing, malformed or forged."""
    if not cookie or len(cookie) > 200:
        return None
    guest_id, dot, signature = cookie.rpartition(".")
    if not dot or not guest_id:
        return None
    if not hmac.compare_digest(signature, _signature(secret, guest_id)):
        return None
    return guest_id


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def digest_matches(stored: str | None, token: str) -> bool:
    return stored is not None and hmac.compare_digest(stored, token_digest(token))
