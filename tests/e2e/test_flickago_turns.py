"""Flickago's move panel at its edges (issue 25, item 5), the module in a page of the site with a
stand-in for the shell's ctx (as test_flickago.py's module test), laid out as a laptop
(1366×768: board beside the panel) or a phone (390×844: board above it), English and French.

- No shot left: White's reserve is empty and every Family disc has had its two flicks, so the
  engine's only choice is to take a disc back (``^wT1``). The turn line's hint, the panel's
  prompt and a note over the board say so (not "drag back from a gold disc"); the note's button
  and the ringed disc itself, where the eye is, take it back; once back, the usual shot.
- The typed shot: each box wide enough for its number, labelled, with what it means under it,
  the angle read back in degrees; an angle or a power out of range is said in words and
  nothing is sent; a good one is sent as the integers typed.

Screenshots: /tmp/shots/defects/flickago-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import open_player
from playwright.sync_api import Browser, Page, expect

from engine.flickago.game import Flickago
from engine.flickago.notation import parse_action

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/defects")
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# The module mounted over a page of the site, its board and panel laid out as the room lays
# them out (side by side on a laptop, the panel under the board on a phone); window.__fg is
# the handle, window.__sent what it sent.
MOUNT = """async ([view, phone]) => {
  const mod = await import("/static/games/flickago/main.js");
  const i18n = await import("/static/js/i18n.js");
  await (await import("/static/js/game-loader.js")).moduleStyles(mod);  // as the room's shell does
  const box = (id, css) => {
    const el = document.createElement("div");
    el.id = id;
    const all = {position: "fixed", "z-index": "50", background: "#1c1814", ...css};
    for (const [k, v] of Object.entries(all)) el.style.setProperty(k, v);
    document.body.append(el);
    return el;
  };
  // The module makes its container position: relative, so the fixed box is around it.
  const frame = phone
    ? box("fg-test-frame", {left: "0", top: "0", width: "390px", height: "560px"})
    : box("fg-test-frame", {left: "240px", top: "50px", width: "450px", height: "660px"});
  const wrap = document.createElement("div");
  wrap.id = "fg-test-board";
  wrap.className = "board-wrap";
  const fill = {width: "100%", height: "100%", display: "flex"};
  for (const [k, v] of Object.entries(fill)) wrap.style.setProperty(k, v);
  frame.append(wrap);
  const panel = phone
    ? box("fg-test-panel", {left: "0", top: "566px", width: "390px", bottom: "0", overflow: "auto"})
    : box("fg-test-panel", {left: "705px", top: "50px", width: "414px", bottom: "0", overflow: "auto"});
  panel.className = "game-panel";
  window.__sent = [];
  const ctx = {
    seat: 0, players: 2, gameId: "test", room: {}, panel, root: document.body,
    send: (action) => { window.__sent.push(action); return String(window.__sent.length); },
    api: async () => ({}), t: i18n.t, allSeated: () => true, changed: () => {},
  };
  window.__fg = mod.mount(wrap, ctx);
  window.__fg.render(view);
}"""


def no_shot_left() -> tuple[Flickago, Any]:
    """White to play with every disc on the board: five Family discs face down (two flicks),
    seven Killers flicked once, wT1 touching White's Safe Return zone Z.N (210, 450)."""
    game = Flickago()
    data = game.to_dict(game.new_game("ab" * 32, {"first_player": "host"}))
    state = data["state"]
    spots = {
        "wF1": (60, 200), "wF2": (120, 230), "wF3": (300, 230), "wF4": (360, 200), "wF5": (210, 380),
        "wT1": (210, 450), "wT2": (60, 420), "wT3": (360, 420), "wT4": (100, 120), "wT5": (320, 120),
        "wT6": (150, 500), "wT7": (270, 500),
    }  # fmt: skip
    for piece, (x, y) in spots.items():
        state["pos"][piece] = [float(x), float(y)]
        state["flicks"][piece] = 2 if piece[1] == "F" else 1
    state["reserve"]["w"] = []
    state["shots"] = 40
    return game, game.from_dict(data)


def first_turn() -> tuple[Flickago, Any]:
    game = Flickago()
    return game, game.new_game("cd" * 32, {"first_player": "host"})


def mount(browser: Browser, server: str, view: dict[str, Any], locale: str, phone: bool) -> Page:
    tester = open_player(browser, "tester", locale=locale, viewport=PHONE if phone else LAPTOP)
    page = tester.page
    page.goto(server + "/")
    expect(page.locator('input[name="game"][value="flickago"]')).to_be_enabled()
    page.evaluate(MOUNT, [view, phone])
    expect(page.locator("#fg-test-board #board [data-piece]").first).to_be_attached()
    return page


def sent(page: Page) -> list[Any]:
    return list(page.evaluate("window.__sent"))


def inside(inner: dict[str, float] | None, outer: dict[str, float] | None) -> bool:
    assert inner and outer
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


WORDS = {
    "en-US": {
        "hint": "no shot is left: take a disc back first",
        "prompt": "You have no shot left",
        "button": "Take wT1 back to the reserve",
        "sent": "Sent…",
        "degrees": "= 91.2°",
        "bad_angle": "The angle must be a whole number from 0 to 3599",
        "bad_power": "The power must be a whole number from 1 to 1000",
    },
    "fr-FR": {
        "hint": "plus aucun coup possible : reprenez d’abord un pion",
        "prompt": "Vous n’avez plus de coup",
        "button": "Reprendre wT1 dans la réserve",
        "sent": "Envoyé…",
        "degrees": "= 91,2°",
        "bad_angle": "L’angle doit être un nombre entier de 0 à 3599",
        "bad_power": "La force doit être un nombre entier de 1 à 1000",
    },
}
CASES = [("en-US", False), ("fr-FR", True), ("en-US", True), ("fr-FR", False)]


