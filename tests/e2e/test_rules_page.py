"""The rules page, drawn by Speak Easy's module from the same board and combat code as the
game (static/games/speakeasy/rules-page.js), in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_pages import open_player
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_rules_page(server: str, browser: Browser, shots: Path) -> None:
    reader = open_player(browser, "reader")
    page = reader.page
    page.goto(server + "/rules")
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play Speak Easy")
    expect(page.locator("#rules-board .loc")).to_have_count(60)
    expect(page.locator("#pieces tbody tr")).to_have_count(12)
    expect(page.locator("#matrix")).to_contain_text("Kid")
    page.get_by_role("button", name="Français").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Comment jouer à Speak Easy")
    expect(page.locator("#pieces")).to_contain_text("Homme de main")
    page.screenshot(path=shots / "33-rules-fr.png")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
