"""Prohibition in the browser (issue 11, items 5 and 6): rooms of three and four seats played
to the end through the UI, from the landing page.

- Three seats: two people in two browser contexts (a laptop and a phone) and one bot, plus a
  spectator in French. The people take a choice the UI offers them (a legal-action button
  drawn by a seeded generator: always the first one can drive trucks back and forth for
  thousands of moves; every few turns the phone picks on the map instead, through the
  chooser when one place offers several actions). Checked on the way: the landing page
  offers Prohibition with 2–4 players and a bot choice per seat; the board and every seat's
  bar fit a 1366×768 laptop and a 390×844 phone; the secret picks stay secret; what the
  other trucks did is told in words; moves are animated; the spectator sees no decision
  and no hand; the result reaches everyone.
- Four seats: one person and three bots, to the end, with the fit checked at 1366×768,
  1440×900, 1920×1080 and 390×844.

Screenshots: test-artifacts/screenshots/30-pz-*.png.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, open_player
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

ACTION = "#pz-actions button.pz-action:not([disabled])"
COUNT_ANIMATIONS = """
window.__animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations += 1;
  return animate.apply(this, args);
};
"""
STALL_SECONDS = 90  # no new version of the game for this long: it is stuck
GAME_SECONDS = 900  # a game of random choices: a few hundred moves, a few minutes at worst
SIZES = ((1366, 768), (1440, 900), (1920, 1080), (390, 844))


def watch_console(player: Player) -> list[str]:
    """Console errors (a refused inline style, a failed fetch) as well as page errors."""
    errors: list[str] = []
    player.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def choose_prohibition(page: Page, base: str, seats: list[str]) -> None:
    """On the landing page: Prohibition, len(seats) + 1 players, each other seat a friend or a bot level."""
    page.goto(base + "/")
    radio = page.get_by_role("radio", name=re.compile("^Prohibition"))
    expect(radio).to_be_enabled()
    radio.check()
    expect(page.locator("#players option")).to_have_text(["2 players", "3 players", "4 players"])
    page.locator("#players").select_option(str(len(seats) + 1))
    expect(page.locator("#seats select")).to_have_count(len(seats))
    for n, who in enumerate(seats, start=1):
        select = page.locator(f"#seat-{n}")
        expect(select.locator("option")).to_have_text(
            ["A friend (send an invite link)", "Computer (easy)", "Computer (normal)", "Computer (strong)"]
        )
        select.select_option(who)
    expect(page.locator('input[name="preset"][value="rulebook"]')).to_be_checked()


_BAR_BOXES = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
  };
  const out = {};
  document.querySelectorAll(".player").forEach((bar, i) => {
    out[`bar ${i}`] = box(bar);
    const clock = bar.querySelector(".clock");
    if (clock) out[`clock ${i}`] = box(clock);
  });
  return out;
}"""


def assert_fits(player: Player, players: int) -> None:
    """The board and every seat's bar (with its clock) inside the window; on a laptop nothing
    scrolls but the side column."""
    page = player.page
    size = page.viewport_size
    assert size is not None
    width, height = size["width"], size["height"]
    if width <= 860:  # a phone scrolls to the panel's buttons below the board (as the test's clicks did)
        page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("window.scrollY") == 0
    board = page.locator("#board").bounding_box()
    assert board is not None
    bars = page.locator(".player")
    expect(bars).to_have_count(players)
    for i in range(players):
        expect(bars.nth(i).locator(".clock")).to_be_visible()
    # Measured in one go in the page: the bars are drawn again with every frame the bots'
    # moves bring, and a box read element by element can belong to a bar already replaced.
    boxes = {"board": board, **page.evaluate(_BAR_BOXES)}
    for i in range(players):
        assert f"bar {i}" in boxes and f"clock {i}" in boxes, sorted(boxes)
    for what, box in boxes.items():
        assert box["x"] >= 0 and box["y"] >= 0, (width, height, what, box)
        assert box["x"] + box["width"] <= width + 0.5, (width, height, what, box)
        assert box["y"] + box["height"] <= height + 0.5, (width, height, what, box)
    assert board["height"] >= 0.6 * height or board["width"] >= 0.9 * width, (width, height, board)
    if width > 860:
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")


def phase(page: Page) -> str:
    return page.locator("body").get_attribute("data-phase") or ""


def first_choice(player: Player, rng: random.Random | None = None) -> str | None:
    """Click the first legal-action button the panel offers (one drawn by ``rng`` when given);
    its action string (or None)."""
    buttons = player.page.locator(ACTION)
    count = buttons.count()
    if not count:
        return None
    button = buttons.nth(rng.randrange(count)) if rng else buttons.first
    text = button.get_attribute("data-action")
    try:
        button.click(timeout=3000)
    except Exception:  # redrawn under the pointer by a frame that just came in: try again later
        return None
    return text


