"""Play the computer from the landing page (issues 4 and 6): a room with a bot seat, set up
from a named opening, several moves answered by the bot, then resignation and the reveal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_pages import any_move, choose_game, open_player, ply_count, wait_my_turn
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_play_the_computer(server: str, browser: Browser, shots: Path) -> None:
    human = open_player(browser, "human")
    page = human.page
    choose_game(page, server, opponent="easy")
    page.get_by_role("button", name="Create the room").click()
    # No invite to send: the landing page goes straight into the room.
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#setup")).to_be_visible()

    # A named opening from the server, then Ready; the bot sets up by itself.
    page.get_by_label("Openings").select_option(index=1)
    expect(page.locator("#setup-problems")).to_contain_text("This setup is valid")
    page.locator("#setup-ready").click()

    # Play until five of our moves have each been answered by the bot.
    for _ in range(5):
        wait_my_turn(human)
        before = ply_count(human)
        any_move(human)
        # The bot answers (through the same command path) unless our move ended the game.
        page.wait_for_function(
            "n => document.querySelectorAll('#move-list li:not(.none)').length >= n"
            " || !document.querySelector('#result-head')?.hidden",
            arg=before + 2,
            timeout=20_000,
        )
        if page.locator("#result-head").is_visible():
            break
    page.screenshot(path=shots / "13-bot-game.png", full_page=True)

    if not page.locator("#result-head").is_visible():
        page.once("dialog", lambda d: d.accept())
        page.get_by_role("button", name="Resign").click()
        expect(page.locator("#result-head")).to_have_text("You lost.")
    expect(page.locator("#board .piece.back")).to_have_count(0)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
