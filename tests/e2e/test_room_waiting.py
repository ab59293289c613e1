"""The room around any game before and at its edges (issue 25, item 5): what a host sees
while chairs are empty, the abort asked first, and an invite link that comes too late.

- A 3-seat Spies! host at 1366×768 (English) and a 4-seat one on a phone (French): every
  empty chair says it waits for a player (never "disconnected", even after the presence
  ticks) and has the invite link at hand (copied from the chair's button); no decision is
  offered and no seat is lit before every chair is taken; once the last person comes in,
  the host's decision is offered.
- "Abort the game" asks first, in words (English and French): declined, the game goes on;
  accepted, it is aborted.
- An invite link opened after the last seat was taken says so and offers to watch (the
  page then watches as a spectator); a room without spectators says that it has none.

Screenshots: /tmp/shots/defects/room-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, create_room, open_player
from playwright.sync_api import Browser, Dialog, expect

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/defects")
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def spies_room(host: Player, server: str, players: int) -> dict[str, Any]:
    """A Spies! room for ``players`` people, made from the host's page (its cookie takes seat 0)."""
    host.page.goto(server + "/")
    answer = host.page.request.post(
        server + "/api/rooms", data={"game": "spies", "players": players, "setup_seconds": None}
    )
    assert answer.status == 201, answer.text()
    room: dict[str, Any] = answer.json()
    # The landing page keeps the links of the rooms it makes; this room was made by hand.
    host.page.evaluate(
        "([id, links]) => localStorage.setItem(`speakeasy.links.${id}`, JSON.stringify(links))",
        [room["room_id"], {"invite_url": room["invite_url"], "watch_url": room["watch_url"]}],
    )
    host.page.goto(room["room_url"])
    expect(host.page.locator("#board .city")).to_have_count(77, timeout=20_000)
    return room


def assert_waiting(host: Player, empty: int, waiting: str, invite: str) -> None:
    page = host.page
    chairs = page.locator(".player.empty-seat")
    expect(chairs).to_have_count(empty)
    page.wait_for_timeout(800)  # the presence texts are counted on every 250 ms: let them run
    for i in range(empty):
        expect(chairs.nth(i).locator(".presence")).to_have_text(waiting)
        expect(chairs.nth(i).locator(".seat-invite")).to_be_visible()
    expect(page.locator(".player .presence")).not_to_contain_text(["disconnected"])
    expect(page.locator(".player.to-move")).to_have_count(0)
    # No decision is offered: no line, no tray, no gold city; the panel says why.
    expect(page.locator("#sp-lines, #sp-tray")).to_have_count(0)
    expect(page.locator("#board [data-target]")).to_have_count(0)
    expect(page.locator('#sp-prompt[data-kind="seats"]')).to_be_visible()
    # The chair's button copies the invite link.
    chairs.first.locator(".seat-invite").click()
    assert page.evaluate("navigator.clipboard.readText()") == invite
    # Every bar, its button included, stays inside the window.
    width = page.viewport_size["width"]  # type: ignore[index]
    for box in page.locator(".player, .seat-invite").evaluate_all(
        "(els) => els.map((e) => e.getBoundingClientRect().right)"
    ):
        assert box <= width, box


