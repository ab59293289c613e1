"""Cross-site protection and the security headers of every response.

Where a request comes from (:class:`Site`): the server's own origin is
``SPEAKEASY_PUBLIC_URL``'s when set, else the request's scheme and host; the origins of
``SPEAKEASY_ALLOWED_ORIGINS`` count as its own too. A request is *foreign* when its
``Origin`` header names another origin (``null`` included), when it carries
``Sec-Fetch-Site: cross-site`` (unless its origin is explicitly allowed), or, without
``Origin``, ``Sec-Fetch-Site: same-site``. A request with neither header (curl, a
same-origin GET) is the server's own.

* A foreign state-changing request (POST, PUT, PATCH, DELETE) is refused with
  ``403 cross_site`` before anything reads it, and sets no cookie
  (:class:`SecurityMiddleware`); a foreign WebSocket handshake gets an ``error`` frame and
  a 1008 close (:func:`refuse_foreign_socket`).
* A guest cookie is written (minted or re-signed) only in answer to a request that is not
  foreign (``app.main``): a page elsewhere can never replace a player's identity.
* Every HTTP response carries the headers of :func:`security_headers`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from fastapi import WebSocket
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.config import Settings
from app.games import frames

UNSAFE_METHODS: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CROSS_SITE_MESSAGE: Final = "requests from pages of another site are refused"
HSTS: Final = "max-age=31536000; includeSubDomains"
WASM_WORKERS: Final = frozenset({"/static/js/verify-worker.js"})
"""The worker scripts whose policy lets them compile WebAssembly (a worker runs under the
policy of its own script's response): the game verifier, which runs Pyodide. No page may."""

_DEFAULT_PORTS: Final = {"http": 80, "https": 443}
_WEB_SCHEME: Final = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of an absolute http(s) URL, lower-case and without its
    default port; ``None`` for anything else (``null``, another scheme, garbage)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}" if port in (None, _DEFAULT_PORTS[scheme]) else f"{scheme}://{host}:{port}"


@dataclass(frozen=True, slots=True)
class Site:
    """The server's own origin and the origins it trusts like its own."""

    public_origin: str | None
    allowed: frozenset[str]

    @classmethod
    def from_settings(cls, settings: Settings) -> Site:
        allowed = set()
        for entry in settings.allowed_origins:
            origin = origin_of(entry)
            if origin is None:
                raise ValueError(f"SPEAKEASY_ALLOWED_ORIGINS: {entry!r} is not an http(s) origin")
            allowed.add(origin)
        public = None
        if settings.public_url:
            public = origin_of(settings.public_url)
            if public is None:
                raise ValueError("SPEAKEASY_PUBLIC_URL must be an absolute http(s) URL")
        return cls(public, frozenset(allowed))

    def own_origin(self, scope: Scope) -> str:
        """``SPEAKEASY_PUBLIC_URL``'s origin, else the one the request was sent to."""
        if self.public_origin is not None:
            return self.public_origin
        scheme = _WEB_SCHEME.get(scope.get("scheme", "http"), "http")
        host = Headers(scope=scope).get("host")
        if host is None:
            server = scope.get("server") or ("localhost", None)
            host = server[0] if server[1] is None else f"{server[0]}:{server[1]}"
        return origin_of(f"{scheme}://{host}") or f"{scheme}://invalid"

    def https(self, scope: Scope) -> bool:
        own = self.own_origin(scope)
        return own.startswith("https://") or scope.get("scheme") in ("https", "wss")

    def is_foreign(self, scope: Scope) -> bool:
        """Whether the request was sent by a page of another site (see the module doc)."""
        headers = Headers(scope=scope)
        fetch_site = headers.get("sec-fetch-site")
        given = headers.get("origin")
        if given is None:
            return fetch_site in ("cross-site", "same-site")
        origin = origin_of(given)
        if origin is None:
            return True
        if origin in self.allowed:
            return False
        return origin != self.own_origin(scope) or fetch_site == "cross-site"


def content_security_policy(own_origin: str, wasm: bool = False) -> str:
    """Scripts, styles and images from this origin only (the client has no inline script,
    style attribute or ``eval``); workers only from this origin; sockets to this origin;
    never framed. ``wasm``: the document may also compile WebAssembly
    (``'wasm-unsafe-eval'``, never ``'unsafe-eval'``)."""
    socket_origin = "wss" + own_origin[5:] if own_origin.startswith("https") else "ws" + own_origin[4:]
    return "; ".join(
        (
            "default-src 'none'",
            "script-src 'self' 'wasm-unsafe-eval'" if wasm else "script-src 'self'",
            "worker-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "font-src 'self'",
            f"connect-src 'self' {socket_origin}",
            "manifest-src 'self'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def security_headers(site: Site, scope: Scope) -> list[tuple[bytes, bytes]]:
    wasm = scope.get("path") in WASM_WORKERS
    headers = {
        "content-security-policy": content_security_policy(site.own_origin(scope), wasm),
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
    }
    if site.https(scope):
        headers["strict-transport-security"] = HSTS
    return [(name.encode(), value.encode()) for name, value in headers.items()]


def cross_site_detail() -> dict[str, str]:
    return {"code": "cross_site", "message": CROSS_SITE_MESSAGE}


class SecurityMiddleware:
    """Outermost HTTP middleware: refuses foreign state-changing requests before anything
    reads them, and adds the security headers to every response."""

    def __init__(self, app: ASGIApp, site: Site) -> None:
        self.app = app
        self.site = site

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = security_headers(self.site, scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _merged(message.get("headers", ()), extra)
            await send(message)

        if scope["method"] in UNSAFE_METHODS and self.site.is_foreign(scope):
            refusal = JSONResponse({"detail": cross_site_detail()}, status_code=403)
            await refusal(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)


def _merged(
    headers: Iterable[tuple[bytes, bytes]], extra: list[tuple[bytes, bytes]]
) -> list[tuple[bytes, bytes]]:
    names = {name for name, _ in extra}
    return [(name, value) for name, value in headers if name.lower() not in names] + extra


async def refuse_foreign_socket(websocket: WebSocket) -> bool:
    """Refuse a WebSocket handshake sent by a page of another site, as the socket route
    refuses (an ``error`` frame, then a 1008 close); ``True`` if it was refused."""
    site: Site = websocket.app.state.site
    if not site.is_foreign(websocket.scope):
        return False
    await websocket.accept()
    await websocket.send_text(frames.error_frame("cross_site", CROSS_SITE_MESSAGE))
    await websocket.close(1008)
    return True
