"""Rule options in the browser (issue 13): the landing page's "More options" section is made
from the chosen game's ``option_schema`` (a select for an enum, a checkbox for a boolean, a
number box with its bounds for an integer; the preset and the time control have their own
fields), starts at the preset's values, sends only what was changed, says what the game
refused (a 422 with its reason, the option marked) and what is out of bounds before
sending; the room's info line and the lobby name the options that differ from the preset.

Screenshots: test-artifacts/screenshots/45-options-*.png (1366×768 and 390×844).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import open_player
from playwright.sync_api import Browser, Page, Request, expect

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 768}
OWN_FIELDS = {"preset", "time_control"}


def catalogue(page: Page, server: str, name: str) -> dict[str, Any]:
    games = page.request.get(server + "/api/catalogue").json()
    return next(g for g in games if g["name"] == name)


def room_posts(page: Page) -> list[dict[str, Any]]:
    """The bodies of every POST /api/rooms the page sends, in order."""
    bodies: list[dict[str, Any]] = []

    def keep(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/api/rooms"):
            bodies.append(json.loads(request.post_data or "{}"))

    page.on("request", keep)
    return bodies


def choose(page: Page, spec: dict[str, Any], name: str, value: Any) -> None:
    """Pick an enum option's value (by its place in the schema: the words may be the game's)."""
    page.locator(f"#opt-{name}").select_option(str(spec["enum"].index(value)))


def open_options(page: Page, game: str) -> None:
    page.locator(f'input[name="game"][value="{game}"]').check()
    expect(page.locator("#rule-options")).to_be_visible()
    if page.locator("#rule-options").get_attribute("open") is None:
        page.locator("#rule-options summary").click()
    expect(page.locator("#options .option-row").first).to_be_visible()


def test_rule_options_from_the_form_to_the_room(server: str, browser: Browser, shots: Path) -> None:
    alice = open_player(browser, "alice", viewport=LAPTOP)
    page = alice.page
    posts = room_posts(page)
    page.goto(server + "/")
    spies = catalogue(page, server, "spies")
    schema = spies["option_schema"]
    shown = [name for name in schema if name not in OWN_FIELDS]

    # Folded by default; one row per option of the schema but the preset and the clock.
    page.locator('input[name="game"][value="spies"]').check()
    expect(page.locator("#rule-options")).to_be_visible()
    expect(page.locator("#opt-allocation")).to_be_hidden()
    open_options(page, "spies")
    rows = page.locator("#options .option-row")
    expect(rows).to_have_count(len(shown))
    assert [rows.nth(i).get_attribute("data-option") for i in range(rows.count())] == shown
    for name in OWN_FIELDS:
        expect(page.locator(f"#opt-{name}")).to_have_count(0)

    # The control for each type, at the preset's value, its default and bounds said.
    preset = spies["presets"][next(iter(spies["presets"]))]
    for name in shown:
        spec = schema[name]
        control = page.locator(f"#opt-{name}")
        default = preset.get(name, spec.get("default"))
        tag = control.evaluate("(el) => el.tagName + ':' + (el.type || '')")
        if spec["type"] == "boolean":
            assert tag == "INPUT:checkbox", (name, tag)
            assert control.is_checked() == default, name
        elif "enum" in spec:
            assert tag == "SELECT:select-one", (name, tag)
            assert control.locator("option").count() == len(spec["enum"])
            assert control.evaluate("(el) => el.selectedIndex") == spec["enum"].index(default), name
        elif spec["type"] == "integer":
            assert tag == "INPUT:number", (name, tag)
            assert control.input_value() == ("" if default is None else str(default)), name
            if "minimum" in spec:
                assert control.get_attribute("min") == str(spec["minimum"])
            if "maximum" in spec:
                assert control.get_attribute("max") == str(spec["maximum"])
    expect(page.locator('.option-row[data-option="last_year"] .option-help')).to_contain_text("Default: 1939")
    expect(page.locator('.option-row[data-option="last_year"] .option-help')).to_contain_text("1933 to 1939")
    expect(page.locator("#opt-negotiation_yearly")).to_have_attribute("placeholder", "none")
    expect(page.locator("#options .option-row.changed")).to_have_count(0)

    # Three seats, two of them bots: a combination the game refuses (Russia's control by
    # bidding needs two players) is sent, refused with the game's reason, the option marked.
    page.locator("#players").select_option("3")
    page.locator("#seat-1").select_option("basic")
    page.locator("#seat-2").select_option("shrewd")
    choose(page, schema["russia_control"], "russia_control", "bidding")
    expect(page.locator("#options-changed")).to_have_text("(1 changed)")
    page.get_by_role("button", name="Create the room").click()
    error = page.locator("#create-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("The game refused these rule options")
    expect(error).to_contain_text("bidding")
    expect(page.locator('.option-row[data-option="russia_control"]')).to_have_class(
        re.compile(r"\binvalid\b")
    )
    expect(page.locator("#created")).to_be_hidden()
    assert len(posts) == 1 and posts[0]["options"] == {"russia_control": "bidding"}, posts
    page.screenshot(path=shots / "45-options-laptop-refused.png", full_page=True)

    # Out of bounds: said before anything is sent.
    choose(page, schema["russia_control"], "russia_control", "alternate")
    page.locator("#opt-last_year").fill("1920")
    page.get_by_role("button", name="Create the room").click()
    expect(error).to_contain_text("from 1933 to 1939 only")
    expect(page.locator('.option-row[data-option="last_year"]')).to_have_class(re.compile(r"\binvalid\b"))
    page.wait_for_timeout(300)
    assert len(posts) == 1, posts

    # Back to the rules' values, then three changes: only those are sent.
    page.locator("#opt-last_year").fill("1939")
    expect(page.locator("#options .option-row.changed")).to_have_count(0)
    expect(page.locator("#options-reset")).to_be_hidden()
    page.locator("#opt-last_year").fill("1933")
    page.locator("#opt-hidden_money").check()
    choose(page, schema["private_chat"], "private_chat", "always")
    expect(page.locator("#options-changed")).to_have_text("(3 changed)")
    expect(page.locator("#options .option-row.changed")).to_have_count(3)
    page.screenshot(path=shots / "45-options-laptop-form.png", full_page=True)
    page.get_by_role("button", name="Create the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    wanted = {"last_year": 1933, "hidden_money": True, "private_chat": "always"}
    assert posts[-1]["options"] == wanted, posts[-1]
    room_url = page.url

    # The room's info names them (the preset's own values are not repeated).
    options = page.locator("#room-options")
    expect(options.locator("[data-option]")).to_have_count(3, timeout=20_000)
    named = options.locator("[data-option]")
    assert {named.nth(i).get_attribute("data-option") for i in range(3)} == set(wanted)
    expect(options).to_contain_text("1933")
    expect(options).to_be_visible()
    page.screenshot(path=shots / "45-options-laptop-room.png")

    # A browser without a seat: the lobby names them too.
    bob = open_player(browser, "bob", viewport=LAPTOP)
    bob.page.goto(room_url)
    lobby = bob.page.locator("#lobby-options")
    expect(lobby.locator("[data-option]")).to_have_count(3)
    expect(lobby).to_contain_text("1933")
    for p in (alice, bob):
        assert not p.page.context.errors, p.page.context.errors  # type: ignore[attr-defined]


def test_options_follow_the_preset_and_fit_a_phone(server: str, browser: Browser, shots: Path) -> None:
    phone = open_player(browser, "phone", mobile=True)
    page = phone.page
    page.goto(server + "/")

    # Speak Easy's presets set its options: the form starts at the chosen preset's values.
    open_options(page, "speakeasy")
    expect(page.locator("#opt-bar_exit")).to_be_checked()
    page.locator('input[name="preset"][value="luzhanqi"]').check()
    expect(page.locator("#opt-bar_exit")).not_to_be_checked()
    expect(page.locator('.option-row[data-option="bar_exit"] .option-help')).to_contain_text("Default: off")
    page.locator("#opt-bar_exit").check()
    expect(page.locator("#options-changed")).to_have_text("(1 changed)")
    # A change the new preset makes anyway is no change.
    page.locator('input[name="preset"][value="speakeasy"]').check()
    expect(page.locator("#options .option-row.changed")).to_have_count(0)
    page.locator("#options-reset").wait_for(state="hidden")

    # Spies! on a phone: every row inside the width, nothing scrolls sideways.
    open_options(page, "spies")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    rows = page.locator("#options .option-row")
    for i in range(rows.count()):
        box = rows.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390.5, (i, box)
    page.screenshot(path=shots / "45-options-phone-form.png", full_page=True)

    # An emptied number box is the rules' value, shown again once left.
    box = page.locator("#opt-response_timeout")
    box.fill("")
    box.blur()
    expect(box).to_have_value("60")
    expect(page.locator("#options .option-row.changed")).to_have_count(0)

    # In French too.
    page.get_by_role("button", name="Français").click()
    expect(page.locator("#rule-options summary")).to_contain_text("Plus d’options")
    last_year = page.locator('.option-row[data-option="last_year"] .option-help')
    expect(last_year).to_contain_text("Par défaut : 1939")
    assert not page.context.errors, page.context.errors  # type: ignore[attr-defined]
