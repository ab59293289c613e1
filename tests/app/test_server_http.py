"""The HTTP API: rooms, seats, links and their refusals."""

from __future__ import annotations

from unittest.mock import ANY

import httpx
from conftest import Server
from server_harness import refused_socket, token_of

from app.identity import COOKIE_NAME


async def test_create_room_gives_seat_links_and_cookie(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room(preset="luzhanqi", time_control={"initial": 600, "increment": 5})
    assert room["seat"] == 0
    assert room["invite_url"].startswith(server.base + "/i/")
    assert room["watch_url"].startswith(server.base + "/w/")
    assert room["room_url"] == f"{server.base}/r/{room['room_id']}"
    assert alice.cookie is not None
    summary = (await alice.http.get(f"/api/rooms/{room['room_id']}")).json()
    assert summary["preset"] == "luzhanqi"
    assert summary["time_control"] == {"initial": 600, "increment": 5}
    assert summary["seats_taken"] == [True, False]
    assert summary["your_seat"] == 0 and summary["game_number"] == 1
    assert summary["grace_seconds"] == 30  # the server's setting, counted down by the claim button
    stranger = server.player()
    seen = (await stranger.http.get(f"/api/rooms/{room['room_id']}")).json()
    assert seen["your_seat"] is None


async def test_claim_binds_seat_to_the_claiming_browser(server: Server) -> None:
    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room()
    claimed = await bob.claim(room["invite_url"])
    assert claimed.status_code == 200
    assert claimed.json() == {"room_id": room["room_id"], "seat": 1, "rejoin_secret": ANY}
    again = await bob.claim(room["invite_url"])
    assert {key: again.json()[key] for key in ("room_id", "seat")} == {"room_id": room["room_id"], "seat": 1}
    own = await alice.claim(room["invite_url"])
    assert own.json()["seat"] == 0
    full = await carol.claim(room["invite_url"])
    assert full.status_code == 409 and full.json()["detail"]["code"] == "room_full"
    summary = (await bob.http.get(f"/api/rooms/{room['room_id']}")).json()
    assert summary["seats_taken"] == [True, True] and summary["your_seat"] == 1


async def test_unknown_revoked_and_expired_invites(server: Server) -> None:
    alice, bob, mallory = server.player(), server.player(), server.player()
    room = await alice.create_room()
    unknown = await bob.http.post("/api/invites/not-a-real-token/claim")
    assert unknown.status_code == 404 and unknown.json()["detail"]["code"] == "not_found"
    refused = await mallory.http.post(f"/api/rooms/{room['room_id']}/invite")
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "forbidden"
    reissued = await alice.http.post(f"/api/rooms/{room['room_id']}/invite")
    assert reissued.status_code == 200
    new_url = reissued.json()["invite_url"]
    assert token_of(new_url) != token_of(room["invite_url"])
    revoked = await bob.claim(room["invite_url"])
    assert revoked.status_code == 404
    server.clock.advance(8 * 24 * 3600 * 1000)
    expired = await bob.claim(new_url)
    assert expired.status_code == 410 and expired.json()["detail"]["code"] == "expired"
    fresh = await alice.http.post(f"/api/rooms/{room['room_id']}/invite")
    assert (await bob.claim(fresh.json()["invite_url"])).status_code == 200
    missing = await alice.http.post("/api/rooms/nope/invite")
    assert missing.status_code == 404


async def test_forged_cookie_is_no_identity(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room()
    guest_id = alice.cookie.rsplit(".", 1)[0]  # type: ignore[union-attr]
    async with httpx.AsyncClient(base_url=server.base) as forger:
        forger.cookies.set(COOKIE_NAME, f"{guest_id}.{'0' * 64}")
        seen = await forger.get(f"/api/rooms/{room['room_id']}")
        assert seen.json()["your_seat"] is None
        assert seen.cookies.get(COOKIE_NAME) not in (None, alice.cookie)


async def test_watch_token_lookup_and_private_rooms(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room()
    found = await alice.http.get(f"/api/watch/{token_of(room['watch_url'])}")
    assert found.json() == {"room_id": room["room_id"]}
    assert (await alice.http.get("/api/watch/unknown")).status_code == 404
    private = await alice.create_room(spectators=False)
    assert private["watch_url"] is None


async def test_the_invite_link_of_a_full_room_watches_it(server: Server) -> None:
    """Opened after the last seat was taken, the invite link is not a dead end: it watches
    the room as its spectator link does, and only then, and only where spectators may."""
    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room()
    invite = token_of(room["invite_url"])
    # While a seat is free the invite link seats its holder: it does not watch.
    assert (await carol.http.get(f"/api/watch/{invite}")).status_code == 404
    assert (await bob.claim(room["invite_url"])).status_code == 200
    assert (await carol.claim(room["invite_url"])).status_code == 409
    found = await carol.http.get(f"/api/watch/{invite}")
    assert found.status_code == 200 and found.json() == {"room_id": room["room_id"]}
    watcher = await carol.connect(room["room_id"], watch=invite)
    assert watcher.seat is None
    assert watcher.frames[-1]["you"]["role"] == "spectator"
    # Another room's invite does not watch this one.
    other = await alice.create_room()
    assert (await bob.claim(other["invite_url"])).status_code == 200
    refused, _ = await refused_socket(
        f"{server.base.replace('http://', 'ws://')}/ws/rooms/{room['room_id']}?watch={token_of(other['invite_url'])}",
        carol.cookie,
    )
    assert refused["code"] == "forbidden"
    # A room without spectators stays closed to it, full or not.
    private = await alice.create_room(spectators=False)
    assert (await bob.claim(private["invite_url"])).status_code == 200
    assert (await carol.http.get(f"/api/watch/{token_of(private['invite_url'])}")).status_code == 404
    # A replaced invite link watches no more.
    renewed = await alice.http.post(f"/api/rooms/{room['room_id']}/invite")
    assert renewed.status_code == 200
    assert (await carol.http.get(f"/api/watch/{invite}")).status_code == 404


async def test_bad_bodies_are_refused(server: Server) -> None:
    alice = server.player()
    for body in (
        {"preset": "chess"},
        {"time_control": {"initial": -1, "increment": 0}},
        {"setup_seconds": 1},
        {"unknown": True},
        {"bot": "grandmaster"},
    ):
        response = await alice.http.post("/api/rooms", json=body)
        assert response.status_code == 422, body
        assert response.json()["detail"]["code"] == "bad_request"
    assert (await alice.http.get("/api/rooms/missing")).status_code == 404


async def test_bot_room_is_refused_until_bots_exist(server: Server) -> None:
    alice = server.player()
    response = await alice.http.post("/api/rooms", json={"bot": "easy"})
    if server.app.state.service.bots_available:
        assert response.status_code == 201 and response.json()["invite_url"] is None
    else:
        assert response.status_code == 422 and response.json()["detail"]["code"] == "bot_unavailable"


async def test_setups_records_and_operability(server: Server) -> None:
    alice = server.player()
    openings = (await alice.http.get("/api/catalogue/speakeasy/openings")).json()
    assert openings and all(set(item) == {"name", "position"} for item in openings)
    for missing in ("/api/catalogue/speakeasy/nothing", "/api/catalogue/chess/openings"):
        refused = await alice.http.get(missing)
        assert refused.status_code == 404 and refused.json()["detail"]["code"] == "not_found"
    assert (await alice.http.get(f"/api/games/{'0' * 32}/record")).status_code == 404
    malformed = await alice.http.get("/api/games/nope/record")  # not a game id at all
    assert malformed.status_code == 422 and malformed.json()["detail"]["code"] == "bad_request"
    ready = {"status": "ok", "database": "up", "bus": "up"}
    assert (await alice.http.get("/healthz")).json() == ready
    assert (await alice.http.get("/readyz")).json() == ready
    assert (await alice.http.get("/livez")).json() == {"status": "ok"}
    metrics = (await alice.http.get("/metrics")).text
    assert "speakeasy_connections" in metrics and "speakeasy_command_seconds" in metrics
    assert 'speakeasy_dependency_up{dependency="database"} 1.0' in metrics


async def test_pages_are_served(server: Server) -> None:
    alice = server.player()
    for path in ("/", "/r/abc", "/i/abc", "/w/abc", "/rules"):
        response = await alice.http.get(path)
        assert response.status_code in (200, 404), path
        if response.status_code == 200:
            assert response.headers["content-type"].startswith("text/html")
        else:
            assert response.json()["detail"]["code"] == "not_found"
    assert (await alice.http.get("/static/definitely-missing.js")).status_code == 404
