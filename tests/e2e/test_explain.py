"""Explanations while playing (issue 25, item 3), in the browser, for Speak Easy and
Prohibition, on a laptop (1366×768, English, mouse) and a phone (390×844, French, touch):

- a click that plays nothing says why near the board (Speak Easy: a Babe, a piece that cannot
  reach the location, a setup click in the opponent's half; Prohibition: a street that is no
  free distillery, a crossing no character on the dice can end on);
- hovering, a long press or a tap names a piece or place and says what it does (a hidden
  piece says only what every player saw of it; a bar says what it may take), and a long press
  on one's own piece selects nothing;
- the decision panel and the shell's buttons say what each choice does;
- the server's refusals are put in the page's language (the platform's, the engine's);
- the end screen explains the result: the rule that ended the game, and each seat's score
  broken down by the rules that made it, adding up to the result's scores.

Screenshots: test-artifacts/screenshots/40-explain-*.png.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, drag
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


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


CREATE = """async (body) => {
  const headers = {'content-type': 'application/json'};
  const answer = await fetch('/api/rooms', {method: 'POST', headers, body: JSON.stringify(body)});
  return answer.json();
}"""

# The server's refusals put in French by the shell (a platform command) and by Speak Easy (a move).
IN_FRENCH = """async () => {
  const shell = await import('/static/js/explain.js');
  const game = await import('/static/games/speakeasy/explain.js');
  const claim = {code: 'illegal', message: 'your opponent may still come back: wait 12 s more'};
  return [
    shell.refusalText(claim, {kind: 'platform'}, null),
    game.engineWords('illegal', 'b1-b2 is not a legal move: the Babe never moves'),
  ];
}"""

TOAST = (
    "async () => (await import('/static/js/toast.js')).toast(document.getElementById('toast'), 'No', 3000)"
)


def make_room(player: Player, base: str, body: dict[str, Any]) -> None:
    """A room against the computer, made by this page (its guest cookie takes seat 0)."""
    page = player.page
    page.goto(base + "/")
    made = page.evaluate(CREATE, body)
    page.goto(made["room_url"])
    expect(page.locator("#game")).to_be_visible()


def long_press(page: Page, locator: Any, ms: int = 700) -> None:
    """A finger held on the element (touch events through the DevTools protocol)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(ms)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def last_view(player: Player) -> dict[str, Any]:
    views: list[dict[str, Any]] = [
        f["view"] for f in player.frames if f.get("type") in ("welcome", "event") and f.get("view")
    ]
    assert views
    return views[-1]


def note_text(page: Page) -> str:
    note = page.locator("#board-note")
    expect(note).to_be_visible()
    return note.text_content() or ""


def tip_text(page: Page) -> str:
    tip = page.locator("#tip")
    expect(tip).to_be_visible()
    return tip.text_content() or ""


def fits(page: Page) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def seat_side(player: Player) -> str:
    return {"0": "s", "1": "n"}[player.seat]


# ------------------------------------------------------------------ Speak Easy


def speakeasy_quiet_move(page: Page) -> bool:
    """Play a move onto an empty location (no combat), if one is offered."""
    movable = page.locator("#board .loc:has(.piece[data-drag])")
    for k in range(movable.count()):
        movable.nth(k).click()
        quiet = page.locator("#board .loc.target:not(:has(.piece))")
        if quiet.count():
            quiet.first.click()
            return True
        movable.nth(k).click()  # deselect
    return False


