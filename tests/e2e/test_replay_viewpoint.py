"""The replay's viewpoint switch (issue 25, item 5): in Spies!, switching the replay from a
seat's view to the spectator's showed the seat's pieces under the new label until the new
viewpoint came (about 1.5 s). Here the server's answer for the new viewpoint is held back: while
it is on its way the page says what it is loading, in words, and nothing of the old viewpoint is
in sight (board, game panels, move list, turn); once it comes, the page draws it under its own
label. English on a laptop, French on a phone.

Screenshots: /tmp/shots/defects/replay-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import open_player
from playwright.sync_api import Browser, Route, expect

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/defects")
WORDS = {
    "en-US": ("Loading the view “A spectator (public view)”…", "A spectator (public view)"),
    "fr-FR": ("Chargement de la vue « Un spectateur (vue publique) »…", "Un spectateur (vue publique)"),
}


@pytest.mark.parametrize(("locale", "viewport"), [("en-US", (1366, 768)), ("fr-FR", (390, 844))])
def test_a_viewpoint_switch_shows_loading_and_never_the_old_pieces_under_the_new_label(
    server: str, browser: Browser, locale: str, viewport: tuple[int, int]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    width, height = viewport
    player = open_player(browser, "alice", locale=locale, viewport={"width": width, "height": height})
    page = player.page
    page.goto(server + "/")
    answer = page.request.post(
        server + "/api/rooms", data={"game": "spies", "players": 2, "bots": ["basic"], "setup_seconds": None}
    )
    assert answer.status == 201, answer.text()
    page.goto(answer.json()["room_url"])
    expect(page.locator("#sp-log li[data-n]")).not_to_have_count(0)
    game_id = next(f["game_id"] for f in player.frames if f.get("type") == "welcome")

    page.goto(f"{server}/g/{game_id}?view=0")
    expect(page.locator("body")).to_have_attribute("data-viewer", "0")
    board = page.locator("#board-area svg").first
    expect(board).to_be_visible()
    expect(page.locator("#viewpoint option")).to_have_count(
        2
    )  # a game being played: his seat, the public view

    held: list[Route] = []
    page.route(re.compile(r"/api/games/[^/]+/replay\?viewer=spectator$"), lambda route: held.append(route))
    page.locator("#viewpoint").select_option("spectator")
    loading, label = WORDS[locale]
    # On its way: said in words, and the old viewpoint's board, panels and moves out of sight.
    expect(page.locator("#replay-switching")).to_have_text(loading)
    expect(page.locator("#replay")).to_have_attribute("aria-busy", "")
    expect(page.locator("#viewpoint option:checked")).to_have_text(label)
    assert page.locator("body").get_attribute("data-viewer") == "0"  # what is drawn is still seat 0's…
    expect(board).to_be_hidden()  # …and none of it is in sight
    for part in ("#game-panel", "#replay-moves"):
        expect(page.locator(part)).to_be_hidden()
    shown: Any = page.evaluate("getComputedStyle(document.getElementById('board-area'), '::after').content")
    assert loading in str(shown), shown
    page.screenshot(path=SHOTS / f"replay-switching-{locale[:2]}-{width}.png")

    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("body")).to_have_attribute("data-viewer", "spectator")
    expect(page.locator("#replay-switching")).to_be_hidden()
    expect(page.locator("#replay")).not_to_have_attribute("aria-busy", "")
    new_board = page.locator("#board-area svg").first
    expect(new_board).to_be_visible()
    expect(page.locator("#viewpoint option:checked")).to_have_text(label)
    expect(page.locator("#sp-yours")).to_be_hidden()  # the spectator holds no power
    expect(page.locator("#board .piece[data-face]")).to_have_count(0)  # and sees no face
    page.screenshot(path=SHOTS / f"replay-switched-{locale[:2]}-{width}.png")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
