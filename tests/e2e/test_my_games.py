"""Find your turns, carry your identity (issue 27, item 4) in the browser.

Alice has six rooms in different states: a Speak Easy game where both players still owe
their setup (her move, the setup timer running), a timed Flickago game (her move or Bob's,
as the seats were drawn), two turn-based Speak Easy rooms (3 days per move, and no limit)
awaiting her setup, a three-seat Prohibition room still waiting for its players, and a
Speak Easy game she resigned. "My games" lists the games awaiting her move first with the
time left, then the others (running, then finished); the landing page says "Your move in N
games" and links there. From My games she makes a one-time link; a second browser context
(a phone, in French) opens it, is asked to confirm, becomes her (its cookie carries her
guest id), sees the same list and plays her setup; the same link opened a second time says
in words that it has been used and changes nothing.

Screenshots in /tmp/shots/my-games/: the landing page and My games at 1366x768 and
390x844, in English and French; the link's question and the used link.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import open_player
from playwright.sync_api import Browser, BrowserContext, Page, expect

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots/my-games")

FETCH = """async ([method, path, body]) => {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== null) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  return { status: res.status, body: await res.json().catch(() => null) };
}"""

RESIGN = """async ([roomId]) => {
  const ws = new WebSocket(`${location.origin.replace("http", "ws")}/ws/rooms/${roomId}`);
  return await new Promise((resolve, reject) => {
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", last_version: null }));
    ws.onmessage = (m) => {
      const frame = JSON.parse(m.data);
      if (frame.type === "welcome") ws.send(JSON.stringify({ type: "resign", id: "bye" }));
      if ((frame.type === "ack" || frame.type === "error") && frame.id === "bye") {
        ws.close();
        resolve(frame.type);
      }
    };
    ws.onerror = () => reject(new Error("socket failed"));
  });
}"""


def call(page: Page, method: str, path: str, body: Any = None) -> Any:
    answer = page.evaluate(FETCH, [method, path, body])
    assert answer["status"] < 300, answer
    return answer["body"]


def guest_of(context: BrowserContext) -> str:
    """The guest id a context's cookie carries (the signed value's first part)."""
    (cookie,) = [c for c in context.cookies() if c["name"] == "speakeasy_guest"]
    return cookie["value"].split(".")[0]


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert width <= 0, f"the page scrolls sideways by {width}px"


def set_lang(page: Page, code: str) -> None:
    page.locator(f'#lang button[lang="{code}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", code)


def rows(page: Page) -> list[dict[str, str | None]]:
    found = page.locator("#my-games-rows tr")
    return [
        {
            "room": found.nth(i).get_attribute("data-room"),
            "your_move": found.nth(i).get_attribute("data-your-move"),
            "status": found.nth(i).get_attribute("data-status"),
        }
        for i in range(found.count())
    ]


def test_my_games_order_the_landing_count_and_a_second_device(browser: Browser, server: str) -> None:
    alice = open_player(browser, "alice", viewport=LAPTOP)
    bob = open_player(browser, "bob", viewport=LAPTOP)
    for player in (alice, bob):
        player.page.goto(server + "/games")
    a, b = alice.page, bob.page

    over = call(a, "POST", "/api/rooms", {"game": "speakeasy"})
    call(b, "POST", f"/api/invites/{over['invite_url'].rsplit('/', 1)[1]}/claim")
    assert a.evaluate(RESIGN, [over["room_id"]]) == "ack"
    joining = call(a, "POST", "/api/rooms", {"game": "prohibition", "players": 3})
    flick = call(a, "POST", "/api/rooms", {"game": "flickago", "time_control": {"initial": 600}})
    call(b, "POST", f"/api/invites/{flick['invite_url'].rsplit('/', 1)[1]}/claim")
    unlimited = call(a, "POST", "/api/rooms", {"game": "speakeasy", "time_control": {"unlimited": True}})
    call(b, "POST", f"/api/invites/{unlimited['invite_url'].rsplit('/', 1)[1]}/claim")
    days = call(a, "POST", "/api/rooms", {"game": "speakeasy", "time_control": {"days": 3}})
    call(b, "POST", f"/api/invites/{days['invite_url'].rsplit('/', 1)[1]}/claim")
    setup = call(a, "POST", "/api/rooms", {"game": "speakeasy"})
    call(b, "POST", f"/api/invites/{setup['invite_url'].rsplit('/', 1)[1]}/claim")

    listed = call(a, "GET", "/api/me/games")
    flick_mine = next(g for g in listed["games"] if g["room_id"] == flick["room_id"])["your_move"]
    yours = [
        setup["room_id"],
        *([flick["room_id"]] if flick_mine else []),
        days["room_id"],
        unlimited["room_id"],
    ]
    others = [*([] if flick_mine else [flick["room_id"]]), joining["room_id"]]
    count = len(yours)

    # My games: awaiting Alice's move first (the setup timer's 3 minutes before Flickago's
    # 10, the turn-based room's 3 days, then the room without a limit), then the running
    # ones, then the finished one; the time left counts down.
    a.reload()
    expect(a.locator("#my-games-rows tr")).to_have_count(6)
    shown = rows(a)
    assert [r["room"] for r in shown] == [*yours, *others, over["room_id"]]
    assert [r["your_move"] for r in shown] == ["true"] * count + ["false"] * (6 - count)
    first = a.locator("#my-games-rows tr").first
    expect(first.locator(".my-turn")).to_have_text("Your move")
    expect(first.locator(".time-left")).to_have_text(re.compile(r"^0[0-2]:\d\d$"))
    before = first.locator(".time-left").inner_text()
    expect(first.locator(".time-left")).not_to_have_text(before)
    expect(a.locator(f'#my-games-rows tr[data-room="{days["room_id"]}"] .time-left')).to_have_text("2 d 23 h")
    expect(a.locator(f'#my-games-rows tr[data-room="{unlimited["room_id"]}"] .time-left')).to_have_text(
        "no limit"
    )
    joining_row = a.locator(f'#my-games-rows tr[data-room="{joining["room_id"]}"]')
    expect(joining_row.locator(".my-turn")).to_have_text("Waiting for players to join")
    expect(joining_row.locator(".time-left")).to_have_text("")
    expect(a.locator(f'#my-games-rows tr[data-room="{over["room_id"]}"] .turn-cell')).to_have_text("")
    expect(first.locator("a.game-open")).to_have_attribute("href", f"/r/{setup['room_id']}")
    no_overflow(a)
    shoot(a, "games-laptop-en")

    # The landing page: "Your move in N games", a link to My games.
    a.goto(server + "/")
    expect(a.get_by_role("button", name="Learn to play").first).to_be_visible()  # the catalogue came
    line = a.locator("#your-move")
    expect(line).to_be_visible()
    expect(line).to_have_text("Your move in 1 game" if count == 1 else f"Your move in {count} games")
    no_overflow(a)
    shoot(a, "landing-laptop-en")
    set_lang(a, "fr")
    expect(line).to_have_text(
        "À vous de jouer dans 1 partie" if count == 1 else f"À vous de jouer dans {count} parties"
    )
    shoot(a, "landing-laptop-fr")
    a.set_viewport_size(PHONE)
    no_overflow(a)
    shoot(a, "landing-phone-fr")
    set_lang(a, "en")
    shoot(a, "landing-phone-en")
    a.locator("#your-move a").click()
    expect(a).to_have_url(server + "/games")
    expect(a.locator("#my-games-rows tr")).to_have_count(6)
    no_overflow(a)
    shoot(a, "games-phone-en")
    a.set_viewport_size(LAPTOP)
    set_lang(a, "fr")
    expect(first.locator(".my-turn")).to_have_text("À vous de jouer")
    shoot(a, "games-laptop-fr")
    set_lang(a, "en")

    # A one-time link for another device: shown with a copy button and its expiry.
    a.get_by_role("button", name="Make a link").click()
    expect(a.locator("#device-url")).to_have_value(re.compile(re.escape(server) + r"/link/[\w-]+$"))
    url = a.locator("#device-url").input_value()
    expect(a.locator("#device-expiry")).to_contain_text(
        re.compile(r"Works once, until .+ \(1[45]:\d\d left\)")
    )
    expect(a.locator("#device-copy")).to_be_enabled()
    qr = a.locator("#device-qr")
    expect(qr).to_be_visible()
    assert qr.evaluate("(img) => img.complete && img.naturalWidth > 100"), "the QR code did not load"
    shoot(a, "device-link-laptop-en")

    phone = open_player(browser, "phone", locale="fr-FR", viewport=PHONE)
    p = phone.page
    p.goto(url)
    expect(p.locator("#link-question")).to_have_text("Continuer en tant que ce joueur sur cet appareil ?")
    expect(p.locator("#link-replaces")).to_be_hidden()  # this phone played nothing yet
    assert guest_of(p.context) != guest_of(a.context)
    no_overflow(p)
    shoot(p, "link-question-phone-fr")
    p.get_by_role("button", name="Oui, continuer en tant que ce joueur").click()
    expect(p).to_have_url(server + "/games")
    expect(p.locator("#my-games-rows tr")).to_have_count(6)
    assert guest_of(p.context) == guest_of(a.context)
    assert [r["room"] for r in rows(p)] == [r["room"] for r in shown]
    expect(p.locator("#my-games-rows tr").first.locator(".my-turn")).to_have_text("À vous de jouer")
    no_overflow(p)
    shoot(p, "games-phone-fr")

    # The phone plays Alice's setup: the game no longer waits for her, and her laptop's
    # landing page says so once it has the focus again.
    a.goto(server + "/")
    expect(a.locator("#your-move")).to_have_attribute("data-count", str(count))
    p.locator("#my-games-rows tr").first.locator("a.game-open").click()
    expect(p).to_have_url(server + f"/r/{setup['room_id']}")
    p.get_by_role("button", name="Au hasard").click()
    expect(p.locator("#setup-ready")).to_be_enabled()
    p.locator("#setup-ready").click()
    expect(p.locator("#turn")).to_be_visible()
    for _ in range(50):
        mine = call(a, "GET", "/api/me/games")["games"]
        if not next(g for g in mine if g["room_id"] == setup["room_id"])["your_move"]:
            break
        a.wait_for_timeout(100)
    else:
        raise AssertionError("the setup played on the phone did not reach the server")
    assert call(a, "GET", "/api/me/turns")["your_move"] == count - 1
    a.evaluate("window.dispatchEvent(new Event('focus'))")
    expect(a.locator("#your-move")).to_have_attribute("data-count", str(count - 1))

    # The same link again, in a third browser: used, said in words, nothing changed.
    late = open_player(browser, "late", viewport=LAPTOP)
    late.page.goto(url)
    expect(late.page.locator("#link-error")).to_have_text(
        "This link has already been used. Ask the other device for a new one."
    )
    expect(late.page.locator("#link-ask")).to_be_hidden()
    assert guest_of(late.page.context) != guest_of(a.context)
    shoot(late.page, "link-used-laptop-en")

    for player in (alice, bob, phone, late):
        assert player.page.context.errors == [], player.page.context.errors  # type: ignore[attr-defined]
        player.page.context.close()
