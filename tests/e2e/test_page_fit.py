"""No page of any game is wider than the window (issue 25, item 4): for every game in the
catalogue, at 1366×768 and 390×844 (the phone in English and in French), every page a person
meets: the landing page with the game chosen and its rule options open, the game's rules
(quick reference and full rules), "My games", and the room in every state (the creator
waiting for a friend, a stranger at the room's address, a spectator; seated and spectating
before the first move, during play and after the end) and the replay of the game from the
seat's and from the spectator's eyes. On each, ``document.documentElement.scrollWidth`` must
not exceed ``innerWidth``; a failure names the elements that stick out. No animation on
them runs forever (it would repaint the page every frame).

The rooms are made through the API, the seat's moves are played over the seat's own socket by
the game's own bot (``entry.decider()``, the autopilot of the catalogue) until the room's page
says the game is in play, and the browser gets the seat's cookie: the pages are then only
looked at. No game is named here: a game added to the catalogue is visited too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_pages import endless_animations, game_entries
from playwright.sync_api import Browser, BrowserContext, Page, expect
from websockets.sync.client import ClientConnection, connect

from app.games.patches import ViewFollower
from app.identity import COOKIE_NAME
from engine.catalogue import GameEntry

pytestmark = pytest.mark.e2e

SIZES = (
    ("laptop", {"width": 1366, "height": 768}, "en-US"),
    ("phone", {"width": 390, "height": 844}, "en-US"),
    ("phone-fr", {"width": 390, "height": 844}, "fr-FR"),
)
MOVES = 5
"""The seat's own actions played at a time before the room's page is asked whether play began."""
ROUNDS = 12
"""At most this many batches of MOVES before play must have begun."""

OVERFLOW = """() => {
  const width = window.innerWidth;
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 0.5) continue;
    let clipped = false;  // inside a box that scrolls or clips sideways: not the page's width
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const inside = p.getBoundingClientRect().right <= width + 0.5;
      if (getComputedStyle(p).overflowX !== "visible" && inside) { clipped = true; break; }
    }
    if (clipped) continue;
    const cls = typeof el.className === "string" ? el.className.trim().split(/\\s+/).join(".") : "";
    const name = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "") + (cls ? `.${cls}` : "");
    out.push(`${name} right=${Math.round(r.right)}`);
    if (out.length >= 8) break;
  }
  // A text cut short (an ellipsis) must be readable in full some other way: its title (a
  // hover, a long press) or a tap that opens it (data-expand on the element or around it).
  const cut = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.offsetParent || getComputedStyle(el).textOverflow !== "ellipsis") continue;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const text = el.textContent.trim();
    const told = el.closest("[title], [data-expand]");
    const readable = told && (told.hasAttribute("data-expand") || (told.title || "").includes(text));
    if (!readable) cut.push(text.slice(0, 60));
  }
  return {scroll: document.documentElement.scrollWidth, inner: width, culprits: out, cut};
}"""


OPEN_OPTIONS = "() => { const d = document.getElementById('rule-options'); if (d) d.open = true; }"
GAME_ID = (
    "fetch(location.pathname.replace('/r/', '/api/rooms/')).then((r) => r.json()).then((r) => r.game_id)"
)


@dataclass
class Seat:
    """A person's cookie jar and, when playing, the seat's socket (the game's bot decides)."""

    base: str
    http: httpx.Client = field(init=False)
    version: int = 0
    view: dict[str, Any] | None = None
    count: int = 0
    follower: ViewFollower = field(default_factory=ViewFollower)

    def __post_init__(self) -> None:
        self.http = httpx.Client(base_url=self.base, timeout=30)
        self.http.get("/api/catalogue")

    @property
    def cookie(self) -> str:
        value = self.http.cookies.get(COOKIE_NAME)
        assert value, "no guest cookie"
        return value

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.http.post("/api/rooms", json=body)
        assert answer.status_code == 201, answer.text
        created: dict[str, Any] = answer.json()
        return created

    @contextmanager
    def socket(self, room_id: str) -> Iterator[ClientConnection]:
        url = self.base.replace("http://", "ws://") + f"/ws/rooms/{room_id}"
        with connect(url, additional_headers={"Cookie": f"{COOKIE_NAME}={self.cookie}"}, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "last_version": None}))
            self.view = None  # until this socket's welcome
            self.follower = ViewFollower()  # an event's view: the previous one patched
            yield ws

    def take(self, frame: dict[str, Any]) -> None:
        self.follower.take(frame)
        if frame.get("type") in ("welcome", "event") and isinstance(frame.get("view"), dict):
            self.version, self.view = frame["version"], frame["view"]

    def play(
        self,
        room_id: str,
        entry: GameEntry,
        moves: int,
        until: Callable[[dict[str, Any]], bool] | None = None,
    ) -> bool:
        """Play ``moves`` of the seat's own actions as the bot would (the others are bots), or
        until the seat's view is one ``until`` wants; False when the game ended first."""
        done = 0
        tried = -1
        quiet = 0
        with self.socket(room_id) as ws:
            while done < moves:
                if self.view is not None and self.view.get("result") is not None:
                    return False
                if self.view is not None and until is not None and until(self.view):
                    return True
                if self.view is not None and tried != self.version:
                    tried = self.version
                    try:
                        action = entry.decider()(
                            self.view, entry.bot_levels[0], self.version * 7 + self.count, 0.05
                        )
                    except Exception:  # not this seat's decision now
                        action = None
                    if action is not None:
                        self.count += 1
                        ident = f"fit-{self.count}"
                        ws.send(
                            json.dumps(
                                {"type": "act", "id": ident, "version": self.version, "action": action}
                            )
                        )
                        if self.answer(ws, ident):
                            done += 1
                        continue
                try:
                    raw = ws.recv(timeout=3)
                except TimeoutError:
                    quiet += 1
                    assert quiet < 20, f"{entry.name}: nothing happens at version {self.version}"
                    tried = -1  # think again on the same view
                    continue
                quiet = 0
                self.take(json.loads(raw))
            return True

    def answer(self, ws: ClientConnection, ident: str) -> bool:
        """Read frames until the server answers the action ``ident``: True if acknowledged."""
        while True:
            frame = json.loads(ws.recv(timeout=30))
            self.take(frame)
            if frame.get("id") == ident and frame.get("type") in ("ack", "error"):
                return bool(frame["type"] == "ack")

    def resign(self, room_id: str) -> None:
        with self.socket(room_id) as ws:
            ws.send(json.dumps({"type": "resign", "id": "fit-resign"}))
            while self.view is None or self.view.get("result") is None:
                frame = json.loads(ws.recv(timeout=30))
                self.take(frame)
                if frame.get("id") == "fit-resign":
                    assert frame["type"] == "ack", frame