def test_speak_easy_laptop_explains_refusals_pieces_and_the_end(
    server: str, browser: Browser, shots: Path
) -> None:
    alice = open_page(browser, "alice", phone=False, locale="en-US")
    page = alice.page
    make_room(alice, server, {"game": "speakeasy", "bot": "easy", "options": {"no_combat_limit": 4}})

    # Setup: the buttons say what they do; a click in the opponent's half says why not.
    expect(page.locator("#setup-ready")).to_be_visible()
    # The openings arrive after the panel and redraw it: hover what stays under the mouse.
    expect(page.locator("#setup-openings")).to_be_attached()
    page.get_by_role("button", name="Random").hover()
    assert "at random" in tip_text(page)
    side = seat_side(alice)
    drag(
        page,
        page.locator(".reserve-piece").first,
        page.locator(f'#board [data-name="{"c11" if side == "s" else "c2"}"]'),
    )
    assert "own half" in note_text(page)
    page.locator(f'#board [data-name="{"b3" if side == "s" else "b10"}"]').click()
    assert note_text(page) == "Buildings start empty: place your pieces around them."
    page.get_by_role("button", name="Random").click()
    page.locator("#board .loc:has(.piece)").first.hover()
    expect(page.locator("#tip")).to_contain_text("Your opponent sees only where it stands.")
    page.locator("#setup-ready").click()

    expect(page.locator("#turn")).to_contain_text("Your turn", timeout=20_000)
    # A Babe never moves.
    page.locator(f"#board .loc:has(.piece.side-{side} .code:text-is('B'))").first.click()
    assert note_text(page) == "The Babe never moves."
    page.screenshot(path=shots / "40-explain-se-refused-laptop.png")
    # A hidden piece is named with only what every player saw of it.
    page.mouse.move(1, 1)
    page.locator("#board .loc:has(.piece.back)").first.hover()
    text = tip_text(page)
    assert "hidden piece" in text and "You do not know what it is" in text
    assert re.search(r"has (not )?moved", text)
    page.screenshot(path=shots / "40-explain-se-tip-laptop.png")
    # A movable piece sent where it cannot go: the reason, and nothing is sent.
    sent = len(alice.sent)
    movable = page.locator("#board .loc:has(.piece[data-drag])").first
    movable.click()
    far = page.locator("#board .loc:not(.target):not(.selected):not(:has(.piece))").last
    far.click()
    assert re.search(r"cannot reach|blocked|No line|No free street|Only a piece", note_text(page))
    assert not [f for f in alice.sent[sent:] if f.get("type") in ("act", "move")]
    movable.click()  # deselect
    # The shell's commands say what they do.
    page.mouse.move(1, 1)
    page.locator("#draw-offer").hover()
    assert "Offer a draw" in tip_text(page)

    # Quiet moves until the room's limit of moves without combat (or another rule) ends it.
    deadline = time.monotonic() + 150
    while page.locator("body").get_attribute("data-phase") != "over":
        assert time.monotonic() < deadline, "the game did not end"
        mine = re.search("Your turn", page.locator("#turn").text_content() or "")
        if mine and not speakeasy_quiet_move(page):
            page.once("dialog", lambda d: d.accept())
            page.locator("#resign").click()
        page.wait_for_timeout(200)
    box = page.locator("#result-explain")
    expect(box).to_be_visible()
    reason = last_view(alice)["result"]["reason"]
    expected = {
        "no_combat": "4 moves in a row without any combat",
        "speakeasy": "onto",
        "no_moves": "no legal move left",
        "resign": "resigned",
    }[reason]
    expect(box).to_contain_text(expected)
    expect(box).to_contain_text("Moves played:")
    expect(box.locator(".result-seat")).to_have_count(2)
    expect(box.locator(".result-seat").first).to_contain_text("Combats it started")
    box.scroll_into_view_if_needed()
    page.screenshot(path=shots / "40-explain-se-end-laptop.png")
    assert not page.context.errors  # type: ignore[attr-defined]


