"""Secrecy is the product: the opponent's page and a spectator's page never hold a hidden
value of the other side, neither in their DOM nor in the frames their socket received."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from e2e_pages import (
    FRONT_ATTACK,
    Player,
    any_move,
    click_move,
    create_room,
    enter_room,
    open_player,
    parse_board,
    to_move,
)
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def walk(value: object) -> list[tuple[str, object, dict[str, object]]]:
    """Every (key, value, owner) inside a JSON value."""
    out: list[tuple[str, object, dict[str, object]]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append((k, v, value))
            out.extend(walk(v))
    elif isinstance(value, list):
        for v in value:
            out.extend(walk(v))
    return out


def secrets_of(owner: Player) -> tuple[str, dict[str, str]]:
    """What only ``owner`` may know: the setup he sent, and his pieces not revealed now
    ({location: code}, read from his own latest view)."""
    # A version-2 client sends {"type": "act", "action": {"type": "setup", ...}}.
    actions = [f.get("action", f) if f.get("type") == "act" else f for f in owner.sent]
    setup = next(a["position"] for a in actions if a.get("type") == "setup")
    views = [f["view"] for f in owner.frames if isinstance(f.get("view"), dict)]
    board = parse_board(views[-1]["position"])
    hidden = {sq: cell[1] for sq, cell in board.items() if cell[0] == owner.side}
    return setup.split()[0], hidden


def assert_frames_keep_secret(viewer: Player, side: str, setup: str, referee: bool) -> None:
    for text in viewer.raw:
        assert setup not in text, f"{viewer.name} received {side}'s setup"
    for frame in viewer.frames:
        for key, value, owner in walk(frame):
            if key == "position" and isinstance(value, str):
                if owner.get("type") == "setup_submitted":
                    assert owner.get("side") != side, f"{viewer.name} received {side}'s setup position"
                for sq, cell in parse_board(value).items():
                    assert cell[0] != side or cell[1] == "?", f"{viewer.name} sees {side}'s {cell} on {sq}"
            if referee and key == "removed" and isinstance(value, dict):
                assert set(value.get(side, [])) <= {"?"}, f"{viewer.name} sees {side}'s removed faces"
            if referee and key in ("attacker", "defender") and isinstance(value, str):
                raise AssertionError(f"{viewer.name} sees a combat face in referee mode: {owner}")


def assert_dom_keeps_secret(
    viewer: Player, side: str, setup: str, hidden: dict[str, str], referee: bool
) -> None:
    page = viewer.page
    html = page.content()
    assert setup not in html
    for sq in hidden:
        loc = page.locator(f'#board [data-name="{sq}"]')
        expect(loc.locator(f".piece.side-{side}.back")).to_have_count(1)
        assert (loc.locator(".piece").text_content() or "") == ""
        assert "hidden piece" in (loc.get_attribute("aria-label") or "") or "pièce cachée" in (
            loc.get_attribute("aria-label") or ""
        )
    # Faces of that side shown anywhere on the board are exactly its revealed pieces.
    shown = page.locator(f"#board .piece.side-{side}:not(.back)").count()
    assert shown + len(hidden) == page.locator(f"#board .piece.side-{side}").count()
    if referee:
        expect(page.locator(f".removed .piece.side-{side}:not(.back)")).to_have_count(0)
        expect(page.locator(f"#combat .piece.side-{side}:not(.back)")).to_have_count(0)
    storage = page.evaluate("JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])")
    assert setup not in storage
    if viewer.side == side:
        return
    # A face named in the page (data-code) outside the trays is one of the viewer's own pieces;
    # the trays hold the pieces lost, whose faces are public once a combat showed them (the same
    # code as a hidden piece may lie there), and only "?" for the hidden side in referee mode.
    codes_outside_trays = page.evaluate(
        "[...document.querySelectorAll('[data-code]')].filter((e) => !e.closest('.tray'))"
        ".map((e) => e.dataset.code)"
    )
    assert not set(hidden.values()) & set(codes_outside_trays)
    if referee:
        in_tray = page.evaluate(
            f"[...document.querySelectorAll('.tray.side-{side} [data-code]')].map((e) => e.dataset.code)"
        )
        assert set(in_tray) <= {"?"}


@pytest.mark.parametrize("rules", ["Speak Easy", "Lu Zhan Qi"])
def test_opponent_and_spectator_never_hold_hidden_values(
    server: str, browser: Browser, shots: Path, rules: str
) -> None:
    alice = open_player(browser, "alice")
    bob = open_player(browser, "bob")
    carol = open_player(browser, "carol", locale="fr-FR")
    invite, watch = create_room(alice, server, rules=rules)
    enter_room(alice)
    bob.page.goto(invite)
    carol.page.goto(watch)
    expect(carol.page.locator("#game")).to_be_visible()

    # Setups: alice takes a named opening, bob a random one.
    alice.page.locator("#setup-openings").select_option(label="Fortress")
    expect(alice.page.locator("#setup-ready")).to_be_enabled()
    alice.page.locator("#setup-ready").click()
    bob.page.get_by_role("button", name="Random").click()
    bob.page.locator("#setup-ready").click()

    mover, waiter = to_move([alice, bob])
    for ply in range(1, 11):
        expect(mover.page.locator("#turn")).to_contain_text("Your turn")
        if ply == 1:
            click_move(mover, *FRONT_ATTACK[mover.side])
            expect(carol.page.locator("#combat")).to_be_visible()
            preset = rules.replace(" ", "-").lower()
            carol.page.screenshot(path=shots / f"12-combat-spectator-{preset}.png", full_page=True)
        else:
            any_move(mover)
        for p in (alice, bob, carol):
            expect(p.page.locator("#move-list li:not(.none)")).to_have_count(ply)
        mover, waiter = waiter, mover
    combats = [f["event"]["combat"] for f in carol.frames if (f.get("event") or {}).get("combat")]
    assert combats, "the first move attacks across the front: there is a combat"

    referee = rules == "Lu Zhan Qi"
    for owner, others in ((alice, (bob, carol)), (bob, (alice, carol))):
        setup, hidden = secrets_of(owner)
        assert hidden, "some pieces stay hidden"
        for viewer in others:
            assert_frames_keep_secret(viewer, owner.side, setup, referee)
            assert_dom_keeps_secret(viewer, owner.side, setup, hidden, referee)
    assert (
        json.dumps(carol.frames).count('"role": "spectator"')
        + json.dumps(carol.frames).count('"role":"spectator"')
        >= 1
    )
