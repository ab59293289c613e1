"""The rules of every game (issue 25, item 1): the page /rules/<game> (static/rules.html and
static/js/rules-shell.js), where the game's own rules module (static/games/<name>/rules.js,
the catalogue's rules_module) draws a quick reference and the full rules, in English and
French; the same module in the Rules drawer of the room and the replay, which never leaves
the page (the socket stays open); the landing page's game cards linking to each game's page.

- Every registered game (iterated from the catalogue): its page in both languages at
  1366x768 and 390x844 is that game's (the page's title and heading name it), both parts
  draw something with headings, and nothing is wider than the window. A game whose rules
  module is not written yet is skipped, saying so.
- Speak Easy's rules in detail: the board drawn by the game's code (60 locations), the 12
  pieces, the combat table, the rule options, in both languages.
- An unknown game: the page says so in words and lists the games; a module that fails to
  load: the page says so in words.
- The room's Rules drawer (Speak Easy against the computer): a side drawer on a laptop and
  the whole screen on a phone; quick reference first, full rules one click away; closed by
  Escape and by its button; the room's one socket stays open throughout and the game goes on
  through it. The replay's drawer too, whose keys do not step the replay.

Screenshots: test-artifacts/screenshots/33-rules-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_pages import create_bot_room, open_player, start_bot_game
from playwright.sync_api import Browser, Page, WebSocket, expect

from engine import catalogue

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
LANGS = {"en": ("English", "en-US"), "fr": ("Français", "fr-FR")}


def squeezed(text: str) -> str:
    """Text without any space (French puts a no-break space before "!"), lower case."""
    return re.sub(r"\s+", "", text).lower()


def module_file(name: str) -> Path:
    return ROOT / catalogue.entry(name).rules_module.lstrip("/")


def no_overflow(page: Page) -> None:
    wide, window = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide <= window, f"{page.url}: {wide} px wide in a {window} px window"


def read_part(page: Page, part: str) -> str:
    """Show `part` and wait for the game's module to have drawn it; its text."""
    tab = page.locator(f'#rules-view .rules-tab[data-part="{part}"]')
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    body = page.locator("#rules-view .rules-body")
    expect(body).to_have_attribute("data-part", part)
    expect(body).to_have_attribute("data-state", "ready")
    expect(body.locator("h2").first).to_be_visible()
    text = body.inner_text()
    assert len(text.strip()) > 200, f"{part}: {text!r}"
    return text


@pytest.mark.parametrize("name", catalogue.names())
def test_every_game_has_its_rules_in_both_languages(
    name: str, server: str, browser: Browser, shots: Path
) -> None:
    if not module_file(name).is_file():
        pytest.skip(f"{catalogue.entry(name).rules_module} is not written yet")
    title = catalogue.entry(name).title
    for viewport in (LAPTOP, PHONE):
        reader = open_player(browser, f"reader-{name}", viewport=viewport)
        page = reader.page
        page.goto(f"{server}/rules/{name}")
        expect(page.locator("body")).to_have_attribute("data-state", "ready")
        seen: dict[str, tuple[str, str, str]] = {}
        for lang, (button, _locale) in LANGS.items():
            page.locator("#lang").get_by_role("button", name=button).click()
            expect(page.locator("html")).to_have_attribute("lang", lang)
            quick = read_part(page, "quick")
            no_overflow(page)
            page.screenshot(path=shots / f"33-rules-{name}-{lang}-{viewport['width']}-quick.png")
            full = read_part(page, "full")
            no_overflow(page)
            assert page.locator("#rules-view .rules-body svg").count() >= 1, "the full rules are illustrated"
            heading = page.locator("h1").inner_text()
            assert squeezed(title) in squeezed(page.title()), (page.title(), title)
            assert squeezed(title) in squeezed(heading), (heading, title)
            assert quick != full
            seen[lang] = (heading, quick, full)
            assert page.url.endswith(f"/rules/{name}?part=full")
        assert seen["en"] != seen["fr"] and seen["en"][2] != seen["fr"][2], "the French rules are French"
        assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
        page.context.close()