def map_choice(player: Player, chooser_seen: list[int]) -> str | None:
    """Pick on the map: the first gold place; when it offers several actions, the chooser
    opens over the board and its first choice is taken."""
    page = player.page
    spot = page.locator("#board .hit-area").first
    if not spot.count():
        return None
    label = spot.get_attribute("aria-label") or ""
    try:
        spot.click(timeout=3000)
    except Exception:
        return None
    if " / " in label:  # several actions at this place
        chooser = page.locator("#pz-chooser")
        expect(chooser).to_be_visible()
        options = chooser.locator("button.pz-action")
        assert options.count() >= 2
        chooser_seen.append(options.count())
        text = options.first.get_attribute("data-action")
        options.first.click()
        return text
    return label


def play_to_the_end(people: list[Player], on_map: Player | None = None, every: int = 3) -> dict[str, int]:
    """Each person takes a choice offered (drawn by a seeded generator) whenever he has one,
    until the game is over on every person's page; ``on_map`` takes one in ``every`` of his
    decisions that can be made on the map there instead. Returns counts of what was done.
    Fails when no frame comes for STALL_SECONDS, or runs past GAME_SECONDS."""
    rng = random.Random(11)
    deadline = time.monotonic() + GAME_SECONDS
    heard, moved = -1, time.monotonic()
    done = {"buttons": 0, "map": 0, "chooser": 0}
    chooser_seen: list[int] = []
    map_decisions = 0
    while not all(phase(p.page) == "over" for p in people):
        now = time.monotonic()
        if len(people[0].frames) != heard:  # a frame came in: the game is moving
            heard, moved = len(people[0].frames), now
        assert now - moved < STALL_SECONDS, f"the game stopped moving ({heard} frames)"
        assert now < deadline, f"the game did not finish in time ({heard} frames)"
        acted = False
        for player in people:
            if phase(player.page) == "over":
                continue
            if player is on_map and player.page.locator("#board .hit-area").count():
                map_decisions += 1
                if map_decisions % every == 1 and map_choice(player, chooser_seen):
                    done["map"] += 1
                    acted = True
                    continue
            if first_choice(player, rng):
                done["buttons"] += 1
                acted = True
        if not acted:
            people[0].page.wait_for_timeout(40)
    done["chooser"] = len(chooser_seen)
    return done


def views(player: Player) -> list[dict[str, Any]]:
    return [f["view"] for f in player.frames if f.get("type") in ("welcome", "event") and f.get("view")]


