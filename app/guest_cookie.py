"""The guest cookie on every ``/api`` request and on a page that finds none, as a plain ASGI
middleware.

Every ``/api`` caller has a guest identity, proved by the signed cookie
(:class:`app.identity.GuestCookies`); its id is put on the request's state
(``request.state.guest_id``, read by :func:`app.deps.guest_id`). A cookie is written (a new
guest, or the same one re-signed: retired secret, first format, a quarter of its life gone)
only in answer to a request from this site's own pages; a foreign caller without a valid
cookie gets a throw-away id that nothing keeps. Foreign state-changing requests never get
here (:class:`app.security.SecurityMiddleware`).

A plain ASGI middleware rather than starlette's ``BaseHTTPMiddleware``: that one runs the
rest of the application in a task of its own and logs "No response returned." at ERROR
whenever a browser gives up a request before its answer (a page left while it loads).
Here a cancelled request is just cancelled, and the answer streams through untouched but
for one header.
"""

from __future__ import annotations

import http.cookies

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.identity import COOKIE_NAME, Guest, GuestCookies, new_guest_id
from app.security import Site


class GuestCookieMiddleware:
    def __init__(self, app: ASGIApp, guests: GuestCookies, site: Site, max_age: int, secure: bool) -> None:
        self.app = app
        self.guests = guests
        self.site = site
        self.max_age = max_age
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not scope["path"].startswith("/api/"):
            await self._page(scope, receive, send)
            return
        cookie = Request(scope).cookies.get(COOKIE_NAME)
        guest = self.guests.verify(cookie) or Guest(new_guest_id(), reissue=True)
        scope.setdefault("state", {})["guest_id"] = guest.id
        if not guest.reissue or self.site.is_foreign(scope):
            await self.app(scope, receive, send)
            return
        header = guest_cookie_header(self.guests, guest.id, self.max_age, self.secure)

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                # A route that gave this browser another identity (a device link) wrote
                # the cookie itself: that one stands.
                if not any(value.startswith(f"{COOKIE_NAME}=") for value in headers.getlist("set-cookie")):
                    headers.append("set-cookie", header)
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    async def _page(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A page of this site answered to a browser without a valid cookie brings its new
        guest identity with it, so that the page's first ``/api`` requests, sent side by side,
        carry one identity between them (each would otherwise make a guest of its own, and the
        last answer's cookie would win: a room made by the first would not be his). A fresh
        random identity is harmless whoever linked to the page, so a top-level ``GET`` from
        another site (an invite in a mail) gets one too: a browser sends its Lax cookie with
        such a navigation, so a missing one is truly missing, never masked. A foreign request
        of any other kind (a form's ``POST``, a frame, a fetch) writes nothing, as on ``/api``."""
        request = Request(scope)
        navigation = request.headers.get("sec-fetch-mode") == "navigate" and request.headers.get(
            "sec-fetch-dest"
        ) in ("document", None)
        if (
            request.method not in ("GET", "HEAD")
            or (self.site.is_foreign(scope) and not navigation)
            or self.guests.verify(request.cookies.get(COOKIE_NAME)) is not None
        ):
            await self.app(scope, receive, send)
            return

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if headers.get("content-type", "").startswith("text/html"):
                    headers.append(
                        "set-cookie",
                        guest_cookie_header(self.guests, new_guest_id(), self.max_age, self.secure),
                    )
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def guest_cookie_header(guests: GuestCookies, guest_id: str, max_age: int, secure: bool) -> str:
    """The ``Set-Cookie`` value for ``guest_id``: HttpOnly, SameSite=Lax, for the whole site,
    Secure when the site is served over HTTPS (``SPEAKEASY_COOKIE_SECURE``)."""
    cookie: http.cookies.SimpleCookie = http.cookies.SimpleCookie()
    cookie[COOKIE_NAME] = guests.issue(guest_id)
    morsel = cookie[COOKIE_NAME]
    morsel["max-age"] = max_age
    morsel["path"] = "/"
    morsel["httponly"] = True
    morsel["samesite"] = "lax"
    if secure:
        morsel["secure"] = True
    return cookie.output(header="").strip()
