"""Spies! in the browser (issue 13, item 6): a 5-seat room played to the end in Chromium.

Three people in three browser contexts (two laptops at 1366×768, one of them in French, and a
phone at 390×844), two bots ("basic" and "shrewd") and a spectator, in a game shortened by
option to the year 1933 (``last_year``). The room is made through the API (the landing page's
rule options have their own test, test_room_options.py); everything after that goes through
the pages.

The people play through the module's controls: each time a page owes a decision, the test asks
the project's own autopilot (``engine.spies.bot``, level basic) which line to play from that
page's view (the frames the page received), then makes the choice in the UI: a piece to place
is picked in the tray and put down by clicking its gold city on the map, a spy moves by
clicking it and then its gold city, every other line is its button in the decision panel, and
a line the panel does not list (a search of several cities) is typed in the panel's line box.

Checked from what the pages show: the map (77 cities, rail and air lines, 12 sea zones); the
negotiation period before the game (its prompt and timer, a private chat line between two
people, Ready); a search in another power's turn, an action chit played in a response window,
and a cash-in when the game's record has one, each read from a page's log; a seat's page
never shows a face its view does not give it, and the spectator's never shows any; the
scores on the Time and Victory Record and the result on every page at the end.

Screenshots: test-artifacts/screenshots/40-spies-*.png.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, open_player
from playwright.sync_api import expect

from engine.spies.bot import decide_text
from engine.spies.game import WINDOWS

pytestmark = pytest.mark.e2e

OPTIONS = {"last_year": 1933, "negotiation_pregame": 60, "negotiation_yearly": 0, "response_timeout": 40}
GAME_SECONDS = 170
ENTRY_SEARCH = re.compile(r"^[GIRFB] search s\d\d$")
CHIT_RESPONSE = re.compile(r"^[GIRFB] chit c\d+ (PAP|COV|DBX|ICP)\b|^= escaped s\d\d [A-Z]{3}$")
CASH_IN = re.compile(r"^= cashed x\d\d [GIRFB] 19\d\d$")
LOG_KINDS = (("search", ENTRY_SEARCH), ("chit", CHIT_RESPONSE), ("cash", CASH_IN))
"""The kinds of log line the test looks for in the pages and in the record."""
_LOG_TEXTS = "() => [...document.querySelectorAll('#sp-log li[data-a]')].map((li) => li.dataset.a)"
_PIECES = """() => [...document.querySelectorAll('#board .piece')].map((g) => ({
  id: g.dataset.piece, kind: g.dataset.kind, power: g.dataset.power, face: g.dataset.face || null,
  text: g.querySelector('.face').textContent, down: g.classList.contains('down'),
}))"""


def read_logs(players: tuple[Player, ...], seen: dict[str, str]) -> None:
    """Note in ``seen`` the first search, chit response and cash-in each page's log shows."""
    for p in players:
        for text in p.page.evaluate(_LOG_TEXTS):
            for name, pattern in LOG_KINDS:
                if pattern.search(text):
                    seen.setdefault(name, text)


def watch_console(player: Player) -> list[str]:
    errors: list[str] = []
    player.page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def phase(player: Player) -> str:
    return player.page.locator("body").get_attribute("data-phase") or ""


def latest_view(player: Player) -> dict[str, Any] | None:
    for frame in reversed(player.frames):
        if frame.get("type") in ("welcome", "event") and isinstance(frame.get("view"), dict):
            view: dict[str, Any] = frame["view"]
            return view
    return None


def owes(player: Player) -> dict[str, Any] | None:
    """The page's latest view when its seat owes a decision now, else None."""
    view = latest_view(player)
    if not view or view.get("result") or not view.get("legal"):
        return None
    return view


