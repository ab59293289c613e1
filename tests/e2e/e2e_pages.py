"""Page helpers for the end-to-end tests: what a person does in the browser, step by step.

Everything goes through the UI (clicks, drags, reading what is shown); the only extra
thing a helper does is record the WebSocket frames a page receives, for the secrecy test.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute, expect

from app.games.patches import ViewFollower
from engine.catalogue import GameEntry, entries, names

# A legal South setup (ranks 6 down to 1, files a..e; "." is a building): the tests place
# it piece by piece with drag and drop. North gets the same turned 180 degrees.
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-US", "fr": "fr-FR"}
LESSON_RUNS = [
    ("laptop", "en"),
    ("phone", "fr"),
    # Both sizes and both languages are met above; the other two pairings under -m slow.
    pytest.param("phone", "en", marks=pytest.mark.slow),
    pytest.param("laptop", "fr", marks=pytest.mark.slow),
]
"""The (size, language) runs of a guided first game's browser test."""


def game_entries() -> list[GameEntry]:
    """The catalogue's games that this server serves, in the catalogue's order."""
    return [e for e in entries() if e.name in names()]


ENDLESS = """() => [...new Set(document.getAnimations()
  .filter((a) => a.playState === "running" && a.effect && a.effect.getTiming().iterations === Infinity)
  .map((a) => `${a.animationName || a.id || "animation"} on ${a.effect.target?.tagName || "?"}`))]"""


def endless_animations(page: Page) -> list[str]:
    """The animations running without end on the page: on a board drawn without a GPU each
    repaints the page every frame for as long as it waits (static/games/README.md)."""
    return list(page.evaluate(ENDLESS))


def lesson_marks(page: Page, timeout: float, least: int = 1) -> int:
    """How many places a lesson points at (class "tutorial-focus"), once it points at
    ``least`` of them (0: at none): the lesson sets its marks in the frame after a step is
    drawn, so this waits for them. A mark may pulse, never without end (a lesson waits on
    the player for as long as he likes)."""
    marks = page.locator(".tutorial-focus")
    if least:
        expect(marks.nth(least - 1)).to_be_attached(timeout=timeout)
        endless = endless_animations(page)
        assert not endless, f"a lesson's marks pulse without end: {endless}"
    else:
        expect(marks).to_have_count(0, timeout=timeout)
    return marks.count()


SOUTH_SETUP_ROWS = ("2 1 7 K 6", "3 . 8 . 4", "6 F . F 5", "4 . 1 . 2", "K B 5 3 K", "B S B 2 1")

# The first move of a game can always attack across the front: both front ranks are full.
FRONT_ATTACK = {"s": ("a6", "a7"), "n": ("a7", "a6")}


def south_setup() -> dict[str, str]:
    out = {}
    for index, row in enumerate(SOUTH_SETUP_ROWS):
        rank = 6 - index
        for f, code in enumerate(row.split()):
            if code != ".":
                out[f"{'abcde'[f]}{rank}"] = code
    return out


def mirror(square: str) -> str:
    return f"{'abcde'[4 - 'abcde'.index(square[0])]}{13 - int(square[1:])}"


def setup_for(side: str) -> dict[str, str]:
    south = south_setup()
    return south if side == "s" else {mirror(sq): code for sq, code in south.items()}


@dataclass
class Player:
    """A browser context with one page, and every WebSocket frame that page received."""

    page: Page
    name: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)

    def record(self, ws: WebSocket) -> None:
        follower = ViewFollower()  # each event frame's view, kept as the page keeps it

        def keep(payload: str | bytes) -> None:
            text = payload.decode() if isinstance(payload, bytes) else payload
            self.raw.append(text)
            try:
                self.frames.append(follower.take(json.loads(text)))
            except ValueError:
                self.frames.append({"raw": text})

        def keep_sent(payload: str | bytes) -> None:
            text = payload.decode() if isinstance(payload, bytes) else payload
            self.sent.append(json.loads(text))

        ws.on("framereceived", keep)
        ws.on("framesent", keep_sent)

    @property
    def seat(self) -> str:
        """This page's seat in the current game ("0", "1"), "" for a spectator."""
        return self.page.locator("body").get_attribute("data-seat") or ""

    @property
    def side(self) -> str:
        """Speak Easy's side of this page's seat: seat 0 plays South ("s"), seat 1 North."""
        return {"0": "s", "1": "n"}.get(self.seat, "")

    def loc(self, square: str) -> Any:
        return self.page.locator(f'#board [data-name="{square}"]')