@pytest.mark.heavy
def test_three_seats_two_people_a_bot_and_a_spectator(server: str, browser: Any, shots: Path) -> None:
    alice = open_player(browser, "alice", viewport={"width": 1366, "height": 768})
    bob = open_player(browser, "bob", mobile=True)
    carol = open_player(
        browser, "carol", locale="fr-FR", viewport={"width": 1366, "height": 768}, color_scheme="light"
    )
    consoles = {p.name: watch_console(p) for p in (alice, bob, carol)}
    for p in (alice, bob):
        p.page.add_init_script(COUNT_ANIMATIONS)

    choose_prohibition(alice.page, server, ["friend", "easy"])
    alice.page.get_by_role("button", name="Create the room").click()
    expect(alice.page.locator("#links h2")).to_have_text("Invite the other players")
    invite = alice.page.locator("#invite-url").input_value()
    watch = alice.page.locator("#watch-url").input_value()
    alice.page.get_by_role("link", name="Enter the room").click()
    bob.page.goto(invite)
    carol.page.goto(watch)
    for p in (alice, bob, carol):
        expect(p.page.locator("#board .building").first).to_be_attached(timeout=15_000)
    expect(alice.page.locator("#room-info")).to_contain_text("Prohibition (the rulebook)")
    expect(alice.page.locator(".player")).to_have_count(3)
    expect(alice.page.locator("#board .building")).to_have_count(72)
    expect(alice.page.locator("#board .distillery")).to_have_count(4)
    expect(alice.page.locator("#board .private")).to_have_count(4)

    # The setup: place the trucks (last seat first), then the secret picks.
    play_setup = time.monotonic() + 60
    while phase(alice.page) == "setup" or phase(bob.page) == "setup":
        assert time.monotonic() < play_setup, "the setup did not end"
        for p in (alice, bob):
            card = p.page.locator("#pz-hand button.pz-card.legal").first
            if card.count():
                card.click()  # the pick from the hand itself
            else:
                first_choice(p)
        alice.page.wait_for_timeout(40)
    for p in (alice, bob):
        expect(p.page.locator("#pz-hand .pz-card.picked")).to_have_count(1)
    # Nobody learnt another seat's deal: each person's views only ever held his own trucks' cards.
    for p in (alice, bob):
        mine = {tr for v in views(p) for s in v["seats"] if s["player"] == v["viewer"] for tr in s["trucks"]}
        for v in views(p):
            if v["result"] is None:
                assert set(v["private"]["dealt"]) <= mine
    assert all("private" not in v for v in views(carol))
    expect(carol.page.locator("#pz-act")).to_be_hidden()
    expect(carol.page.locator("#pz-hand")).to_be_hidden()
    carol_history = [e["a"] for v in views(carol) for e in v.get("history", [])]
    carol_history += [f["event"]["a"] for f in carol.frames if f.get("type") == "event" and f.get("event")]
    assert any(re.fullmatch(r"deal T\d \? \? \?", a) for a in carol_history)

    assert_fits(alice, 3)
    assert_fits(bob, 3)
    alice.page.screenshot(path=shots / "30-pz-laptop-start.png")
    bob.page.screenshot(path=shots / "30-pz-phone-start.png")

    counts = play_to_the_end([alice, bob], on_map=bob)
    assert counts["buttons"] > 10 and counts["map"] > 3, counts

    for p in (alice, bob, carol):
        expect(p.page.locator("#result-head")).to_be_visible(timeout=20_000)
    heads = {
        alice.page.locator("#result-head").text_content(),
        bob.page.locator("#result-head").text_content(),
    }
    assert heads <= {"You won!", "You lost."}
    expect(alice.page.locator(".result-scores")).to_contain_text(re.compile(r"Scores: .*T\d \d+"))
    expect(carol.page.locator("#result-head")).to_contain_text(re.compile("Victoire|gagnent"))
    expect(alice.page.locator("#pz-log li")).not_to_have_count(0)
    assert alice.page.evaluate("window.__animations") > 10
    assert bob.page.evaluate("window.__animations") > 10

    # The bot's turns were told in words on Alice's page; the spectator read French.
    bot_seat = 2
    bot_trucks = next(s["trucks"] for s in views(alice)[-1]["seats"] if s["player"] == bot_seat)
    bot_lines = alice.page.locator(f'#pz-log li[data-truck="{bot_trucks[0]}"] .pz-words')
    assert bot_lines.count() > 3
    told = " ".join(bot_lines.all_text_contents())
    assert "rolled" in told and re.search(r"drove to|stayed where it was", told), told
    expect(carol.page.locator("#pz-act")).to_be_hidden()
    expect(carol.page.locator("#pz-hand h2")).to_have_text("Les donnes (révélées)")  # public once over
    expect(carol.page.locator("#pz-table h2")).to_have_text("Sur la table")
    assert "a lancé" in " ".join(carol.page.locator("#pz-log .pz-words").all_text_contents())

    alice.page.screenshot(path=shots / "30-pz-laptop-over.png")
    bob.page.screenshot(path=shots / "30-pz-phone-over.png")
    carol.page.screenshot(path=shots / "30-pz-spectator-fr.png")
    for p in (alice, bob, carol):
        assert not p.page.context.errors, (p.name, p.page.context.errors)  # type: ignore[attr-defined]
        assert not consoles[p.name], (p.name, consoles[p.name])


def test_four_seats_one_person_and_three_bots(server: str, browser: Any, shots: Path) -> None:
    dave = open_player(browser, "dave", viewport={"width": 1366, "height": 768})
    console = watch_console(dave)
    page = dave.page
    page.add_init_script(COUNT_ANIMATIONS)
    choose_prohibition(page, server, ["easy", "easy", "strong"])
    page.get_by_role("button", name="Create the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))  # no invite to send
    expect(page.locator(".player")).to_have_count(4)
    expect(page.locator(".player .who-name").filter(has_text="Computer")).to_have_count(3)

    # Play until the game is well under way, then check the fit at both sizes.
    clicks = 0
    deadline = time.monotonic() + 60
    while phase(page) != "play" or page.locator("#board .truck").count() < 4:
        assert time.monotonic() < deadline
        if first_choice(dave):
            clicks += 1
        else:
            page.wait_for_timeout(40)
    for _ in range(6):  # a few turns of play
        deadline = time.monotonic() + 20
        while phase(page) != "over" and not first_choice(dave):
            assert time.monotonic() < deadline, "no choice offered"
            page.wait_for_timeout(40)
        clicks += 1
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        assert_fits(dave, 4)
        page.screenshot(path=shots / f"31-pz-4seats-{width}x{height}.png")
    page.set_viewport_size({"width": 1366, "height": 768})

    clicks += play_to_the_end([dave])["buttons"]
    assert clicks > 5, clicks  # a place, a pick, and the turns of a game (the shortest last 4 rounds)
    expect(page.locator("#result-head")).to_be_visible()
    scores = page.locator(".result-scores").text_content() or ""
    assert len(re.findall(r"T\d \d+", scores)) == 4, scores
    assert page.evaluate("window.__animations") > 10
    page.screenshot(path=shots / "31-pz-4seats-over.png")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
    assert not console, console
