"""Spies!'s guided first game in the browser (issue 25, item 2): the lesson followed from the
landing page's "Learn to play" to its finish panel, at 1366×768 and at 390×844, in English
and in French.

The room is made by the Spies! card's "Learn to play" button; everything after that goes
through the page: each step's taught action is made with the module's own controls (the
decision panel's buttons; the spy carried home is clicked on the map, then Berlin's gold
ring), a read-only step is left with "Next". Checked on the way: every step points at
something on the page (the class "tutorial-focus"), one wrong click (a tile discarded instead
of played) is not sent and the step's reason is shown in the page's language, the page is
never wider than the screen, the game ends after Britain's turn of 1933 with Germany the
winner, and the finish panel offers a real game and the rules. No page error, no console
error.

Screenshots: /tmp/shots/tutorial-spies/<size>-<lang>-<step>.png (several steps, both sizes,
both languages).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import LESSON_RUNS, LOCALES, SIZES, Player, lesson_marks, open_player
from playwright.sync_api import expect

from engine.spies.tutorial import LESSON, VIENNA_SPY

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/tutorial-spies")
STEPS = 9
WAIT = 20_000  # ms: the computer's turns come from the server's bots
WORDS = {  # what the page shows, in each language (the shell's words and the lesson's)
    "en": {
        "count": f"Step 1 of {STEPS}",
        "step1": "You are Germany",
        "refusal": "Not a discard: it costs no AP but pays nothing",
        "won": "You won your first game.",
    },
    "fr": {
        "count": f"Étape 1 sur {STEPS}",
        "step1": "Vous êtes l’Allemagne",
        "refusal": "Pas de défausse : elle ne coûte aucun PA mais ne rapporte rien",
        "won": "Vous avez gagné votre première partie.",
    },
}


def console_errors(player: Player) -> list[str]:
    errors: list[str] = []
    player.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def acts(player: Player) -> list[str]:
    """The action lines the page has sent."""
    out = []
    for frame in player.sent:
        if frame.get("type") == "act":
            action = frame.get("action") or {}
            out.append(str(action.get("text", "")))
    return out


def at_step(player: Player, step: int | str) -> None:
    expect(player.page.locator("#lesson")).to_have_attribute("data-step", str(step), timeout=WAIT)


def fits(player: Player) -> None:
    width = player.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


def shot(player: Player, size: str, lang: str, step: int | str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    player.page.wait_for_timeout(1200)  # the smooth scroll to what the step points at
    player.page.screenshot(path=SHOTS / f"{size}-{lang}-{step}.png")


# The step's control and the lesson's words both in sight, by the lesson's own scrolling (the
# test scrolls nothing first): inside every scrolling box around the control and the window,
# below the lesson on a laptop (it stays at the top of the side column), above it on a phone
# (a sheet at the bottom of the screen).
IN_SIGHT = """(selector) => {
  const el = document.querySelector(selector);
  const lesson = document.querySelector("#lesson");
  const say = lesson && lesson.querySelector(".lesson-say");
  if (!el || !say) return false;
  const r = el.getBoundingClientRect();
  const box = lesson.getBoundingClientRect();
  const sheet = getComputedStyle(lesson).position === "fixed";
  let top = sheet ? 0 : box.bottom;
  let bottom = sheet ? box.top : innerHeight;
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (p === lesson.parentElement && !sheet) {
      const w = say.getBoundingClientRect(), q = p.getBoundingClientRect();
      if (w.top < q.top - 1 || w.bottom > q.bottom + 1) return false;
    }
    if (!/(auto|scroll)/.test(getComputedStyle(p).overflowY)) continue;
    const q = p.getBoundingClientRect();
    top = Math.max(top, q.top);
    bottom = Math.min(bottom, q.bottom);
  }
  return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1;
}"""


def brought_into_sight(player: Player, selector: str) -> None:
    """The lesson scrolls the step's control into sight once the module has drawn it, and keeps
    its own words in sight (issue 25's polish: Spies! steps 4 and 7 stayed below the fold)."""
    player.page.wait_for_function(IN_SIGHT, arg=selector, timeout=WAIT)


def click_line(player: Player, line: str) -> None:
    """The decision panel's button for ``line``; when a selection on the map hides it, the
    lesson points at "Show all" first, and the learner clicks that."""
    page = player.page
    button = page.locator(f'#sp-lines button[data-line="{line}"]')
    show_all = page.locator("#sp-clear")
    expect(button.or_(show_all).first).to_be_visible(timeout=WAIT)
    if not button.count():
        expect(show_all).to_have_class(re.compile("tutorial-focus"))
        show_all.click()
    expect(button).to_have_count(1, timeout=WAIT)
    expect(button).to_have_class(re.compile("tutorial-focus"))
    button.scroll_into_view_if_needed()
    button.click()


@pytest.mark.parametrize(("size", "lang"), LESSON_RUNS)
def test_the_spies_lesson_to_its_finish(server: str, browser: Any, size: str, lang: str) -> None:
    player = open_player(browser, f"learner-{size}-{lang}", locale=LOCALES[lang], viewport=SIZES[size])
    page = player.page
    errors = console_errors(player)
    words = WORDS[lang]

    # The landing page's Spies! card: "Learn to play" makes the tutorial room and goes there.
    page.goto(server + "/")
    learn = page.locator('button[data-learn][data-game="spies"]')
    expect(learn).to_be_visible()
    learn.click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"), timeout=WAIT)
    expect(page.locator("#board .city")).to_have_count(77, timeout=WAIT)
    at_step(player, 1)
    lesson = page.locator("#lesson")
    expect(lesson.locator(".lesson-count")).to_contain_text(words["count"])
    expect(lesson.locator(".lesson-say")).to_contain_text(words["step1"])
    assert page.locator("body").get_attribute("data-seat") == "0"

    # 1. What the game is about: read, then Next.
    assert lesson_marks(player.page, WAIT) >= 1
    shot(player, size, lang, 1)
    fits(player)
    lesson.locator(".lesson-next").click()
    at_step(player, 2)

    # 2. The tile. One wrong click first: a discard is refused, with the step's reason.
    sent = len(acts(player))
    discard = page.locator('#sp-lines button[data-line="G discard t48"]')
    expect(discard).to_have_count(1, timeout=WAIT)
    discard.scroll_into_view_if_needed()
    discard.click()
    expect(lesson.locator(".lesson-refusal")).to_contain_text(words["refusal"])
    assert len(acts(player)) == sent, "a refused action went to the server"
    at_step(player, 2)
    expect(page.locator('#sp-lines button[data-line="G play t2"]')).to_have_class(
        re.compile("tutorial-focus")
    )
    shot(player, size, lang, 2)
    click_line(player, LESSON[0])
    at_step(player, 3)
    expect(lesson.locator(".lesson-refusal")).to_have_count(0)

    # 3. The search in Cologne; the computer lets it happen.
    assert lesson_marks(player.page, WAIT) >= 1
    click_line(player, LESSON[1])
    at_step(player, 4)

    # 4. The Discovery in Vienna: its button, drawn after the step began, is scrolled to.
    assert lesson_marks(player.page, WAIT) >= 1
    brought_into_sight(player, '#sp-lines button.tutorial-focus[data-line^="G chit c1 DIS"]')
    shot(player, size, lang, 4)
    click_line(player, LESSON[2])
    at_step(player, 5)

    # 5. Home to Berlin on the map: the spy, then Berlin's gold ring.
    spy = page.locator(f'#board .piece.selectable[data-piece="{VIENNA_SPY}"]')
    expect(spy).to_have_class(re.compile("tutorial-focus"))
    spy.click()
    ring = page.locator('#board .target[data-city="BER"]')
    expect(ring).to_have_count(1)
    expect(ring).to_have_class(re.compile("tutorial-focus"))
    shot(player, size, lang, 5)
    ring.click()
    at_step(player, 6)
    assert LESSON[3] in acts(player)

    # 6. The cash-in.
    click_line(player, LESSON[4])
    at_step(player, 7)

    # 7. The record: read, then Next.
    expect(page.locator("#sp-record .tutorial-focus, #sp-record.tutorial-focus")).to_have_count(1)
    expect(page.locator('#sp-record td[data-power="G"] .rec-secret')).to_have_count(1)
    expect(page.locator('#sp-record td[data-power="G"] .rec-spy')).to_have_count(1)
    brought_into_sight(player, "#sp-record .tutorial-focus, #sp-record.tutorial-focus")
    shot(player, size, lang, 7)
    lesson.locator(".lesson-next").click()
    at_step(player, 8)

    # 8. The end of the turn.
    click_line(player, LESSON[5])
    at_step(player, 9)

    # 9. France's spy comes into Berlin: the learner searches it in France's turn.
    expect(page.locator(f'#sp-lines button[data-line="{LESSON[6]}"]')).to_have_count(1, timeout=WAIT)
    assert lesson_marks(player.page, WAIT) >= 1
    shot(player, size, lang, 9)
    click_line(player, LESSON[6])

    # The finish: the game ends after Britain's turn, Germany first; a real game is offered.
    at_step(player, "finish")
    expect(page.locator("body")).to_have_attribute("data-phase", "over", timeout=WAIT)
    expect(lesson.locator(".lesson-result")).to_have_text(words["won"], timeout=WAIT)
    expect(lesson.locator(".lesson-computer")).to_be_visible()
    expect(lesson.locator(".lesson-friend")).to_have_attribute("href", "/?game=spies")
    expect(lesson.locator(".lesson-rules")).to_have_attribute("href", "/rules/spies")
    expect(page.locator("#sp-scores")).to_be_attached()
    lesson.scroll_into_view_if_needed()
    shot(player, size, lang, "finish")
    fits(player)
    assert acts(player) == list(LESSON), acts(player)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
    assert not errors, errors
    page.context.close()
