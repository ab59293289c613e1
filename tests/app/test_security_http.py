"""Cross-site requests and security headers (issue 9, defects 4 and 7).

A page of another site must not be able to act on the API, open a socket, or write the
guest cookie (a top-level cross-site POST accepts a Lax ``Set-Cookie``: that replaced a
player's identity). Every response carries the security headers.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import Server
from server_harness import RECV_TIMEOUT, token_of
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.identity import COOKIE_NAME

FOREIGN = "https://evil.example"
STATIC = Path(__file__).resolve().parents[2] / "static"


def assert_cross_site_refusal(response: httpx.Response) -> None:
    assert response.status_code == 403, response.text
    assert response.json()["detail"]["code"] == "cross_site"
    assert "set-cookie" not in response.headers


async def unsafe_requests(server: Server) -> list[tuple[str, str, Any]]:
    """Every state-changing route, aimed at a real room (POST, as the routes are)."""
    owner = server.player()
    room = await owner.create_room()
    room_id = room["room_id"]
    return [
        ("POST", "/api/rooms", {}),
        ("POST", f"/api/invites/{token_of(room['invite_url'])}/claim", None),
        ("POST", f"/api/rooms/{room_id}/invite", None),
        ("POST", f"/api/rooms/{room_id}/rejoin", {"secret": room["rejoin_secret"]}),
        ("PUT", "/api/rooms", {}),
        ("DELETE", f"/api/rooms/{room_id}", None),
    ]


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": FOREIGN},
        {"Origin": "null"},  # sandboxed frames, cross-origin redirects
        {"Origin": "http://127.0.0.1"},  # same host, another port: another origin
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
    ids=["foreign", "null", "other-port", "fetch-cross-site", "fetch-same-site"],
)
async def test_foreign_state_changing_requests_are_refused_without_a_cookie(
    server: Server, headers: dict[str, str]
) -> None:
    requests = await unsafe_requests(server)
    attacker = server.player()  # a browser whose Lax cookie a cross-site POST leaves out
    for method, path, body in requests:
        response = await attacker.http.request(method, path, json=body, headers=headers)
        assert_cross_site_refusal(response)
    assert attacker.cookie is None


async def test_the_attack_leaves_the_victim_seated(server: Server) -> None:
    """The reported attack: a foreign page auto-submits a form; the victim keeps his cookie
    and his seat (the refusal writes no cookie, so his browser keeps the old one)."""
    victim = server.player()
    room = await victim.create_room()
    cookie = victim.cookie
    form = await victim.http.post(
        "/api/rooms",
        content=b"preset=speakeasy",
        headers={"Origin": FOREIGN, "Content-Type": "application/x-www-form-urlencoded", "Cookie": ""},
    )
    assert_cross_site_refusal(form)
    assert victim.cookie == cookie
    summary = (await victim.http.get(f"/api/rooms/{room['room_id']}")).json()
    assert summary["your_seat"] == 0


async def test_same_origin_and_originless_requests_work_and_mint(server: Server) -> None:
    for headers in ({"Origin": server.base, "Sec-Fetch-Site": "same-origin"}, {}):
        browser = server.player()
        created = await browser.http.post("/api/rooms", json={}, headers=headers)
        assert created.status_code == 201, created.text
        assert browser.cookie is not None
        summary = await browser.http.get(f"/api/rooms/{created.json()['room_id']}", headers=headers)
        assert summary.json()["your_seat"] == 0
    shouting = server.base.replace("http://127.0.0.1", "HTTP://127.0.0.1")  # origins ignore case
    created = await server.player().http.post("/api/rooms", json={}, headers={"Origin": shouting})
    assert created.status_code == 201


async def test_identity_is_minted_only_for_same_origin_requests(server: Server) -> None:
    """A cross-site GET (an image, a link) is answered, but writes no cookie."""
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": FOREIGN}):
        browser = server.player()
        response = await browser.http.get("/api/catalogue", headers=headers)
        assert response.status_code == 200
        assert "set-cookie" not in response.headers
    for headers in ({}, {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"}):
        browser = server.player()
        response = await browser.http.get("/api/catalogue", headers=headers)
        assert COOKIE_NAME in response.headers["set-cookie"]


async def open_socket(url: str, cookie: str | None, origin: str | None) -> tuple[dict[str, Any], int | None]:
    """The first frame of a socket (a refusal comes at once; otherwise ``hello`` is
    answered), and the close code if the server closed it."""
    headers = {"Cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
    if origin is not None:
        headers["Origin"] = origin
    async with connect(url, additional_headers=headers) as ws:
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
        except TimeoutError:
            await ws.send(json.dumps({"type": "hello", "last_version": None}))
            frame = json.loads(await asyncio.wait_for(ws.recv(), RECV_TIMEOUT))
        if frame["type"] == "error":
            with pytest.raises(ConnectionClosed):
                await asyncio.wait_for(ws.recv(), RECV_TIMEOUT)
        return frame, ws.close_code


async def test_socket_handshake_from_another_origin_is_refused(server: Server) -> None:
    owner = server.player()
    room = await owner.create_room()
    url = server.base.replace("http://", "ws://") + f"/ws/rooms/{room['room_id']}"
    for origin in (FOREIGN, "null"):
        frame, code = await open_socket(url, owner.cookie, origin)
        assert frame["type"] == "error" and frame["code"] == "cross_site", frame
        assert code == 1008
        watch = f"{url}?watch={token_of(room['watch_url'])}"
        frame, code = await open_socket(watch, None, origin)
        assert frame["code"] == "cross_site" and code == 1008
    frame, _ = await open_socket(url, owner.cookie, server.base)
    assert frame["type"] == "welcome" and frame["you"]["seat"] == 0
    frame, _ = await open_socket(url, owner.cookie, None)
    assert frame["type"] == "welcome"


class TestAllowListAndPublicUrl:
    @pytest.fixture
    def settings_overrides(self) -> dict[str, Any]:
        return {
            "public_url": "https://play.example",
            "allowed_origins": "https://www.example, https://x.example:8443",
        }

    async def test_public_url_and_allowed_origins_are_the_servers_own(self, server: Server) -> None:
        accepted = [
            {"Origin": "https://play.example", "Sec-Fetch-Site": "same-origin"},
            {"Origin": "https://play.example:443"},
            {"Origin": "https://www.example", "Sec-Fetch-Site": "same-site"},
            {"Origin": "https://x.example:8443", "Sec-Fetch-Site": "cross-site"},  # listed: trusted
        ]
        for headers in accepted:
            created = await server.player().http.post("/api/rooms", json={}, headers=headers)
            assert created.status_code == 201, (headers, created.text)
        for origin in (server.base, "http://play.example", "https://x.example"):
            refused = await server.player().http.post("/api/rooms", json={}, headers={"Origin": origin})
            assert_cross_site_refusal(refused)


def security_header_problems(response: httpx.Response, https: bool = False) -> list[str]:
    headers = response.headers
    problems = []
    csp = headers.get("content-security-policy", "")
    for directive in (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
    ):
        if directive not in csp:
            problems.append(f"CSP lacks {directive!r}")
    if "'unsafe-inline'" in csp or "'unsafe-eval'" in csp:
        problems.append("CSP allows inline code")
    expected = {
        "x-frame-options": "DENY",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    }
    problems += [
        f"{name}: {headers.get(name)!r}" for name, value in expected.items() if headers.get(name) != value
    ]
    if ("strict-transport-security" in headers) != https:
        problems.append(
            f"HSTS {headers.get('strict-transport-security')!r} over {'https' if https else 'http'}"
        )
    return problems


async def test_every_response_carries_the_security_headers(server: Server) -> None:
    browser = server.player()
    room = await browser.create_room()
    paths = [
        ("GET", "/"),
        ("GET", "/rules"),
        ("GET", f"/r/{room['room_id']}"),
        ("GET", "/static/js/room.js"),
        ("GET", "/static/css/style.css"),
        ("GET", "/static/nope.js"),
        ("GET", "/api/catalogue"),
        ("GET", f"/api/rooms/{room['room_id']}"),
        ("GET", "/api/rooms/unknown"),
        ("GET", "/api/nowhere"),
        ("GET", "/api/catalogue/x%00"),
        ("PATCH", "/api/catalogue"),
        ("GET", "/healthz"),
        ("GET", "/metrics"),
        ("GET", "/openapi.json"),
        ("GET", "/docs"),
    ]
    for method, path in paths:
        response = await browser.http.request(method, path)
        assert not security_header_problems(response), (
            path,
            response.status_code,
            security_header_problems(response),
        )
    refused = await browser.http.post("/api/rooms", json={}, headers={"Origin": FOREIGN})
    assert refused.status_code == 403 and not security_header_problems(refused)
    page = await browser.http.get("/")
    socket_origin = server.base.replace("http://", "ws://")
    assert re.search(
        rf"connect-src 'self' {re.escape(socket_origin)}(;|$)", page.headers["content-security-policy"]
    )


async def test_hsts_only_over_https(server: Server) -> None:
    browser = server.player()
    plain = await browser.http.get("/")
    assert "strict-transport-security" not in plain.headers
    # uvicorn trusts X-Forwarded-Proto from 127.0.0.1 (a TLS-terminating proxy in front).
    proxied = await browser.http.get("/", headers={"X-Forwarded-Proto": "https"})
    assert not security_header_problems(proxied, https=True)
    assert "max-age=" in proxied.headers["strict-transport-security"]
    assert "wss://" in proxied.headers["content-security-policy"]


class TestHstsFromPublicUrl:
    @pytest.fixture
    def settings_overrides(self) -> dict[str, Any]:
        return {"public_url": "https://play.example/"}

    async def test_hsts_when_the_public_url_is_https(self, server: Server) -> None:
        response = await server.player().http.get("/api/catalogue")
        assert not security_header_problems(response, https=True)
        assert "connect-src 'self' wss://play.example" in response.headers["content-security-policy"]


def test_static_pages_hold_nothing_the_policy_forbids() -> None:
    """The client works under ``script-src 'self'; style-src 'self'``: no inline script or
    style, no event-handler or style attribute, no string-built HTML or code."""
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        scripts = re.findall(r"<script\b([^>]*)>", html)
        assert scripts and all("src=" in attributes for attributes in scripts), page.name
        assert "<style" not in html and not re.search(r"\sstyle\s*=", html), page.name
        assert not re.search(r"\son[a-z]+\s*=", html), page.name
    for script in STATIC.glob("js/*.js"):
        code = script.read_text()
        for pattern in (
            r"\.innerHTML\b",
            r"\.outerHTML\b",
            r"insertAdjacentHTML",
            r"\beval\(",
            r"new Function\(",
            r"setAttribute\(\s*[\"']style",
            r"\.cssText\b",
            r"document\.write",
        ):
            assert not re.search(pattern, code), (script.name, pattern)
