"""A connection that dies without a word (issue 10, item 8): the page pings every 10 s and,
when nothing answers within 15 s, shows "reconnecting", drops the dead socket and opens a
new one, which resumes the game. The page's clock is Playwright's, run forward."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_pages import (
    SocketSwitch,
    any_move,
    open_player,
    ply_count,
    start_bot_game,
    wait_bot_answer,
    wait_my_turn,
)
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_a_silently_dropped_socket_is_noticed_and_replaced(
    server: str, browser: Browser, shots: Path
) -> None:
    human = open_player(browser, "human")
    page = human.page
    network = SocketSwitch(page)
    page.clock.install()
    start_bot_game(human, server)
    wait_my_turn(human)

    network.go_silent()
    page.clock.run_for(9_000)
    expect(page.locator("#conn")).to_be_hidden()  # no ping unanswered yet
    page.clock.run_for(17_000)  # a ping at 10 s, nothing back by 25 s
    expect(page.locator("#conn")).to_contain_text("reconnecting")
    page.screenshot(path=shots / "31-reconnecting.png")

    # The network comes back: the socket opened meanwhile is silent too, so the heartbeat
    # gives up on it as well, and the next one gets through and resumes.
    hellos = len(network.hellos)
    network.restore()
    page.clock.run_for(27_000)
    expect(page.locator("#conn")).to_contain_text("Reconnected")
    assert len(network.hellos) > hellos
    assert network.hellos[-1]["last_version"] is not None

    before = ply_count(human)
    any_move(human)
    wait_bot_answer(human, before)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
