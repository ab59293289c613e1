"""Notifications (issue 27, item 3): who is told what after a committed change, and Web Push
to a real local push service that decrypts each request (RFC 8291) and checks its VAPID
signature (RFC 8292). A 410 answer removes the subscription."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from typing import Any

import pytest
import server_harness as harness
from conftest import Server
from push_receiver import Browser, Receiver, b64, check_vapid, unb64, vapid_pair
from sqlalchemy import select, text

from app.config import Settings
from app.errors import AppError
from app.main import create_app
from app.models import PushSubscription
from app.notify import Notice
from app.notify import subscriptions as subs

VAPID_PRIVATE, VAPID_PUBLIC = vapid_pair()
PUSH = {
    "vapid_private_key": VAPID_PRIVATE,
    "vapid_subject": "mailto:ops@example.org",
    "push_allow_http": True,
}


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {**PUSH, "max_frames_per_second": 1000}


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    service = Receiver()
    await service.start()
    try:
        yield service
    finally:
        await service.close()


class Recorder:
    """A channel that keeps what it is given."""

    name = "recorder"

    def __init__(self) -> None:
        self.notices: list[Notice] = []

    async def deliver(self, notice: Notice) -> None:
        self.notices.append(notice)


async def until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait for ``condition`` (never for a fixed time)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert loop.time() < end, "condition not met"
        await asyncio.sleep(0.02)


async def subscribe(player: harness.Player, browser: Browser, receiver: Receiver, lang: str = "en") -> None:
    if player.cookie is None:
        await player.http.get("/api/catalogue")
    answer = await player.http.post("/api/push/subscriptions", json=browser.subscription(receiver.base, lang))
    assert answer.status_code == 201, answer.text


async def seat_two_subscribed(
    server: Server, receiver: Receiver, browsers: tuple[Browser, Browser], **body: Any
) -> harness.Table:
    """Alice (English) and Bob (French) subscribe, then Alice creates a room that Bob joins."""
    alice, bob = server.player(), server.player()
    await subscribe(alice, browsers[0], receiver, "en")
    await subscribe(bob, browsers[1], receiver, "fr")
    room = await alice.create_room(game="speakeasy", **{"time_control": {"unlimited": True}, **body})
    assert (await bob.claim(room["invite_url"])).status_code == 200
    sockets = [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])]
    return harness.Table(room, [alice, bob], sockets)


def expected(kind: str, room_id: str, lang: str, body: str | None = None) -> dict[str, Any]:
    titles = {
        ("your_turn", "en"): "Your move in Speak Easy",
        ("your_turn", "fr"): "À vous de jouer à Speak Easy",
        ("game_started", "en"): "Speak Easy: the game has started",
    }
    bodies = {
        ("your_turn", "en"): "It is your turn. Open the room to play.",
        ("your_turn", "fr"): "C'est votre tour. Ouvrez la partie pour jouer.",
    }
    return {
        "kind": kind,
        "room": room_id,
        "game": "speakeasy",
        "title": titles[kind, lang],
        "body": body or bodies[kind, lang],
        "url": f"/r/{room_id}",
    }


async def test_your_turn_reaches_a_push_service_encrypted_and_signed(
    server: Server, receiver: Receiver
) -> None:
    key = (await server.player().http.get("/api/push/key")).json()
    assert key == {"enabled": True, "public_key": VAPID_PUBLIC}
    browsers = (Browser("alice"), Browser("bob"))
    table = await seat_two_subscribed(server, receiver, browsers)
    room_id = table.room["room_id"]
    notifier = server.app.state.notifier

    # Bob took the last chair: Alice is told the game started (Bob is at the page).
    await until(lambda: len(receiver.to("alice")) == 1)
    started = browsers[0].decrypt(receiver.to("alice")[0].body)
    assert started == expected("game_started", room_id, "en", "Every seat is taken. To play: Seat 1, Seat 2.")
    await notifier.idle()
    assert receiver.to("bob") == []

    await table.setups()
    for _ in range(4):
        await notifier.idle()
        before = {name: len(receiver.to(name)) for name in ("alice", "bob")}
        mover = table.mover()
        waiter = "bob" if mover.seat == 0 else "alice"
        await table.move()
        await until(lambda w=waiter, b=before: len(receiver.to(w)) == b[w] + 1)
        await notifier.idle()
        assert (
            len(receiver.to("alice" if waiter == "bob" else "bob"))
            == before["alice" if waiter == "bob" else "bob"]
        ), "the seat that just moved was notified"
        push = receiver.to(waiter)[-1]
        browser = browsers[0] if waiter == "alice" else browsers[1]
        lang = "en" if waiter == "alice" else "fr"
        assert browser.decrypt(push.body) == expected("your_turn", room_id, lang)
        assert push.headers["content-encoding"] == "aes128gcm"
        assert int(push.headers["ttl"]) > 0
        claims = check_vapid(push.headers, VAPID_PUBLIC, receiver.base)
        assert claims["sub"] == "mailto:ops@example.org"
        if table.over():
            break


async def test_a_live_room_tells_its_start_and_end_only(server: Server, receiver: Receiver) -> None:
    """Live rooms are played at the page (its own cues say whose turn): no push at every
    move, only the game's start and its end."""
    browsers = (Browser("alice"), Browser("bob"))
    table = await seat_two_subscribed(server, receiver, browsers, time_control=None)
    notifier = server.app.state.notifier
    await table.setups()
    for _ in range(3):
        await table.move()
    await notifier.idle()
    kinds = [
        (p.path, (browsers[0] if p.path == "alice" else browsers[1]).decrypt(p.body)["kind"])
        for p in receiver.pushed
    ]
    assert kinds == [("alice", "game_started")]
    quitter = table.mover()
    assert (await quitter.act({"type": "resign", "id": "bye"}))["type"] == "ack"
    other = "bob" if quitter.seat == table.sockets[0].seat else "alice"
    await until(lambda: len(receiver.pushed) == 2)
    await notifier.idle()
    last = receiver.pushed[-1]
    assert last.path == other
    payload = (browsers[0] if other == "alice" else browsers[1]).decrypt(last.body)
    assert payload["kind"] == "game_over"
    assert (
        payload["title"]
        == {"alice": "Speak Easy: the game is over", "bob": "Speak Easy : la partie est finie"}[other]
    )


