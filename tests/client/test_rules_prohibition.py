"""Prohibition's rules module (static/games/prohibition/rules.js) in Chromium, and its
diagrams against the engine.

The page is served by Playwright's request routing from the repository's static/ folder,
with the site's Content-Security-Policy, so no server is started: the module must draw both
parts in both languages without an error, stay within a phone's width, name every rule
option the catalogue offers, and every example its diagrams show (rules-scenes.js) must be
what the engine does.
"""

from __future__ import annotations

import mimetypes
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, sync_playwright

from app.security import content_security_policy
from engine.prohibition import ENTRY
from engine.prohibition.board import (
    DOOR_OF_STREET,
    INTER_INDEX,
    SLOT_IDS,
    SLOT_INDEX,
    STREET_IDS,
    STREET_INDEX,
)
from engine.prohibition.data import CHAR_DIE, CHAR_INDEX, COLOURS, NUMBER_DIE, TRUCK_IDS
from engine.prohibition.ending import place_closed_tiles
from engine.prohibition.moves import FORBID, HELP, control
from engine.prohibition.rules import new_state
from engine.prohibition.state import CHARACTER, TRUCK, State
from engine.prohibition.turn import act_character, character_actions, truck_actions

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
CHROMIUM = "/usr/bin/chromium"
ORIGIN = "http://rules.test"
SEED = "00" * 32

