"""The e-mail channel against a real SMTP server (aiosmtpd) and the real app on SQLite and
PostgreSQL: nothing before confirmation, the confirmation link, a notice's words and
RFC 8058 headers, one-click unsubscribe, the rate limits, strict addresses, sign-in by
e-mail without enumeration, and no address in any log line."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from server_harness import Player, Table
from smtp_box import SmtpBox, body_of, links_in

from app.identity import COOKIE_NAME
from app.logs import REDACTED, redact
from app.notify import Notice
from app.notify.email import EmailChannel

ADDRESS = "ana.player@example.org"
HOUR_MS = 3600 * 1000


@pytest.fixture
def smtp() -> Iterator[SmtpBox]:
    box = SmtpBox()
    box.start()
    yield box
    box.stop()


@pytest.fixture
def settings_overrides(smtp: SmtpBox) -> dict[str, Any]:
    return {
        "smtp_host": "127.0.0.1",
        "smtp_port": smtp.port,
        "smtp_security": "none",
        "smtp_from": "Speakeasy <games@speakeasy.test>",
        "email_daily_cap": 4,
        "log_level": "DEBUG",
    }


def guest_of(player: Player) -> str:
    cookie = player.cookie
    assert cookie is not None
    return cookie.split(".")[0]


def notice(server: Any, guest_id: str, room: str = "R0000000001", kind: str = "your_turn") -> Notice:
    return Notice(
        kind=kind,  # type: ignore[arg-type]
        guest_id=guest_id,
        room_id=room,
        game="prohibition",
        game_title="Prohibition",
        url=f"{server.base}/r/{room}",
        turn_of=("Seat 2 (Ana)",),
        hours_left=12 if kind == "time_low" else None,
    )


async def deliver(server: Any, note: Notice) -> None:
    await EmailChannel(server.app.state.email).deliver(note)


async def confirmed_player(server: Any, smtp: SmtpBox, address: str = ADDRESS, lang: str = "en") -> Player:
    player = server.player()
    answer = await player.http.put("/api/me/email", json={"address": address, "lang": lang})
    assert answer.status_code == 200, answer.text
    [confirmation] = smtp.to(address)[-1:]
    [link] = [url for url in links_in(confirmation) if "/email/confirm/" in url]
    page = await player.http.get(link)
    assert page.status_code == 200, page.text
    return player


def no_address_logged(caplog: pytest.LogCaptureFixture, err: str, *addresses: str) -> None:
    for record in caplog.records:
        line = record.getMessage() + " " + " ".join(str(value) for value in vars(record).values())
        for address in addresses:
            assert address.lower() not in line.lower(), f"{record.name}: {line}"
    for address in addresses:
        assert address.lower() not in err.lower()


async def test_notices_only_after_confirmation_then_unsubscribe(
    server: Any, smtp: SmtpBox, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG, logger="speakeasy")  # the server at its most talkative
    player = server.player()
    status = (await player.http.get("/api/me/email")).json()
    assert status == {"enabled": True, "state": "none", "address": None, "lang": None}
    answer = await player.http.put("/api/me/email", json={"address": f"  {ADDRESS} ", "lang": "en"})
    assert answer.status_code == 200
    assert answer.json()["state"] == "pending" and answer.json()["address"] == ADDRESS
    guest = guest_of(player)

    # Pending: the confirmation mail only.
    await deliver(server, notice(server, guest))
    [confirmation] = smtp.to(ADDRESS)
    assert confirmation["Subject"] == "Confirm your address for Speakeasy"
    assert "List-Unsubscribe" not in confirmation
    [link] = [url for url in links_in(confirmation) if "/email/confirm/" in url]
    assert link.startswith(server.base)

    # The link opened in another browser (no cookie) confirms.
    stranger = server.player()
    page = await stranger.http.get(link)
    assert page.status_code == 200 and "Address confirmed" in page.text
    assert (await player.http.get("/api/me/email")).json()["state"] == "confirmed"
    forged = await stranger.http.get(link[:-3] + "xyz")
    assert forged.status_code == 400 and "no longer works" in forged.text

    await deliver(server, notice(server, guest))
    assert smtp.count() == 2
    mail = smtp.to(ADDRESS)[-1]
    assert mail["Subject"] == "Your move in Prohibition (room R0000000001)"
    assert mail["From"] == "Speakeasy <games@speakeasy.test>"
    assert mail["Auto-Submitted"] == "auto-generated"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    unsubscribe = mail["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith(f"{server.base}/email/unsubscribe/")
    text = body_of(mail)
    assert "It is your turn in Prohibition, room R0000000001." in text
    assert "Waiting for: Seat 2 (Ana)." in text
    assert f"Open the room: {server.base}/r/R0000000001" in text
    assert unsubscribe in text  # the link in the body too

    # Looking at the unsubscribe page changes nothing; its one-click POST does.
    shown = await stranger.http.get(unsubscribe)
    assert shown.status_code == 200 and 'method="post"' in shown.text
    assert (await player.http.get("/api/me/email")).json()["state"] == "confirmed"
    done = await stranger.http.post(
        unsubscribe,
        content="List-Unsubscribe=One-Click",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert done.status_code == 200 and "No more mails" in done.text
    assert (await player.http.get("/api/me/email")).json()["state"] == "none"
    await deliver(server, notice(server, guest, room="R0000000002"))
    assert smtp.count() == 2
    again = await stranger.http.post(unsubscribe)
    assert again.status_code == 200  # already gone: the same answer

    no_address_logged(caplog, capfd.readouterr().err, ADDRESS)
    assert any(record.name == "speakeasy.email" for record in caplog.records)


async def test_rate_limits(server: Any, smtp: SmtpBox) -> None:
    player = await confirmed_player(server, smtp)
    guest = guest_of(player)
    sent = smtp.count()
    await deliver(server, notice(server, guest, room="R1"))
    await deliver(server, notice(server, guest, room="R1"))  # the same room within the hour
    assert smtp.count() == sent + 1
    server.clock.advance(HOUR_MS + 1)
    await deliver(server, notice(server, guest, room="R1"))
    await deliver(server, notice(server, guest, room="R2"))
    assert smtp.count() == sent + 3
    await deliver(server, notice(server, guest, room="R3", kind="game_over"))  # the daily cap: 4
    await deliver(server, notice(server, guest, room="R4", kind="game_started"))
    await deliver(server, notice(server, guest, room="R5"))
    assert smtp.count() == sent + 4
    server.clock.advance(24 * HOUR_MS)
    await deliver(server, notice(server, guest, room="R5", kind="time_low"))
    assert smtp.count() == sent + 5
    assert "12 h left for your move in Prohibition" in smtp.to(ADDRESS)[-1]["Subject"]

    # Confirmation mails: three a day per address, whoever asks.
    other = "bo@example.net"
    players = [server.player() for _ in range(4)]
    codes = [(await p.http.put("/api/me/email", json={"address": other})).status_code for p in players]
    assert codes == [200, 200, 200, 429]
    assert len(smtp.to(other)) == 3


async def test_one_page_cannot_mail_many_strangers(server: Any, smtp: SmtpBox) -> None:
    """Ten addresses set from one client address, then it must wait: each costs a mail."""
    player = server.player()
    codes = [
        (await player.http.put("/api/me/email", json={"address": f"stranger{n}@example.org"})).status_code
        for n in range(11)
    ]
    assert codes == [200] * 10 + [429]
    assert smtp.count() == 10
    server.clock.advance(60_000)
    assert (await player.http.put("/api/me/email", json={"address": "late@example.org"})).status_code == 200


@pytest.mark.parametrize(
    ("address", "words"),
    [
        (f"{ADDRESS}\r\nBcc: victim@example.com", "line break"),
        (f"{ADDRESS}\nSubject: hi", "line break"),
        (f"Ana <{ADDRESS}>", "spaces"),
        ("ana@example.org,bo", "part after the @"),
        ("ana", "exactly one @"),
        ("a" * 65 + "@example.org", "before the @"),
        ("ana@" + "b" * 250 + ".org", "at most 254"),
        ("anaïs@example.org", "plain Latin"),
        ("", "enter an e-mail address"),
    ],
)
async def test_bad_addresses_are_refused_in_words(
    server: Any, smtp: SmtpBox, address: str, words: str
) -> None:
    player = server.player()
    answer = await player.http.put("/api/me/email", json={"address": address})
    assert answer.status_code == 422, answer.text
    detail = answer.json()["detail"]
    assert detail["code"] == "bad_address" and words in detail["message"]
    assert (await player.http.get("/api/me/email")).json()["state"] == "none"
    assert smtp.count() == 0


async def test_french_mails_and_pages(server: Any, smtp: SmtpBox) -> None:
    player = await confirmed_player(server, smtp, lang="fr")
    confirmation = smtp.to(ADDRESS)[0]
    assert confirmation["Subject"] == "Confirmez votre adresse pour Speakeasy"
    await deliver(server, notice(server, guest_of(player)))
    mail = smtp.to(ADDRESS)[-1]
    assert mail["Subject"] == "À vous de jouer : Prohibition (salle R0000000001)"
    assert "C’est votre tour dans Prohibition, salle R0000000001." in body_of(mail)
    page = await player.http.get(mail["List-Unsubscribe"].strip("<>"))
    assert '<html lang="fr">' in page.text and "Ne plus recevoir de messages" in page.text


async def test_remove_and_replace(server: Any, smtp: SmtpBox) -> None:
    player = await confirmed_player(server, smtp)
    first_link = next(url for url in links_in(smtp.to(ADDRESS)[0]) if "/email/confirm/" in url)
    answer = await player.http.put("/api/me/email", json={"address": "new@example.org"})
    assert answer.json()["state"] == "pending"
    assert (await player.http.get(first_link)).status_code == 400  # the old address's link is void
    removed = await player.http.delete("/api/me/email")
    assert removed.json()["state"] == "none"
    await deliver(server, notice(server, guest_of(player)))
    assert smtp.to("new@example.org")[-1]["Subject"].startswith("Confirm")


async def test_sign_in_by_email_answers_the_same(
    server: Any, smtp: SmtpBox, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="speakeasy")  # the server at its most talkative
    email = server.app.state.email
    if email._device_link is None:
        pytest.skip("the one-time device link (app/devices.py) is not wired yet")
    owner = await confirmed_player(server, smtp)
    sent = smtp.count()
    newcomer = server.player()
    unknown = await newcomer.http.post("/api/email/sign-in", json={"address": "nobody@example.org"})
    pending = server.player()
    await pending.http.put("/api/me/email", json={"address": "wait@example.org"})
    sent += 1
    not_confirmed = await newcomer.http.post("/api/email/sign-in", json={"address": "wait@example.org"})
    known = await newcomer.http.post("/api/email/sign-in", json={"address": ADDRESS.upper()})
    assert unknown.status_code == not_confirmed.status_code == known.status_code == 202
    assert unknown.json() == not_confirmed.json() == known.json()
    await email.settle()
    assert smtp.count() == sent + 1
    mail = smtp.to(ADDRESS)[-1]
    [link] = [url for url in links_in(mail) if "/link/" in url]
    used = await newcomer.http.post("/api/device-links/use", json={"token": link.rsplit("/", 1)[1]})
    assert used.status_code == 200, used.text
    assert newcomer.cookie is not None
    assert guest_of(newcomer) == guest_of(owner)
    no_address_logged(caplog, "", ADDRESS, "nobody@example.org", "wait@example.org")


async def test_email_off_without_a_relay(server: Any, smtp: SmtpBox) -> None:
    server.app.state.email.settings = server.app.state.settings.model_copy(update={"smtp_host": None})
    server.app.state.email.mailer.settings = server.app.state.email.settings
    player = server.player()
    assert (await player.http.get("/api/me/email")).json()["enabled"] is False
    answer = await player.http.put("/api/me/email", json={"address": ADDRESS})
    assert answer.status_code == 409 and answer.json()["detail"]["code"] == "email_off"
    assert COOKIE_NAME in player.http.cookies


def test_link_tokens_are_redacted_from_logs() -> None:
    line = 'GET /email/confirm/eyJnIjoi.abc_-1 HTTP/1.1" 200; POST /email/unsubscribe/eyJ.x-y_z 200'
    assert redact(line) == (
        f'GET /email/confirm/{REDACTED} HTTP/1.1" 200; POST /email/unsubscribe/{REDACTED} 200'
    )


async def test_a_real_game_mails_its_notices(server: Any, smtp: SmtpBox) -> None:
    """Through the notification dispatch, in a room played over days: a confirmed player is
    mailed that his game started and, once, that it is his turn (the next turns within the
    hour are held back)."""
    alice = await confirmed_player(server, smtp)
    bob = server.player()
    room = await alice.create_room(game="speakeasy", time_control={"days": 2})  # played over days
    assert (await bob.claim(room["invite_url"])).status_code == 200
    sockets = [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])]
    table = Table(room, [alice, bob], sockets)
    notifier = server.app.state.notifier
    await smtp.wait_for(2)  # the confirmation, then "started"
    started = smtp.to(ADDRESS)[-1]
    assert started["Subject"] == f"Speak Easy: your game has started (room {room['room_id']})"
    await table.setups()
    for _ in range(6):
        await table.move()
        await notifier.idle()
    turns = [mail for mail in smtp.to(ADDRESS) if mail["Subject"].startswith("Your move in Speak Easy")]
    assert len(turns) == 1
    assert f"Open the room: {server.base}/r/{room['room_id']}" in body_of(turns[0])
    assert "Waiting for: Seat " in body_of(turns[0])