async def test_a_gone_subscription_is_removed(
    server: Server, receiver: Receiver, caplog: pytest.LogCaptureFixture
) -> None:
    """A 410 deletes the subscription; a 500 keeps it; the logs name an endpoint only by a
    hash, never the endpoint (a capability to wake that browser)."""
    caplog.set_level(logging.INFO, logger="speakeasy.notify")
    browsers = (Browser("alice"), Browser("bob"))
    receiver.status["bob"] = 410
    receiver.status["alice"] = 500
    table = await seat_two_subscribed(server, receiver, browsers)
    await table.setups()
    notifier = server.app.state.notifier
    while not receiver.to("bob"):
        await notifier.idle()
        await table.move()
        await notifier.idle()
    await notifier.idle()
    async with server.app.state.engine.connect() as conn:
        left = (await conn.execute(select(PushSubscription.endpoint))).scalars().all()
    assert left == [f"{receiver.base}/push/alice"]
    messages = [r.getMessage() for r in caplog.records if r.name.startswith("speakeasy.notify")]
    assert "push subscription gone" in messages
    assert "push refused" in messages
    for record in caplog.records:
        assert "/push/" not in str(record.__dict__) and str(receiver.base) not in str(record.__dict__)


async def test_no_notice_for_the_mover_a_bot_or_a_spectator(server: Server) -> None:
    recorder = Recorder()
    server.app.state.notifier.register(recorder)
    alice, carol = server.player(), server.player()
    room = await alice.create_room(game="speakeasy", bot="easy", time_control={"unlimited": True})
    sock = await alice.connect(room["room_id"])
    watcher = await carol.connect(room["room_id"], watch=harness.token_of(room["watch_url"]))
    assert watcher.seat is None
    table = harness.Table(room, [alice], [sock])
    position = await alice.random_setup("s")
    assert (await sock.act({"type": "setup", "id": "s", "position": position}))["type"] == "ack"
    await sock.events_until(3)
    moves = 0
    for _ in range(6):
        assert sock.view is not None
        if sock.view["result"] is not None:
            break
        if sock.view["to_move"] == "s":
            await table.move()
            moves += 1
        else:
            await sock.events_until((sock.last_version or 0) + 1)
    await server.app.state.notifier.idle()
    async with server.app.state.engine.connect() as conn:
        creator = (await conn.execute(text("select creator from rooms"))).scalar_one()
    assert recorder.notices, "the bot's moves made it Alice's turn: she is told"
    assert {notice.guest_id for notice in recorder.notices} == {creator}
    assert {notice.kind for notice in recorder.notices} <= {"your_turn", "game_over"}
    # Told once per turn at most: never after her own move, once after each of the bot's.
    assert len([n for n in recorder.notices if n.kind == "your_turn"]) <= moves + 1


