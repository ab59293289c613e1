"""Turn-based rooms in the browser (issue 27): the landing page offers days per move and
no limit beside the live clocks, in words; the room says it is turn-based and that the page
may be closed, its seat bars count the time in days and hours ("1 d 23 h"), and an opponent
who leaves is "away", never "disconnected", with no "claim the win".

Screenshots: /tmp/shots/turnbased/<size>-<lang>-<what>.png at 1366x768 and 390x844, in
English and French.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_pages import open_player
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/turnbased")
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
WORDS = {
    "en-US": {
        "hint": "Turn-based",
        "note": "close this page",
        "watch": "the players move over days",
        "days": r"^[12] d \d{1,2} h$",
        "away": "away",
    },
    "fr-FR": {
        "hint": "Au long cours",
        "note": "fermer cette page",
        "watch": "jouent sur plusieurs jours",
        "days": r"^[12] j \d{1,2} h$",
        "away": "absent",
    },
}


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_a_days_per_move_room_from_the_landing_page(
    server: str, browser: Browser, locale: str, size: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    words = WORDS[locale]
    shot = f"{size}-{locale[:2]}"
    alice = open_player(browser, "alice", locale=locale, viewport=SIZES[size], mobile=size == "phone")
    page = alice.page
    page.goto(server + "/")
    page.locator('input[name="game"][value="spies"]').check()
    page.locator("#players").select_option("2")
    clock = page.locator("#clock")
    labels = clock.locator("option").all_inner_texts()
    assert len([label for label in labels if re.search(r"\d", label)]) >= 11, labels  # 5 live + 6 in days
    clock.select_option("d2")
    expect(page.locator("#clock-hint")).to_contain_text(words["hint"])
    clock.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{shot}-landing.png"))
    page.locator("#create-btn").click()
    invite = page.locator("#invite-url").input_value()
    watch = page.locator("#watch-url").input_value()
    page.locator("#enter").click()
    expect(page.locator("body")).to_have_attribute("data-seat", "0")

    bob = open_player(browser, "bob", locale=locale, viewport=SIZES[size], mobile=size == "phone")
    bob.page.goto(invite)
    expect(bob.page.locator("body")).to_have_attribute("data-seat", "1")

    # The room says it is turn-based and that the page may be closed; the clocks are in days.
    note = page.locator("#turn-based-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(words["note"])
    for seat in ("0", "1"):
        expect(page.locator(f'.clock[data-clock="{seat}"]').first).to_have_text(re.compile(words["days"]))
    page.screenshot(path=str(SHOTS / f"{shot}-room.png"))

    # A spectator is told how the room is played, not that his time runs.
    carol = open_player(browser, "carol", locale=locale, viewport=SIZES[size], mobile=size == "phone")
    carol.page.goto(watch)
    expect(carol.page.locator("#turn-based-note")).to_contain_text(words["watch"])
    carol.page.context.close()

    # The opponent closes his page: he is away, and there is nothing to claim.
    bob.page.context.close()
    expect(page.locator('.presence[data-seat="1"]').first).to_contain_text(words["away"])
    page.wait_for_timeout(1500)  # the live room's claim button would be there by now
    expect(page.locator("#claim")).to_have_count(0)
    assert "disconnected" not in page.locator("#game").inner_text()
    assert not page.context.errors  # type: ignore[attr-defined]
    page.screenshot(path=str(SHOTS / f"{shot}-away.png"))
    page.context.close()