def test_speakeasy_rules_drawn_by_the_game(server: str, browser: Browser, shots: Path) -> None:
    reader = open_player(browser, "reader")
    page = reader.page
    page.goto(server + "/rules?game=speakeasy")  # the old address goes to the new one
    expect(page).to_have_url(re.compile(r"/rules/speakeasy$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play Speak Easy")
    expect(page.get_by_role("tab", name="Quick reference")).to_have_attribute("aria-selected", "true")
    expect(page.locator(".se-ladder li")).to_have_count(9)  # the ranks, drawn as the game's tiles
    expect(page.locator(".se-ladder .tile-svg")).to_have_count(9)
    page.get_by_role("tab", name="Full rules").click()
    expect(page.locator("#rules-board .loc")).to_have_count(60)
    expect(page.locator("#pieces tbody tr")).to_have_count(12)
    expect(page.locator("#matrix")).to_contain_text("Kid")
    expect(page.locator("#options tbody tr")).to_have_count(6)
    expect(page.locator("#options")).to_contain_text("Classic Lu Zhan Qi")
    page.locator("#lang").get_by_role("button", name="Français").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Comment jouer à Speak Easy")
    expect(page.get_by_role("tab", name="Règles complètes")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#pieces")).to_contain_text("Homme de main")
    expect(page.locator("#options")).to_contain_text("La Babe reste")
    expect(page).to_have_title(re.compile("Speak Easy — règles"))
    page.screenshot(path=shots / "33-rules-fr.png")
    # The address keeps the part: opened again, the full rules come first.
    page.reload()
    expect(page.locator("#rules-view .rules-body")).to_have_attribute("data-part", "full")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]


def test_an_unknown_game_or_a_missing_module_is_said_in_words(server: str, browser: Browser) -> None:
    reader = open_player(browser, "stranger", viewport=PHONE)
    page = reader.page
    answer = page.goto(server + "/rules/chess")
    assert answer is not None and answer.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("There is no game called “chess” here.")
    links = page.locator(".rules-games .rules-game-title")
    expect(links).to_have_count(len(catalogue.names()))
    for entry in catalogue.entries():
        expect(page.locator(f'.rules-game[data-game="{entry.name}"] .rules-game-title')).to_have_attribute(
            "href", f"/rules/{entry.name}"
        )
    no_overflow(page)

    # Every game's rules at /rules.
    page.goto(server + "/rules")
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play")
    expect(links).to_have_count(len(catalogue.names()))

    # A rules module that cannot be loaded: the reason in words, no blank page.
    page.route("**/static/games/speakeasy/rules.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(server + "/rules/speakeasy")
    expect(page.locator("body")).to_have_attribute("data-state", "failed")
    expect(page.locator(".rules-error")).to_contain_text("The rules of Speak Easy cannot be shown")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rules of Speak Easy")
    page.locator("#lang").get_by_role("button", name="Français").click()
    expect(page.locator(".rules-error")).to_contain_text(
        "Les règles de Speak Easy ne peuvent pas être affichées"
    )


def test_the_landing_page_links_every_game_to_its_rules(server: str, browser: Browser) -> None:
    visitor = open_player(browser, "visitor", locale="fr-FR", viewport=PHONE)
    page = visitor.page
    page.goto(server + "/")
    for entry in catalogue.entries():
        link = page.locator(f'.game-card[data-game="{entry.name}"] a.game-rules')
        expect(link).to_have_text("Règles")
        expect(link).to_have_attribute("href", f"/rules/{entry.name}")
        expect(link).to_have_attribute("aria-label", f"Règles de {entry.title}")
    no_overflow(page)
    page.locator('.game-card[data-game="speakeasy"] a.game-rules').click()
    expect(page).to_have_url(re.compile(r"/rules/speakeasy$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Comment jouer à Speak Easy")


def open_drawer(page: Page) -> None:
    page.locator("#rules-btn").click()
    drawer = page.locator("#rules-drawer")
    expect(drawer).to_be_visible()
    expect(drawer).to_have_attribute("data-state", "ready")


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_room_rules_drawer_keeps_the_socket(
    viewport: dict[str, int], server: str, browser: Browser, shots: Path
) -> None:
    player = open_player(browser, "host", viewport=viewport)
    page = player.page
    sockets: list[WebSocket] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    create_bot_room(player, server)  # Speak Easy against the computer, in its setup
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    assert len(sockets) == 1

    button = page.locator("#rules-btn")
    expect(button).to_have_text("Rules")
    no_overflow(page)  # the header holds the Rules button on a phone too
    open_drawer(page)
    drawer = page.locator("#rules-drawer")
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(drawer.locator(".rules-drawer-title")).to_have_text("How to play Speak Easy")
    expect(drawer.get_by_role("tab", name="Quick reference")).to_have_attribute("aria-selected", "true")
    expect(drawer.locator(".rules-body h2").first).to_be_visible()
    box = drawer.bounding_box()
    assert box is not None
    if viewport is PHONE:  # a sheet over the whole screen
        assert (box["x"], box["y"], box["width"], box["height"]) == (0, 0, 390, 844), box
    else:  # a drawer at the right, the board still in sight beside it
        assert box["x"] + box["width"] == 1366 and 500 <= box["width"] <= 800 and box["height"] == 768, box
    body = drawer.locator(".rules-body")
    assert body.evaluate("(b) => b.scrollWidth <= b.clientWidth"), "the rules fit the drawer's width"
    page.screenshot(path=shots / f"33-rules-drawer-{viewport['width']}-quick.png")

    drawer.get_by_role("tab", name="Full rules").click()
    expect(drawer.locator("#rules-board .loc")).to_have_count(60)
    assert body.evaluate("(b) => b.scrollWidth <= b.clientWidth")
    drawer.locator(".rules-drawer-lang").get_by_role("button", name="Français").click()
    expect(drawer.locator(".rules-drawer-title")).to_have_text("Comment jouer à Speak Easy")
    expect(drawer.get_by_role("tab", name="Règles complètes")).to_have_attribute("aria-selected", "true")
    page.screenshot(path=shots / f"33-rules-drawer-{viewport['width']}-full-fr.png")
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_have_text("Règles")  # the room follows the language chosen in the drawer
    no_overflow(page)

    # Again, closed with its button this time; the part last read comes back.
    open_drawer(page)
    expect(drawer.get_by_role("tab", name="Règles complètes")).to_have_attribute("aria-selected", "true")
    drawer.get_by_role("button", name="Fermer les règles").click()
    expect(drawer).to_be_hidden()

    # The same socket all along, still open, and the game goes on through it.
    assert len(sockets) == 1 and not sockets[0].is_closed()
    expect(page.locator("body")).to_have_attribute("data-conn", "open")
    assert not any(frame.get("type") == "welcome" for frame in player.frames[1:]), "no second welcome"
    page.get_by_role("button", name="Au hasard").click()
    page.locator("#setup-ready").click()
    expect(page.locator("body")).to_have_attribute("data-phase", "play", timeout=20_000)
    assert len(sockets) == 1 and not sockets[0].is_closed()
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]


def test_the_replay_rules_drawer(server: str, browser: Browser) -> None:
    player = open_player(browser, "viewer", viewport=LAPTOP)
    page = player.page
    start_bot_game(player, server)  # both setups made: the replay has steps to go back through
    game_id = next(frame["game_id"] for frame in player.frames if frame.get("type") == "welcome")
    page.goto(f"{server}/g/{game_id}")
    expect(page.locator("#replay")).to_be_visible(timeout=30_000)  # a whole game replayed: slow when busy
    before = page.locator("body").get_attribute("data-step")
    assert before is not None and int(before) >= 1, before  # the last step: Left would go back
    open_drawer(page)
    drawer = page.locator("#rules-drawer")
    expect(drawer.locator(".rules-drawer-title")).to_have_text("How to play Speak Easy")
    # The arrows move between the tabs in the drawer, not through the replay behind it.
    drawer.get_by_role("tab", name="Quick reference").focus()
    page.keyboard.press("ArrowRight")
    expect(drawer.get_by_role("tab", name="Full rules")).to_be_focused()
    expect(drawer.get_by_role("tab", name="Full rules")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("ArrowLeft")
    expect(drawer.get_by_role("tab", name="Quick reference")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    expect(page.locator("body")).to_have_attribute("data-step", before)
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()
    # Closed, the keys are the replay's again.
    page.keyboard.press("Home")
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
