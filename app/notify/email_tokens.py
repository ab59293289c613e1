"""The signed tokens of the links a mail carries: confirm this address, unsubscribe it.

Signed (HMAC, itsdangerous) under ``SPEAKEASY_SECRET``, each purpose with its own salt so
that one kind of link never works as the other. A token names the guest and the nonce of
the address it was mailed for (a newer address makes it void), never the address itself.
A confirmation link expires (``SPEAKEASY_EMAIL_CONFIRM_TTL_SECONDS``); an unsubscribe link
must work from any old mail, so it does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from itsdangerous import BadSignature, URLSafeSerializer

Purpose = Literal["confirm", "unsubscribe"]
_SALTS: Final = {"confirm": "speakeasy.email.confirm", "unsubscribe": "speakeasy.email.unsubscribe"}
MAX_TOKEN: Final = 400


@dataclass(frozen=True, slots=True)
class LinkClaim:
    guest_id: str
    nonce: str
    expires_at: int | None


class EmailTokens:
    def __init__(self, secret: str) -> None:
        self._serializers = {
            purpose: URLSafeSerializer(secret, salt=salt) for purpose, salt in _SALTS.items()
        }

    def issue(self, purpose: Purpose, guest_id: str, nonce: str, expires_at: int | None = None) -> str:
        payload: dict[str, object] = {"g": guest_id, "n": nonce}
        if expires_at is not None:
            payload["e"] = expires_at
        return str(self._serializers[purpose].dumps(payload))

    def read(self, purpose: Purpose, token: str, now_ms: int) -> LinkClaim | None:
        """What a token claims, or ``None``: forged, malformed, of another purpose, expired."""
        if not token or len(token) > MAX_TOKEN or not token.isascii():
            return None
        try:
            payload = self._serializers[purpose].loads(token)
        except BadSignature:
            return None
        if not isinstance(payload, dict):
            return None
        guest_id, nonce, expires = payload.get("g"), payload.get("n"), payload.get("e")
        if not isinstance(guest_id, str) or not isinstance(nonce, str):
            return None
        if expires is not None and (not isinstance(expires, int) or expires < now_ms):
            return None
        return LinkClaim(guest_id, nonce, expires)