def test_speak_easy_phone_in_french_by_touch(server: str, browser: Browser, shots: Path) -> None:
    bob = open_page(browser, "bob", phone=True, locale="fr-FR")
    page = bob.page
    make_room(bob, server, {"game": "speakeasy", "bot": "easy"})
    expect(page.locator("#setup-ready")).to_be_visible()
    page.get_by_role("button", name="Au hasard").tap()
    long_press(page, page.locator("#setup-ready"))
    assert "ne pourra plus changer" in tip_text(page)
    page.locator("#setup-ready").tap()
    expect(page.locator("#turn")).to_contain_text("À vous", timeout=20_000)
    side = seat_side(bob)
    page.evaluate("window.scrollTo(0, 0)")

    page.locator(f"#board .loc:has(.piece.side-{side} .code:text-is('B'))").first.tap()
    assert note_text(page) == "La Babe ne bouge jamais."
    page.screenshot(path=shots / "40-explain-se-refused-phone.png")
    page.wait_for_timeout(300)
    # A tap on the opponent's piece, nothing selected: what it is.
    page.locator("#board .loc:has(.piece.back)").first.tap()
    assert "pièce cachée" in tip_text(page)
    page.screenshot(path=shots / "40-explain-se-tip-phone.png")
    # A long press on one's own piece names it and selects nothing.
    own = page.locator("#board .loc:has(.piece[data-drag])").first
    long_press(page, own)
    assert "Votre adversaire ne voit que sa place." in tip_text(page)
    page.wait_for_timeout(300)
    expect(page.locator("#board .loc.selected")).to_have_count(0)
    fits(page)

    # The server's refusals in French: the platform's and the engine's.
    words = page.evaluate(IN_FRENCH)
    assert words == [
        "Impossible : votre adversaire peut encore revenir\u00a0: attendez encore 12\u00a0s",
        "b1-b2 n’est pas permis\u00a0: La Babe ne bouge jamais.",
    ]

    # A refusal toast (its box is in the side column, below the board on a phone) is brought
    # over the board when the column is out of view.
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(TOAST)
    toast = page.locator("#toast")
    expect(toast).to_have_class(re.compile(r"\bfloating\b"))
    where = toast.bounding_box()
    assert where and where["y"] >= 0 and where["y"] + where["height"] <= PHONE["height"], where

    page.once("dialog", lambda d: d.accept())
    page.locator("#resign").tap()
    box = page.locator("#result-explain")
    expect(box).to_be_visible()
    expect(box).to_contain_text(re.compile(r"(Sud|Nord) a abandonné\u00a0: (Nord|Sud) gagne\."))
    box.scroll_into_view_if_needed()
    page.screenshot(path=shots / "40-explain-se-end-phone.png")
    fits(page)
    assert not page.context.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------ Prohibition


def prohibition_until_over(player: Player, resign_after: int) -> None:
    """Take the first choice offered a few times, then resign: the computer plays the seat on
    (three seats), and the game ends by the rules."""
    page = player.page
    acted = 0
    deadline = time.monotonic() + 240
    while page.locator("body").get_attribute("data-phase") != "over":
        assert time.monotonic() < deadline, "the game did not end"
        if acted >= resign_after and page.locator("#resign").count():
            page.once("dialog", lambda d: d.accept())
            page.locator("#resign").click()
            acted = -1_000
        card = page.locator("#pz-hand button.pz-card.legal").first
        button = page.locator("#pz-actions button.pz-action:not([disabled])").first
        try:
            if card.count():
                card.click(timeout=2000)
                acted += 1
            elif button.count():
                button.click(timeout=2000)
                acted += 1
        except Exception:  # redrawn under the pointer by a frame that just came in
            pass
        page.wait_for_timeout(100)


def check_breakdown(player: Player) -> None:
    """Every seat's table ends with the result's score for that seat."""
    page = player.page
    view = last_view(player)
    result = view["result"]
    seats = page.locator("#result-explain .result-seat")
    expect(seats).to_have_count(view["players"])
    totals = sorted(int(x) for x in seats.locator("tr.total td").all_text_contents())
    assert totals == sorted(result["scores"]), (totals, result)


def test_prohibition_laptop_explains_refusals_the_table_and_the_end(
    server: str, browser: Browser, shots: Path
) -> None:
    carol = open_page(browser, "carol", phone=False, locale="en-US")
    page = carol.page
    make_room(carol, server, {"game": "prohibition", "players": 3, "bot": "easy"})
    expect(page.locator("#pz-actions button.pz-action").first).to_be_visible(timeout=30_000)
    # Placing a truck: the decision says what it is about, each button what it does.
    expect(page.locator("#pz-help")).to_contain_text("Trucks are placed from the last seat to the first")
    page.locator("#pz-actions button.pz-action").first.hover()
    assert "starts on the door street of distillery" in tip_text(page)
    # A street that is no free distillery's: why not.
    gold = set(page.eval_on_selector_all("#board .hit-area", "els => els.map((e) => e.dataset.key)"))
    street = next(s for s in ("A1-B1", "C2-D2", "D3-D4", "F6-G6") if f"s:{s}" not in gold)
    page.locator(f'#board [data-street="{street}"]').click(force=True)
    assert "door street of a free distillery" in note_text(page)
    page.screenshot(path=shots / "40-explain-pz-refused-laptop.png")
    # A bar: what it holds and may take; a character: what it does.
    page.mouse.move(1, 1)
    page.locator('#board [data-building="C3e"]').hover(force=True)
    text = tip_text(page)
    assert text.startswith("Bar C3e") and "May take now" in text
    page.screenshot(path=shots / "40-explain-pz-tip-laptop.png")

    prohibition_until_over(carol, resign_after=6)
    box = page.locator("#result-explain")
    expect(box).to_be_visible(timeout=30_000)
    expect(box).to_contain_text(re.compile("The end was triggered in round|left the game"))
    expect(box).to_contain_text("The highest score wins")
    check_breakdown(carol)
    expect(box.locator(".result-seat").first).to_contain_text("Deliveries:")
    expect(box).to_contain_text("This seat left the game")
    page.screenshot(path=shots / "40-explain-pz-end-laptop.png")
    assert not page.context.errors  # type: ignore[attr-defined]