def open_player(
    browser: Browser,
    name: str,
    locale: str = "en-US",
    mobile: bool = False,
    viewport: dict[str, int] | None = None,
    color_scheme: Literal["dark", "light"] = "dark",
) -> Player:
    if viewport is None:
        viewport = {"width": 390, "height": 844} if mobile else {"width": 1280, "height": 900}
    context = browser.new_context(
        locale=locale,
        viewport=viewport,  # type: ignore[arg-type]
        device_scale_factor=1,
        color_scheme=color_scheme,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    player = Player(page, name)
    page.on("websocket", player.record)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.context.errors = errors  # type: ignore[attr-defined]
    return player


PRESETS = {"Speak Easy": "speakeasy", "Lu Zhan Qi": "luzhanqi"}


def choose_game(page: Page, base: str, opponent: str = "friend", rules: str = "Speak Easy") -> None:
    """On the landing page: Speak Easy, the opponent ("friend" or a bot level), the preset."""
    page.goto(base + "/")
    page.get_by_role("radio", name=re.compile("^Speak Easy.*players")).check()
    page.get_by_label("Opponent").select_option(opponent)
    page.locator(f'input[name="preset"][value="{PRESETS[rules]}"]').check()


def create_room(
    player: Player, base: str, clock_label: str = "10 min + 5 s per turn", rules: str = "Speak Easy"
) -> tuple[str, str]:
    """On the landing page: create a human-vs-human room; return (invite link, spectator link)."""
    page = player.page
    choose_game(page, base, "friend", rules)
    page.get_by_label("Time control").select_option(label=clock_label)
    page.get_by_role("button", name="Create the room").click()
    invite = page.locator("#invite-url").input_value()
    watch = page.locator("#watch-url").input_value()
    return invite, watch


def drag(page: Page, source: Any, target: Any) -> None:
    """A pointer drag from the centre of one element to the centre of another."""
    target.scroll_into_view_if_needed()
    source.scroll_into_view_if_needed()
    a = source.bounding_box()
    b = target.bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 12, a["y"] + a["height"] / 2 + 12, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=6)
    page.mouse.up()


def setup_by_drag(player: Player, placement: dict[str, str]) -> None:
    """Drag every piece from the reserve onto its location."""
    page = player.page
    for square, code in placement.items():
        drag(page, page.locator(f'.reserve-piece[data-code="{code}"]'), player.loc(square))
        expect(player.loc(square).locator(".piece")).to_have_count(1)


def own_pieces_shown(player: Player) -> dict[str, str]:
    """What the board shows of this player's own side: {location: code}."""
    out = {}
    for g in player.page.locator(f"#board .loc:has(.piece.side-{player.side})").all():
        code = g.locator(".piece .code").text_content()
        if code:
            out[g.get_attribute("data-name") or ""] = code
    return out


def wait_my_turn(player: Player) -> None:
    mine = re.compile("Your turn|À vous de jouer")
    expect(player.page.locator("#turn")).to_contain_text(mine, timeout=20_000)


def click_move(player: Player, frm: str, to: str) -> None:
    player.loc(frm).click()
    expect(player.loc(to)).to_have_class(re.compile(r"\btarget\b"))
    player.loc(to).click()


def drag_move(player: Player, frm: str, to: str) -> None:
    drag(player.page, player.loc(frm).locator(".piece"), player.loc(to))


def any_move(player: Player) -> tuple[str, str]:
    """Pick a legal move through the UI: click a piece that can move, take its first target."""
    page = player.page
    movable = page.locator("#board .loc:has(.piece[data-drag])")
    frm = movable.first.get_attribute("data-name") or ""
    player.loc(frm).click()
    target = page.locator("#board .loc.target").first
    to = target.get_attribute("data-name") or ""
    target.click()
    return frm, to


def ply_count(player: Player) -> int:
    return player.page.locator("#move-list li:not(.none)").count()


