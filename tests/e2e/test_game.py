"""A whole game in the browser: two players and a spectator, from the landing page to the
result and a rematch (issue 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_pages import (
    FRONT_ATTACK,
    SocketSwitch,
    any_move,
    click_move,
    create_room,
    drag_move,
    open_player,
    own_pieces_shown,
    ply_count,
    setup_by_drag,
    setup_for,
    to_move,
    wait_my_turn,
)
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


@pytest.mark.heavy
def test_two_players_and_a_spectator_play_a_game(server: str, browser: Browser, shots: Path) -> None:
    alice = open_player(browser, "alice")
    bob = open_player(browser, "bob", mobile=True)
    network = SocketSwitch(bob.page)
    carol = open_player(browser, "carol", locale="fr-FR")

    # 1. Landing: alice creates a room and gets the two links.
    invite, watch = create_room(alice, server)
    assert re.search(r"/i/[\w-]{20,}$", invite) and re.search(r"/w/[\w-]{20,}$", watch)
    alice.page.screenshot(path=shots / "01-landing-created.png", full_page=True)
    alice.page.get_by_role("link", name="Enter the room").click()
    expect(alice.page.locator("#invite")).to_contain_text("Waiting for your opponent")
    expect(alice.page.locator("#invite-url")).to_have_value(invite)

    # 2. Bob opens the invite link and takes the seat; carol watches (in French).
    bob.page.goto(invite)
    expect(bob.page).to_have_url(re.compile(r"/r/[\w-]+$"))
    expect(bob.page.locator("#setup")).to_be_visible()
    carol.page.goto(watch)
    expect(carol.page.locator("#turn")).to_contain_text("Les joueurs placent leurs pièces")
    expect(carol.page.locator("#viewers")).to_contain_text("1")
    expect(alice.page.locator("#invite")).to_be_hidden()
    assert {alice.side, bob.side} == {"s", "n"}
    assert carol.side == ""

    # 3. Setup: alice by drag and drop; the client explains a refusal before sending.
    expect(alice.page.locator("#setup-ready")).to_be_disabled()
    placement = setup_for(alice.side)
    setup_by_drag(alice, placement)
    assert own_pieces_shown(alice) == placement
    expect(alice.page.locator("#setup-problems")).to_contain_text("This setup is valid")
    speakeasy = next(sq for sq, code in placement.items() if code == "S")
    front = "c6" if alice.side == "s" else "c7"
    alice.loc(speakeasy).click()
    alice.loc(front).click()  # click-to-swap puts the Speakeasy on the front rank
    problems = alice.page.locator("#setup-problems")
    expect(problems).to_contain_text("The Speakeasy must stand on one of your two bars")
    expect(alice.page.locator("#setup-ready")).to_be_disabled()
    alice.page.screenshot(path=shots / "02-setup-refused.png", full_page=True)
    alice.loc(front).click()
    alice.loc(speakeasy).click()  # and back
    expect(alice.page.locator("#setup-ready")).to_be_enabled()
    alice.page.get_by_placeholder("Name for this setup").fill("my fortress")
    alice.page.get_by_role("button", name="Save").click()
    expect(alice.page.locator("#setup-problems")).to_contain_text("Setup saved in this browser")
    alice.page.screenshot(path=shots / "03-setup-drag-done.png", full_page=True)
    alice.page.locator("#setup-ready").click()
    expect(alice.page.locator("#turn")).to_contain_text("Setup sent")

    # Bob: a random setup.
    bob.page.get_by_role("button", name="Random").click()
    expect(bob.page.locator("#setup-problems")).to_contain_text("This setup is valid")
    bob.page.screenshot(path=shots / "04-setup-random-phone.png", full_page=True)
    bob.page.locator("#setup-ready").click()

    # 4. Play. Whoever was drawn first attacks across the front: a combat on move 1.
    first, second = to_move([alice, bob])
    expect(carol.page.locator("#turn")).to_contain_text(re.compile("Au tour de (Sud|Nord)"))
    for p in (alice, bob):
        expect(p.page.locator(".clock").first).to_have_text(re.compile(r"^\d+:\d\d$"))
    frm, to = FRONT_ATTACK[first.side]
    click_move(first, frm, to)
    for p in (alice, bob, carol):
        expect(p.page.locator("#combat")).to_be_visible()
        expect(p.page.locator("#combat .fled, #combat .stays")).to_have_count(2)
        expect(p.page.locator("#move-list li")).to_have_count(1)
    # Both faces are shown to everyone (Speak Easy rules), in each viewer's language.
    expect(alice.page.locator("#combat figcaption")).not_to_contain_text(["hidden piece", "hidden piece"])
    expect(carol.page.locator("#combat")).to_contain_text("attaquant")
    expect(carol.page.locator(".removed-piece").first).to_be_visible()
    expect(first.page.locator(f'#board [data-name="{to}"]')).to_have_class(re.compile(r"\blast\b"))
    first.page.screenshot(path=shots / "05-combat.png", full_page=True)

    # The second player answers by dragging a piece; then a few moves each.
    wait_my_turn(second)
    piece = second.page.locator("#board .loc:has(.piece[data-drag])").first
    frm2 = piece.get_attribute("data-name") or ""
    second.loc(frm2).click()
    to2 = second.page.locator("#board .loc.target").first.get_attribute("data-name") or ""
    second.loc(frm2).click()  # deselect, then drag
    drag_move(second, frm2, to2)
    expect(second.page.locator("#move-list li")).to_have_count(2)
    mover, waiter = first, second
    for ply in range(3, 7):
        wait_my_turn(mover)
        any_move(mover)
        expect(waiter.page.locator("#move-list li")).to_have_count(ply)
        mover, waiter = waiter, mover
    mid = ((alice, "06-mid-game-alice"), (bob, "07-mid-game-bob-phone"), (carol, "08-mid-game-spectator-fr"))
    for p, name in mid:
        p.page.screenshot(path=shots / f"{name}.png", full_page=True)

    # 5. Bob reloads his page mid-game: everything comes back, and the game goes on.
    plies = ply_count(bob)
    bob.page.reload()
    expect(bob.page.locator("#move-list li")).to_have_count(plies)
    expect(bob.page.locator("#board .piece")).not_to_have_count(0)
    mover = bob if re.search("Your turn", bob.page.locator("#turn").text_content() or "") else alice
    waiter = alice if mover is bob else bob
    wait_my_turn(mover)
    any_move(mover)
    for p in (alice, bob, carol):
        expect(p.page.locator("#move-list li")).to_have_count(plies + 1)

    # 6. Bob's network drops: he sees it, alice sees him gone; the game goes on when he is back
    # (his socket resumes from the last version it saw).
    network.cut()
    expect(bob.page.locator("#conn")).to_contain_text("reconnecting")
    expect(alice.page.locator("#seats-top")).to_contain_text("disconnected")
    expect(carol.page.locator(f"#seats-{'bottom' if bob.side == 's' else 'top'}")).to_contain_text(
        "déconnecté"
    )
    # Alice may claim the win once the grace period is over: the button counts it down, and
    # claiming early gets the server's own reason, not "That move is not allowed".
    claim = alice.page.locator("#claim")
    expect(claim).to_have_text(re.compile(r"^Claim the win in 0:[0-5]\d$"))
    errors_before = sum(1 for f in alice.frames if f.get("type") == "error")
    claim.click()
    toast = alice.page.locator("#toast")
    expect(toast).to_contain_text("Not possible: ")
    refusal = [f for f in alice.frames if f.get("type") == "error"][errors_before]
    expect(toast).to_have_text(f"Not possible: {refusal['message']}")
    assert "not allowed" not in (toast.text_content() or "")
    alice.page.screenshot(path=shots / "08b-claim-refused.png")
    mover = bob if re.search("Your turn", bob.page.locator("#turn").text_content() or "") else alice
    any_move(mover)  # alice's move is replayed to bob; bob's waits and is sent on reconnect
    network.restore()
    expect(bob.page.locator("#conn")).to_contain_text("Reconnected", timeout=20_000)
    expect(alice.page.locator("#seats-top")).to_contain_text("online")
    for p in (alice, bob, carol):
        expect(p.page.locator("#move-list li")).to_have_count(plies + 2)
    assert isinstance(network.hellos[-1]["last_version"], int) and network.hellos[-1]["last_version"] > 0

    # 7. A draw offer, declined.
    alice.page.get_by_role("button", name="Offer a draw").click()
    expect(bob.page.locator("#offer")).to_contain_text("Your opponent offers a draw")
    bob.page.get_by_role("button", name="Decline").click()
    expect(bob.page.locator("#offer")).to_be_hidden()
    expect(alice.page.get_by_role("button", name="Offer a draw")).to_be_enabled()

    # 8. Bob resigns: the result and the final reveal on every page.
    bob.page.once("dialog", lambda d: d.accept())
    bob.page.get_by_role("button", name="Resign").click()
    expect(alice.page.locator("#result-head")).to_have_text("You won!")
    expect(bob.page.locator("#result-head")).to_have_text("You lost.")
    winner = "Sud" if alice.side == "s" else "Nord"
    expect(carol.page.locator("#result-head")).to_have_text(f"Victoire : {winner}.")
    expect(carol.page.locator("#result-reason")).to_have_text("par abandon")
    for p in (alice, bob, carol):
        expect(p.page.locator("#board .piece.back")).to_have_count(0)
    # The record, and "verify this game" when the server serves the JSON record: the browser
    # replays it with the engine's verifier (tests/e2e/test_verify.py tests it further).
    href = alice.page.locator("#record-link").get_attribute("href") or ""
    assert alice.page.request.get(server + href).ok
    if alice.page.request.get(server + href + ".json").ok:
        alice.page.locator("#verify").click()
        expect(alice.page.locator("#verify-result")).to_have_text(
            "Verified: seed, state commitment, every chance draw and the result.", timeout=90_000
        )
    else:
        expect(alice.page.locator("#verify")).to_have_count(0)
    # The score across the room's games, counted by each player's page.
    expect(alice.page.locator("#score-line")).to_have_text("You 1 — 0 Opponent")
    expect(bob.page.locator("#score-line")).to_have_text("You 0 — 1 Opponent")
    expect(carol.page.locator("#score")).to_be_hidden()
    for p, name in ((alice, "09-end-alice"), (bob, "10-end-bob-phone"), (carol, "11-end-spectator-fr")):
        p.page.screenshot(path=shots / f"{name}.png", full_page=True)

    # 9. Rematch: offered by alice, accepted by bob; sides swap and setup starts again.
    old_seat = alice.seat
    alice.page.get_by_role("button", name="Rematch").click()
    expect(bob.page.locator("#offer")).to_contain_text("Your opponent wants a rematch")
    bob.page.get_by_role("button", name="Accept the rematch").first.click()
    for p in (alice, bob):
        expect(p.page.locator("#setup")).to_be_visible()
    expect(alice.page.locator("body")).not_to_have_attribute("data-seat", old_seat)
    expect(alice.page.locator("#room-info")).to_have_text(
        "Speak Easy (the rulebook) · 10 min + 5 s per turn · game 2"
    )
    expect(alice.page.locator("#score-line")).to_have_text("You 1 — 0 Opponent")
    expect(bob.page.locator("#score-line")).to_have_text("You 0 — 1 Opponent")
    # Alice's saved setup comes back, turned to her new side.
    alice.page.locator("#setup-saved").select_option(label="my fortress")
    expect(alice.page.locator("#setup-ready")).to_be_enabled()
    assert own_pieces_shown(alice) == setup_for(alice.side)

    # Game actions travel in the act envelope to a server that speaks version 2 (its welcome
    # names the game), as version-1 setup/move frames to one that does not.
    for p in (alice, bob):
        types = {f.get("type") for f in p.sent}
        if any(f.get("type") == "welcome" and isinstance(f.get("game"), dict) for f in p.frames):
            assert "act" in types and not types & {"setup", "move"}, types
            moves = [f for f in p.sent if f.get("type") == "act" and f["action"]["type"] == "move"]
            assert moves and all(isinstance(f.get("version"), int) for f in moves)
        else:
            assert {"setup", "move"} <= types and "act" not in types, types

    for p in (alice, bob, carol):
        assert not p.page.context.errors, p.page.context.errors  # type: ignore[attr-defined]