def test_prohibition_phone_in_french_by_touch(server: str, browser: Browser, shots: Path) -> None:
    dan = open_page(browser, "dan", phone=True, locale="fr-FR")
    page = dan.page
    make_room(dan, server, {"game": "prohibition", "players": 3, "bot": "easy"})
    expect(page.locator("#pz-actions button.pz-action").first).to_be_visible(timeout=30_000)
    page.evaluate("window.scrollTo(0, 0)")
    gold = set(page.eval_on_selector_all("#board .hit-area", "els => els.map((e) => e.dataset.key)"))
    street = next(s for s in ("A1-B1", "C2-D2", "D3-D4", "F6-G6") if f"s:{s}" not in gold)
    page.locator(f'#board [data-street="{street}"]').tap(force=True)
    assert "rue de porte d’une distillerie libre" in note_text(page)
    page.screenshot(path=shots / "40-explain-pz-refused-phone.png")
    page.wait_for_timeout(300)
    long_press(page, page.locator('#board [data-building="A3e"]'))
    text = tip_text(page)
    assert "bar privé" in text and "blancs" in text
    page.screenshot(path=shots / "40-explain-pz-tip-phone.png")
    fits(page)

    # The character phase: a crossing no character on the dice can end on says why.
    page.locator("#pz-actions button.pz-action").first.tap()
    crossings = page.eval_on_selector_all("#board [data-inter]", "els => els.map((e) => e.dataset.inter)")
    deadline = time.monotonic() + 90
    said = ""
    tried: set[str] = set()
    while not said:
        assert time.monotonic() < deadline, "no character decision came"
        keys = page.eval_on_selector_all("#board .hit-area", "els => els.map((e) => e.dataset.key)")
        offered = page.locator("#pz-actions button.pz-action:not([disabled])").count()
        # A crossing no character may end on and not tried yet. One that no rule refuses for
        # the dice (say, where a character already stands) shows what it is instead: next one.
        free = next((i for i in crossings if f"i:{i}" not in keys and i not in tried), None)
        if keys and all(k.startswith("i:") for k in keys) and offered and free is not None:
            tried.add(free)
            page.evaluate("window.scrollTo(0, 0)")
            page.locator(f'#board [data-inter="{free}"]').tap(force=True)
            answer = page.locator("#board-note:not([hidden]), #tip:not([hidden])").first
            expect(answer).to_be_visible()
            if answer.get_attribute("id") == "board-note":
                said = note_text(page)
                page.screenshot(path=shots / "40-explain-pz-char-refused-phone.png")
                break
            page.keyboard.press("Escape")
            expect(page.locator("#tip")).to_be_hidden()
            continue
        card = page.locator("#pz-hand button.pz-card.legal").first
        button = page.locator("#pz-actions button.pz-action:not([disabled])").first
        try:
            if card.count():
                card.tap(timeout=2000)
            elif button.count():
                button.tap(timeout=2000)
        except Exception:
            pass
        page.wait_for_timeout(100)
    assert re.search("points de départ|exactement|aux deux bouts|contact|s’y trouve|déjà ici", said), said

    prohibition_until_over(dan, resign_after=2)
    box = page.locator("#result-explain")
    expect(box).to_be_visible(timeout=30_000)
    expect(box).to_contain_text(re.compile("La fin a été déclenchée au tour|a quitté la partie"))
    check_breakdown(dan)
    expect(box.locator(".result-seat").first).to_contain_text("Livraisons\u00a0:")
    box.scroll_into_view_if_needed()
    page.screenshot(path=shots / "40-explain-pz-end-phone.png")
    fits(page)
    assert not page.context.errors  # type: ignore[attr-defined]
