"""Flickago's guided first game in the browser (issue 25, item 2): the lesson followed from the
landing page's "Learn to play" to its finish panel, at 1366×768 and at 390×844, in English and
in French.

The room is made by the Flickago card's "Learn to play" button; everything after that goes
through the page, as a learner does it: each shot is aimed with the mouse on the board (press on
the gold disc, pull back, let go) so that the gold aim line ends in the middle of the area the
step names, the inspector's star is the gold star tapped on the board, the disc is taken back
with the button under "Your move", a read-only step is left with "Next". Checked on the way:
every step points at something (the class "tutorial-focus"), one wrong shot (a pull far too
short) is not sent and the step's reason is shown in the page's language, the page is never
wider than the screen, the computer's planned answers come (the steps move on), the game ends
with the lesson, White the winner, and the finish panel offers a real game and the rules. No
page error, no console error.

Screenshots: /tmp/shots/tutorial-flickago/<size>-<lang>-<step>.png.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import LESSON_RUNS, LOCALES, SIZES, Player, lesson_marks, open_player
from playwright.sync_api import expect

from engine.flickago.data import DISC, POWER_MAX, SIDES, V_MAX

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/tutorial-flickago")
STEPS = 7
WAIT = 30_000  # ms: the computer's answers come from the server's bots, and shots roll
MAX_PULL_MM = 110  # static/games/flickago/geometry.js: the pull that gives full power
ZONE = SIDES["w"].zone
WORDS = {
    "en": {
        "count": f"Step 1 of {STEPS}",
        "step1": "You play White",
        "refusal": "Too short: the gold line stops before",
        "won": "You won your first game.",
    },
    "fr": {
        "count": f"Étape 1 sur {STEPS}",
        "step1": "Vous jouez les Blancs",
        "refusal": "Trop court : la ligne dorée s’arrête avant",
        "won": "Vous avez gagné votre première partie.",
    },
}

# Where each taught shot's aim line ends (board mm): the middle of the step's area.
FIRST = (290.0, 512.0)  # the 3 at the top right, short of Black's HQ
FAMILY = (160.0, 356.0)  # left of I2, just past the centre line
CORNER = (64.0, 544.0)  # the 3 at the top left


def console_errors(player: Player) -> list[str]:
    errors: list[str] = []
    player.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def actions(player: Player) -> list[dict[str, Any]]:
    """The game actions the page has sent."""
    return [dict(f.get("action") or {}) for f in player.sent if f.get("type") == "act"]


def at_step(player: Player, step: int | str) -> None:
    expect(player.page.locator("#lesson")).to_have_attribute("data-step", str(step), timeout=WAIT)


def fits(player: Player) -> None:
    width = player.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide in a {width[1]} px window"


def shot(player: Player, size: str, lang: str, step: int | str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    player.page.wait_for_timeout(900)  # the smooth scroll to what the step points at
    player.page.screenshot(path=SHOTS / f"{size}-{lang}-{step}.png")


def power_for(distance_mm: float) -> int:
    """The power whose lone-disc line is ``distance_mm`` long (the data pack's numbers)."""
    speed = math.sqrt(2 * DISC.deceleration * distance_mm)
    return max(1, min(POWER_MAX, round(POWER_MAX * speed / V_MAX)))


POINTS_JS = """
([selector, target]) => {
  const svg = document.getElementById("board");
  const node = svg.querySelector(selector);
  if (!node) return null;
  const m = /translate\\(([-\\d.]+)[ ,]+([-\\d.]+)\\)/.exec(node.getAttribute("transform") || "");
  const ctm = svg.getScreenCTM();
  const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(ctm); return [p.x, p.y]; };
  // White sees the board unturned: board (x, y) is drawn at (x, 600 - y).
  return { start: at(Number(m[1]), Number(m[2])), target: target ? at(target[0], 600 - target[1]) : null,
           pxPerMm: ctm.a, boardStart: [Number(m[1]), 600 - Number(m[2])] };
}
"""


def aim(player: Player, selector: str, target: tuple[float, float], power: int | None = None) -> None:
    """Press on the gold disc ``selector``, pull back so that the aim line ends on ``target``
    (board mm), or with ``power`` if given, and let go."""
    page = player.page
    node = page.locator(f"#board {selector}")
    expect(node).to_have_count(1, timeout=WAIT)
    expect(node).to_have_class(re.compile("tutorial-focus"))
    node.evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    page.wait_for_timeout(300)
    where = page.evaluate(POINTS_JS, [selector, list(target)])
    assert where is not None
    (sx, sy), (tx, ty), px = where["start"], where["target"], where["pxPerMm"]
    bx, by = where["boardStart"]
    distance = math.hypot(target[0] - bx, target[1] - by)
    pull_mm = (power if power is not None else power_for(distance)) / POWER_MAX * MAX_PULL_MM
    length = math.hypot(tx - sx, ty - sy)
    dx, dy = -(tx - sx) / length * pull_mm * px, -(ty - sy) / length * pull_mm * px
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + dx / 3, sy + dy / 3, steps=3)
    page.mouse.move(sx + dx, sy + dy, steps=5)
    expect(page.locator("#fg-readout")).to_be_visible()
    expect(page.locator("#board .fg-aim-line")).to_have_count(1)
    page.mouse.up()


