"""Review and history in the browser (issue 14, client part): the replay viewer at /g/<id>,
the room's list of its games, and "My games".

- Speak Easy against the computer, resigned after a few moves: the room's result links to
  the replay; the replay is stepped through with the keyboard (Home, Right, Left, End,
  Space to play) and the move list; the address follows every step and viewpoint; the
  viewpoints show what each saw (South's view its own faces and North's backs, North's the
  reverse, a spectator's backs on both sides, everything revealed none); a link to a moment
  copied and opened in a fresh browser context lands on that move and viewpoint. A game
  still being played: a shared link to a seat's view falls back to the public one for a
  stranger, and the full reveal to his own seat for the player, each with a note.
- Prohibition against the computer, resigned after the setup and a few turns: the seat's
  view shows its dealt cards, the spectator's none; the move list tells the turns in words.
- Ten games in one browser across rematches and three rooms (Speak Easy, Prohibition,
  Flickago, each ended by an abort, or a resignation when the computer moved first): the
  room lists its games with a link to each replay and the score across rematches; "My games"
  lists the ten newest first, a page at a time.

Screenshots: test-artifacts/screenshots/42-history-*.png.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, any_move, open_player, ply_count, start_bot_game, wait_bot_answer, wait_my_turn
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def step(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-step") or "-1")


def query(page: Page) -> dict[str, str]:
    found = re.search(r"\?move=(\d+)&view=(\w+)$", page.url)
    assert found, page.url
    return {"move": found.group(1), "view": found.group(2)}


def replay_json(page: Page, game_id: str, viewer: str) -> Any:
    """The replay as this page's browser may fetch it (to pick moments for the checks)."""
    return page.evaluate(
        "([id, v]) => fetch(`/api/games/${id}/replay?viewer=${v}`).then((r) => r.json())", [game_id, viewer]
    )


def wait_replay(page: Page) -> None:
    expect(page.locator("#replay")).to_be_visible(timeout=30_000)  # a whole game replayed: slow when busy
    expect(page.locator("#replay-moves li.current")).to_have_count(1)


def go_to_step(page: Page, k: int) -> None:
    page.locator(f'#replay-moves button[data-step="{k}"]').click()
    expect(page.locator("body")).to_have_attribute("data-step", str(k))


def resign(page: Page) -> None:
    page.once("dialog", lambda d: d.accept())
    page.locator("#resign").click()
    expect(page.locator("#result-head")).to_be_visible()


def end_game(player: Player, abort: bool) -> str:
    """Abort the game (``abort``) while it may still be aborted, else resign once play has
    begun (resigning is offered only in play: a setup is played through first); the game's id.

    Prohibition's is not ended by an abort here: its engine ends the game without an event,
    so the page is never told (reported to the lead)."""
    from test_prohibition import first_choice

    page = player.page
    deadline = time.monotonic() + 60
    aborted = not abort
    while not page.locator("#result-head").is_visible():
        assert time.monotonic() < deadline, "the game did not end"
        try:
            if page.locator("#abort").is_visible() and not aborted:
                aborted = True  # once: a refusal (the computer moved first) leaves resigning
                page.once("dialog", lambda d: d.accept())  # "Abort this game?"
                page.locator("#abort").click(timeout=2_000)
            elif page.locator("#resign").is_visible():
                page.once("dialog", lambda d: d.accept())
                page.locator("#resign").click(timeout=2_000)
            elif page.locator("#pz-hand button.pz-card.legal").count():
                page.locator("#pz-hand button.pz-card.legal").first.click(timeout=2_000)
            elif not first_choice(player):
                page.wait_for_timeout(100)
                continue
            page.wait_for_timeout(300)
        except PlaywrightError:
            continue  # redrawn under the pointer by a frame that just came in
    return page.locator("#result").get_attribute("data-game") or ""


