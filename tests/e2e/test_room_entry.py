"""A room's address opened by a browser that holds no seat there (issue 10, item 8): not
"This room does not exist" but the room — its game, preset, time control and seats — and
the ways in: watch with the spectator link, or take the free seat with the invite link."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_pages import create_room, open_player
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_a_stranger_at_the_room_address_can_watch_or_take_the_free_seat(
    server: str, browser: Browser, shots: Path
) -> None:
    alice = open_player(browser, "alice")
    invite, watch = create_room(alice, server, rules="Lu Zhan Qi")
    room_url = alice.page.locator("#enter").get_attribute("href") or ""
    assert "/r/" in room_url

    # Dave has only the room's address.
    dave = open_player(browser, "dave")
    dave.page.goto(room_url)
    lobby = dave.page.locator("#lobby")
    expect(lobby).to_be_visible()
    expect(lobby).to_contain_text("You have no seat in this room")
    expect(lobby).to_contain_text("Speak Easy · Classic Lu Zhan Qi · 10 min + 5 s per turn")
    expect(dave.page.locator("#lobby-seats")).to_have_text("Seats: 1 of 2 taken.")
    expect(dave.page.locator("#fatal")).to_be_hidden()
    assert "does not exist" not in (dave.page.locator("body").text_content() or "")
    dave.page.screenshot(path=shots / "30-lobby.png", full_page=True)

    # Something that is not a link of this site is refused on the spot.
    dave.page.get_by_label("Invite or spectator link").fill("https://example.com/i/abc")
    dave.page.get_by_role("button", name="Open").click()
    expect(lobby).to_contain_text("That is not an invite or spectator link of this site.")

    # With the spectator link he watches.
    dave.page.get_by_label("Invite or spectator link").fill(watch)
    dave.page.get_by_role("button", name="Open").click()
    expect(dave.page.locator("#game")).to_be_visible()
    expect(dave.page.locator("#turn")).to_contain_text("The players are placing their pieces")
    expect(dave.page.locator("body")).to_have_attribute("data-role", "spectator")

    # Erin, at the same address, takes the free seat with the invite link.
    erin = open_player(browser, "erin")
    erin.page.goto(room_url)
    expect(erin.page.locator("#lobby")).to_be_visible()
    erin.page.get_by_label("Invite or spectator link").fill(invite)
    erin.page.get_by_role("button", name="Open").click()
    expect(erin.page.locator("#setup")).to_be_visible()
    expect(erin.page.locator("body")).to_have_attribute("data-seat", "1")
    expect(erin.page.locator("#room-info")).to_contain_text("Classic Lu Zhan Qi")

    # A third stranger now finds every seat taken: he can still watch.
    frank = open_player(browser, "frank")
    frank.page.goto(room_url)
    expect(frank.page.locator("#lobby-seats")).to_have_text("Seats: 2 of 2 taken.")
    expect(frank.page.locator("#lobby")).to_contain_text("Every seat is taken")
    for p in (alice, dave, erin, frank):
        assert not p.page.context.errors, p.page.context.errors  # type: ignore[attr-defined]