async def test_a_notice_carries_nothing_hidden(server: Server) -> None:
    """Two games with the same public history (both seats' secret setups, in the same order,
    and the same first-player draw) and different hidden states (different setups) give the
    same notices. Games are played until two have drawn the same first player."""
    recorder = Recorder()
    server.app.state.notifier.register(recorder)
    seen: dict[str, list[Notice]] = {}
    for seed in range(1, 9):
        start = len(recorder.notices)
        table = await harness.seat_two(server, time_control={"unlimited": True})
        runtime = await server.app.state.service.runtime(table.room["room_id"])
        guests = {
            holder.guest_id: f"seat{runtime.game.seat_of_slot(slot)}"
            for slot, holder in enumerate(runtime.room.slots)
        }
        for socket in sorted(table.sockets, key=lambda s: s.seat or 0):  # the same public order
            side = "sn"[socket.seat or 0]
            position = harness.draw_setup("sn".index(side), seed * 1000 + (socket.seat or 0), None)
            ack = await socket.act({"type": "setup", "id": f"s{socket.seat}", "position": position})
            assert ack["type"] == "ack"
        await table.sync()
        await server.app.state.notifier.idle()
        room_id = table.room["room_id"]
        notices = [
            replace(
                notice, room_id="R", url=notice.url.replace(room_id, "R"), guest_id=guests[notice.guest_id]
            )
            for notice in recorder.notices[start:]
        ]
        assert notices, "the game's start and the setups made it someone's turn"
        first = table.sockets[0].view["to_move"]  # type: ignore[index]
        if first in seen:
            assert notices == seen[first]
            return
        seen[first] = notices
    raise AssertionError("eight games never drew the same first player twice")


def test_a_subscription_is_checked_strictly() -> None:
    good = Browser("x").subscription("https://push.example.com")
    subs.check(subs.SubscriptionIn.model_validate(good), allow_http=False)

    def refused(change: dict[str, Any], allow_http: bool = False) -> str:
        body = {**good, **change}
        with pytest.raises(AppError) as caught:
            subs.check(subs.SubscriptionIn.model_validate(body), allow_http)
        return caught.value.message

    assert "https" in refused({"endpoint": "http://push.example.com/x"})
    assert "https" in refused({"endpoint": "http://10.0.0.1/x"}, allow_http=True)
    assert "address" in refused({"endpoint": "https://10.0.0.1/x"})
    assert "internet" in refused({"endpoint": "https://localhost/x"})
    assert "plain" in refused({"endpoint": "https://user:pw@push.example.com/x"})
    keys = good["keys"]
    assert "65 bytes" in refused({"keys": {**keys, "p256dh": keys["p256dh"][:40]}})
    assert "16-byte" in refused({"keys": {**keys, "auth": keys["p256dh"][:20]}})
    point = bytearray(unb64(keys["p256dh"]))
    point[-1] ^= 1
    assert "curve" in refused({"keys": {**keys, "p256dh": b64(bytes(point))}})


