"""Flickago explained while playing (issue 25, item 3), in the browser, against the computer in a
room whose game stops after four shots, on a laptop (1366×768, English, mouse) and a phone
(390×844, French, touch):

- a press that plays nothing says why near the board: a tap on a gold disc without a pull, the
  other gang's launch point, a Killer already shot (a click and a drag from it);
- hovering, a long press or a tap names a piece or a place and says what it does (a reserve
  disc waiting on its launch point, an inspector, a Safe Return zone, a sector, a disc on the
  board and what it scores);
- the decision panel says what the choices offered come to, and its buttons what they do;
- the end screen says which rule ended the game (the room's limit of shots, a resignation) and
  breaks each side's score down zone by zone, adding up to the result's score.

Screenshots: /tmp/shots/explain2/flickago-*.png.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/explain2")
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CREATE = """async (body) => {
  const headers = {'content-type': 'application/json'};
  const answer = await fetch('/api/rooms', {method: 'POST', headers, body: JSON.stringify(body)});
  return answer.json();
}"""
ROOM = {"game": "flickago", "bot": "easy", "options": {"max_shots": 4, "first_player": "host"}}


def open_page(browser: Browser, name: str, *, phone: bool, locale: str) -> Player:
    context = browser.new_context(
        viewport=PHONE if phone else LAPTOP,  # type: ignore[arg-type]
        locale=locale,
        has_touch=phone,
        is_mobile=phone,
        device_scale_factor=1,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    player = Player(page, name)
    page.on("websocket", player.record)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.context.errors = errors  # type: ignore[attr-defined]
    return player


def enter_room(player: Player, base: str) -> None:
    """A room against the computer made by this page (seat 0: White, who shoots first)."""
    page = player.page
    page.goto(base + "/")
    made = page.evaluate(CREATE, ROOM)
    page.goto(made["room_url"])
    expect(page.locator("#board [data-aim]").first).to_be_attached(timeout=30_000)


def views(player: Player) -> list[dict[str, Any]]:
    return [f["view"] for f in player.frames if f.get("type") in ("welcome", "event") and f.get("view")]


def sent(player: Player) -> list[dict[str, Any]]:
    out = []
    for frame in player.sent:
        if frame.get("type") == "act":
            out.append(frame["action"])
    return out


def wait_my_turn(player: Player, shots: int) -> None:
    """Until the board offers gold discs again after `shots` shots, the last one played out."""
    page = player.page
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the computer did not answer"
        done = not page.evaluate("document.getElementById('board')?.dataset.playingPly || ''")
        if (
            done
            and views(player)
            and views(player)[-1].get("shots") == shots
            and page.locator("#board [data-aim]").count()
        ):
            return
        page.wait_for_timeout(100)


def note_text(page: Page) -> str:
    box = page.locator("#board-note")
    expect(box).to_be_visible()
    return box.text_content() or ""


def tip_text(page: Page) -> str:
    box = page.locator("#tip")
    expect(box).to_be_visible()
    return box.text_content() or ""


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_shot(page: Page, selector: str, pull_px: float) -> None:
    """Press on a gold disc, pull straight down the screen, let go: a shot up the board."""
    x, y = centre(page, selector)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + pull_px / 2, steps=3)
    page.mouse.move(x + 2, y + pull_px, steps=3)
    page.mouse.up()


def cdp_touch(page: Page, points: list[tuple[float, float]], hold_ms: int = 0) -> None:
    """A finger through the browser's input pipeline: down on the first point, along the
    others, held `hold_ms` at the end, up."""
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(16)
    if hold_ms:
        page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def check_end(player: Player) -> dict[str, Any]:
    """Two tables, White's then Black's, whose totals are the result's score."""
    page = player.page
    box = page.locator("#result-explain")
    expect(box).to_be_visible(timeout=30_000)
    view = views(player)[-1]
    result = view["result"]
    seats = box.locator(".result-seat")
    expect(seats).to_have_count(2)
    totals = [int(x) for x in seats.locator("tr.total td").all_text_contents()]
    assert totals == [result["score"]["w"], result["score"]["b"]], (totals, result)
    return view


