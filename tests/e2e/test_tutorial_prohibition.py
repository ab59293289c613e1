"""Prohibition's guided first game in the browser (issue 25, item 2): the lesson followed from
the landing page's "Learn to play" to its finish panel, at 1366×768 and at 390×844, in English
and in French.

The room is made by the Prohibition card's "Learn to play" button; everything after that goes
through the page, with the board's own controls: the green truck clicked to play the slot,
Ness's and Capone's gold crossings, the gold streets of the two deliveries (the chooser over
the board then offers the drive alone or the delivery, and the delivery is taken), "Next" for a
read-only step. Checked on the way: every step points at something on the page (the class
"tutorial-focus", on the very control the step teaches), one wrong click (the blue truck
instead of the green one) is not sent and the step's reason is shown in the page's language,
each step's situation is on the board (the red truck beside D4, its white cube seized, the
bars served, the scores), the page is never wider than the screen, and the finish panel
offers a real game and the rules while the game goes on against the computer. No page error,
no console error.

Screenshots: /tmp/shots/tutorial-prohibition/<size>-<lang>-<step>.png (several steps, both
sizes, both languages).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import LESSON_RUNS, LOCALES, SIZES, Player, lesson_marks, open_player
from playwright.sync_api import Locator, expect

from engine.prohibition.tutorial import LESSON

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/tutorial-prohibition")
STEPS = 7
WAIT = 20_000  # ms: the computer's truck-turns come from the server's bots
WORDS = {  # what the page shows, in each language (the shell's words and the lesson's)
    "en": {
        "count": f"Step 1 of {STEPS}",
        "step1": "You drive the green truck T3",
        "refusal": "The blue T4 plays right after",
        "goesOn": "The lesson is over; the game goes on: finish it, or start a real one.",
    },
    "fr": {
        "count": f"Étape 1 sur {STEPS}",
        "step1": "Vous conduisez le camion vert T3",
        "refusal": "Le T4 bleu joue juste après",
        "goesOn": "La leçon est finie ; la partie continue : terminez-la, ou commencez-en une vraie.",
    },
}


def console_errors(player: Player) -> list[str]:
    errors: list[str] = []
    player.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def acts(player: Player) -> list[str]:
    """The action strings the page has sent."""
    return [
        str((frame.get("action") or {}).get("text", ""))
        for frame in player.sent
        if frame.get("type") == "act"
    ]


def at_step(player: Player, step: int | str) -> None:
    expect(player.page.locator("#lesson")).to_have_attribute("data-step", str(step), timeout=WAIT)


def fits(player: Player) -> None:
    width = player.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


def shot(player: Player, size: str, lang: str, step: int | str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    player.page.mouse.move(0, 0)  # no pointer resting on the board: no popover over it
    player.page.wait_for_timeout(1200)  # the smooth scroll to what the step points at
    player.page.screenshot(path=SHOTS / f"{size}-{lang}-{step}.png")


# French elides and contracts an article after "à" and "de" ("au bar", "du policier"); a name
# that carries its article ("le bar E5e") must not follow them as it is.
UNCONTRACTED = re.compile(r"(?<![\w’'])(?:à|de) les? (?=\w)")


def french_reads_right(player: Player) -> None:
    """No "à le …" or "de le …" anywhere on the page: buttons, chooser, log, panels."""
    text = player.page.locator("body").inner_text()
    found = UNCONTRACTED.findall(text)
    assert not found, [text[max(0, m.start() - 40) : m.end() + 20] for m in UNCONTRACTED.finditer(text)]


def click_on_map(target: Locator) -> None:
    """A click on a board control (an SVG shape): a real click where the pointer can reach it;
    a piece drawn under a neighbour's shape gets the click event itself."""
    expect(target).to_have_count(1, timeout=WAIT)
    try:
        target.click(timeout=3000)
    except Exception:
        target.dispatch_event("click")


def deliver(player: Player, street: str, action: str, shoot: Any) -> None:
    """Click the gold street on the board; the chooser over it offers the drive alone and the
    delivery: take the delivery (the one the lesson points at). ``shoot()`` takes the
    screenshot of the open chooser."""
    page = player.page
    spot = page.locator(f'#board .hit-area[data-key="s:{street}"]')
    expect(spot).to_have_class(re.compile("tutorial-focus"), timeout=WAIT)
    click_on_map(spot)
    chooser = page.locator("#pz-chooser")
    expect(chooser).to_be_visible()
    expect(chooser.locator(f'button[data-action="go:{street}"]')).to_have_count(1)
    choice = chooser.locator(f'button[data-action="{action}"]')
    expect(choice).to_have_class(re.compile("tutorial-focus"))
    shoot()
    choice.click()


def truck_fact(player: Player, truck: str, what: str) -> Locator:
    return player.page.locator(f'#pz-trucks .pz-truck[data-truck="{truck}"] {what}')


