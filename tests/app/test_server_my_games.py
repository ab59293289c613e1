"""My games (issue 27, item 4): the games awaiting your move first with your time left, the
count the landing page shows, and the one-time link that carries an identity to another
browser (once only, 15 minutes, only its hash stored)."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from conftest import Server
from server_harness import Player, Socket, token_of
from sqlalchemy import select

from app.db import make_engine
from app.games import store
from app.identity import COOKIE_NAME
from app.logs import redact
from app.models import DeviceLink, GameRow
from app.rooms.device_routes import qr_code
from engine.catalogue import entry

PROHIBITION = "prohibition"


async def _mine(player: Player, **params: Any) -> dict[str, Any]:
    answer = await player.http.get("/api/me/games", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


async def _count(player: Player) -> int:
    answer = await player.http.get("/api/me/turns")
    assert answer.status_code == 200, answer.text
    return int(answer.json()["your_move"])


async def _pair(
    server: Server, alice: Player, bob: Player, **body: Any
) -> tuple[dict[str, Any], Socket, Socket]:
    room = await alice.create_room(**body)
    assert (await bob.claim(room["invite_url"])).status_code == 200
    return room, await alice.connect(room["room_id"]), await bob.connect(room["room_id"])


async def _setup(player: Player, socket: Socket, action_id: str) -> None:
    position = await player.random_setup("sn"[socket.seat or 0])
    ack = await socket.act({"type": "setup", "id": action_id, "position": position})
    assert ack["type"] == "ack", ack


async def test_games_awaiting_your_move_come_first_with_the_time_left(server: Server) -> None:
    alice, bob = server.player(), server.player()
    # Oldest first: a finished game, a game waiting for Bob, a game waiting for both
    # (untimed setup), and a timed game in play.
    server.clock.advance(1000)
    finished, fa, _fb = await _pair(server, alice, bob)
    assert (await fa.act({"type": "resign", "id": "r"}))["type"] == "ack"
    server.clock.advance(1000)
    theirs, ta, _tb = await _pair(server, alice, bob)
    await _setup(alice, ta, "s1")
    server.clock.advance(1000)
    both, _ba, _bb = await _pair(server, alice, bob, setup_seconds=600)
    server.clock.advance(1000)
    timed, pa, pb = await _pair(server, alice, bob, time_control={"initial": 300})
    await _setup(alice, pa, "s2")
    await _setup(bob, pb, "s3")
    await pa.events_until(pb.last_version or 0)
    assert pa.view is not None and pa.view["phase"] == "play"
    mover = pa if pa.view["to_move"] == "sn"[pa.seat or 0] else pb
    server.clock.advance(7000)

    for player, socket in ((alice, pa), (bob, pb)):
        listing = await _mine(player)
        rooms = [game["room_id"] for game in listing["games"]]
        moves = socket is mover
        assert listing["total"] == 4
        if player is alice:
            expected_first = [timed["room_id"], both["room_id"]] if moves else [both["room_id"]]
            assert rooms[: len(expected_first)] == expected_first
            assert listing["your_move"] == len(expected_first) == await _count(alice)
            rest = [room for room in rooms if room not in expected_first]
            running_after = [timed["room_id"]] if not moves else []
            assert rest == [*running_after, theirs["room_id"], finished["room_id"]]
        by_room = {game["room_id"]: game for game in listing["games"]}
        game = by_room[timed["room_id"]]
        assert game["your_move"] is moves and game["to_move"] == [mover.seat]
        assert game["time_left_ms"] == (300_000 - 7000 if moves else None)
        assert game["room_url"] == f"/r/{timed['room_id']}"
        setup = by_room[both["room_id"]]
        assert setup["your_move"] and setup["to_move"] == [0, 1] and setup["status"] == "setup"
        # The setup timer runs from the room's filling, 1 s before the last room was made.
        assert setup["deadline"] is not None and setup["time_left_ms"] == 600_000 - 8000
        over = by_room[finished["room_id"]]
        assert over["status"] == "over" and not over["your_move"]
    bob_theirs = {game["room_id"]: game for game in (await _mine(bob))["games"]}[theirs["room_id"]]
    assert bob_theirs["your_move"] and bob_theirs["to_move"] == [bob_theirs["your_seat"]]
    assert bob_theirs["time_left_ms"] is not None  # the default setup timer

    # Pages keep the order: the first page is the games awaiting the move.
    first = await _mine(alice, per_page=1)
    second = await _mine(alice, per_page=1, page=2)
    last = await _mine(alice, per_page=1, page=4)
    assert first["pages"] == 4 and first["games"][0]["your_move"]
    listed = [first["games"][0]["room_id"], second["games"][0]["room_id"], last["games"][0]["room_id"]]
    assert listed[2] == finished["room_id"] and len(set(listed)) == 3


async def test_a_three_seat_game_awaits_only_the_seat_to_act(server: Server) -> None:
    people = [server.player() for _ in range(3)]
    room = await people[0].create_room(game=PROHIBITION, players=3, time_control={"initial": 600})
    for person in people[1:]:
        assert (await person.claim(room["invite_url"])).status_code == 200
    socks = [await person.connect(room["room_id"]) for person in people]
    view = socks[0].view
    assert view is not None
    acting = set(view["to_act"])
    assert acting and len(acting) < 3
    server.clock.advance(2500)
    for person, sock in zip(people, socks, strict=True):
        listing = await _mine(person)
        (game,) = listing["games"]
        assert game["your_seat"] == sock.seat and game["to_move"] == sorted(acting)
        assert game["your_move"] is (sock.seat in acting)
        assert await _count(person) == int(sock.seat in acting) == listing["your_move"]
        if sock.seat in acting:
            assert 0 < game["time_left_ms"] <= 600_000 - 2500
        else:
            assert game["time_left_ms"] is None


async def test_a_turn_based_room_gives_days_and_no_limit_gives_none(server: Server) -> None:
    alice, bob = server.player(), server.player()
    days, _da, _db = await _pair(server, alice, bob, time_control={"days": 2})
    server.clock.advance(1000)
    unlimited, _ua, _ub = await _pair(server, alice, bob, time_control={"unlimited": True})
    server.clock.advance(3600_000)
    listing = await _mine(alice)
    first, second = listing["games"]
    assert first["room_id"] == days["room_id"] and first["your_move"] and second["your_move"]
    assert first["time_left_ms"] == 2 * 24 * 3600_000 - 3601_000
    assert second["room_id"] == unlimited["room_id"] and second["time_left_ms"] is None
    assert await _count(alice) == 2


async def test_a_room_waiting_for_its_players_awaits_nobody(server: Server) -> None:
    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room(game=PROHIBITION, players=3, time_control={"initial": 600})
    assert (await bob.claim(room["invite_url"])).status_code == 200
    for person in (alice, bob):
        (game,) = (await _mine(person))["games"]
        assert game["waiting_for_players"] and not game["your_move"] and game["to_move"] == []
        assert game["time_left_ms"] is None and await _count(person) == 0
    assert (await carol.claim(room["invite_url"])).status_code == 200
    listed = [(await _mine(person))["games"][0] for person in (alice, bob, carol)]
    assert not any(game["waiting_for_players"] for game in listed)
    assert sum(game["your_move"] for game in listed) >= 1


def test_a_seat_the_autopilot_plays_is_never_awaited() -> None:
    rules = entry(PROHIBITION).game
    state = rules.new_game("ab" * 32, dict(next(iter(rules.presets().values()))), 3)
    (seat,) = rules.actors(state)
    left = rules.withdraw(state, seat, "resign").state
    assert seat in rules.actors(left) and seat in rules.withdrawn(left)  # the autopilot's move
    assert seat not in store.awaited(rules, left, over=False)
    assert store.awaited(rules, state, over=True) == []


async def test_another_guest_and_a_spectator_list_nothing(server: Server) -> None:
    alice, bob, carol = server.player(), server.player(), server.player()
    room, _sa, _sb = await _pair(server, alice, bob)
    watcher = await carol.connect(room["room_id"], watch=token_of(room["watch_url"]))
    assert watcher.seat is None
    assert (await _mine(carol))["total"] == 0 and await _count(carol) == 0
    stranger = server.player()
    assert (await _mine(stranger))["games"] == [] and await _count(stranger) == 0
    assert (await _mine(alice))["total"] == 1


async def test_a_game_row_from_before_the_actors_column_is_read_from_its_state(
    server: Server, database_url: str
) -> None:
    alice, bob = server.player(), server.player()
    await _pair(server, alice, bob)
    engine = make_engine(database_url)
    try:
        async with engine.begin() as conn:
            await conn.execute(GameRow.__table__.update().values(actors=None))
    finally:
        await engine.dispose()
    assert (await _mine(alice))["games"][0]["to_move"] == [0, 1] and await _count(alice) == 1


async def _link(player: Player) -> dict[str, Any]:
    answer = await player.http.post("/api/me/device-link")
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


async def test_a_device_link_carries_the_identity_once(server: Server, database_url: str) -> None:
    alice, bob = server.player(), server.player()
    room, sa, _sb = await _pair(server, alice, bob)
    link = await _link(alice)
    assert link["url"].startswith("/link/") and link["link_url"] == f"{server.base}{link['url']}"
    assert link["expires_at"] - link["server_now"] == 15 * 60 * 1000
    assert link["qr"] == qr_code(link["link_url"]) and link["qr"].startswith("data:image/svg+xml")
    token = token_of(link["url"])

    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            rows = (await conn.execute(select(DeviceLink.__table__))).all()
    finally:
        await engine.dispose()
    assert len(rows) == 1 and rows[0].token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert all(token not in str(value) for value in rows[0])

    page = await server.player().http.get(link["url"])
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert token not in redact(f'"GET {link["url"]} HTTP/1.1" 200') and token not in redact(link["link_url"])

    phone = server.player()
    await phone.http.get("/api/catalogue")  # a guest of its own first
    before = phone.cookie
    state = (await phone.http.post("/api/device-links/status", json={"token": token})).json()
    assert state["state"] == "ready" and not state["same_player"] and phone.cookie == before
    used = await phone.http.post("/api/device-links/use", json={"token": token})
    assert used.status_code == 200 and used.json()["next_url"] == "/games"
    assert used.headers.get_list("set-cookie") and len(used.headers.get_list("set-cookie")) == 1
    guests = server.app.state.guests
    assert guests.guest_id(phone.cookie) == guests.guest_id(alice.cookie)
    assert (await _mine(phone))["games"] == (await _mine(alice))["games"]
    # The phone plays Alice's seat.
    on_phone = await phone.connect(room["room_id"])
    assert on_phone.seat == sa.seat
    await _setup(phone, on_phone, "from-the-phone")

    # Once only: a second browser is refused in words and keeps its own identity.
    thief = server.player()
    await thief.http.get("/api/catalogue")
    own = thief.cookie
    again = await thief.http.post("/api/device-links/use", json={"token": token})
    assert again.status_code == 410 and again.json()["detail"]["code"] == "link_used"
    assert thief.cookie == own and guests.guest_id(own) != guests.guest_id(alice.cookie)
    status = (await thief.http.post("/api/device-links/status", json={"token": token})).json()
    assert status["state"] == "used"
    same = (await alice.http.post("/api/device-links/status", json={"token": token})).json()
    assert same["same_player"]


async def test_a_device_link_expires_after_15_minutes(server: Server) -> None:
    alice = server.player()
    await alice.http.get("/api/catalogue")
    token = token_of((await _link(alice))["url"])
    server.clock.advance(15 * 60 * 1000)
    phone = server.player()
    await phone.http.get("/api/catalogue")
    own = phone.cookie
    state = (await phone.http.post("/api/device-links/status", json={"token": token})).json()
    assert state["state"] == "expired"
    late = await phone.http.post("/api/device-links/use", json={"token": token})
    assert late.status_code == 410 and late.json()["detail"]["code"] == "link_expired"
    assert phone.cookie == own
    unknown = await phone.http.post("/api/device-links/use", json={"token": "x" * 32})
    assert unknown.status_code == 404 and unknown.json()["detail"]["code"] == "link_unknown"
    bad = await phone.http.post("/api/device-links/use", json={"token": "not a token"})
    assert bad.status_code == 422 and phone.cookie == own

    fresh = token_of((await _link(alice))["url"])
    server.clock.advance(15 * 60 * 1000 - 1)
    assert (await phone.http.post("/api/device-links/use", json={"token": fresh})).status_code == 200
    assert phone.cookie != own


async def test_no_foreign_page_mints_or_spends_a_device_link(server: Server) -> None:
    alice = server.player()
    await alice.http.get("/api/catalogue")
    token = token_of((await _link(alice))["url"])
    foreign = {"Origin": "https://evil.example"}
    assert (await alice.http.post("/api/me/device-link", headers=foreign)).status_code == 403
    victim = server.player()
    await victim.http.get("/api/catalogue")
    own = victim.cookie
    planted = await victim.http.post("/api/device-links/use", json={"token": token}, headers=foreign)
    assert planted.status_code == 403 and victim.cookie == own
    status = await victim.http.post("/api/device-links/status", json={"token": token})
    assert status.json()["state"] == "ready"
    assert COOKIE_NAME not in planted.headers.get("set-cookie", "")


async def test_two_browsers_racing_on_one_link_one_wins(server: Server) -> None:
    alice = server.player()
    await alice.http.get("/api/catalogue")
    tokens = [token_of((await _link(alice))["url"]) for _ in range(5)]
    for token in tokens:
        racers = [server.player() for _ in range(3)]
        answers = await asyncio.gather(
            *(racer.http.post("/api/device-links/use", json={"token": token}) for racer in racers)
        )
        assert sorted(answer.status_code for answer in answers) == [200, 410, 410]