async def test_subscriptions_are_the_callers_and_refused_in_words(server: Server, receiver: Receiver) -> None:
    alice, mallory = server.player(), server.player()
    await subscribe(alice, Browser("alice"), receiver)
    await mallory.http.get("/api/catalogue")
    endpoint = f"{receiver.base}/push/alice"
    # Another guest cannot remove Alice's subscription.
    gone = await mallory.http.request("DELETE", "/api/push/subscriptions", json={"endpoint": endpoint})
    assert gone.status_code == 200
    async with server.app.state.engine.connect() as conn:
        count = (await conn.execute(text("select count(*) from push_subscriptions"))).scalar_one()
    assert count == 1
    extra = await mallory.http.post(
        "/api/push/subscriptions", json={**Browser("m").subscription(receiver.base), "extra": 1}
    )
    assert extra.status_code == 422 and extra.json()["detail"]["code"] == "bad_request"
    bad = await mallory.http.post(
        "/api/push/subscriptions", json=Browser("m").subscription("https://127.0.0.1:9")
    )
    assert bad.status_code == 400 and "address" in bad.json()["detail"]["message"]
    mine = await alice.http.request("DELETE", "/api/push/subscriptions", json={"endpoint": endpoint})
    assert mine.status_code == 200
    async with server.app.state.engine.connect() as conn:
        count = (await conn.execute(text("select count(*) from push_subscriptions"))).scalar_one()
    assert count == 0


async def test_without_keys_push_is_off_and_says_so(database_url: str) -> None:
    settings: Settings = harness.settings_for(database_url)
    app = create_app(settings)
    async with harness.serving(app) as base:
        player = harness.Player(base)
        try:
            assert (await player.http.get("/api/push/key")).json() == {"enabled": False, "public_key": None}
            answer = await player.http.post(
                "/api/push/subscriptions", json=Browser("x").subscription("https://push.example.com")
            )
            assert answer.status_code == 409
            assert answer.json()["detail"]["code"] == "push_off"
        finally:
            await player.close()


def test_a_mismatched_public_key_is_refused() -> None:
    from app.notify.webpush import VapidKeys

    _other, public = vapid_pair()
    settings = Settings(
        vapid_private_key=VAPID_PRIVATE, vapid_subject="mailto:a@example.org", vapid_public_key=public
    )
    with pytest.raises(ValueError, match="does not belong"):
        VapidKeys.from_settings(settings)
    with pytest.raises(ValueError, match="SUBJECT"):
        Settings(vapid_private_key=VAPID_PRIVATE)


async def test_three_seats_told_once_per_turn_never_for_their_own_move(server: Server) -> None:
    """A 3-seat Prohibition played over days: each "your turn" goes to a seat that owes a
    decision after a change it did not act in, and a seat is told at most once until it
    acts (a seat's several actions in a row are one turn)."""
    recorder = Recorder()
    notifier = server.app.state.notifier
    notifier.register(recorder)
    people = [server.player() for _ in range(3)]
    room = await people[0].create_room(game="prohibition", players=3, time_control={"days": 3})
    for other in people[1:]:
        assert (await other.claim(room["invite_url"])).status_code == 200
    socks = [await person.connect(room["room_id"]) for person in people]
    runtime = await server.app.state.service.runtime(room["room_id"])
    seat_of = {
        holder.guest_id: runtime.game.seat_of_slot(slot) for slot, holder in enumerate(runtime.room.slots)
    }
    await notifier.idle()
    told: dict[int, int] = {}  # seat -> "your turn" notices since it last acted
    rng = random.Random(5)
    seen = len(recorder.notices)
    turns = 0
    for step in range(40):
        owing = [s for s in socks if s.view is not None and (s.view.get("legal") or [])]
        if not owing or socks[0].view is None or socks[0].view.get("result"):
            break
        mover = owing[0]
        assert mover.seat is not None and mover.view is not None
        line = rng.choice(mover.view["legal"])
        action = line if isinstance(line, dict) else {"type": "act", "text": line}
        ack = await mover.act({"type": "act", "id": f"p{step}", "action": action})
        assert ack["type"] == "ack", ack
        for sock in socks:
            await sock.events_until(ack["version"])
        await notifier.idle()
        told[mover.seat] = 0
        due = {s.seat for s in socks if s.view is not None and (s.view.get("legal") or [])}
        for notice in recorder.notices[seen:]:
            assert notice.kind == "your_turn"
            seat = seat_of[notice.guest_id]
            assert seat != mover.seat, "told of his own move"
            assert seat in due and seat in notice.turn_seats
            told[seat] = told.get(seat, 0) + 1
            assert told[seat] == 1, "told twice before acting"
            turns += 1
        seen = len(recorder.notices)
    assert turns >= 3, "the seats took turns"