HARNESS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rules</title>
<link rel="stylesheet" href="/static/css/style.css">
<script type="module" src="/harness.js"></script>
</head><body><main class="narrow wide" id="rules"></main></body></html>
"""

# Loads the module the way the platform's shell does: its stylesheet linked, then render().
HARNESS_JS = """
const mod = await import("/static/games/prohibition/rules.js");
const link = document.createElement("link");
link.rel = "stylesheet";
link.href = mod.stylesheet;
document.head.append(link);
window.rulesModule = mod;
window.draw = (lang, part) => mod.render(document.getElementById("rules"), { lang, part });
document.body.dataset.ready = "1";
"""

NAMES = {"en": "How to play", "fr": "Comment jouer"}


def plain(text: str) -> str:
    """A text with its no-break spaces as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _serve(route: Route) -> None:
    path = route.request.url.removeprefix(ORIGIN).split("?")[0]
    if path == "/harness.html":
        headers = {"content-security-policy": content_security_policy(ORIGIN)}
        route.fulfill(status=200, body=HARNESS_HTML, content_type="text/html", headers=headers)
        return
    if path == "/harness.js":
        route.fulfill(status=200, body=HARNESS_JS, content_type="text/javascript")
        return
    file = (ROOT / path.lstrip("/")).resolve()
    if not path.startswith("/static/") or not file.is_relative_to(STATIC) or not file.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = {".js": "text/javascript", ".css": "text/css", ".json": "application/json"}.get(
        file.suffix, mimetypes.guess_type(file.name)[0] or "application/octet-stream"
    )
    route.fulfill(status=200, body=file.read_bytes(), content_type=kind)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing and CI is set: run scripts/install-browser.sh")
        pytest.skip(f"{CHROMIUM} is missing (run scripts/install-browser.sh)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield chromium
        chromium.close()


def open_rules(browser: Browser, width: int = 1366, height: int = 768) -> tuple[Page, list[str]]:
    """A page with the module loaded, and the list its console errors go to."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(f"{ORIGIN}/**", _serve)
    page.goto(f"{ORIGIN}/harness.html")
    page.wait_for_selector("body[data-ready='1']")
    return page, errors


def drawn(page: Page, lang: str, part: str) -> dict[str, Any]:
    page.evaluate("([lang, part]) => window.draw(lang, part)", [lang, part])
    facts: dict[str, Any] = page.evaluate(
        """() => {
        const box = document.getElementById("rules");
        return {
          text: box.innerText,
          lang: box.firstElementChild && box.firstElementChild.lang,
          h2: box.querySelectorAll("h2").length,
          h1: box.querySelectorAll("h1").length,
          svg: box.querySelectorAll("svg").length,
          figures: box.querySelectorAll("figure").length,
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          options: [...box.querySelectorAll("h3.pzr-option")].map((h) => [h.dataset.option, h.textContent]),
          values: [...box.querySelectorAll(".pzr-values")].map(
            (dl) => [...dl.querySelectorAll("dt")].map((d) => [d.dataset.value, d.textContent])),
        };
    }"""
    )
    return facts


@pytest.fixture(scope="module")
def laptop(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    page, errors = open_rules(browser)
    yield page, errors
    page.close()


def test_both_parts_in_both_languages(laptop: tuple[Page, list[str]]) -> None:
    page, errors = laptop
    texts = {}
    for lang in ("en", "fr"):
        assert page.evaluate("(lang) => window.rulesModule.title(lang)", lang).startswith(NAMES[lang])
        for part in ("quick", "full"):
            facts = drawn(page, lang, part)
            assert facts["lang"] == lang
            assert facts["h2"] >= 5, (lang, part)
            assert facts["h1"] == 0, "the shell owns the page's h1"
            assert facts["svg"] >= 1 and facts["figures"] >= 1, (lang, part)
            assert len(facts["text"]) > 1500, (lang, part)
            texts[lang, part] = facts["text"]
    assert page.evaluate("window.rulesModule.stylesheet") == "/static/games/prohibition/rules.css"
    for part in ("quick", "full"):
        assert texts["en", part] != texts["fr", part]
        assert "Ness" in texts["fr", part] and "Capone" in texts["en", part]
    assert len(texts["en", "full"]) > 3 * len(texts["en", "quick"])
    # French typography: no plain space before a colon, a semicolon, ! or ?, or inside « ».
    for part in ("quick", "full"):
        fr = texts["fr", part]
        for mark in (" :", " ;", " !", " ?", "« ", " »"):
            assert mark not in fr, (part, mark)
        assert "\u00a0:" in fr
    assert errors == []


def test_render_replaces_what_was_drawn(laptop: tuple[Page, list[str]]) -> None:
    page, _ = laptop
    drawn(page, "en", "full")
    quick = drawn(page, "fr", "quick")
    assert page.evaluate("document.getElementById('rules').children.length") == 1
    assert "jetons Prime" in quick["text"] and "Bonus tokens" not in quick["text"]


def test_every_option_of_the_catalogue_is_explained(laptop: tuple[Page, list[str]]) -> None:
    """Each option the room's form offers, named as the form names it (the module's strings),
    with each of its values in the schema's order and the default marked."""
    page, errors = laptop
    schema = {k: v for k, v in ENTRY.option_schema.items() if k != "preset"}
    words = page.evaluate("async () => (await import('/static/games/prohibition/strings.js')).STRINGS")
    for lang in ("en", "fr"):
        facts = drawn(page, lang, "full")
        names = [name for name, _ in facts["options"]]
        assert sorted(names) == sorted(schema), lang
        enums = [name for name in names if "enum" in schema[name]]
        assert len(facts["values"]) == len(enums)
        headings = dict(facts["options"])
        for name, values in zip(enums, facts["values"], strict=True):
            assert plain(headings[name]) == plain(words[lang][f"option.prohibition.{name}"])
            assert [v for v, _ in values] == list(schema[name]["enum"]), (lang, name)
            marked = [v for v, text in values if text.endswith(("default", "par défaut"))]
            assert marked == [schema[name]["default"]], (lang, name)
            for value, text in values:
                label = plain(words[lang][f"option.prohibition.{name}.value.{value}"])
                assert plain(text).startswith(label), (lang, name, value)
    assert errors == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("part", ["quick", "full"])
def test_a_phone_never_scrolls_sideways(browser: Browser, lang: str, part: str) -> None:
    page, errors = open_rules(browser, 390, 844)
    try:
        facts = drawn(page, lang, part)
        assert facts["scrollWidth"] <= facts["innerWidth"], facts["scrollWidth"]
        assert errors == []
    finally:
        page.close()


# -- the diagrams' examples against the engine ----------------------------------------------------
SCENES_JS = """async (configs) => {
  const scenes = await import("/static/games/prohibition/rules-scenes.js");
  const { buildCity } = await import("/static/games/prohibition/city.js");
  const city = buildCity(await (await fetch("/static/games/prohibition/data.json")).json());
  const chains = Object.fromEntries(scenes.SCENES.drive.routes.map((r) =>
    [r.action, scenes.chainStreets(city, scenes.SCENES.drive.trucks[0].street, r.via, r.to)]));
  return {
    scenes: scenes.SCENES,
    chains,
    control: configs.map(([chars, range]) => scenes.controlMap(city, chars, range)),
  };
}"""