def create_bot_room(page: Page, base: str, title: str) -> None:
    """From the landing page: a room of two, the other seat the computer (easy)."""
    page.goto(base + "/")
    radio = page.get_by_role("radio", name=re.compile(f"^{title}.*players"))
    expect(radio).to_be_enabled()
    radio.check()
    if page.locator("#players").is_visible():
        page.locator("#players").select_option("2")
    page.locator("#seat-1").select_option("easy")
    page.get_by_role("button", name="Create the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    expect(page.locator("#game")).to_be_visible()


def backs(page: Page, side: str) -> int:
    return page.locator(f"#board .piece.side-{side}.back").count()


def faces(page: Page, side: str) -> int:
    return page.locator(f"#board .piece.side-{side}:not(.back)").count()


def choose_view(page: Page, value: str) -> None:
    page.locator("#viewpoint").select_option(value)
    expect(page.locator("body")).to_have_attribute("data-viewer", value)


def test_replay_of_a_speakeasy_game(server: str, browser: Browser, shots: Path) -> None:
    human = open_player(browser, "human", viewport=LAPTOP)
    page = human.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start_bot_game(human, server)
    for _ in range(4):
        wait_my_turn(human)
        before = ply_count(human)
        any_move(human)
        wait_bot_answer(human, before)
        if page.locator("body").get_attribute("data-phase") == "over":
            break
    if page.locator("body").get_attribute("data-phase") != "over":
        resign(page)
    game_id = page.locator("#result").get_attribute("data-game") or ""
    replay_link = page.locator("#replay-link")
    expect(replay_link).to_have_attribute("href", f"/g/{game_id}")
    room_url = page.url

    # The room's games: this one, over, with its replay.
    games = page.locator("#room-games-list li")
    expect(games).to_have_count(1)
    expect(games.first.locator(".game-replay")).to_have_attribute("href", f"/g/{game_id}")
    expect(games.first).to_contain_text("lost")

    page.goto(server + f"/g/{game_id}")
    wait_replay(page)
    data = replay_json(page, game_id, "0")
    last = len(data["steps"]) - 1
    assert data["over"] and data["viewpoints"] == ["0", "1", "spectator", "everyone"]
    # Opened without a moment: the end, from this browser's own seat.
    assert step(page) == last and query(page) == {"move": str(last), "view": "0"}
    expect(page.locator("#replay-counter")).to_have_text(f"Move {last} of {last}")
    expect(page.locator("#result-head")).to_have_text("You lost.")
    # The fairness check runs from here too: the JSON record and the verify button.
    expect(page.locator("#result #record-json-link")).to_be_visible()
    expect(page.locator("#result #verify")).to_be_visible()
    expect(page.locator("#replay-moves li")).to_have_count(last + 1)
    expect(page.locator("#replay-moves li").nth(1)).to_have_text(
        re.compile(r"(South|North) placed its pieces\.")
    )
    expect(page.locator("#viewpoint option")).to_have_text(
        ["South (you)", "North (computer, easy)", "A spectator (public view)", "Everything revealed"]
    )

    # The keyboard: Home, Right three times, Left, End.
    page.locator("body").press("Home")
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    expect(page.locator("#replay-counter")).to_have_text(f"Start ({last} moves)")
    for k in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        expect(page.locator("body")).to_have_attribute("data-step", str(k))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("body")).to_have_attribute("data-step", "2")
    assert query(page) == {"move": "2", "view": "0"}
    page.keyboard.press("End")
    expect(page.locator("body")).to_have_attribute("data-step", str(last))

    # The move list: the first move of play (after both setups and the first-player draw).
    first_move = next(k for k, s in enumerate(data["steps"]) if s["event"] and s["event"]["type"] == "move")
    go_to_step(page, first_move)
    current = page.locator("#replay-moves li.current")
    expect(current).to_have_attribute("data-step", str(first_move))
    expect(current).to_contain_text(re.compile(r"(South|North): [a-e]\d+-[a-e]\d+"))
    assert query(page) == {"move": str(first_move), "view": "0"}

    # Viewpoints just before it (both setups placed): each seat its own faces, the
    # spectator none, everyone all.
    page.keyboard.press("ArrowLeft")
    expect(page.locator("body")).to_have_attribute("data-step", str(first_move - 1))
    expect(page.locator("#replay-turn")).to_have_text(re.compile(r"^(South|North) to move$"))
    assert backs(page, "s") == 0 and faces(page, "s") == 25 and backs(page, "n") == 25
    page.screenshot(path=shots / "42-history-se-south.png")
    choose_view(page, "1")
    assert step(page) == first_move - 1 and query(page) == {"move": str(first_move - 1), "view": "1"}
    assert backs(page, "n") == 0 and faces(page, "n") == 25 and backs(page, "s") == 25
    choose_view(page, "spectator")
    assert backs(page, "s") == 25 and backs(page, "n") == 25
    page.screenshot(path=shots / "42-history-se-spectator.png")
    choose_view(page, "everyone")
    assert backs(page, "s") == 0 and backs(page, "n") == 0 and faces(page, "n") == 25

    # Play: Space starts, the steps go on by themselves at the chosen speed, Space stops.
    page.locator("#replay-speed").select_option("4")
    page.locator("body").press("Space")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("k => Number(document.body.dataset.step) >= k", arg=first_move + 3)
    page.keyboard.press("Space")
    expect(page.locator("#replay-play")).to_have_attribute("aria-pressed", "false")
    stopped = step(page)
    page.wait_for_timeout(600)
    assert step(page) == stopped

    # Share a moment: the spectator's view at the first move, opened in a fresh browser.
    choose_view(page, "spectator")
    go_to_step(page, first_move)
    seen = (backs(page, "s"), backs(page, "n"), faces(page, "s") + faces(page, "n"))
    page.locator("#copy-link").click()
    shared = page.locator("#share-url").input_value()
    assert shared == f"{server}/g/{game_id}?move={first_move}&view=spectator"
    assert page.evaluate("navigator.clipboard.readText()") == shared
    page.screenshot(path=shots / "42-history-se-1366.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "42-history-se-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(LAPTOP)

    stranger = open_player(browser, "stranger", locale="fr-FR", mobile=True)
    stranger.page.goto(shared)
    wait_replay(stranger.page)
    assert step(stranger.page) == first_move
    expect(stranger.page.locator("#viewpoint")).to_have_value("spectator")
    expect(stranger.page.locator("#replay-note")).to_be_hidden()
    # The same moment as the player saw it from there (a combat may have shown a face).
    assert (
        backs(stranger.page, "s"),
        backs(stranger.page, "n"),
        faces(stranger.page, "s") + faces(stranger.page, "n"),
    ) == seen
    assert seen[0] >= 24 and seen[1] >= 24
    expect(stranger.page.locator("#replay-counter")).to_have_text(f"Coup {first_move} sur {last}")
    stranger.page.screenshot(path=shots / "42-history-shared-fr-390.png", full_page=True)
    stranger.page.goto(f"{server}/g/{game_id}?move=2&view=nobody")  # no such viewpoint
    wait_replay(stranger.page)
    expect(stranger.page.locator("#replay-note")).to_contain_text("« nobody » n’est pas un point de vue")
    assert step(stranger.page) == 2 and query(stranger.page) == {"move": "2", "view": "spectator"}

    # A game still being played (the rematch): others' views stay closed, with a note.
    page.goto(room_url)
    page.locator("#rematch").click()
    expect(page.locator("#setup")).to_be_visible()
    page.get_by_role("button", name="Random").click()
    page.locator("#setup-ready").click()
    expect(page.locator("body")).to_have_attribute("data-phase", "play", timeout=20_000)
    games = page.locator("#room-games-list li")
    expect(games).to_have_count(2)
    expect(games.nth(1)).to_contain_text("in progress")
    live = games.nth(1).get_attribute("data-game")
    stranger.page.goto(f"{server}/g/{live}?move=0&view=0")
    wait_replay(stranger.page)
    expect(stranger.page.locator("#replay-note")).to_contain_text("s’ouvrent à la fin de la partie")
    expect(stranger.page.locator("#viewpoint")).to_have_value("spectator")
    expect(stranger.page.locator("#viewpoint option")).to_have_count(1)
    stranger.page.goto(f"{server}/g/{live}?view=0")  # now, in play: the public view
    wait_replay(stranger.page)
    # (a face shown to all in a combat is the only one it may hold)
    assert stranger.page.locator("#board .piece:not(.back):not(.revealed)").count() == 0
    assert backs(stranger.page, "s") > 0 and backs(stranger.page, "n") > 0
    # The player himself (the seats changed hands at the rematch): his own seat, not the reveal.
    seat = replay_json(page, live or "", "spectator")["your_seat"]
    mine, theirs = ("s", "n") if seat == 0 else ("n", "s")
    page.goto(f"{server}/g/{live}?view=everyone")
    wait_replay(page)
    expect(page.locator("#replay-note")).to_contain_text("open once the game is over")
    expect(page.locator("#viewpoint")).to_have_value(str(seat))
    name = "South" if seat == 0 else "North"
    expect(page.locator("#viewpoint option")).to_have_text([f"{name} (you)", "A spectator (public view)"])
    expect(page.locator("#replay-live")).to_be_visible()
    assert backs(page, mine) == 0 and faces(page, mine) > 0 and backs(page, theirs) > 0
    # A move played in the room meanwhile (another tab): "Load new moves" brings it, and the
    # replay, at the end before, follows to the new end.
    before = len(page.locator("#replay-moves li").all())
    assert step(page) == before - 1
    room = Player(page.context.new_page(), "room tab")
    room.page.goto(room_url)
    wait_my_turn(room)
    plies = ply_count(room)
    any_move(room)
    wait_bot_answer(room, plies)
    room.page.close()
    page.locator("#reload").click()
    expect(page.locator("#replay-moves li")).not_to_have_count(before)
    after = page.locator("#replay-moves li").count()
    assert after >= before + 2 and step(page) == after - 1 and query(page)["move"] == str(after - 1)
    for p in (human, stranger):
        assert not p.page.context.errors, p.page.context.errors  # type: ignore[attr-defined]


def test_replay_of_a_prohibition_game(server: str, browser: Browser, shots: Path) -> None:
    from test_prohibition import choose_prohibition, first_choice, phase

    human = open_player(browser, "human", viewport=LAPTOP)
    page = human.page
    choose_prohibition(page, server, ["easy"])
    page.get_by_role("button", name="Create the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    clicks = 0
    for _ in range(400):
        if clicks >= 12 or phase(page) == "over":
            break
        card = page.locator("#pz-hand button.pz-card.legal").first
        if card.count():
            card.click()
            clicks += 1
        elif first_choice(human):
            clicks += 1
        else:
            page.wait_for_timeout(50)
    if phase(page) != "over":
        resign(page)
    game_id = page.locator("#result").get_attribute("data-game") or ""

    page.goto(f"{server}/g/{game_id}")
    wait_replay(page)
    data = replay_json(page, game_id, "0")
    steps = data["steps"]
    # A moment after the picks and before the end: the seat knows its own deal.
    k = next(
        i
        for i, s in enumerate(steps)
        if s["view"]["phase"] not in ("place", "pick") and not s["view"]["result"]
    )
    page.locator("body").press("Home")
    expect(page.locator("body")).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-step", "1")
    go_to_step(page, k)
    expect(page.locator("#pz-hand")).to_be_visible()
    dealt = page.locator("#pz-hand .pz-hand")
    expect(dealt).not_to_have_count(0)
    mine = {s["player"]: s["trucks"] for s in steps[k]["view"]["seats"]}[0]
    assert sorted(dealt.evaluate_all("rows => rows.map((r) => r.dataset.truck)")) == sorted(mine)
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-step", str(k + 1))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("body")).to_have_attribute("data-step", str(k))
    page.screenshot(path=shots / "42-history-pz-seat.png")

    choose_view(page, "spectator")
    assert step(page) == k
    expect(page.locator("#pz-hand")).to_be_hidden()
    words = " ".join(page.locator("#replay-moves .replay-text").all_text_contents())
    assert "was dealt three cards (secret)" in words, words
    dice = sum(1 for x in steps if x["event"] and x["event"]["a"].startswith("dice "))
    assert dice and len(re.findall(r"rolled [^,]+? and \d", words)) == dice, (dice, words)
    choose_view(page, "everyone")
    expect(page.locator("#pz-hand .pz-hand")).to_have_count(len(steps[k]["view"]["trucks"]))
    page.keyboard.press("End")
    expect(page.locator("#result-head")).to_be_visible()
    # The platform's fairness check, run from the viewer (verify.js: the record replayed in
    # the browser; the first load of its Python is slow on a busy machine).
    expect(page.locator("#verify")).to_be_enabled(timeout=20_000)
    page.locator("#verify").click()
    expect(page.locator("#verify-result")).to_have_text(re.compile(r"^Verified: "), timeout=90_000)
    page.screenshot(path=shots / "42-history-pz-1366.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "42-history-pz-390.png", full_page=True)
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]


def test_my_games_lists_ten_games_across_rematches_and_rooms(
    server: str, browser: Browser, shots: Path
) -> None:
    human = open_player(browser, "human", viewport=LAPTOP)
    page = human.page
    played: list[str] = []
    for title, games, abort in (("Speak Easy", 4, True), ("Prohibition", 3, False), ("Flickago", 3, True)):
        create_bot_room(page, server, title)
        for n in range(games):
            if n:
                page.locator("#rematch").click()
                expect(page.locator("#result")).to_be_hidden()
            played.append(end_game(human, abort))
        listed = page.locator("#room-games-list li")
        expect(listed).to_have_count(games)
        assert listed.evaluate_all("lis => lis.map((li) => li.dataset.game)") == played[-games:]
        for i in range(games):
            expect(listed.nth(i).locator(".game-replay")).to_have_attribute(
                "href", f"/g/{played[-games + i]}"
            )
        expect(page.locator("#room-games-score")).to_contain_text("You 0")
    assert len(set(played)) == 10
    page.locator("#room-games").scroll_into_view_if_needed()
    page.screenshot(path=shots / "42-history-room-games.png")

    page.goto(server + "/")
    page.locator("#my-games-link").click()
    expect(page).to_have_url(re.compile(r"/games$"))
    rows = page.locator("#my-games-rows tr")
    expect(rows).to_have_count(10)
    assert rows.evaluate_all("trs => trs.map((tr) => tr.dataset.game)") == played[::-1]
    first = rows.first
    expect(first).to_contain_text("Flickago")
    expect(first).to_contain_text("computer (easy)")
    expect(first.locator(".game-replay")).to_have_attribute("href", f"/g/{played[-1]}")
    expect(first.locator(".game-record")).to_have_attribute("href", f"/api/games/{played[-1]}/record")
    expect(rows.last).to_contain_text("Speak Easy")
    page.screenshot(path=shots / "42-history-my-games-1366.png", full_page=True)

    # A page at a time: four per page, newest first, across three pages.
    page.goto(server + "/games?per_page=4")
    expect(rows).to_have_count(4)
    seen: list[str] = []
    for number in (1, 2, 3):
        expect(page.locator("body")).to_have_attribute("data-page", str(number))
        expect(page.locator("#page-info")).to_have_text(f"Page {number} of 3 · 10 game(s)")
        seen += rows.evaluate_all("trs => trs.map((tr) => tr.dataset.game)")
        if number < 3:
            page.locator("#next").click()
    assert seen == played[::-1]
    expect(page.locator("#next")).to_be_disabled()
    page.locator("#prev").click()
    expect(page.locator("body")).to_have_attribute("data-page", "2")
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "42-history-my-games-390.png", full_page=True)
    # The record link of a finished game answers; the replay opens.
    answer = page.evaluate("(url) => fetch(url).then((r) => r.status)", f"/api/games/{played[0]}/record")
    assert answer == 200
    page.locator("#prev").click()
    expect(page.locator("body")).to_have_attribute("data-page", "1")
    page.locator("#my-games-rows .game-replay").first.click()  # the last Flickago game
    wait_replay(page)
    assert page.url.startswith(f"{server}/g/{played[-1]}?") and query(page)["view"] in ("0", "1")
    # Resigned (the computer shot first) or aborted: the end in words, and the result.
    end = page.locator("#replay-moves li").last
    expect(end).to_have_text(re.compile(r"(White|Black) wins \(by resignation\)|Game aborted\."))
    aborted = "aborted" in (end.text_content() or "")
    expect(page.locator("#result-head")).to_have_text("Game aborted." if aborted else "You lost.")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
