"""The room fits the screen (issue 10, item 8): at 1366×768, 1440×900, 1920×1080 and on a
phone at 390×844 the whole board and every seat's clock are inside the window without
scrolling, in setup and in play; the light colour scheme is honoured; on a phone a move
does not scroll the page away from the board; the last combat stays in view when the
computer answers at once; moves are animated and drawn along their path."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_pages import (
    Player,
    attack_move,
    create_bot_room,
    open_player,
    ply_count,
    wait_bot_answer,
    wait_my_turn,
)
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e

SIZES = ((1366, 768), (1440, 900), (1920, 1080), (390, 844))

COUNT_ANIMATIONS = """
window.__animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations += 1;
  return animate.apply(this, args);
};
"""


def assert_fits(player: Player, width: int, height: int) -> None:
    page = player.page
    assert page.evaluate("window.scrollY") == 0
    board = page.locator("#board").bounding_box()
    assert board is not None
    boxes = {"board": board}
    clocks = page.locator(".clock")
    expect(clocks).to_have_count(2)
    for i in range(clocks.count()):
        expect(clocks.nth(i)).to_be_visible()
        box = clocks.nth(i).bounding_box()
        assert box is not None
        boxes[f"clock {i}"] = box
    for what, box in boxes.items():
        assert box["x"] >= 0 and box["y"] >= 0, (width, height, what, box)
        assert box["x"] + box["width"] <= width + 0.5, (width, height, what, box)
        assert box["y"] + box["height"] <= height + 0.5, (width, height, what, box)
    # The board is drawn large, not fitted by shrinking it to a stamp.
    assert board["height"] >= 0.6 * height or board["width"] >= 0.9 * width
    if width > 860:  # on a laptop nothing at all scrolls: the side column scrolls on its own
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")


def test_board_and_clocks_fit_every_screen(server: str, browser: Browser, shots: Path) -> None:
    human = open_player(browser, "human", viewport={"width": 1366, "height": 768})
    page = human.page
    page.add_init_script(COUNT_ANIMATIONS)
    create_bot_room(human, server)
    expect(page.locator("#room-info")).to_have_text("Speak Easy (the rulebook) · 10 min + 5 s per turn")
    page.get_by_role("button", name="Random").click()
    for width, height in SIZES:  # the setup: the board, the clocks, the editor beside or below
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        assert_fits(human, width, height)
        page.screenshot(path=shots / f"20-fit-{width}x{height}-setup.png")

    page.set_viewport_size({"width": 1366, "height": 768})
    page.locator("#setup-ready").click()
    expect(page.locator("body")).to_have_attribute("data-phase", "play", timeout=20_000)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        assert_fits(human, width, height)
        page.screenshot(path=shots / f"20-fit-{width}x{height}.png")

    # Light mode: the system's preference is honoured (dark is the default).
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(28, 24, 20)"
    page.emulate_media(color_scheme="light")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(243, 236, 221)"
    page.set_viewport_size({"width": 1366, "height": 768})
    page.screenshot(path=shots / "21-light-1366x768.png")
    page.emulate_media(color_scheme="dark")

    # On a phone: an attack, and the computer's answer. The page stays on the board, the
    # combat stays in view after the answer, the moves were animated along their paths.
    page.set_viewport_size({"width": 390, "height": 844})
    wait_my_turn(human)
    before = ply_count(human)
    animations = page.evaluate("window.__animations")
    attack_move(human)
    expect(page.locator("#combat")).to_be_visible()
    wait_bot_answer(human, before)
    if page.locator("body").get_attribute("data-phase") == "play":
        expect(page.locator("#combat")).to_be_visible()
        expect(page.locator("#combat .fled, #combat .stays")).to_have_count(2)
    assert page.evaluate("window.scrollY") == 0, "a move scrolled the page away from the board"
    assert page.evaluate("window.__animations") >= animations + 2
    last = page.locator("#move-list li:not(.none)").last.locator(".mv").text_content() or ""
    a, b = last.split("-")
    path = page.locator("#board .last-path").get_attribute("data-path") or ""
    assert re.fullmatch(rf"{a}( [a-e]\d+)* {b}", path), (last, path)
    assert_fits(human, 390, 844)
    page.screenshot(path=shots / "22-phone-after-combat.png")
    page.screenshot(path=shots / "23-phone-after-combat-full.png", full_page=True)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
