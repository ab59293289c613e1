"""The guided first game (issue 25, item 2) through the real page: "Learn to play" makes the
game's tutorial room (POST /api/rooms {"tutorial": true}), the room shell shows the game's
lesson (static/games/<name>/tutorial.js) one step at a time (static/js/tutorial.js), refuses
in words any action but the taught one, and ends by offering a real game.

- Speak Easy's lesson, start to end, at 1366x768 (English) and at 390x844 (French): the
  landing page's button, the two steps that only explain (Next; meanwhile the turn line says
  to read the lesson, not the game's hint), a legal move the lesson
  does not teach clicked on the board (not sent to the server, its reason in the panel),
  each taught move by clicks, the computer's planned answers, the win, and the finish panel:
  "Play the computer" makes a real room against the computer (no lesson there), "Play a
  friend" is the landing page with Speak Easy chosen. Nothing is wider than the window at
  any step.
- Every game whose catalogue entry says tutorial (iterated from the catalogue): its room
  opens from the landing page's button, the lesson panel shows step 1 in English and in
  French, and nothing is wider than a 390x844 window. The rules page's button opens it too.

Screenshots: test-artifacts/screenshots/50-tutorial-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, endless_animations, open_player
from playwright.sync_api import Browser, Page, expect

from engine import catalogue

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
LOCALES = {"en": "en-US", "fr": "fr-FR"}
STEP_ONE = {"en": re.compile(r"Step 1 of \d+"), "fr": re.compile(r"Étape 1 sur \d+")}
WITH_TUTORIAL = [found.name for found in catalogue.entries() if found.tutorial is not None]

# Speak Easy's taught moves (static/games/speakeasy/tutorial.js, engine/speakeasy/tutorial.py).
TAUGHT = [("b6", "b5"), ("c6", "c7"), ("e6", "e7"), ("a6", "c6"), ("d6", "d11"), ("d11", "d12")]
READ_ONLY_STEPS = 2
# The turn line while a step only explains: the lesson's words, not the game's "click one of
# your pieces" (which the step would refuse).
READ_TURN = {
    "en": "Your turn — read the lesson, then press Next.",
    "fr": "À vous de jouer — lisez la leçon, puis appuyez sur Suivant.",
}


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert width <= inner, f"the page is {width} px wide in a {inner} px window"


def lesson_step(page: Page, step: int | str) -> Any:
    box = page.locator(f'#lesson[data-step="{step}"]')
    expect(box).to_be_visible()
    return box


def open_lesson(player: Player, base: str, game: str) -> None:
    """The landing page's "Learn to play" on the game's card, then the room."""
    page = player.page
    page.goto(f"{base}/")
    page.locator(f'.game-card[data-game="{game}"] [data-learn]').click()
    page.wait_for_url(re.compile(r"/r/[^/]+$"))
    lesson_step(page, 1)


def moves_sent(player: Player) -> list[str]:
    return [
        frame["action"]["move"]
        for frame in player.sent
        if frame.get("type") == "act" and frame.get("action", {}).get("type") == "move"
    ]


def click(page: Page, square: str) -> None:
    page.locator(f'#board [data-name="{square}"]').click()


@pytest.mark.parametrize(("viewport", "lang"), [(LAPTOP, "en"), (PHONE, "fr")], ids=["laptop-en", "phone-fr"])
def test_speakeasy_lesson_start_to_end(
    browser: Browser, server: str, shots: Path, viewport: dict[str, int], lang: str
) -> None:
    player = open_player(browser, "learner", locale=LOCALES[lang], viewport=viewport)
    page = player.page
    tag = f"{viewport['width']}x{viewport['height']}-{lang}"
    try:
        open_lesson(player, server, "speakeasy")
        panel = page.locator("#lesson")
        expect(panel.locator(".lesson-count")).to_contain_text(STEP_ONE[lang])
        expect(page.locator("body")).to_have_attribute("data-tutorial", "speakeasy")
        # Step 1 points at the learner's Speakeasy.
        expect(page.locator('#board [data-name="b1"]')).to_have_class(re.compile(r"\btutorial-focus\b"))
        assert not endless_animations(page)  # the ring turns a few times, then stays
        fits(page)
        page.screenshot(path=str(shots / f"50-tutorial-step1-{tag}.png"))
        turn = page.locator("#turn")
        for step in range(1, READ_ONLY_STEPS + 1):
            expect(turn).to_have_text(READ_TURN[lang])
            lesson_step(page, step).locator(".lesson-next").click()
        lesson_step(page, READ_ONLY_STEPS + 1)
        # A step that asks for a move: the turn line is the game's again.
        expect(turn).to_contain_text("Your turn — " if lang == "en" else "À vous de jouer — ")
        expect(turn).not_to_have_text(READ_TURN[lang])

        # A legal move the lesson does not teach: not sent, its reason in the panel.
        click(page, "c6")
        click(page, "c7")
        refusal = panel.locator(".lesson-refusal")
        expect(refusal).to_be_visible()
        expect(refusal).to_contain_text("b6")
        expect(refusal).to_contain_text("Not that one" if lang == "en" else "Pas celle-là")
        assert "c6-c7" not in moves_sent(player)
        page.screenshot(path=str(shots / f"50-tutorial-refused-{tag}.png"))

        for number, (frm, to) in enumerate(TAUGHT):
            step = READ_ONLY_STEPS + 1 + number
            lesson_step(page, step)
            target = page.locator(f'#board [data-name="{frm}"]')
            expect(target).to_have_class(re.compile(r"\btutorial-focus\b"))
            fits(page)
            if number in (1, 4):
                page.mouse.move(0, 0)
                page.screenshot(path=str(shots / f"50-tutorial-step{step}-{tag}.png"))
            click(page, frm)
            click(page, to)
            expect(refusal).to_have_count(0)
        finish = lesson_step(page, "finish")
        assert moves_sent(player) == [f"{frm}-{to}" for frm, to in TAUGHT]
        expect(finish.locator(".lesson-result")).to_have_text(
            "You won your first game." if lang == "en" else "Vous avez gagné votre première partie."
        )
        expect(page.locator("#rematch")).to_be_hidden()  # a guided game is played once
        fits(page)
        page.mouse.move(0, 0)
        page.screenshot(path=str(shots / f"50-tutorial-finish-{tag}.png"))
        friend = finish.locator(".lesson-friend")
        expect(friend).to_have_attribute("href", "/?game=speakeasy")
        expect(finish.locator(".lesson-rules")).to_have_attribute("href", "/rules/speakeasy")

        # A real game against the computer: a room of its own, without a lesson.
        lesson_room = page.url
        finish.locator(".lesson-computer").click()
        page.wait_for_url(lambda url: url != lesson_room and "/r/" in url)
        expect(page.locator("#board")).to_be_visible()
        room_id = page.url.rsplit("/", 1)[1]
        summary = page.request.get(f"{server}/api/rooms/{room_id}").json()
        assert summary["tutorial"] is False and summary["bots"][1] in ("easy", "normal", "strong")
        assert summary["your_seat"] is not None
        expect(page.locator("#lesson")).to_have_count(0)

        # "Play a friend": the landing page with the game chosen.
        page.goto(f"{server}/?game=speakeasy")
        expect(page.locator('.game-card[data-game="speakeasy"] input[name="game"]')).to_be_checked()
        assert not page.context.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


@pytest.mark.parametrize("game", WITH_TUTORIAL)
def test_every_lesson_opens_in_both_languages(browser: Browser, server: str, shots: Path, game: str) -> None:
    texts = {}
    for lang in ("en", "fr"):
        player = open_player(browser, f"learner-{lang}", locale=LOCALES[lang], viewport=PHONE)
        page = player.page
        try:
            open_lesson(player, server, game)
            panel = page.locator("#lesson")
            expect(panel.locator(".lesson-count")).to_contain_text(STEP_ONE[lang])
            say = panel.locator(".lesson-say")
            expect(say).not_to_be_empty()
            texts[lang] = say.inner_text()
            summary = page.request.get(f"{server}/api/rooms/{page.url.rsplit('/', 1)[1]}").json()
            assert summary["tutorial"] is True and summary["game"] == game
            fits(page)
            page.screenshot(path=str(shots / f"50-tutorial-{game}-step1-390x844-{lang}.png"))
            assert not page.context.errors  # type: ignore[attr-defined]
        finally:
            page.context.close()
    assert texts["en"] != texts["fr"], "step 1 says the same in both languages"


def test_the_rules_page_offers_the_lesson(browser: Browser, server: str) -> None:
    player = open_player(browser, "reader", viewport=LAPTOP)
    page = player.page
    try:
        page.goto(f"{server}/rules/speakeasy")
        page.locator('[data-learn][data-game="speakeasy"]').click()
        page.wait_for_url(re.compile(r"/r/[^/]+$"))
        lesson_step(page, 1)
        for name in catalogue.names():
            if name in WITH_TUTORIAL:
                continue
            page.goto(f"{server}/rules/{name}")
            expect(page.locator("#rules-title")).not_to_be_empty()
            expect(page.locator("[data-learn]")).to_have_count(0)
    finally:
        page.context.close()