@pytest.mark.parametrize(("size", "lang"), LESSON_RUNS)
def test_the_flickago_lesson_to_its_finish(server: str, browser: Any, size: str, lang: str) -> None:
    player = open_player(browser, f"learner-{size}-{lang}", locale=LOCALES[lang], viewport=SIZES[size])
    page = player.page
    errors = console_errors(player)
    words = WORDS[lang]

    # The landing page's Flickago card: "Learn to play" makes the tutorial room and goes there.
    page.goto(server + "/")
    learn = page.locator('button[data-learn][data-game="flickago"]')
    expect(learn).to_be_visible()
    learn.click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"), timeout=WAIT)
    expect(page.locator("#board [data-zone]")).to_have_count(2, timeout=WAIT)
    at_step(player, 1)
    lesson = page.locator("#lesson")
    expect(lesson.locator(".lesson-count")).to_contain_text(words["count"])
    expect(lesson.locator(".lesson-say")).to_contain_text(words["step1"])
    assert page.locator("body").get_attribute("data-seat") == "0"

    # 1. The sides and where a disc scores: read, then Next.
    assert lesson_marks(player.page, WAIT) >= 1
    shot(player, size, lang, 1)
    fits(player)
    lesson.locator(".lesson-next").click()
    at_step(player, 2)

    # 2. A Killer from T3. One wrong shot first: far too short, refused with the step's reason.
    page.wait_for_timeout(300)
    aim(player, '[data-aim$="@T3"]', FIRST, power=250)
    expect(lesson.locator(".lesson-refusal")).to_contain_text(words["refusal"])
    assert actions(player) == [], "a refused shot went to the server"
    at_step(player, 2)
    shot(player, size, lang, 2)
    aim(player, '[data-aim$="@T3"]', FIRST)
    at_step(player, 3)  # the shot, and Black's answer: I1 knocked into White's half
    expect(lesson.locator(".lesson-refusal")).to_have_count(0)

    # 3. The Family disc round I2, from F1.
    assert lesson_marks(player.page, WAIT) >= 1
    aim(player, '[data-aim$="@F1"]', FAMILY)
    at_step(player, 4)  # Black knocked I3 off the board: White chooses its star

    # 4. The gold star S3 on the board.
    star = page.locator('#board [data-place="S3"]')
    expect(star).to_have_count(1, timeout=WAIT)
    expect(star).to_have_class(re.compile("tutorial-focus"))
    shot(player, size, lang, 4)
    star.scroll_into_view_if_needed()
    star.click()
    at_step(player, 5)

    # 5. The Family disc's second flick, into the zone.
    aim(player, '[data-aim="wF1"]', (ZONE.x, ZONE.y))
    at_step(player, 6)  # Black's Family disc now waits below I2

    # 6. Take the disc back: the button under "Your move".
    back = page.locator('[data-action="^wF1"]')
    expect(back).to_have_count(1, timeout=WAIT)
    expect(back).to_have_class(re.compile("tutorial-focus"))
    back.scroll_into_view_if_needed()
    shot(player, size, lang, 6)
    back.click()
    at_step(player, 7)

    # 7. The last Killer, from T1 into the top left corner.
    assert lesson_marks(player.page, WAIT) >= 1
    page.wait_for_timeout(300)
    shot(player, size, lang, 7)
    aim(player, '[data-aim$="@T1"]', CORNER)

    # The finish: Black's answer was the eighth shot, the game is over and White won.
    at_step(player, "finish")
    expect(page.locator("body")).to_have_attribute("data-phase", "over", timeout=WAIT)
    expect(lesson.locator(".lesson-result")).to_have_text(words["won"], timeout=WAIT)
    expect(lesson.locator(".lesson-computer")).to_be_visible()
    expect(lesson.locator(".lesson-friend")).to_have_attribute("href", "/?game=flickago")
    expect(lesson.locator(".lesson-rules")).to_have_attribute("href", "/rules/flickago")
    lesson.scroll_into_view_if_needed()
    shot(player, size, lang, "finish")
    fits(player)
    sent = actions(player)
    assert [a["type"] for a in sent] == ["shot", "shot", "place", "shot", "return", "shot"], sent
    assert sent[2] == {"type": "place", "inspector": "I3", "star": "S3"}
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
    assert not errors, errors
    page.context.close()
