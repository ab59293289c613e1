"""Taking a seat back (issue 9, defect 4): the browser that took a seat keeps its rejoin
secret and binds the seat again to its current cookie, e.g. after the cookie was lost or
replaced. Only the secret's SHA-256 is stored; a wrong secret changes nothing."""

from __future__ import annotations

from typing import Any

from conftest import Server
from server_harness import Player, refused_socket, seat_two
from sqlalchemy import select

from app.identity import token_digest
from app.models import RoomSeat


async def rejoin(player: Player, room_id: str, secret: str) -> tuple[int, dict[str, Any]]:
    response = await player.http.post(f"/api/rooms/{room_id}/rejoin", json={"secret": secret})
    return response.status_code, response.json()


async def test_rejoin_rebinds_the_seat_to_the_new_cookie(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room()
    room_id, secret = room["room_id"], room["rejoin_secret"]
    old_cookie = alice.cookie
    # Alice's cookie is gone (cleared, or replaced): the same person, a new guest.
    alice_again = server.player()
    summary = (await alice_again.http.get(f"/api/rooms/{room_id}")).json()
    assert summary["your_seat"] is None
    status, answer = await rejoin(alice_again, room_id, secret)
    assert status == 200 and answer == {"room_id": room_id, "seat": 0}
    summary = (await alice_again.http.get(f"/api/rooms/{room_id}")).json()
    assert summary["your_seat"] == 0
    socket = await alice_again.connect(room_id)
    assert socket.seat == 0
    # The creator's rights moved with the chair; the old cookie holds nothing any more.
    renewed = await alice_again.http.post(f"/api/rooms/{room_id}/invite")
    assert renewed.status_code == 200, renewed.text
    url = server.base.replace("http://", "ws://") + f"/ws/rooms/{room_id}"
    frame, code = await refused_socket(url, old_cookie)
    assert frame["code"] == "not_player" and code == 1008
    # The secret stays good: doing it again is harmless.
    status, answer = await rejoin(alice_again, room_id, secret)
    assert status == 200 and answer["seat"] == 0


async def test_wrong_secret_is_refused_and_changes_nothing(server: Server) -> None:
    table = await seat_two(server)
    room_id = table.room["room_id"]
    alice, bob = table.players
    other = await server.player().create_room()
    stranger = server.player()
    before = await seats(server, room_id)
    wrong = [
        "A" * 24,
        table.room["rejoin_secret"][:-1] + ("A" if table.room["rejoin_secret"][-1] != "A" else "B"),
        other["rejoin_secret"],  # a real secret, of another room
    ]
    for secret in wrong:
        status, answer = await rejoin(stranger, room_id, secret)
        assert status == 403 and answer["detail"]["code"] == "forbidden", answer
    for body in (
        {},
        {"secret": ""},
        {"secret": "x" * 65},
        {"secret": "a\u0000b"},
        {"secret": 5},
        {"secret": "abc", "seat": 0},
    ):
        response = await stranger.http.post(f"/api/rooms/{room_id}/rejoin", json=body)
        assert response.status_code == 422, (body, response.text)
    unknown = await stranger.http.post("/api/rooms/nosuchroom/rejoin", json={"secret": "A" * 24})
    assert unknown.status_code == 403
    # Bob holds chair 1: he may not take chair 0 too.
    status, answer = await rejoin(bob, room_id, table.room["rejoin_secret"])
    assert status == 409 and answer["detail"]["code"] == "already_seated"
    assert await seats(server, room_id) == before
    for player, seat in ((alice, 0), (bob, 1)):
        summary = (await player.http.get(f"/api/rooms/{room_id}")).json()
        assert summary["your_seat"] == seat
    assert (await stranger.http.get(f"/api/rooms/{room_id}")).json()["your_seat"] is None


async def test_only_the_digest_is_stored(server: Server) -> None:
    table = await seat_two(server)
    alice_secret = table.room["rejoin_secret"]
    claimed = await table.players[1].claim(table.room["invite_url"])  # re-claim: a new secret
    bob_secret = claimed.json()["rejoin_secret"]
    stored = await seats(server, table.room["room_id"])
    assert [row[2] for row in stored] == [token_digest(alice_secret), token_digest(bob_secret)]
    assert alice_secret not in repr(stored) and bob_secret not in repr(stored)
    assert len({alice_secret, bob_secret}) == 2 and len(alice_secret) == 24  # 144 bits


async def test_claimers_secret_follows_the_chair_across_a_rematch(server: Server) -> None:
    table = await seat_two(server)
    room_id = table.room["room_id"]
    first_claim = (await table.players[1].claim(table.room["invite_url"])).json()
    sa, sb = table.sockets
    await sa.act({"type": "abort", "id": "ab"})
    await table.sync()
    assert (await sa.act({"type": "rematch", "id": "rm1"}))["type"] == "ack"
    assert (await sb.act({"type": "rematch", "id": "rm2"}))["type"] == "ack"
    # Seats swapped: Bob's chair (1) now plays seat 0. He loses his cookie and comes back.
    bob_again = server.player()
    status, answer = await rejoin(bob_again, room_id, first_claim["rejoin_secret"])
    assert status == 200 and answer["seat"] == 0
    socket = await bob_again.connect(room_id)
    assert socket.seat == 0 and socket.view is not None and socket.view["viewer"] == 0


async def seats(server: Server, room_id: str) -> list[tuple[int, str | None, str | None]]:
    table = RoomSeat.__table__
    async with server.app.state.engine.connect() as conn:
        rows = await conn.execute(
            select(table.c.slot, table.c.guest_id, table.c.rejoin_hash)
            .where(table.c.room_id == room_id)
            .order_by(table.c.slot)
        )
        return [tuple(row) for row in rows]
