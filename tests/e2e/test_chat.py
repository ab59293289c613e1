"""The room chat in the browser (docs/protocol.md, version 2: `chat` and `mute`): two players
and a spectator in three browser contexts. A player's line reaches the other player and
never the spectator; the spectator's line reaches no player; the server's refusals (too
long, too fast) are shown in the panel; a mute hides the other seat's lines, survives a
reload and is sent again; a reload keeps the history; an unread badge counts the lines that
came while the panel was closed; the panel fits beside the board at 1366×768 and is a
drawer on a 390×844 phone, covering neither the board nor a clock while closed."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, create_room, enter_room, open_player
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, WebSocketRoute, expect

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
RATE_GAP_S = 1.1  # the server takes one line a second per socket (chat_lines_per_second)

_last_said: dict[str, float] = {}


def say(player: Player, text: str, *, wait: bool = True) -> None:
    """Type a line into the chat and press Enter (waiting out the rate limit first)."""
    if wait:
        gap = RATE_GAP_S - (time.monotonic() - _last_said.get(player.name, 0.0))
        if gap > 0:
            time.sleep(gap)
    box = player.page.locator("#chat-input")
    box.fill(text)
    box.press("Enter")
    _last_said[player.name] = time.monotonic()


def log_texts(player: Player) -> list[str]:
    return player.page.locator("#chat-log .chat-line .chat-text").all_text_contents()


def received(player: Player, text: str) -> bool:
    """Whether any WebSocket frame this page ever received holds ``text``."""
    return any(text in raw for raw in player.raw)


def settle(player: Player) -> None:
    """Time for a line that would be delivered to have arrived (it goes to every socket of
    the room at once, so after the intended reader got it this is generous)."""
    player.page.wait_for_timeout(600)


def box_of(player: Player, selector: str) -> FloatRect:
    box = player.page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def overlap(a: FloatRect, b: FloatRect) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def assert_board_and_clocks_clear(player: Player, size: dict[str, int], chat_selector: str) -> None:
    """The board and every clock inside the window, and the chat (``chat_selector``) over
    none of them; on a laptop the page itself does not scroll."""
    page = player.page
    width, height = size["width"], size["height"]
    assert page.evaluate("window.scrollY") == 0
    boxes = {"board": box_of(player, "#board")}
    clocks = page.locator(".clock")
    expect(clocks).to_have_count(2)
    for i in range(clocks.count()):
        expect(clocks.nth(i)).to_be_visible()
        found = clocks.nth(i).bounding_box()
        assert found is not None
        boxes[f"clock {i}"] = found
    chat = box_of(player, chat_selector)
    for what, box in boxes.items():
        assert box["x"] >= 0 and box["y"] >= 0, (size, what, box)
        assert box["x"] + box["width"] <= width + 0.5, (size, what, box)
        assert box["y"] + box["height"] <= height + 0.5, (size, what, box)
        assert not overlap(chat, box), (size, what, box, chat)
    if width > 860:
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")


def mute_frames(player: Player, since: int) -> list[dict[str, Any]]:
    return [f for f in player.sent[since:] if f.get("type") == "mute"]


def mutes_acked(player: Player, since: int) -> list[dict[str, Any]]:
    """The mute frames this page sent from ``since`` on, once it has sent one and the server
    has acknowledged each (it takes a mute before it acks it): waited for, 15 s at most."""
    deadline = time.monotonic() + 15
    while True:
        sent = mute_frames(player, since)
        acked = {f.get("id") for f in player.frames if f.get("type") == "ack"}
        if sent and all(f.get("id") in acked for f in sent):
            return sent
        assert time.monotonic() < deadline, ("mute not acknowledged", sent)
        player.page.wait_for_timeout(20)


def test_chat_between_two_players_and_a_spectator(server: str, browser: Browser, shots: Path) -> None:
    alice = open_player(browser, "alice", viewport=LAPTOP)
    bob = open_player(browser, "bob", viewport=LAPTOP)
    carol = open_player(browser, "carol", locale="fr-FR", viewport=LAPTOP)
    invite, watch = create_room(alice, server)
    enter_room(alice)
    bob.page.goto(invite)
    expect(bob.page).to_have_url(re.compile(r"/r/[\w-]+$"))
    carol.page.goto(watch)
    for person in (alice, bob, carol):
        expect(person.page.locator("#chat")).to_be_visible()
        expect(person.page.locator("#chat-toggle")).to_have_attribute("aria-expanded", "true")
    assert {alice.seat, bob.seat} == {"0", "1"} and carol.seat == ""

    # Each reads one channel: the players theirs, the spectator the spectators' (in French).
    # No private tab: Speak Easy's rules call for no private talk.
    expect(alice.page.locator("#chat-toggle")).to_contain_text("Players")
    expect(carol.page.locator("#chat-toggle")).to_contain_text("Spectateurs")
    expect(alice.page.locator("#chat .chat-tab")).to_have_count(0)
    expect(carol.page.locator("#chat-log")).to_contain_text("Les joueurs ne lisent jamais")

    # A player's line reaches the other player (counted as unread while his panel is
    # closed) and never the spectator.
    bob.page.locator("#chat-toggle").click()
    expect(bob.page.locator("#chat-toggle")).to_have_attribute("aria-expanded", "false")
    expect(bob.page.locator("#chat-log")).to_be_hidden()
    say(alice, "good luck")
    expect(alice.page.locator("#chat-log")).to_contain_text("good luck")
    expect(alice.page.locator("#chat-log .chat-line.mine .chat-who")).to_have_text("You")
    expect(alice.page.locator("#chat-input")).to_have_value("")
    expect(bob.page.locator("#chat-badge")).to_have_text("1")
    bob.page.locator("#chat-toggle").click()
    expect(bob.page.locator("#chat-log")).to_contain_text("good luck")
    expect(bob.page.locator("#chat-badge")).to_be_hidden()

    # At 1366×768 the setup panel fills alice's side column: back at its top, her chat is
    # out of view, and a line from bob brings up a button at the column's bottom to show it.
    alice.page.locator("#side").evaluate("side => side.scrollTo(0, 0)")
    assert alice.page.evaluate(
        "document.querySelector('#chat-log').getBoundingClientRect().bottom"
        " > document.querySelector('#side').getBoundingClientRect().bottom"
    ), "the chat is in view: this check of the 'new lines' button needs it below the fold"
    expect(alice.page.locator("#chat-jump")).to_be_hidden()
    say(bob, "thanks")
    expect(alice.page.locator("#chat-jump")).to_have_text("Chat: 1 new ↓")
    expect(alice.page.locator("#chat-badge")).to_have_text("1")
    alice.page.screenshot(path=shots / "40-chat-new-line-below-the-fold-1366x768.png")
    alice.page.locator("#chat-jump").click()
    expect(alice.page.locator("#chat-jump")).to_be_hidden()
    expect(alice.page.locator("#chat-badge")).to_be_hidden()
    expect(alice.page.locator("#chat-log")).to_be_in_viewport()
    expect(alice.page.locator("#chat-log .chat-line").last).to_contain_text("thanks")

    settle(carol)
    for text in ("good luck", "thanks"):
        assert not received(carol, text), "the spectator received a players' line"
    assert "good luck" not in (carol.page.locator("body").text_content() or "")

    # The spectator's line reaches the spectators (here: carol herself) and no player.
    say(carol, "qui gagne ?")
    expect(carol.page.locator("#chat-log")).to_contain_text("qui gagne ?")
    expect(carol.page.locator("#chat-log .chat-who")).to_have_text("Spectateur")
    settle(alice)
    for player in (alice, bob):
        assert not received(player, "qui gagne"), f"{player.name} received a spectators' line"
        assert "qui gagne" not in (player.page.locator("body").text_content() or "")

    # The server's refusals are shown in the panel, and the text is given back to edit.
    say(alice, "x" * 501)
    expect(alice.page.locator("#chat-note")).to_have_text("Too long: 501 characters, 500 at most.")
    expect(alice.page.locator("#chat-input")).to_have_value("x" * 501)
    expect(alice.page.locator("#chat .chat-count.over")).to_have_text("501/500")
    say(alice, "one")
    say(alice, "two", wait=False)  # within the second: refused
    expect(alice.page.locator("#chat-note")).to_contain_text("One message a second at most")
    expect(alice.page.locator("#chat-input")).to_have_value("two")
    expect(bob.page.locator("#chat-log")).to_contain_text("one")
    assert log_texts(bob) == ["good luck", "thanks", "one"]
    alice.page.screenshot(path=shots / "40-chat-refused-1366x768.png")

    # Bob mutes alice: her lines are hidden at once, the server stops sending new ones.
    mute = bob.page.locator(f'#chat .chat-mute[data-seat="{alice.seat}"]')
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(bob.page.locator("#chat-log .chat-line")).to_have_count(1)  # his own
    expect(bob.page.locator("#chat-log")).to_contain_text("2 message(s) from muted seats hidden")
    # The server has the mute before alice speaks.
    assert {"type": "mute", "seat": int(alice.seat), "muted": True}.items() <= mutes_acked(bob, 0)[-1].items()
    say(alice, "you will lose")
    expect(alice.page.locator("#chat-log")).to_contain_text("you will lose")
    settle(bob)
    assert not received(bob, "you will lose"), "a muted seat's line was delivered"

    # After a reload the mute is sent again and the muted seat's history stays hidden.
    sent_before = len(bob.sent)
    bob.page.reload()
    expect(bob.page.locator("#chat")).to_be_visible()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(bob.page.locator("#chat-log")).to_contain_text("3 message(s) from muted seats hidden")
    assert log_texts(bob) == ["thanks"]
    again = mute_frames(bob, sent_before)
    assert again and all(f["seat"] == int(alice.seat) and f["muted"] is True for f in again), again
    bob.page.locator("#chat").scroll_into_view_if_needed()
    bob.page.screenshot(path=shots / "45-chat-muted-1366x768.png")
    mutes_acked(bob, sent_before)
    raw_before = len(bob.raw)
    say(alice, "still there?")
    expect(alice.page.locator("#chat-log")).to_contain_text("still there?")
    settle(bob)
    assert not any("still there?" in raw for raw in bob.raw[raw_before:])

    # Unmuted: the history comes back, and new lines arrive again.
    unmuted_at = len(bob.sent)
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "false")
    assert log_texts(bob) == ["good luck", "thanks", "one", "you will lose"]  # his welcome's history
    assert mutes_acked(bob, unmuted_at)[-1]["muted"] is False
    say(alice, "sorry")
    expect(bob.page.locator("#chat-log")).to_contain_text("sorry")
    say(bob, "no worries")
    expect(alice.page.locator("#chat-log")).to_contain_text("no worries")

    # A reload keeps the history, each viewer's own channel only.
    alice.page.reload()
    carol.page.reload()
    expect(alice.page.locator("#chat-log")).to_contain_text("no worries")
    everything = ["good luck", "thanks", "one", "you will lose", "still there?", "sorry", "no worries"]
    assert log_texts(alice) == everything
    expect(carol.page.locator("#chat-log")).to_contain_text("qui gagne ?")
    assert log_texts(carol) == ["qui gagne ?"]
    assert not received(carol, "no worries")

    # Laptop: the panel sits in the side column, beside the board, over no clock.
    assert_board_and_clocks_clear(alice, LAPTOP, "#chat")
    assert_board_and_clocks_clear(carol, LAPTOP, "#chat")
    alice.page.screenshot(path=shots / "40-chat-player-1366x768.png")
    carol.page.screenshot(path=shots / "41-chat-spectator-1366x768.png")

    # Phone: a closed drawer (a button with the unread count) that covers neither the
    # board nor a clock; opened, it shows the lines and sends with Enter.
    phone: ViewportSize = {"width": PHONE["width"], "height": PHONE["height"]}
    bob.page.set_viewport_size(phone)
    expect(bob.page.locator("#chat-toggle")).to_have_attribute("aria-expanded", "false")
    expect(bob.page.locator("#chat-log")).to_be_hidden()
    say(alice, "phone check")
    expect(bob.page.locator("#chat-badge")).to_have_text("1")
    assert_board_and_clocks_clear(bob, PHONE, "#chat")
    bob.page.screenshot(path=shots / "42-chat-phone-closed-390x844.png")
    bob.page.locator("#chat-toggle").click()
    expect(bob.page.locator("#chat-log")).to_contain_text("phone check")
    expect(bob.page.locator("#chat-badge")).to_be_hidden()
    expect(bob.page.locator("#chat-input")).to_be_focused()
    say(bob, "typed on a phone")
    expect(alice.page.locator("#chat-log")).to_contain_text("typed on a phone")
    chat = box_of(bob, "#chat")
    assert chat["y"] + chat["height"] <= PHONE["height"] + 0.5 and chat["width"] <= PHONE["width"] + 0.5
    bob.page.screenshot(path=shots / "43-chat-phone-open-390x844.png")
    bob.page.keyboard.press("Escape")
    expect(bob.page.locator("#chat-toggle")).to_have_attribute("aria-expanded", "false")

    for person in (alice, bob, carol):
        assert not person.page.context.errors, person.page.context.errors  # type: ignore[attr-defined]


def announce_private_channels(page: Page) -> None:
    """Stand between the page and the server and add ``private_channels: true`` to the
    welcome's ``game``, as a server will for a game whose rules call for private talk."""

    def handle(route: WebSocketRoute) -> None:
        server = route.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if isinstance(message, str) and message.startswith('{"type":"welcome"'):
                frame = json.loads(message)
                frame["game"]["private_channels"] = True
                message = json.dumps(frame)
            route.send(message)

        route.on_message(server.send)
        server.on_message(to_page)

    page.route_web_socket(re.compile(r"/ws/rooms/"), handle)


