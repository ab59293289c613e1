"""The guest cookie (issue 9, defect 7): signed with an issue time, refused once expired or
forged, refreshed after a quarter of its life, accepted under a retired secret and then
re-issued under the current one; first-format cookies are migrated on first use."""

from __future__ import annotations

import json
from http.cookies import SimpleCookie
from typing import Any

import httpx
import pytest
from conftest import Server
from server_harness import SECRET, refused_socket, serving, settings_for
from websockets.asyncio.client import connect

from app.clocks import ManualClock
from app.identity import (
    COOKIE_NAME,
    REFRESH_FRACTION,
    Guest,
    GuestCookies,
    legacy_signature,
    new_guest_id,
    sign_guest,
)
from app.main import create_app

DAY = 24 * 3600
NEW_SECRET = "the-new-secret-after-rotation"
OTHER_SECRET = "some-other-secret-of-16+chars"


def test_cookie_round_trip_expiry_and_refresh() -> None:
    clock = ManualClock()
    cookies = GuestCookies(SECRET, max_age_seconds=100 * DAY, now_ms=clock.now_ms)
    guest = new_guest_id()
    value = cookies.issue(guest)
    assert value.count(".") == 2 and value.startswith(guest + ".")
    assert cookies.verify(value) == Guest(guest, reissue=False)
    clock.advance((100 * DAY // REFRESH_FRACTION + 1) * 1000)
    assert cookies.verify(value) == Guest(guest, reissue=True)  # still good, written again
    clock.advance((100 * DAY - 100 * DAY // REFRESH_FRACTION - 1) * 1000)
    assert cookies.verify(value) == Guest(guest, reissue=True)  # the last second of its life
    clock.advance(1000)
    assert cookies.verify(value) is None  # expired
    ahead = GuestCookies(SECRET, now_ms=lambda: clock.now_ms() + 3600 * 1000).issue(guest)
    assert cookies.verify(ahead) is None  # signed an hour in the future: not ours


def test_forged_or_malformed_cookies_are_not_identities() -> None:
    cookies = GuestCookies(SECRET)
    guest = new_guest_id()
    value = cookies.issue(guest)
    head, stamp, signature = value.split(".")
    other = new_guest_id()
    forged = [
        None,
        "",
        guest,
        f"{other}.{stamp}.{signature}",  # another id under this signature
        # the first characters: the last base64 character of a 32-byte signature carries 4
        # bits only, so changing it leaves the signature the same 1 time in 16
        f"{head}.{stamp}.{'B' if signature[0] == 'A' else 'A'}{signature[1:]}",
        f"{head}.AAAA.{signature}",  # another time under this signature
        GuestCookies(OTHER_SECRET).issue(guest),
        sign_guest(OTHER_SECRET, guest),
        f"{guest}.{legacy_signature(OTHER_SECRET, guest)}",  # first format, another secret
        f"{guest}.{legacy_signature(SECRET, other)}",
        value + ".x",
        "é" + value,
        "x" * 201,
        "..",
        f"a b.{stamp}.{signature}",
    ]
    for cookie in forged:
        assert cookies.verify(cookie) is None, cookie


def test_retired_secrets_and_the_first_format_are_accepted_and_rewritten() -> None:
    rotated = GuestCookies(NEW_SECRET, old_secrets=[SECRET])
    guest = new_guest_id()
    assert rotated.verify(GuestCookies(SECRET).issue(guest)) == Guest(guest, reissue=True)
    assert rotated.verify(rotated.issue(guest)) == Guest(guest, reissue=False)
    assert GuestCookies(SECRET).verify(rotated.issue(guest)) is None  # new cookies use the new key
    for secret in (NEW_SECRET, SECRET):
        assert rotated.verify(f"{guest}.{legacy_signature(secret, guest)}") == Guest(guest, reissue=True)
    assert GuestCookies(NEW_SECRET).verify(GuestCookies(SECRET).issue(guest)) is None  # not retired: refused


def set_cookie(response: httpx.Response) -> SimpleCookie | None:
    header = response.headers.get("set-cookie")
    if header is None:
        return None
    parsed: SimpleCookie = SimpleCookie()
    parsed.load(header)
    return parsed


async def get_room(base: str, room_id: str, cookie: str | None, **extra: str) -> httpx.Response:
    headers = {"Cookie": f"{COOKIE_NAME}={cookie}"} if cookie is not None else {}
    headers.update(extra)
    async with httpx.AsyncClient(base_url=base) as client:
        return await client.get(f"/api/rooms/{room_id}", headers=headers)


async def test_expired_or_forged_cookie_is_not_an_identity(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room()
    room_id, cookie = room["room_id"], alice.cookie
    assert cookie is not None
    socket_url = server.base.replace("http://", "ws://") + f"/ws/rooms/{room_id}"
    guest, stamp, signature = cookie.split(".")
    forged = f"{guest}.{stamp}.{signature[::-1]}"
    answer = await get_room(server.base, room_id, forged)
    assert answer.json()["your_seat"] is None
    minted = set_cookie(answer)
    assert minted is not None and not minted[COOKIE_NAME].value.startswith(guest + ".")
    frame, code = await refused_socket(socket_url, forged)
    assert frame["code"] == "not_player" and code == 1008

    max_age = server.app.state.settings.guest_max_age_seconds
    server.clock.advance(max_age * 1000)
    assert (await get_room(server.base, room_id, cookie)).json()["your_seat"] == 0  # last second
    server.clock.advance(1000)
    expired = await get_room(server.base, room_id, cookie)
    assert expired.json()["your_seat"] is None
    frame, code = await refused_socket(socket_url, cookie)
    assert frame["code"] == "not_player" and code == 1008


async def test_cookie_is_refreshed_after_a_quarter_of_its_life(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room()
    first = await alice.http.get("/api/catalogue")
    cookie = alice.cookie
    assert cookie is not None and "set-cookie" not in first.headers
    max_age = server.app.state.settings.guest_max_age_seconds
    server.clock.advance((max_age // REFRESH_FRACTION - 10) * 1000)
    assert "set-cookie" not in (await get_room(server.base, room["room_id"], cookie)).headers
    server.clock.advance(11 * 1000)
    answer = await get_room(server.base, room["room_id"], cookie)
    assert answer.json()["your_seat"] == 0
    refreshed = set_cookie(answer)
    assert refreshed is not None
    assert (
        refreshed[COOKIE_NAME].value != cookie
        and refreshed[COOKIE_NAME].value.split(".")[0] == cookie.split(".")[0]
    )
    assert refreshed[COOKIE_NAME]["max-age"] == str(max_age)
    assert refreshed[COOKIE_NAME]["httponly"] and refreshed[COOKIE_NAME]["samesite"] == "lax"
    # A cross-site request is answered with the same identity but never written to.
    foreign = await get_room(server.base, room["room_id"], cookie, **{"Sec-Fetch-Site": "cross-site"})
    assert foreign.json()["your_seat"] == 0 and "set-cookie" not in foreign.headers


async def test_cookie_from_a_retired_secret_is_accepted_and_reissued(
    database_url: str, clock: ManualClock
) -> None:
    async with serving(create_app(settings_for(database_url), clock)) as before:
        alice = httpx.AsyncClient(base_url=before)
        room = (await alice.post("/api/rooms", json={})).json()
        old_cookie = alice.cookies[COOKIE_NAME]
        await alice.aclose()
    rotated = settings_for(database_url, secret=NEW_SECRET, old_secrets=f"{OTHER_SECRET},{SECRET}")
    async with serving(create_app(rotated, clock)) as after:
        socket_url = after.replace("http://", "ws://") + f"/ws/rooms/{room['room_id']}"
        answer = await get_room(after, room["room_id"], old_cookie)
        assert answer.json()["your_seat"] == 0
        reissued = set_cookie(answer)
        assert reissued is not None
        new_cookie = reissued[COOKIE_NAME].value
        assert GuestCookies(NEW_SECRET, now_ms=clock.now_ms).verify(new_cookie) == Guest(
            old_cookie.split(".")[0]
        )
        assert GuestCookies(SECRET, now_ms=clock.now_ms).verify(new_cookie) is None
        assert "set-cookie" not in (await get_room(after, room["room_id"], new_cookie)).headers
        for cookie in (old_cookie, new_cookie):
            frame, _ = await welcome(socket_url, cookie)
            assert frame["type"] == "welcome" and frame["you"]["seat"] == 0
    unretired = settings_for(database_url, secret=NEW_SECRET)
    async with serving(create_app(unretired, clock)) as later:
        assert (await get_room(later, room["room_id"], old_cookie)).json()["your_seat"] is None


async def test_first_format_cookie_is_migrated(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room()
    assert alice.cookie is not None
    guest = alice.cookie.split(".")[0]
    legacy = f"{guest}.{legacy_signature(SECRET, guest)}"
    answer = await get_room(server.base, room["room_id"], legacy)
    assert answer.json()["your_seat"] == 0
    migrated = set_cookie(answer)
    assert migrated is not None
    value = migrated[COOKIE_NAME].value
    assert value.count(".") == 2 and value.split(".")[0] == guest


class TestSecureCookie:
    @pytest.fixture
    def settings_overrides(self) -> dict[str, Any]:
        return {"cookie_secure": True, "guest_max_age_seconds": 30 * DAY}

    async def test_secure_flag_and_max_age_from_the_settings(self, server: Server) -> None:
        answer = await server.player().http.get("/api/catalogue")
        cookie = set_cookie(answer)
        assert cookie is not None
        assert cookie[COOKIE_NAME]["secure"] and cookie[COOKIE_NAME]["max-age"] == str(30 * DAY)


async def welcome(url: str, cookie: str) -> tuple[dict[str, Any], int | None]:
    async with connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={cookie}"}) as ws:
        await ws.send(json.dumps({"type": "hello", "last_version": None}))
        return json.loads(await ws.recv()), ws.close_code


async def test_a_page_the_browser_leaves_before_its_answer_ends_quietly() -> None:
    """A browser that leaves a page while it loads gives up its requests: the server hears
    ``http.disconnect`` before it has answered. The request then ends without an answer and
    without an error (starlette's ``BaseHTTPMiddleware``, which the guest cookie was, raised
    "No response returned." there, logged at ERROR for each request given up)."""
    app = create_app(settings_for("sqlite+aiosqlite:///:memory:"), ManualClock())
    for path in ("/", "/r/some-room", "/static/css/style.css"):
        sent = await _left(app, path)
        assert all(message["type"].startswith("http.response") for message in sent), path


async def _left(app: Any, path: str) -> list[dict[str, Any]]:
    """What ``app`` sends for a GET of ``path`` whose client is gone once it has asked."""
    sent: list[dict[str, Any]] = []
    messages = iter([{"type": "http.request", "body": b"", "more_body": False}])

    async def receive() -> dict[str, Any]:
        return next(messages, {"type": "http.disconnect"})

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }
    await app(scope, receive, send)
    return sent


async def test_a_page_brings_one_identity_for_its_first_requests(server: Server) -> None:
    """A browser without a cookie gets one with the page itself: the page's first requests,
    sent side by side, are one guest (before, each made a guest of its own and the last
    answer's cookie won, so a room made by one of them had no seat for the player)."""
    async with httpx.AsyncClient(base_url=server.base) as browser:
        page = await browser.get("/", headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"})
        assert page.headers["content-type"].startswith("text/html")
        minted = set_cookie(page)
        assert minted is not None and minted[COOKIE_NAME]["httponly"]
        cookie = minted[COOKIE_NAME].value
        browser.cookies.set(COOKIE_NAME, cookie)
        created = await browser.post("/api/rooms", json={"game": "speakeasy"})
        turns = await browser.get("/api/me/games")
        assert created.status_code == 201 and turns.status_code == 200
        assert "set-cookie" not in created.headers and "set-cookie" not in turns.headers
        room = await get_room(server.base, created.json()["room_id"], cookie)
        assert room.json()["your_seat"] == 0
        again = await browser.get("/")  # a page with a valid cookie writes none
        assert "set-cookie" not in again.headers
    async with httpx.AsyncClient(base_url=server.base) as framed:
        foreign = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}
        assert "set-cookie" not in (await framed.get("/", headers=foreign)).headers  # not from a frame
    async with httpx.AsyncClient(base_url=server.base) as stranger:
        style = await stranger.get("/static/css/style.css")
        assert style.status_code == 200 and "set-cookie" not in style.headers  # pages only