def parse_board(position: str) -> dict[str, str]:
    """The board of a position in the spec's notation: {location: two-letter cell}."""
    ranks = position.split()[0].split("/")
    out = {}
    for index, row in enumerate(ranks):
        for f in range(5):
            cell = row[2 * f : 2 * f + 2]
            if cell != "..":
                out[f"{'abcde'[f]}{12 - index}"] = cell
    return out


def enter_room(player: Player) -> None:
    player.page.get_by_role("link", name="Enter the room").click()
    expect(player.page.locator("#game")).to_be_visible()


def to_move(players: list[Player]) -> tuple[Player, Player]:
    """(the player whose turn it is, the other one), read from their pages."""
    first, second = players
    mine = re.compile("Your turn")
    for _ in range(200):
        if mine.search(first.page.locator("#turn").text_content() or ""):
            return first, second
        if mine.search(second.page.locator("#turn").text_content() or ""):
            return second, first
        first.page.wait_for_timeout(100)
    raise AssertionError("nobody's turn")


class SocketSwitch:
    """Stands between a page and the server's WebSocket so a test can cut the connection
    (as a dropped network would) and let it come back, or make it go silent: frames stop
    in both directions but nothing is closed (a network that drops packets without a word).
    Records the ``hello`` frames."""

    def __init__(self, page: Page) -> None:
        self.up = True
        self.silent = False
        self.hellos: list[dict[str, Any]] = []
        self.live: list[tuple[WebSocketRoute, WebSocketRoute]] = []
        page.route_web_socket(re.compile(r"/ws/rooms/"), self.handle)

    def handle(self, route: WebSocketRoute) -> None:
        if not self.up:
            route.close(code=1001, reason="network down")
            return
        if self.silent:
            return  # open, and nothing ever comes back
        server = route.connect_to_server()

        def to_server(message: str | bytes) -> None:
            if self.silent:
                return
            if isinstance(message, str) and '"hello"' in message:
                self.hellos.append(json.loads(message))
            server.send(message)

        def to_page(message: str | bytes) -> None:
            if not self.silent:
                route.send(message)

        route.on_message(to_server)
        server.on_message(to_page)
        self.live.append((route, server))

    def cut(self) -> None:
        self.up = False
        for route, server in self.live:
            route.close(code=1001, reason="network down")
            server.close()
        self.live.clear()

    def go_silent(self) -> None:
        self.silent = True

    def restore(self) -> None:
        self.up = True
        self.silent = False


def create_bot_room(player: Player, base: str, level: str = "easy", rules: str = "Speak Easy") -> None:
    """Create a room against the computer; returns in its setup phase."""
    page = player.page
    choose_game(page, base, opponent=level, rules=rules)
    page.get_by_role("button", name="Create the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    expect(page.locator("#setup")).to_be_visible()


def start_bot_game(player: Player, base: str, level: str = "easy", rules: str = "Speak Easy") -> None:
    """Create a room against the computer and send a random setup; returns once play began."""
    page = player.page
    create_bot_room(player, base, level, rules)
    page.get_by_role("button", name="Random").click()
    expect(page.locator("#setup-ready")).to_be_enabled()
    page.locator("#setup-ready").click()
    expect(page.locator("body")).to_have_attribute("data-phase", "play", timeout=20_000)


def attack_move(player: Player) -> tuple[str, str]:
    """Through the UI: a legal move onto an opposing piece (both front ranks are full at the
    start, so there is one early in a game)."""
    page = player.page
    for g in page.locator("#board .loc:has(.piece[data-drag])").all():
        frm = g.get_attribute("data-name") or ""
        player.loc(frm).click()
        target = page.locator("#board .loc.target:has(.piece)")
        if target.count():
            to = target.first.get_attribute("data-name") or ""
            target.first.click()
            return frm, to
        player.loc(frm).click()  # deselect
    raise AssertionError("no attack available")


def wait_bot_answer(player: Player, plies_before: int) -> None:
    """Wait until the computer answered our move (or the game ended)."""
    player.page.wait_for_function(
        "n => document.querySelectorAll('#move-list li:not(.none)').length >= n"
        " || document.body.dataset.phase === 'over'",
        arg=plies_before + 2,
        timeout=30_000,
    )
