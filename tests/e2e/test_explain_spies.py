"""Spies! explained while playing (issue 25, item 3), in the browser, in a 3-seat room (one
person, two computers) shortened to 1933 with no negotiation period, on a laptop (1366×768,
English, mouse) and a phone (390×844, French, touch):

- a click that chooses nothing says why near the map: a spy selected, then a city it cannot
  reach; one of the seat's pieces that cannot be chosen; nothing is sent;
- hovering, a long press or a tap names a spy, a city, a line of the decision panel, a cell of
  the Time and Victory Record and says what it does;
- the decision panel says what the decision is about, and lists what the seat holds but
  cannot do now with the reason (its chits' £, AP and windows);
- the end screen says which rule ended the game (the room's last year, a seat that left) and
  the winner rule, and breaks each power's score down from its record, adding up to the
  scores of the view.

Screenshots: /tmp/shots/explain2/spies-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player
from playwright.sync_api import Browser, Page, expect
from test_page_fit import Seat

from app.identity import COOKIE_NAME
from engine.catalogue import entry

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/explain2")
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
ROOM = {
    "game": "spies",
    "players": 3,
    "bots": ["basic", "basic"],
    "options": {"negotiation_pregame": 0, "negotiation_yearly": 0, "last_year": 1933},
}


def may_move(view: dict[str, Any]) -> bool:
    """The seat's turn in phase 4 or before, with a spy that may go somewhere."""
    return any(line.split(" ")[1:2] == ["go"] for line in view.get("legal") or [])


@pytest.fixture(scope="module")
def rooms(server: str) -> Iterator[list[tuple[Seat, dict[str, Any]]]]:
    """Two rooms at a turn of the person's seat with a spy to move (one per test)."""
    made = []
    for _ in range(2):
        seat = Seat(server)
        created = seat.create(ROOM)
        assert seat.play(created["room_id"], entry("spies"), 400, until=may_move), "the game ended first"
        made.append((seat, created))
    yield made
    for seat, _ in made:
        seat.http.close()


