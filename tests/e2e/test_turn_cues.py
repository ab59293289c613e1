"""When it becomes your turn while the page is in a background tab (issue 10, item 8): a
sound unless muted (the switch is kept in localStorage), the page title, and a browser
notification for a player who asked for them. The browser's own Web Audio and Notification
are watched, not replaced: the test counts the oscillators started and the notifications made."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_pages import Player, any_move, open_player, ply_count, start_bot_game, wait_bot_answer, wait_my_turn
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

# The tab's visibility as the page reads it (a headless tab is always "visible"), and a
# count of the chimes' oscillators and of the notifications.
WATCH = """
let hidden = false;
window.__setHidden = (h) => { hidden = h; document.dispatchEvent(new Event("visibilitychange")); };
Object.defineProperty(Document.prototype, "visibilityState", {
  get() { return hidden ? "hidden" : "visible"; },
});
Object.defineProperty(Document.prototype, "hidden", { get() { return hidden; } });
window.__oscillators = 0;
const make = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.__oscillators += 1; return make.call(this); };
window.__notes = [];
window.Notification = new Proxy(window.Notification, {
  construct(target, args) { window.__notes.push(args[0]); return new target(...args); },
});
"""


def counts(page: Page) -> list[int]:
    return list(page.evaluate("[window.__oscillators, window.__notes.length]"))


def move_while_away(page: Page, human: Player) -> None:
    """Play, hide the tab, and wait for the computer's answer to make it our turn again."""
    wait_my_turn(human)
    before = ply_count(human)
    page.evaluate("window.__setHidden(true)")  # before the move: the computer answers at once
    any_move(human)
    wait_bot_answer(human, before)
    wait_my_turn(human)


def test_your_turn_in_a_background_tab(server: str, browser: Browser, shots: Path) -> None:
    human = open_player(browser, "human")
    page = human.page
    page.context.grant_permissions(["notifications"], origin=server)
    page.add_init_script(WATCH)
    start_bot_game(human, server)

    expect(page.locator("#sound-switch")).to_have_text("♪ Sound on")
    page.locator("#notify-switch").click()
    expect(page.locator("#notify-switch")).to_have_text("Notifications on")

    # Away when the computer answers: a chime, the title, a notification.
    move_while_away(page, human)
    page.wait_for_function("() => window.__notes.length >= 1")
    oscillators, notes = counts(page)
    assert oscillators >= 2 and notes == 1
    assert page.title().startswith("● Your turn")
    assert page.evaluate("window.__notes[0]") == "Your turn"

    # In view again; the sound is switched off, and the switch is remembered.
    page.evaluate("window.__setHidden(false)")
    page.locator("#sound-switch").click()
    expect(page.locator("#sound-switch")).to_have_text("♪ Sound off")
    assert page.evaluate("localStorage.getItem('speakeasy.sound')") == "off"
    move_while_away(page, human)
    page.wait_for_function("() => window.__notes.length >= 2")
    assert counts(page) == [oscillators, 2], "muted: a notification, no sound"
    page.evaluate("window.__setHidden(false)")

    page.reload()
    expect(page.locator("#sound-switch")).to_have_text("♪ Sound off")
    expect(page.locator("#notify-switch")).to_have_text("Notifications on")
    page.screenshot(path=shots / "32-turn-cues.png")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