@dataclass
class Rooms:
    """One game's rooms for the visit: waiting for a friend, before the first move, in play,
    and over (the same room, later)."""

    entry: GameEntry
    seat: Seat
    waiting: dict[str, Any]
    fresh: dict[str, Any]
    played: dict[str, Any]
    game_id: str = ""


def context(
    browser: Browser, size: dict[str, int], locale: str, seat: Seat | None, base: str
) -> BrowserContext:
    ctx = browser.new_context(viewport=size, locale=locale, device_scale_factor=1)  # type: ignore[arg-type]
    if seat is not None:
        ctx.add_cookies([{"name": COOKIE_NAME, "value": seat.cookie, "url": base}])
    ctx.set_default_timeout(20_000)
    return ctx


def fits(page: Page, what: str, problems: list[str]) -> None:
    page.wait_for_timeout(150)  # a layout settled after the last frame
    found = page.evaluate(OVERFLOW)
    if found["scroll"] > found["inner"]:
        culprits = ", ".join(found["culprits"])
        problems.append(f"{what}: {found['scroll']} px wide in {found['inner']}: {culprits}")
    if found["cut"]:
        problems.append(f"{what}: cut short with no way to read it: {found['cut']}")
    endless = endless_animations(page)
    if endless:
        problems.append(f"{what}: endless animations (each repaints the page every frame): {endless}")


