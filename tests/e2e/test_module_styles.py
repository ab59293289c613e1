"""No board is drawn before its stylesheet applies: the room's shell links a game module's
``stylesheet`` and waits for it before ``mount`` (``static/js/game-loader.js``,
static/games/README.md). For every game of the catalogue, the room of a seat against the
game's weakest bot is opened with the game's stylesheets served a second late (a slow phone's
network), and the first thing drawn in the board's place is checked: every stylesheet of
``/static/games/`` the page links has loaded by then, the game's own among them. No game is
named here.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from e2e_pages import game_entries
from playwright.sync_api import Browser, Route

from app.identity import COOKIE_NAME
from engine.catalogue import GameEntry

pytestmark = pytest.mark.e2e

LATE = 1.0
"""Seconds each game stylesheet is held back."""

FIRST_DRAWING = """() => {
  window.__firstDrawing = null;
  const look = () => {
    const area = document.getElementById("board-area");
    if (window.__firstDrawing !== null || !area || !area.firstElementChild) return;
    window.__firstDrawing = [...document.querySelectorAll('link[rel="stylesheet"]')]
      .filter((link) => new URL(link.href).pathname.startsWith("/static/games/"))
      .map((link) => ({ href: new URL(link.href).pathname, loaded: link.sheet !== null }));
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
}"""


@pytest.fixture
def http(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as client:
        client.get("/api/catalogue")  # the guest cookie
        yield client


@pytest.mark.parametrize("entry", game_entries(), ids=lambda e: e.name)
def test_the_board_is_first_drawn_with_its_stylesheet(
    server: str, browser: Browser, http: httpx.Client, entry: GameEntry
) -> None:
    others = entry.min_players - 1
    body = {"game": entry.name, "players": entry.min_players, "bots": [entry.bot_levels[0]] * others}
    created = http.post("/api/rooms", json=body)
    assert created.status_code == 201, created.text
    phone = {"width": 390, "height": 844}
    context = browser.new_context(viewport=phone, locale="en-US", device_scale_factor=1)  # type: ignore[arg-type]
    try:
        context.add_cookies([{"name": COOKIE_NAME, "value": http.cookies[COOKIE_NAME], "url": server}])
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def late(route: Route) -> None:
            time.sleep(LATE)
            route.continue_()

        page.route("**/static/games/**/*.css", late)
        page.add_init_script(f"({FIRST_DRAWING})()")
        page.goto(created.json()["room_url"])
        page.wait_for_function("() => window.__firstDrawing !== null", timeout=30_000)
        drawn = page.evaluate("window.__firstDrawing")
        folder = entry.client_module.rsplit("/", 1)[0]
        assert [s for s in drawn if s["href"].startswith(folder + "/")], (entry.name, drawn)
        assert all(s["loaded"] for s in drawn), (entry.name, drawn)
        assert errors == []
    finally:
        context.close()