def scene_state(trucks: list[dict[str, Any]], chars: dict[str, str]) -> State:
    """A four-player state with the trucks and characters of a scene, the others off the board."""
    state = new_state(SEED, None, 4)
    for tr in trucks:
        truck = state.trucks[TRUCK_IDS.index(tr["id"])]
        truck.street = STREET_INDEX[tr["street"]]
        truck.cargo = [int(tr["cubes"].get(c, 0)) for c in COLOURS]
        truck.loaded = True
    for c, at in chars.items():
        state.chars[CHAR_INDEX[c]] = INTER_INDEX[at]
    state.round, state.slot = 1, 1
    return state


@pytest.fixture(scope="module")
def scenes(laptop: tuple[Page, list[str]]) -> dict[str, Any]:
    page, _ = laptop
    rng = random.Random(7)
    inters = list(INTER_INDEX)
    configs: list[list[Any]] = [
        [{"N": "D4", "C": "G4"}, "line"],
        [{"N": "D4"}, "line"],
        [{"N": "D4"}, "touching"],
        [{"N": "B2", "P": "F2", "C": "D2"}, "line"],
    ]
    for i in range(60):
        placed = rng.sample(inters, 3)
        chars = {c: at for c, at in zip("NPC", placed, strict=True) if rng.random() < 0.8}
        configs.append([chars, ("line", "touching")[i % 2]])
    result: dict[str, Any] = page.evaluate(SCENES_JS, configs)
    result["configs"] = configs
    return result


def test_control_drawn_is_the_engines(scenes: dict[str, Any]) -> None:
    words = {FORBID: "forbid", HELP: "help"}
    for (chars, reach), drawn_map in zip(scenes["configs"], scenes["control"], strict=True):
        state = scene_state([], chars)
        state.options = {**state.options, "control_range": reach}
        engine_map = {s: words.get(control(state, n), "none") for n, s in enumerate(STREET_IDS)}
        assert drawn_map == engine_map, (chars, reach)
    marks = scenes["scenes"]["control"]["marks"]
    first = scenes["control"][0]
    assert all(first[street] == rule for street, rule in marks.items())


def test_drive_example_is_legal(scenes: dict[str, Any]) -> None:
    scene = scenes["scenes"]["drive"]
    state = scene_state(scene["trucks"], scene["chars"])
    state.active, state.phase = TRUCK_IDS.index(scene["trucks"][0]["id"]), TRUCK
    legal = truck_actions(state)
    distance = {"w": 3, "k": 2, "b": 1}
    for route in scene["routes"]:
        assert route["action"] in legal, route
        chain = scenes["chains"][route["action"]]
        assert None not in chain and len(set(chain)) == len(chain), chain
        assert len(chain) - 1 == distance[route["cube"]] == len(route["via"])
        assert DOOR_OF_STREET[STREET_INDEX[route["to"]]] == SLOT_INDEX[route["bar"]]


def test_contact_example_is_what_ness_does(scenes: dict[str, Any]) -> None:
    scene = scenes["scenes"]["contact"]
    state = scene_state(scene["trucks"], scene["chars"])
    face, number = scene["dice"]
    state.dice = (
        next(i for i, f in enumerate(CHAR_DIE) if f == tuple(CHAR_INDEX[c] for c in face)),
        NUMBER_DIE.index(number),
    )
    state.active, state.phase = 1, CHARACTER
    move = scene["move"]
    assert move["action"] in character_actions(state)
    assert move["path"][0] == scene["chars"][move["char"]] and len(move["path"]) == number + 1
    before = len(state.entries)
    act_character(state, CHAR_INDEX[move["char"]], INTER_INDEX[move["path"][-1]])
    assert [e.text for e in state.entries[before:]] == scene["events"]


def test_closed_example_closes_that_bar(scenes: dict[str, Any]) -> None:
    scene = scenes["scenes"]["closed"]
    state = scene_state([], {})
    for slot, bar in scene["bars"].items():
        state.bar_colour[SLOT_INDEX[slot]] = COLOURS.index(bar["colour"])
        state.bar_count[SLOT_INDEX[slot]] = bar["count"]
    place_closed_tiles(state)
    assert [SLOT_IDS[n] for n in state.closed] == scene["closes"]