def shot_name(what: str, locale: str, phone: bool) -> Path:
    return SHOTS / f"flickago-{what}-{locale[:2]}-{PHONE['width'] if phone else LAPTOP['width']}.png"


@pytest.mark.parametrize(("locale", "phone"), CASES)
def test_with_no_shot_left_the_page_says_to_take_a_disc_back_where_the_eye_is(
    server: str, browser: Browser, locale: str, phone: bool
) -> None:
    hint, prompt, button = (WORDS[locale][k] for k in ("hint", "prompt", "button"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    game, state = no_shot_left()
    view = game.view(state, 0)
    assert view["legal"] == ["^wT1"]  # the engine's only choice: a return
    page = mount(browser, server, view, locale, phone)
    board = page.locator("#fg-test-board")

    # Said in words, on the turn line (the shell shows the hint after "Your turn") and the panel.
    status = page.evaluate("window.__fg.status(window.__fg.view)")
    assert status["hint"] == hint and status["actors"] == [0]
    expect(page.locator("#fg-prompt")).to_contain_text(prompt)
    expect(page.locator("#fg-prompt")).not_to_contain_text(re.compile("gold disc|pion doré", re.I))
    expect(page.locator("#fg-act .fg-returns button")).to_have_text([button])
    expect(page.locator("#fg-typed")).to_have_count(0)  # no shot to type

    # Where the eye is: a note over the board with the button, and the disc itself glowing.
    note = page.locator("#fg-board-note")
    expect(note).to_be_visible()
    expect(note.get_by_role("button", name=button)).to_be_visible()
    assert inside(note.bounding_box(), board.bounding_box())
    disc = page.locator('#board [data-return="wT1"]')
    expect(disc).to_have_attribute("role", "button")
    expect(disc.locator(".fg-take-halo")).to_have_count(1)
    expect(page.locator("#board [data-aim]")).to_have_count(0)
    page.screenshot(path=shot_name("noshot", locale, phone))

    # A tap on the disc (a phone) or the note's button (a laptop) takes it back.
    if phone:
        disc.click()
    else:
        note.get_by_role("button", name=button).click()
    assert sent(page) == [{"type": "return", "piece": "wT1"}]
    expect(note).to_be_hidden()  # sent: nothing more to choose until the answer
    expect(page.locator("#fg-prompt")).to_have_text(WORDS[locale]["sent"])

    # Back in the reserve: the usual shot from the HQ, no note.
    after = game.apply(state, 0, parse_action("^wT1")).state
    page.evaluate("(view) => window.__fg.render(view)", game.view(after, 0))
    expect(note).to_be_hidden()
    expect(page.locator("#board [data-ghost]")).not_to_have_count(0)
    expect(page.locator("#board [data-return]")).to_have_count(0)
    assert page.evaluate("window.__fg.status(window.__fg.view)")["hint"] != hint
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("locale", "phone"), CASES)
def test_the_typed_shot_is_usable_and_says_what_is_wrong(
    server: str, browser: Browser, locale: str, phone: bool
) -> None:
    degrees, bad_angle, bad_power = (WORDS[locale][k] for k in ("degrees", "bad_angle", "bad_power"))
    game, state = first_turn()
    page = mount(browser, server, game.view(state, 0), locale, phone)
    page.locator(".fg-typed-box summary").click()
    angle = page.locator("#fg-typed-angle")
    power = page.locator("#fg-typed-power")
    choice = page.locator("#fg-typed-choice")
    # Each box is wide enough for its number and named by its label, its meaning under it.
    for box in (angle, power):
        size = box.bounding_box()
        assert size and size["width"] >= 100, size
        expect(box).to_have_attribute("aria-describedby", re.compile("-help$"))
    assert (choice.bounding_box() or {"width": 0})["width"] >= 200
    expect(page.get_by_label(re.compile("^Angle$"))).to_have_count(1)
    expect(page.get_by_label(re.compile("^(Power|Force)$"))).to_have_count(1)
    expect(page.locator("#fg-typed-angle-help")).to_contain_text("3599")
    panel = page.locator("#fg-test-panel")
    width = page.evaluate("document.getElementById('fg-test-panel').clientWidth")
    assert page.evaluate("document.getElementById('fg-test-panel').scrollWidth") <= width

    choice.select_option("wT3@T2")
    angle.fill("912")
    expect(page.locator("#fg-typed-degrees")).to_have_text(degrees)
    power.fill("734")
    page.screenshot(path=shot_name("typed", locale, phone))

    # Out of range, or not whole: said in words, the box marked, nothing sent.
    shoot = page.locator("#fg-typed button[type=submit]")
    for wrong in ("4000", "91.5"):
        angle.fill(wrong)
        shoot.click()
        expect(page.locator("#fg-typed-error")).to_contain_text(bad_angle)
        expect(angle).to_have_attribute("aria-invalid", "true")
        assert sent(page) == []
    angle.fill("912")
    expect(page.locator("#fg-typed-error")).to_be_hidden()  # typing again clears it
    power.fill("0")
    shoot.click()
    expect(page.locator("#fg-typed-error")).to_contain_text(bad_power)
    expect(power).to_have_attribute("aria-invalid", "true")
    panel.screenshot(path=shot_name("typed-error", locale, phone))
    assert sent(page) == []
    power.fill("734")
    shoot.click()
    assert sent(page) == [{"type": "shot", "piece": "wT3", "from": "T2", "angle": 912, "power": 734}]
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