def open_room(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#game:not([hidden]), #lobby:not([hidden])").first).to_be_visible()
    if page.locator("#game").is_visible():
        expect(page.locator("#board")).to_be_visible()
        expect(page.locator("body[data-phase]")).to_have_count(1)


def phase_of(page: Page) -> str:
    return page.locator("body").get_attribute("data-phase") or ""


@pytest.fixture(params=[e.name for e in game_entries()])
def rooms(request: pytest.FixtureRequest, server: str, browser: Browser) -> Iterator[Rooms]:
    """The game's rooms, with the seat's game in play (checked on the seat's own page)."""
    entry = next(e for e in game_entries() if e.name == request.param)
    seat = Seat(server)
    request.addfinalizer(seat.http.close)
    level = entry.bot_levels[0]
    others = entry.min_players - 1
    # Timed: every seat's bar holds its clock too, so a long seat name has the least room.
    timed = {
        "game": entry.name,
        "players": entry.min_players,
        "time_control": {"initial": 3600, "increment": 5},
    }
    waiting = seat.create({**timed, "bots": [None] * others})
    fresh = seat.create({**timed, "bots": [level] * others})
    played = seat.create({**timed, "bots": [level] * others})
    ctx = context(browser, {"width": 1366, "height": 768}, "en-US", seat, server)
    page = ctx.new_page()
    try:
        for _ in range(ROUNDS):
            assert seat.play(played["room_id"], entry, MOVES), (
                f"{entry.name}: the game ended while being set up"
            )
            open_room(page, played["room_url"])
            if phase_of(page) == "play":
                break
        assert phase_of(page) == "play", (
            f"{entry.name}: still {phase_of(page)!r} after {ROUNDS * MOVES} moves"
        )
    finally:
        ctx.close()
    yield Rooms(entry, seat, waiting, fresh, played)


Size = tuple[str, dict[str, int], str]


def visit(
    browser: Browser, server: str, rooms: Rooms, over: bool, shots: Path, sizes: tuple[Size, ...]
) -> list[str]:
    """Every page of the game at every size of ``sizes``; the problems found."""
    entry = rooms.entry
    problems: list[str] = []
    for label, size, locale in sizes:
        tag = f"{entry.name} {label}"
        seat_ctx = context(browser, size, locale, rooms.seat, server)
        stranger_ctx = context(browser, size, locale, None, server)
        page = seat_ctx.new_page()
        other = stranger_ctx.new_page()
        errors: list[str] = []
        for p in (page, other):
            p.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        try:
            if not over:
                page.goto(server + "/")
                page.locator(f'input[name="game"][value="{entry.name}"]').check()
                page.evaluate(OPEN_OPTIONS)
                fits(page, f"{tag} landing", problems)
                for part in ("quick", "full"):
                    page.goto(f"{server}/rules/{entry.name}" + ("?part=full" if part == "full" else ""))
                    expect(page.locator(".rules-body > *").first).to_be_visible()
                    fits(page, f"{tag} rules {part}", problems)
                # Waiting for a friend: the creator, a stranger at the address, a spectator.
                open_room(page, rooms.waiting["room_url"])
                fits(page, f"{tag} room waiting (creator)", problems)
                open_room(other, rooms.waiting["room_url"])
                expect(other.locator("#lobby")).to_be_visible()
                fits(other, f"{tag} room waiting (stranger)", problems)
                open_room(other, rooms.waiting["watch_url"])
                fits(other, f"{tag} room waiting (spectator)", problems)
                # Before the first move.
                open_room(page, rooms.fresh["room_url"])
                fits(page, f"{tag} room before play (seat)", problems)
                open_room(other, rooms.fresh["watch_url"])
                fits(other, f"{tag} room before play (spectator)", problems)
            # In play, or over.
            state = "over" if over else "in play"
            open_room(page, rooms.played["room_url"])
            expect(page.locator("body")).to_have_attribute(
                "data-phase", "over" if over else re.compile("play|over")
            )
            fits(page, f"{tag} room {state} (seat)", problems)
            page.screenshot(path=shots / f"60-fit-{entry.name}-{label}-{'over' if over else 'play'}.png")
            open_room(other, rooms.played["watch_url"])
            fits(other, f"{tag} room {state} (spectator)", problems)
            game_id = page.evaluate(GAME_ID)
            for p, who in ((page, "seat"), (other, "spectator")):
                p.goto(f"{server}/g/{game_id}")
                expect(p.locator("#replay-moves li.current")).to_have_count(1)
                fits(p, f"{tag} replay {state} ({who})", problems)
            page.goto(server + "/games")
            expect(page.locator("#my-games tbody tr, .my-games tbody tr").first).to_be_visible()
            fits(page, f"{tag} my games", problems)
        finally:
            seat_ctx.close()
            stranger_ctx.close()
        problems.extend(f"{tag}: page error {e}" for e in errors)
    return problems


@pytest.mark.heavy
@pytest.mark.parametrize(
    "sizes",
    [
        # The narrow screen and the longer text by default; the others under -m slow.
        pytest.param((SIZES[2],), id="phone-fr"),
        pytest.param((SIZES[0], SIZES[1]), id="laptop+phone-en", marks=pytest.mark.slow),
    ],
)
def test_no_page_is_wider_than_the_window(
    server: str, browser: Browser, rooms: Rooms, shots: Path, sizes: tuple[Size, ...]
) -> None:
    problems = visit(browser, server, rooms, over=False, shots=shots, sizes=sizes)
    rooms.seat.resign(rooms.played["room_id"])
    problems += visit(browser, server, rooms, over=True, shots=shots, sizes=sizes)
    assert not problems, "\n".join(problems)