def test_a_host_waits_for_every_seat_with_no_move_offered(server: str, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    host = open_player(browser, "host", viewport=LAPTOP)
    host.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    room = spies_room(host, server, 3)
    page = host.page
    expect(page.locator("#turn")).to_have_text("Waiting for every player to join.")
    expect(page.locator("#sp-prompt")).to_contain_text("Your first decision comes once every seat is taken")
    assert_waiting(host, 2, "waiting for a player", room["invite_url"])
    expect(page.locator("#invite #invite-url")).to_have_value(room["invite_url"])
    page.screenshot(path=SHOTS / "room-waiting-en-1366.png")

    # The others come in: the host's first decision is offered, the chairs read as people.
    guests = [open_player(browser, name, viewport=LAPTOP) for name in ("bob", "carol")]
    for guest in guests:
        guest.page.goto(room["invite_url"])
        expect(guest.page.locator("#board .city")).to_have_count(77, timeout=20_000)
    expect(page.locator(".player.empty-seat")).to_have_count(0)
    expect(page.locator(".seat-invite")).to_have_count(0)
    expect(page.locator("#sp-lines")).to_be_visible()
    for p in (host, *guests):
        assert not p.page.context.errors, p.page.context.errors  # type: ignore[attr-defined]


def test_a_phone_host_in_french_waits_for_three_players(server: str, browser: Browser) -> None:
    host = open_player(browser, "hôte", locale="fr-FR", viewport=PHONE)
    host.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    room = spies_room(host, server, 4)
    expect(host.page.locator("#turn")).to_have_text("En attente de tous les joueurs.")
    # The chair's button is short on a phone: its name and "waiting" keep the room.
    expect(host.page.locator(".seat-invite .short").first).to_have_text("Inviter")
    expect(host.page.locator(".seat-invite .long").first).to_be_hidden()
    assert_waiting(host, 3, "en attente d’un joueur", room["invite_url"])
    host.page.screenshot(path=SHOTS / "room-waiting-fr-390.png")
    assert not host.page.context.errors, host.page.context.errors  # type: ignore[attr-defined]


def test_abort_is_asked_first_in_words(server: str, browser: Browser) -> None:
    for locale, viewport, asked, done in (
        ("en-US", LAPTOP, "Abort this game? It ends at once for every player", "Game aborted."),
        (
            "fr-FR",
            PHONE,
            "Annuler cette partie ? Elle s’arrête aussitôt pour tous les joueurs",
            "Partie annulée.",
        ),
    ):
        host = open_player(browser, "alice", locale=locale, viewport=viewport)
        if locale == "en-US":
            create_room(host, server)
        else:
            create_room_fr(host, server)
        host.page.locator("#enter").click()
        expect(host.page.locator("#abort")).to_be_visible()
        dialogs: list[str] = []

        def answer(dialog: Dialog, accept: bool, seen: list[str] = dialogs) -> None:
            seen.append(dialog.message)
            if accept:
                dialog.accept()
            else:
                dialog.dismiss()

        host.page.once("dialog", lambda d: answer(d, False))
        host.page.locator("#abort").click()
        expect(host.page.locator("#abort")).to_be_visible()
        assert len(dialogs) == 1 and dialogs[0].startswith(asked), dialogs
        host.page.wait_for_timeout(500)  # nothing was sent: the game is still on
        expect(host.page.locator("body")).not_to_have_attribute("data-phase", "over")
        if locale == "fr-FR":
            host.page.screenshot(path=SHOTS / "room-abort-fr-390.png")
        host.page.once("dialog", lambda d: answer(d, True))
        host.page.locator("#abort").click()
        expect(host.page.locator("body")).to_have_attribute("data-phase", "over")
        expect(host.page.locator("#result")).to_contain_text(done)
        assert len(dialogs) == 2
        assert not host.page.context.errors, host.page.context.errors  # type: ignore[attr-defined]


def create_room_fr(player: Player, server: str) -> None:
    """The landing page in French: a Speak Easy room for a friend."""
    page = player.page
    page.goto(server + "/")
    page.locator('input[name="game"][value="speakeasy"]').check()
    page.locator("#create-btn").click()
    expect(page.locator("#invite-url")).to_be_visible()


def test_an_invite_to_a_full_room_offers_to_watch(server: str, browser: Browser) -> None:
    alice = open_player(browser, "alice")
    invite, _watch = create_room(alice, server)
    bob = open_player(browser, "bob")
    bob.page.goto(invite)
    expect(bob.page.locator("#game")).to_be_visible()

    for locale, viewport, title, watch in (
        ("en-US", LAPTOP, "Every seat of this room is taken", "Watch this game"),
        ("fr-FR", PHONE, "Toutes les places de cette salle sont prises", "Regarder cette partie"),
    ):
        late = open_player(browser, "late", locale=locale, viewport=viewport)
        late.page.goto(invite)
        expect(late.page.locator("#lobby-title")).to_have_text(title)
        expect(late.page.locator("#lobby-help")).to_contain_text(
            re.compile("after the last seat|après que la dernière")
        )
        expect(late.page.locator("#fatal")).to_be_hidden()
        late.page.screenshot(path=SHOTS / f"room-full-{locale[:2]}-{viewport['width']}.png")
        late.page.get_by_role("button", name=watch).click()
        expect(late.page.locator("#game")).to_be_visible()
        expect(late.page.locator("body")).to_have_attribute("data-role", "spectator")
        expect(late.page.locator("#board")).to_be_visible()
        assert not late.page.context.errors, late.page.context.errors  # type: ignore[attr-defined]

    # A room without spectators: the same link says so, in words.
    answer = alice.page.request.post(server + "/api/rooms", data={"game": "speakeasy", "spectators": False})
    private = answer.json()
    bob.page.request.post(server + "/api/invites/" + private["invite_url"].rsplit("/", 1)[1] + "/claim")
    late = open_player(browser, "late")
    late.page.goto(private["invite_url"])
    expect(late.page.locator("#fatal")).to_have_text(
        "Every seat of this room is taken, and it does not let spectators watch."
    )
