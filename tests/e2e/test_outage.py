"""A move made while the database is away goes through by itself once it is back (issue 30).

A Speak Easy game against the computer, on a server of the test's own whose PostgreSQL the
test stops (``pg_ctl stop -m immediate``) and starts again: the move the player makes
meanwhile is answered ``unavailable``; the page says so in words and its socket sends the
same command again (same id) until it goes through. The player clicks nothing more: the
computer's answer arrives once the database is back, and the page never reconnected.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_pages import any_move, open_player, ply_count, start_bot_game, wait_bot_answer, wait_my_turn
from playwright.sync_api import Browser, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proof"))
from outage_rig import PrivatePostgres, ServerProcess, postgres_bin

pytestmark = [pytest.mark.e2e, pytest.mark.postgres]


@pytest.fixture
def outage_server(tmp_path: Path) -> Iterator[tuple[str, PrivatePostgres]]:
    if postgres_bin("initdb") is None:
        if os.environ.get("SPEAKEASY_REQUIRE_POSTGRES") == "1":
            pytest.fail("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    postgres = PrivatePostgres()
    server = None
    try:
        postgres.create()
        server = ServerProcess(tmp_path, postgres.url, None, migrate=True)
        server.wait_ready()
        yield server.base, postgres
    finally:
        if server is not None:
            server.terminate()
        postgres.remove()


def test_a_move_during_a_database_outage_goes_through_once_it_is_back(
    outage_server: tuple[str, PrivatePostgres], browser: Browser
) -> None:
    base, postgres = outage_server
    human = open_player(browser, "human")
    page = human.page
    start_bot_game(human, base)
    wait_my_turn(human)
    hellos = sum(1 for frame in human.sent if frame.get("type") == "hello")

    postgres.crash()
    before = ply_count(human)
    any_move(human)
    expect(page.locator("#toast")).to_contain_text("lost its database", timeout=15_000)
    postgres.start()

    wait_bot_answer(human, before)  # nothing clicked since: the page sent the move again
    assert ply_count(human) >= before + 2 or page.locator("body").get_attribute("data-phase") == "over"
    assert sum(1 for frame in human.sent if frame.get("type") == "hello") == hellos, "the page reconnected"
    refused = {
        frame["id"] for frame in human.frames if frame.get("code") == "unavailable" and frame.get("id")
    }
    assert refused, "no command was refused while the database was away"
    for action_id in refused:  # sent again under the same id, and acknowledged
        assert sum(1 for frame in human.sent if frame.get("id") == action_id) >= 2
        assert any(frame.get("type") == "ack" and frame.get("id") == action_id for frame in human.frames)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
