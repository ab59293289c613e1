"""Spies!'s game log in words from its first line (issue 25, item 5): in a room against the
computer, the log's first line (the shuffle, with the faces only this seat sees) and every line
after it read as sentences, with no code of the record ("s01=3c", "c41=DIS", "?"), in English
on a laptop and in French on a phone; the replay's move list too.

Screenshots: /tmp/shots/defects/spies-log-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_pages import open_player
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/defects")
CODES = re.compile(r"\b[spx]\d\d=|\bc\d+=|\?|\b[A-Z]{3}:[sp]\d\d|\bp\d\d[=+>]")
FIRST = {
    "en-US": "The pieces were shuffled and numbered; you alone see the faces of yours. Germany: spies s",
    "fr-FR": "Les pièces ont été mélangées et numérotées ; vous seul voyez les faces des vôtres. "
    "Allemagne : espions s",
}


@pytest.mark.parametrize(("locale", "viewport"), [("en-US", (1366, 768)), ("fr-FR", (390, 844))])
def test_the_log_reads_in_words_from_its_first_line(
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
    log = page.locator("#sp-log")
    first = log.locator('li[data-n="1"]')
    expect(first).to_contain_text(FIRST[locale])
    expect(log.locator("li[data-n]")).not_to_have_count(1)  # the deals came after it
    for line in log.locator("li").all_text_contents():
        assert not CODES.search(line), line
    # On a phone the panels may sit behind tabs: open the log's, where there is one.
    tab = page.get_by_role("tab", name=re.compile("log|journal", re.I))
    if tab.count():
        tab.first.click()
    if first.is_visible():
        first.scroll_into_view_if_needed()
        first.screenshot(path=SHOTS / f"spies-log-first-{locale[:2]}-{width}.png")
    page.screenshot(path=SHOTS / f"spies-log-{locale[:2]}-{width}.png")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