def test_private_tabs_when_announced_and_the_servers_refusal(
    server: str, browser: Browser, shots: Path
) -> None:
    """Speak Easy has no private channels, and neither its welcome nor the catalogue says
    otherwise: no private tab. A welcome that announces them gets a tab per other seat; the
    server still refuses a private line in Speak Easy, the refusal is shown, the tabs go."""
    alice = open_player(browser, "alice", viewport=LAPTOP)
    bob = open_player(browser, "bob", viewport=LAPTOP)
    announce_private_channels(alice.page)
    invite, _ = create_room(alice, server)
    enter_room(alice)
    bob.page.goto(invite)
    expect(bob.page.locator("#chat")).to_be_visible()
    expect(bob.page.locator("#chat .chat-tab")).to_have_count(0)

    tabs = alice.page.locator("#chat .chat-tab")
    expect(tabs).to_have_text(["Players", "North (private)"])
    expect(tabs.first).to_have_attribute("aria-selected", "true")
    tabs.nth(1).click()
    expect(tabs.nth(1)).to_have_attribute("aria-selected", "true")
    expect(alice.page.locator("#chat-log")).to_have_text(
        "No message yet. Only the two of you read this chat."
    )
    alice.page.screenshot(path=shots / "44-chat-private-tab-1366x768.png")
    say(alice, "psst")
    expect(alice.page.locator("#chat-note")).to_have_text(
        "You cannot write here: Speak Easy has no private channels"
    )
    expect(tabs).to_have_count(0)
    expect(alice.page.locator("#chat-toggle")).to_contain_text("Players")
    expect(alice.page.locator("#chat-input")).to_have_value("psst")
    settle(bob)
    assert not received(bob, "psst")
    # The players' channel still works (a second later: the refused line used the second).
    say(alice, "psst")
    expect(bob.page.locator("#chat-log")).to_contain_text("psst")