def answered(player: Player, sent_before: int, timeout: float = 6.0) -> bool:
    """Wait for the server's answer (ack or error) to the page's first act sent after
    ``sent_before``; False if the page sent none."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        acts = [f for f in player.sent[sent_before:] if f.get("type") == "act"]
        if acts:
            ids = {f.get("id") for f in acts}
            if any(f.get("type") in ("ack", "error") and f.get("id") in ids for f in player.frames):
                return True
        player.page.wait_for_timeout(25)
    return False


def click(locator: Any) -> None:
    """A click on a module control; an SVG piece drawn under a neighbour's ring gets the
    click event itself."""
    try:
        locator.click(timeout=1500)
    except Exception:
        locator.dispatch_event("click")


def pick_target(player: Player, city: str, line: str) -> None:
    """Click the gold ring of ``city``; when it offers several lines, choose ``line`` in the chooser."""
    page = player.page
    click(page.locator(f'#board .target[data-city="{city}"]'))
    chooser = page.locator("#sp-chooser")
    if chooser.is_visible():
        chooser.locator(f'button[data-line="{line}"]').click()


def play_line(player: Player, line: str, legal: list[str], used: dict[str, int]) -> bool:
    """Make the choice ``line`` through the page's controls; False when the panel is not
    showing the decision yet (drawn just after the frame, or a choice is still on its way)."""
    page = player.page
    words = line.split(" ")
    verb, args = words[1], words[2:]
    if verb == "place":
        piece = page.locator(f'#sp-tray button[data-piece="{args[0]}"]')
        if not piece.count():
            return False
        if piece.get_attribute("aria-pressed") != "true":
            piece.click()
            expect(piece).to_have_attribute("aria-pressed", "true")
        pick_target(player, args[1], line)
        used["map"] += 1
        return True
    if verb == "go":
        spy = page.locator(f'#board .piece.selectable[data-piece="{args[0]}"]')
        if not spy.count():
            return False
        if "selected" not in (spy.get_attribute("class") or ""):
            click(spy)
        expect(page.locator(f'#board .target[data-city="{args[1]}"]')).to_have_count(1, timeout=3000)
        pick_target(player, args[1], line)
        used["map"] += 1
        return True
    if not page.locator("#sp-lines").count():
        return False
    if page.locator("#sp-clear").count():
        page.locator("#sp-clear").click()
    button = page.locator(f'#sp-lines button[data-line="{line}"]')
    if button.count():
        button.click()
        used["buttons"] += 1
        return True
    if line in legal:
        return False  # listed, but not drawn yet
    # A line no button lists (a search of several cities): typed in the panel's line box.
    if page.locator("#sp-typed").is_hidden():
        page.locator("#sp-act .sp-typed-box summary").click()
    page.locator("#sp-typed").fill(line)
    page.locator("#sp-typed").press("Enter")
    used["typed"] += 1
    return True


def act(player: Player, seed: int, used: dict[str, int]) -> bool:
    """If the page owes a decision: the autopilot's line for its view, made in the UI."""
    view = owes(player)
    if view is None:
        return False
    line = decide_text(view, "basic", seed)
    before = len(player.sent)
    try:
        if not play_line(player, line, view["legal"], used):
            return False
    except Exception:  # the panel was drawn again under the pointer: the next round tries again
        return False
    return answered(player, before)


def face_text(kind: str, piece: dict[str, Any]) -> str:
    """What the module draws on a piece (map.js faceText)."""
    face = piece.get("face")
    if kind == "spy":
        if face:
            return f"{face[:-1]}★" if face.endswith("c") else str(face)
        return str(piece["strength"]) if piece.get("strength") else "?"
    if kind == "police":
        return str(face) if face else "?"
    if not face:
        return "?"
    value, _, counter = str(face).partition("cs")
    return f"{value}!" if counter else value


def given(player: Player) -> dict[str, tuple[set[str | None], set[str]]]:
    """Per piece id: every face any of the page's views gave it, and every text those views
    allow the module to draw on it."""
    out: dict[str, tuple[set[str | None], set[str]]] = {}
    for frame in player.frames:
        view = frame.get("view") if frame.get("type") in ("welcome", "event") else None
        if not isinstance(view, dict):
            continue
        for key, kind in (("spies", "spy"), ("police", "police"), ("secrets", "secret")):
            for piece in view[key]:
                faces, texts = out.setdefault(piece["id"], (set(), set()))
                faces.add(piece["face"])
                texts.add(face_text(kind, piece))
    return out


def assert_faces_kept(player: Player, spectator: bool = False) -> int:
    """No piece on the page shows a face that none of the page's views gave it (another
    power's pieces are face down unless the seat was shown them), and no view the spectator
    gets while the game runs holds a face. The page is read first, the frames after: a frame
    the page drew (the game's end, revealing every face) has reached the test by then.
    Returns how many own pieces are shown face up."""
    pieces = player.page.evaluate(_PIECES)
    view = latest_view(player)
    assert view is not None
    mine = set() if spectator else set(view["seats"][view["viewer"]])
    allowed = given(player)
    if spectator:
        for frame in player.frames:
            seen = frame.get("view") if frame.get("type") in ("welcome", "event") else None
            if isinstance(seen, dict) and seen.get("result") is None:
                for key in ("spies", "police", "secrets"):
                    assert all(piece["face"] is None for piece in seen[key]), (frame["version"], key)
    own_up = 0
    for piece in pieces:
        if piece["power"] in mine:
            own_up += piece["face"] is not None
            continue
        faces, texts = allowed[piece["id"]]
        assert piece["face"] in faces and piece["text"] in texts, (player.name, piece, faces, texts)
        if piece["face"] is None and piece["text"] == "?":  # a strength a comparison showed is up
            assert piece["down"], piece
    return own_up