def fits(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_laptop_in_english_refusals_names_choices_and_the_end(server: str, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    alice = open_page(browser, "alice", phone=False, locale="en-US")
    page = alice.page
    enter_room(alice, server)

    # The decision panel: what the choices come to.
    expect(page.locator("#fg-help")).to_contain_text("You may launch a disc from your reserve")
    expect(page.locator("#fg-help")).to_contain_text("passes by himself")
    # What things are, on hover.
    page.locator('#board [data-aim$="@T2"]').hover()
    assert "Waits on launch point T2 of your HQ" in tip_text(page)
    page.locator('#board [data-piece="I2"]').hover()
    text = tip_text(page)
    assert text.startswith("Inspector I2") and "Nobody flicks it" in text
    page.mouse.move(1, 1)
    page.locator('#board [data-zone="Z.N"]').hover()
    text = tip_text(page)
    assert "White's Safe Return zone Z.N" in text and "scores 5" in text
    page.screenshot(path=SHOTS / "flickago-tip-laptop-en.png")
    page.mouse.move(1, 1)
    page.locator('#board [data-sector="N.C1"]').hover(position={"x": 12, "y": 20})
    assert "Sector N.C1 · 1" in tip_text(page)

    # Refused presses: a gold disc let go without a pull, Black's launch point.
    page.mouse.move(1, 1)
    page.locator('#board [data-aim$="@T2"]').click()
    assert note_text(page).startswith("Pull further back")
    page.screenshot(path=SHOTS / "flickago-refused-laptop-en.png")
    page.locator('#board [data-point="b:T2"]').click(force=True)
    assert note_text(page) == "T2 is Black's launch point: you launch from your own HQ, at the bottom."
    assert not sent(alice)

    # A shot, the computer's answer; then the Killer shot cannot be flicked again.
    piece = (page.locator('#board [data-aim$="@T2"]').get_attribute("data-aim") or "").split("@")[0]
    assert piece.startswith("wT")
    mouse_shot(page, '#board [data-aim$="@T2"]', 70)
    wait_my_turn(alice, 2)
    page.mouse.move(1, 1)
    killer = f'#board [data-piece="{piece}"]'
    page.locator(killer).click(force=True)
    assert note_text(page) == f"A Killer is flicked only once: {piece} stays where it stopped."
    page.wait_for_timeout(300)
    x, y = centre(page, killer)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 5, y + 60, steps=5)
    page.mouse.up()
    assert note_text(page) == f"A Killer is flicked only once: {piece} stays where it stopped."
    # A note stays over what it is about: another thing hovered takes it away.
    page.locator('#board [data-piece="I2"]').hover(force=True)
    tip_text(page)
    page.locator(killer).hover(force=True)
    expect(page.locator("#tip")).to_contain_text(piece)
    text = tip_text(page)
    assert text.startswith(f"White Killer {piece}") and re.search("Scores (nothing|\\d+ for White)", text), (
        text
    )
    assert len(sent(alice)) == 1

    # The second shot; the computer's makes four: the room's limit ends the game.
    mouse_shot(page, "#board [data-aim]", 60)
    box = page.locator("#result-explain")
    expect(box).to_be_visible(timeout=60_000)
    view = check_end(alice)
    assert view["shots"] == 4
    expect(box).to_contain_text("The game reached its limit of 4 shots")
    expect(box).to_contain_text(re.compile(r"The higher total wins|Equal totals"))
    expect(box).to_contain_text("Shots played: 4")
    expect(box.locator(".result-seat").first).to_contain_text(
        re.compile(r"Sector|Safe Return zone|Nothing scores")
    )
    page.evaluate("document.getElementById('result-explain').scrollIntoView({block: 'center'})")
    page.screenshot(path=SHOTS / "flickago-end-laptop-en.png")
    fits(page)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]


def test_phone_in_french_by_touch(server: str, browser: Browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    bob = open_page(browser, "bob", phone=True, locale="fr-FR")
    page = bob.page
    enter_room(bob, server)
    page.evaluate("window.scrollTo(0, 0)")

    # A tap names an inspector; a long press names a zone.
    page.locator('#board [data-piece="I1"]').tap()
    text = tip_text(page)
    assert text.startswith("Inspecteur I1") and "Personne ne le joue" in text
    page.screenshot(path=SHOTS / "flickago-tip-phone-fr.png")
    cdp_touch(page, [centre(page, '#board [data-zone="Z.S"]')], hold_ms=700)
    text = tip_text(page)
    assert "Zone de retour des Noirs Z.S" in text, text
    page.wait_for_timeout(300)
    expect(page.locator("#fg-help")).to_contain_text("Vous pouvez lancer un pion de votre réserve")

    # A tap on a gold disc without a pull says how to shoot, and sends nothing.
    cdp_touch(page, [centre(page, '#board [data-aim$="@T2"]')])
    assert note_text(page).startswith("Tirez plus loin")
    page.screenshot(path=SHOTS / "flickago-refused-phone-fr.png")
    assert not sent(bob)

    # A shot by a finger; after the computer's, a tap and a drag on the Killer say why not.
    piece = (page.locator('#board [data-aim$="@T2"]').get_attribute("data-aim") or "").split("@")[0]
    x, y = centre(page, '#board [data-aim$="@T2"]')
    cdp_touch(page, [(x, y), (x, y + 20), (x + 1, y + 45), (x + 2, y + 55)])
    wait_my_turn(bob, 2)
    page.evaluate("window.scrollTo(0, 0)")
    killer = f'#board [data-piece="{piece}"]'
    page.locator(killer).tap(force=True)
    assert note_text(page) == f"Un Tueur ne se joue qu’une fois\u00a0: {piece} reste là où il s’est arrêté."
    page.wait_for_timeout(300)
    x, y = centre(page, killer)
    cdp_touch(page, [(x, y), (x + 4, y + 20), (x + 6, y + 40)])
    assert note_text(page).startswith("Un Tueur ne se joue qu’une fois")
    page.screenshot(path=SHOTS / "flickago-killer-phone-fr.png")
    fits(page)
    assert len(sent(bob)) == 1

    # Resigning: the end says so, and still breaks the score down.
    page.once("dialog", lambda d: d.accept())
    page.locator("#resign").tap()
    box = page.locator("#result-explain")
    expect(box).to_be_visible(timeout=30_000)
    check_end(bob)
    expect(box).to_contain_text("Les Blancs ont abandonné\u00a0: les Noirs gagnent, quel que soit le score.")
    expect(box.locator(".result-seat").first).to_contain_text("Total")
    page.evaluate("document.getElementById('result-explain').scrollIntoView({block: 'center'})")
    page.screenshot(path=SHOTS / "flickago-end-phone-fr.png")
    fits(page)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