def test_a_mute_follows_the_person_across_a_rematch(server: str, browser: Browser) -> None:
    """Seats change hands at a rematch (every chair moves one seat on): bob's mute of alice
    is kept relative to his own seat, so in the next game it names alice's new seat."""
    alice = open_player(browser, "alice", viewport=LAPTOP)
    bob = open_player(browser, "bob", viewport=LAPTOP)
    invite, _ = create_room(alice, server)
    enter_room(alice)
    bob.page.goto(invite)
    expect(bob.page.locator("#chat")).to_be_visible()
    before = alice.seat
    bob.page.locator(f'#chat .chat-mute[data-seat="{before}"]').click()
    for person in (alice, bob):
        person.page.get_by_role("button", name="Random").click()
        person.page.locator("#setup-ready").click()
    expect(bob.page.locator("body")).to_have_attribute("data-phase", "play", timeout=20_000)
    bob.page.once("dialog", lambda d: d.accept())
    bob.page.get_by_role("button", name="Resign").click()
    alice.page.get_by_role("button", name="Rematch").click()
    sent_before = len(bob.sent)
    bob.page.get_by_role("button", name="Accept the rematch").first.click()
    expect(bob.page.locator("body")).to_have_attribute("data-phase", "setup")
    expect(alice.page.locator("body")).not_to_have_attribute("data-seat", before)
    after = alice.seat
    mute = bob.page.locator(f'#chat .chat-mute[data-seat="{after}"]')
    expect(mute).to_have_attribute("aria-pressed", "true")
    again = mutes_acked(bob, sent_before)  # the server has the mute before alice speaks
    assert again and all(f["seat"] == int(after) and f["muted"] is True for f in again), again
    say(alice, "new game, new seat")
    expect(alice.page.locator("#chat-log")).to_contain_text("new game, new seat")
    settle(bob)
    assert not received(bob, "new game, new seat"), "the mute stayed on the old seat"