def open_seat(browser: Browser, server: str, seat: Seat, *, phone: bool, locale: str) -> Player:
    context = browser.new_context(
        viewport=PHONE if phone else LAPTOP,  # type: ignore[arg-type]
        locale=locale,
        has_touch=phone,
        is_mobile=phone,
        device_scale_factor=1,
    )
    context.add_cookies([{"name": COOKIE_NAME, "value": seat.cookie, "url": server}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    player = Player(page, "seat")
    page.on("websocket", player.record)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.context.errors = errors  # type: ignore[attr-defined]
    return player


def last_view(player: Player) -> dict[str, Any]:
    for frame in reversed(player.frames):
        if frame.get("type") in ("welcome", "event") and isinstance(frame.get("view"), dict):
            view: dict[str, Any] = frame["view"]
            return view
    raise AssertionError("no view received")


def acts(player: Player) -> list[dict[str, Any]]:
    return [f for f in player.sent if f.get("type") == "act"]


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
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def far_city(view: dict[str, Any], spy: str) -> str:
    """A city the spy cannot reach now: the first of a few far corners of the map no legal line names."""
    reachable = {
        line.split(" ")[3] for line in view["legal"] if line.split(" ")[1:3] in (["go", spy], ["sail", spy])
    }
    here = next(s["city"] for s in view["spies"] if s["id"] == spy)
    return next(
        c for c in ("BAG", "CAI", "MOS", "LIS", "GLA", "ATH", "OSL") if c not in reachable and c != here
    )


def mover(view: dict[str, Any]) -> str:
    return str(next(line.split(" ")[2] for line in view["legal"] if line.split(" ")[1] == "go"))


def check_end(player: Player) -> None:
    """Each scoring power's table, its total the view's score; the end's rule."""
    page = player.page
    box = page.locator("#result-explain")
    expect(box).to_be_visible(timeout=90_000)
    view = last_view(player)
    scores = view["scores"]
    tables = box.locator(".result-seat")
    expect(tables).to_have_count(len(scores))
    totals = [int(x) for x in tables.locator("tr.total td").all_text_contents()]
    assert totals == [scores[p] for p in "GIRFB" if p in scores], (totals, scores)


def fits(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_laptop_in_english(server: str, browser: Browser, rooms: list[tuple[Seat, dict[str, Any]]]) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    seat, created = rooms[0]
    player = open_seat(browser, server, seat, phone=False, locale="en-US")
    page = player.page
    page.goto(created["room_url"])
    expect(page.locator("#board .piece.selectable").first).to_be_attached(timeout=20_000)
    view = last_view(player)
    spy = mover(view)

    # The decision: what it is about, and what the seat cannot do now and why.
    expect(page.locator("#sp-help")).to_contain_text(re.compile(r"turn runs in phases|Phase [34]"))
    off = page.locator("#sp-notnow li")
    if off.count():
        expect(off.first).to_contain_text(" — ")
    # A line's popover: what it does.
    line = page.locator(f'#sp-lines button[data-line*=" go {spy} "]').first
    line.hover()
    text = tip_text(page)
    assert f"Moves {spy} to" in text and "1 AP and 1 space" in text, text
    # A spy and a city on the map, named with what they do.
    page.mouse.move(1, 1)
    page.locator(f'#board .piece[data-piece="{spy}"]').hover(force=True)
    text = tip_text(page)
    assert text.startswith(f"Spy {spy}") and "moves city to city" in text, text
    page.mouse.move(1, 1)
    page.locator('#board .city[data-city="BER"] .hit').hover(force=True)
    text = tip_text(page)
    assert text.startswith("Berlin (BER)") and "Capital of Germany" in text, text
    page.screenshot(path=SHOTS / "spies-tip-laptop-en.png")
    page.mouse.move(1, 1)

    # The spy selected, then a city it cannot reach: why, and nothing is sent.
    sent = len(acts(player))
    page.locator(f'#board .piece[data-piece="{spy}"]').dispatch_event("click")
    expect(page.locator("#sp-selection")).to_contain_text(spy)
    city = far_city(view, spy)
    page.locator(f'#board .city[data-city="{city}"] .hit').dispatch_event("click")
    said = note_text(page)
    assert re.search("is not next to|The voyage to|is done for this turn|has used all", said), said
    expect(page.locator("#sp-selection")).to_contain_text(spy)  # still selected
    page.screenshot(path=SHOTS / "spies-refused-laptop-en.png")
    assert len(acts(player)) == sent
    # The record's cells say what they hold and are worth.
    page.mouse.move(1, 1)
    page.locator('#sp-record tr[data-year="1933"] td[data-power="G"]').hover()
    assert "Multiplier ×6" in tip_text(page)
    fits(page)
    page.close()

    # The rest of the game as the computer would play it; then the end explained.
    assert not seat.play(created["room_id"], entry("spies"), 2000), "the game did not end"
    end = open_seat(browser, server, seat, phone=False, locale="en-US")
    end.page.goto(created["room_url"])
    check_end(end)
    box = end.page.locator("#result-explain")
    expect(box).to_contain_text("ended after Britain's turn in 1933, its last year")
    expect(box).to_contain_text("a seat scores its best power")
    expect(box).to_contain_text(re.compile(r"wins with \d+ VP|share the win|richer seat"))
    expect(box.locator(".result-seat").first).to_contain_text(
        re.compile(r"Secrets 1933|Nothing on the record")
    )
    end.page.evaluate("document.getElementById('result-explain').scrollIntoView({block: 'start'})")
    end.page.screenshot(path=SHOTS / "spies-end-laptop-en.png")
    fits(end.page)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
    assert not end.page.context.errors, end.page.context.errors  # type: ignore[attr-defined]


def touch(page: Page, points: list[tuple[float, float]], hold_ms: int = 0) -> None:
    cdp = page.context.new_cdp_session(page)
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    if hold_ms:
        page.wait_for_timeout(hold_ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_phone_in_french_by_touch(
    server: str, browser: Browser, rooms: list[tuple[Seat, dict[str, Any]]]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    seat, created = rooms[1]
    player = open_seat(browser, server, seat, phone=True, locale="fr-FR")
    page = player.page
    page.goto(created["room_url"])
    expect(page.locator("#board .piece.selectable").first).to_be_attached(timeout=20_000)
    page.evaluate("window.scrollTo(0, 0)")
    view = last_view(player)
    spy = mover(view)
    expect(page.locator("#sp-help")).to_contain_text(re.compile(r"se joue en phases|Phase [34]"))

    # A long press on a city names it (and opens nothing else).
    touch(page, [centre(page, '#board .city[data-city="PAR"] .hit')], hold_ms=700)
    text = tip_text(page)
    assert text.startswith("Paris (PAR)") and "Capitale" in text, text
    page.screenshot(path=SHOTS / "spies-tip-phone-fr.png")
    page.wait_for_timeout(300)

    # The spy tapped, then a far city: why, in French, nothing sent.
    sent = len(acts(player))
    touch(page, [centre(page, f'#board .piece[data-piece="{spy}"]')])
    expect(page.locator("#sp-selection")).to_contain_text(spy)
    city = far_city(view, spy)
    page.evaluate("window.scrollTo(0, 0)")
    touch(page, [centre(page, f'#board .city[data-city="{city}"] .hit')])
    said = note_text(page)
    assert re.search("n’est pas voisine|La traversée vers|a fini pour ce tour|a utilisé ses", said), said
    page.screenshot(path=SHOTS / "spies-refused-phone-fr.png")
    assert len(acts(player)) == sent
    # A line's popover by a long press.
    page.wait_for_timeout(300)
    line = page.locator(f'#sp-lines button[data-line*=" go {spy} "]').first
    line.scroll_into_view_if_needed()
    touch(page, [centre(page, f'#sp-lines button[data-line*=" go {spy} "]')], hold_ms=700)
    text = tip_text(page)
    assert f"Déplace {spy} à" in text and "1\u00a0PA et 1 case" in text, text
    page.screenshot(path=SHOTS / "spies-line-phone-fr.png")
    assert len(acts(player)) == sent  # the press that named it chose nothing
    fits(page)

    # Resigning: the seat leaves, the computers play the year out; the end says so.
    page.once("dialog", lambda d: d.accept())
    page.locator("#resign").click()
    check_end(player)
    box = page.locator("#result-explain")
    expect(box).to_contain_text("ne peuvent pas gagner")
    expect(box).to_contain_text("Points de victoire")
    page.evaluate("document.getElementById('result-explain').scrollIntoView({block: 'start'})")
    page.screenshot(path=SHOTS / "spies-end-phone-fr.png")
    fits(page)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