@pytest.mark.heavy
def test_five_seats_three_people_two_bots_and_a_spectator(server: str, browser: Any, shots: Path) -> None:
    alice = open_player(browser, "alice", viewport={"width": 1366, "height": 768})
    bob = open_player(browser, "bob", mobile=True)
    carol = open_player(
        browser, "carol", locale="fr-FR", viewport={"width": 1366, "height": 768}, color_scheme="light"
    )
    dave = open_player(browser, "dave", viewport={"width": 1366, "height": 768})
    people = [alice, bob, carol]
    consoles = {p.name: watch_console(p) for p in (*people, dave)}

    # The room: five seats, seats 4 and 5 bots, the game shortened to 1933.
    alice.page.goto(server + "/")
    answer = alice.page.request.post(
        server + "/api/rooms",
        data={
            "game": "spies",
            "players": 5,
            "options": OPTIONS,
            "bots": [None, None, "basic", "shrewd"],
            "setup_seconds": None,
        },
    )
    assert answer.status == 201, answer.text()
    room = answer.json()
    alice.page.goto(room["room_url"])
    bob.page.goto(room["invite_url"])
    carol.page.goto(room["invite_url"])
    dave.page.goto(room["watch_url"])
    for p in (*people, dave):
        expect(p.page.locator("#board .city")).to_have_count(77, timeout=20_000)
    page = alice.page
    expect(page.locator("#board .link.rail")).to_have_count(101)
    expect(page.locator("#board .link.air")).to_have_count(24)
    expect(page.locator("#board .sea-zone")).to_have_count(12)
    expect(page.locator(".player")).to_have_count(5)
    seats = {p.name: int(p.seat) for p in people}
    assert sorted(seats.values()) == [0, 1, 2], seats
    expect(dave.page.locator("#sp-waiting")).to_be_visible()  # who owes the decision, and no choice
    expect(dave.page.locator("#sp-lines")).to_have_count(0)
    expect(dave.page.locator("#sp-yours")).to_be_hidden()

    used = {"map": 0, "buttons": 0, "typed": 0}
    windows: list[tuple[str, str, str]] = []
    seen: dict[str, str] = {}
    period_seen: set[str] = set()
    chatted = False
    own_up = {p.name: 0 for p in people}
    shot_play = False
    deadline = time.monotonic() + GAME_SECONDS
    rounds = 0
    while not all(phase(p) == "over" for p in (*people, dave)):
        assert time.monotonic() < deadline, ("the game did not finish in time", used, sorted(seen))
        rounds += 1
        acted = False
        for p in people:
            view = owes(p)
            if view and view["decision"]["kind"] == "ready" and p.name not in period_seen:
                # The negotiation period: its prompt and timer, the diplomacy panel, private chat.
                expect(p.page.locator('#sp-prompt[data-kind="ready"]')).to_be_visible()
                expect(p.page.locator("#sp-period")).to_be_visible()
                expect(p.page.locator("#sp-talk")).to_contain_text(re.compile("open|ouvert"))
                expect(p.page.locator("#sp-prompt .sp-countdown")).to_have_text(re.compile(r"^[01]:\d\d$"))
                expect(p.page.locator("#sp-period .sp-countdown")).to_be_visible()
                period_seen.add(p.name)
                if p is alice:
                    p.page.screenshot(path=shots / "40-spies-laptop-period.png")
                if p is carol and not chatted:
                    chatted = private_chat(carol, alice, seats)
            if view and view["decision"]["kind"] in WINDOWS and len(windows) < 6:
                # A response window: its prompt names it, with the time left before its default.
                kind = view["decision"]["kind"]
                prompt = p.page.locator(f'#sp-prompt[data-kind="{kind}"]')
                try:
                    expect(prompt).to_be_visible(timeout=2000)
                    left = prompt.locator(".sp-countdown").text_content(timeout=1000) or ""
                except Exception:  # already answered by its default, or the panel not yet drawn
                    left = ""
                if left:
                    windows.append((p.name, kind, left))
                    if len(windows) == 1:
                        p.page.screenshot(path=shots / f"40-spies-{p.name}-window.png")
            if act(p, rounds, used):
                acted = True
        read_logs((*people, dave), seen)
        if rounds % 8 == 0 and phase(dave) != "over":
            for p in people:
                own_up[p.name] = max(own_up[p.name], assert_faces_kept(p))
            assert_faces_kept(dave, spectator=True)
        if not shot_play and phase(alice) == "play" and owes(alice):
            page.wait_for_timeout(200)
            page.screenshot(path=shots / "40-spies-laptop-play.png")
            bob.page.screenshot(path=shots / "40-spies-phone-play.png")
            dave.page.screenshot(path=shots / "40-spies-spectator-play.png")
            shot_play = True
        if not acted:
            page.wait_for_timeout(60)

    read_logs((*people, dave), seen)  # the game's last lines (a cash-in at the end) too
    assert period_seen == {"alice", "bob", "carol"}, period_seen
    assert chatted
    # Entry searches come in every game; a chit response or a cash-in only when a seat chose
    # one (the game's seed is new every run, and a game without a chit response was seen):
    # the pages' logs show nothing the record does not hold, and a cash-in it holds.
    game_id = next(f["game_id"] for f in alice.frames if f.get("type") == "welcome")
    record = alice.page.request.get(f"{server}/api/games/{game_id}/record.json").json()
    held = {
        name for name, pattern in LOG_KINDS if any(pattern.search(event["a"]) for event in record["events"])
    }
    assert "search" in seen and set(seen) <= held, (seen, held)
    assert ("cash" in seen) == ("cash" in held), (seen, held)
    assert windows, "no response window prompt with its countdown"
    for _name, _kind, left in windows:
        minutes, seconds = left.split(":")
        assert 0 < 60 * int(minutes) + int(seconds) <= OPTIONS["response_timeout"], windows
    assert used["map"] > 20 and used["buttons"] > 10, used
    assert all(n > 0 for n in own_up.values()), own_up  # each person saw his own faces

    for p in (*people, dave):
        expect(p.page.locator("#result-head")).to_be_visible(timeout=20_000)
        expect(p.page.locator("#sp-scores")).to_be_visible()
        expect(p.page.locator("#sp-year")).to_contain_text("1933")
    assert "Registre" in (carol.page.locator("#sp-record-box h2").text_content() or "")
    expect(dave.page.locator("#sp-act")).to_be_hidden()
    # Once over, every face is shown to everyone: the spectator's map turns face up.
    expect(dave.page.locator("#board .piece.down")).to_have_count(0)
    page.screenshot(path=shots / "40-spies-laptop-over.png")
    bob.page.screenshot(path=shots / "40-spies-phone-over.png")
    carol.page.screenshot(path=shots / "40-spies-laptop-fr-over.png")
    dave.page.screenshot(path=shots / "40-spies-spectator-over.png")
    # The replay of the finished game tells every event in the module's words.
    dave.page.goto(f"{server}/g/{game_id}")
    moves = dave.page.locator("#replay-moves li")
    expect(moves.first).to_be_visible(timeout=20_000)
    expect(dave.page.locator("#board .city")).to_have_count(77)
    told = " ".join(moves.all_text_contents())
    assert "drew chit" in told and ("cashed in by" in told or "cash" not in held), (held, told[:400])
    dave.page.screenshot(path=shots / "40-spies-replay.png")
    for p in (*people, dave):
        assert not p.page.context.errors, (p.name, p.page.context.errors)  # type: ignore[attr-defined]
        assert not consoles[p.name], (p.name, consoles[p.name])


def private_chat(sender: Player, receiver: Player, seats: dict[str, int]) -> bool:
    """During the period: ``sender`` writes to ``receiver`` on their private channel, which
    ``receiver`` reads on his."""
    to = f"seat:{seats[receiver.name]}"
    back = f"seat:{seats[sender.name]}"
    tab = sender.page.locator(f'#chat .chat-tab[data-channel="{to}"]')
    expect(tab).to_be_visible()
    tab.click()
    sender.page.locator("#chat-input").fill("Entre nous : Paris ne bouge pas.")
    sender.page.locator("#chat-input").press("Enter")
    receiver.page.locator(f'#chat .chat-tab[data-channel="{back}"]').click()
    expect(receiver.page.locator(f'#chat-log .chat-line[data-channel="{back}"]')).to_contain_text(
        "Paris ne bouge pas"
    )
    return True