@pytest.mark.parametrize(("size", "lang"), LESSON_RUNS)
def test_the_prohibition_lesson_to_its_finish(server: str, browser: Any, size: str, lang: str) -> None:
    player = open_player(browser, f"learner-{size}-{lang}", locale=LOCALES[lang], viewport=SIZES[size])
    page = player.page
    errors = console_errors(player)
    words = WORDS[lang]

    # The landing page's Prohibition card: "Learn to play" makes the tutorial room and goes there.
    page.goto(server + "/")
    learn = page.locator('button[data-learn][data-game="prohibition"]')
    expect(learn).to_be_visible()
    learn.click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"), timeout=WAIT)
    for truck in ("T1", "T2", "T3", "T4"):
        expect(page.locator(f'#board .truck[data-truck="{truck}"]')).to_have_count(1, timeout=WAIT)
    at_step(player, 1)
    lesson = page.locator("#lesson")
    expect(lesson.locator(".lesson-count")).to_contain_text(words["count"])
    expect(lesson.locator(".lesson-say")).to_contain_text(words["step1"])
    assert page.locator("body").get_attribute("data-seat") == "0"

    # 1. Who drives what: read, then Next. The learner's two trucks are pointed at.
    expect(page.locator('#board .truck[data-truck="T3"]')).to_have_class(re.compile("tutorial-focus"))
    expect(page.locator('#board .truck[data-truck="T4"]')).to_have_class(re.compile("tutorial-focus"))
    shot(player, size, lang, 1)
    fits(player)
    lesson.locator(".lesson-next").click()
    at_step(player, 2)

    # 2. The computer's red truck has delivered on C4-D4; the learner chooses his truck. One
    # wrong click first: the blue truck is refused, with the step's reason, and nothing is sent.
    expect(page.locator('#pz-trucks .pz-truck[data-truck="T1"]')).to_contain_text("C4-D4", timeout=WAIT)
    expect(page.locator('#board [data-bar="C4n"] .cube')).to_have_count(1, timeout=WAIT)
    green = page.locator('#board .truck[data-key="t:T3"]')
    blue = page.locator('#board .truck[data-key="t:T4"]')
    expect(green).to_have_class(re.compile("tutorial-focus"), timeout=WAIT)
    sent = len(acts(player))
    click_on_map(blue)
    expect(lesson.locator(".lesson-refusal")).to_contain_text(words["refusal"])
    assert len(acts(player)) == sent, "a refused action went to the server"
    at_step(player, 2)
    shot(player, size, lang, 2)
    click_on_map(green)
    at_step(player, 3)
    expect(lesson.locator(".lesson-refusal")).to_have_count(0)

    # 3. The dice say Ness or Capone: Ness on D4, at the end of the red truck's street, seizes
    # its white cube (red loses a point).
    ness = page.locator('#board .hit-area[data-key="i:D4"]')
    expect(ness).to_have_class(re.compile("tutorial-focus"), timeout=WAIT)
    expect(page.locator('#board .truck[data-truck="T1"]')).to_have_class(re.compile("tutorial-focus"))
    shot(player, size, lang, 3)
    click_on_map(ness)
    at_step(player, 4)
    expect(page.locator('#board .char[data-char="N"]')).to_have_count(1)
    expect(truck_fact(player, "T1", ".pz-score")).to_have_text("1")

    # 4. T3 drives three streets south to F5-F6 and delivers a white cube into E5e: 3 points.
    expect(page.locator('#board [data-building="E5e"]')).to_have_class(re.compile("tutorial-focus"))
    if lang == "fr":
        french_reads_right(player)  # the decision's buttons: "livrer 1 blanc dans le bar E5e"
    deliver(player, "F5-F6", LESSON[2], lambda: shot(player, size, lang, 4))
    at_step(player, 5)
    expect(page.locator('#board [data-bar="E5e"] .cube')).to_have_count(1)
    expect(truck_fact(player, "T3", ".pz-score")).to_have_text("3")

    # 5. T4 plays the next slot by itself: the dice say the Policeman or Capone; Capone to A7.
    capone = page.locator('#board .hit-area[data-key="i:A7"]')
    expect(capone).to_have_class(re.compile("tutorial-focus"), timeout=WAIT)
    assert lesson_marks(page, WAIT, 3) >= 3
    shot(player, size, lang, 5)
    click_on_map(capone)
    at_step(player, 6)

    # 6. With Capone nearest on column A, the empty bar A5w takes two white cubes: 6 points.
    expect(page.locator('#board .char[data-char="C"]')).to_have_class(re.compile("tutorial-focus"))
    deliver(player, "A5-A6", LESSON[4], lambda: shot(player, size, lang, 6))
    at_step(player, 7)
    expect(page.locator('#board [data-bar="A5w"] .cube')).to_have_count(2)
    expect(truck_fact(player, "T4", ".pz-score")).to_have_text("6")

    # 7. Loading and bonus tokens: read, then Next. The computer plays on meanwhile.
    expect(page.locator("#pz-display")).to_have_class(re.compile("tutorial-focus"))
    assert lesson_marks(page, WAIT, 4) >= 4
    shot(player, size, lang, 7)
    fits(player)
    lesson.locator(".lesson-next").click()

    # The finish: a real game and the rules are offered; the game goes on, the learner's turn
    # coming back once the computer's two trucks have played.
    at_step(player, "finish")
    expect(lesson).to_have_attribute("data-ending", "on")  # the lesson ends, the game does not
    expect(lesson.locator(".lesson-result")).to_have_text(words["goesOn"])
    expect(lesson.locator(".lesson-computer")).to_be_visible()
    expect(lesson.locator(".lesson-friend")).to_have_attribute("href", "/?game=prohibition")
    expect(lesson.locator(".lesson-rules")).to_have_attribute("href", "/rules/prohibition")
    expect(page.locator('#pz-actions button[data-action="use T3"]')).to_have_count(1, timeout=WAIT)
    assert lesson_marks(page, WAIT, 0) == 0
    lesson.scroll_into_view_if_needed()
    shot(player, size, lang, "finish")
    fits(player)
    if lang == "fr":
        french_reads_right(player)  # the log's deliveries too: "a livré … dans le bar …"
    assert acts(player) == list(LESSON), acts(player)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
    assert not errors, errors
    page.context.close()
