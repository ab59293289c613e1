"""The Hint button (issue 29) and the computer levels described on the landing page, in
English on a laptop (1366x768) and in French on a phone (390x844).

A Speak Easy game against the computer: once play has begun and it is our move, Hint asks
the server, which thinks from our own view; the suggestion and its reason are shown in
words (the module's strings, no key or placeholder left) and the move is drawn on the
board, not played.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_pages import click_move, open_player
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e

CASES = {
    "en": ("en-US", {"width": 1366, "height": 768}, "Random", "The computer would:", "Why:", "Hint"),
    "fr": (
        "fr-FR",
        {"width": 390, "height": 844},
        "Au hasard",
        "L’ordinateur jouerait",
        "Pourquoi",
        "Indice",
    ),
}

MY_TURN = "() => document.querySelector('#turn')?.classList.contains('mine')"


@pytest.mark.parametrize("lang", list(CASES))
def test_hint_shows_the_computers_move_and_why(server: str, browser: Browser, shots: Path, lang: str) -> None:
    locale, viewport, random_label, would, why, button = CASES[lang]
    player = open_player(browser, f"hint-{lang}", locale=locale, viewport=viewport)
    page = player.page

    # The landing page: every computer level of the game in a line of words.
    page.goto(server + "/")
    page.locator('input[name="game"][value="speakeasy"]').check()
    page.locator("#seat-1").select_option("strong")
    levels = page.locator("#levels li")
    expect(levels).to_have_count(3)
    expect(page.locator('#levels li[data-level="strong"]')).to_contain_text("65")
    expect(page.locator('#levels li[data-level="strong"]')).to_have_class("chosen")
    page.locator("#levels").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"hint-levels-{lang}.png")

    made = page.request.post(server + "/api/rooms", data={"game": "speakeasy", "bot": "easy"})
    assert made.status == 201, made.text()
    room_url = made.json()["room_url"]
    page.goto(room_url if room_url.startswith("http") else server + room_url)
    expect(page.locator("#setup")).to_be_visible(timeout=20_000)
    page.locator("#setup").get_by_role("button", name=random_label, exact=True).click()
    expect(page.locator("#setup-ready")).to_be_enabled()
    page.locator("#setup-ready").click()
    expect(page.locator("body")).to_have_attribute("data-phase", "play", timeout=20_000)
    page.wait_for_function(MY_TURN, timeout=30_000)

    plies = page.locator("#move-list li:not(.none)").count()
    hint = page.locator("#hint-btn")
    expect(hint).to_have_text(button)
    hint.click()
    action = page.locator("#hint-action")
    expect(action).to_contain_text(would, timeout=30_000)
    reason = page.locator("#hint-reason")
    expect(reason).to_contain_text(why)
    for text in (action.inner_text(), reason.inner_text()):
        assert not re.search(r"\{|\w+\.advice\.|piece\.", text), text
    assert re.search(r"[a-e]\d+-[a-e]\d+", action.inner_text())
    expect(page.locator("#board .hint-move")).to_have_count(1)
    assert page.locator("#move-list li:not(.none)").count() == plies  # shown, not played
    assert [f for f in player.sent if f.get("type") == "hint"], player.sent
    page.locator("#hint").scroll_into_view_if_needed()
    page.mouse.move(1, 1)  # the button's own help stays out of the picture
    page.keyboard.press("Escape")
    size = f"{viewport['width']}x{viewport['height']}"
    page.screenshot(path=shots / f"hint-{lang}-{size}.png")
    page.screenshot(path=shots / f"hint-{lang}-{size}-full.png", full_page=True)
    # Played by hand, the hint has served: it is taken down with its arrow.
    move = re.search(r"([a-e]\d+)-([a-e]\d+)", action.inner_text())
    assert move is not None
    click_move(player, move[1], move[2])
    expect(page.locator("#hint-action")).to_have_count(0)
    expect(page.locator("#board .hint-move")).to_have_count(0)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]


def test_a_flickago_hint_in_words(server: str, browser: Browser, shots: Path) -> None:
    player = open_player(browser, "hint-flickago", viewport={"width": 1366, "height": 768})
    page = player.page
    page.goto(server + "/")
    made = page.request.post(server + "/api/rooms", data={"game": "flickago", "bot": "easy"})
    assert made.status == 201, made.text()
    room_url = made.json()["room_url"]
    page.goto(room_url if room_url.startswith("http") else server + room_url)
    page.wait_for_function(
        "() => document.querySelector('#turn')?.classList.contains('mine')", timeout=60_000
    )
    page.locator("#hint-btn").click()
    expect(page.locator("#hint-action")).to_contain_text(
        re.compile(r"The computer would: .+ power \d+"), timeout=30_000
    )
    expect(page.locator("#hint-reason")).to_contain_text(re.compile(r"Why: .*trial shots"))
    assert not re.search(r"\{|\w+\.advice\.", page.locator("#hint").inner_text())
    page.mouse.move(1, 1)
    page.screenshot(path=shots / "hint-flickago-en-1366x768.png")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
