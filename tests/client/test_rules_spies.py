"""Spies!'s rules module (static/games/spies/rules.js) in a real browser.

A small server of the test's own serves the repository's ``static/`` folder, the data pack
the game module reads (``/api/catalogue/spies/data``, as the catalogue serves it) and a
harness page that imports the module and calls ``render`` into a page-wide box and into a
drawer-wide box, all under the site's Content-Security-Policy (no inline script or style:
a violation is a console error here). The tests check the contract of the platform's rules
pages: a title per language, ``render`` for both languages and both parts draws h2
headings and SVG pictures, the French text is French (with its non-breaking spaces), the
full rules explain every option of the game's option schema, and nothing overflows a phone.
"""

from __future__ import annotations

import json
import mimetypes
import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from app.security import content_security_policy
from engine.spies.data import RAW
from engine.spies.entry import ENTRY

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

HARNESS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/style.css">
<link rel="icon" href="data:,">
<script type="module" src="/harness.js"></script>
</head><body class="rules-page"><main class="narrow wide" id="page"></main>
<aside id="drawer"></aside></body></html>
"""

# ?lang=en|fr&part=quick|full; the module's stylesheet is linked as the platform's shell does.
HARNESS_JS = """
const q = new URLSearchParams(location.search);
const lang = q.get("lang") || "en";
const part = q.get("part") || "full";
const mod = await import("/static/games/spies/rules.js");
const link = document.createElement("link");
link.rel = "stylesheet";
link.href = mod.stylesheet;
const styled = new Promise((resolve) => link.addEventListener("load", resolve));
document.head.append(link);
await styled;
const page = document.getElementById("page");
const heading = document.createElement("h1");
heading.textContent = mod.title(lang);
const box = document.createElement("div");
box.id = "rules";
page.replaceChildren(heading, box);
mod.render(box, { lang, part });
window.rulesModule = mod;
document.documentElement.dataset.ready = "1";
"""


class _Handler(BaseHTTPRequestHandler):
    origin = ""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", content_security_policy(self.origin))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path == "/harness.html":
            return self._send(200, HARNESS_HTML.encode(), "text/html; charset=utf-8")
        if path == "/harness.js":
            return self._send(200, HARNESS_JS.encode(), "text/javascript; charset=utf-8")
        if path == "/api/catalogue/spies/data":
            return self._send(200, json.dumps(RAW).encode(), "application/json")
        if path.startswith("/static/"):
            file = (STATIC / path[len("/static/") :]).resolve()
            if file.is_file() and STATIC.resolve() in file.parents:
                kind = (
                    "text/javascript"
                    if file.suffix in (".js", ".mjs")
                    else mimetypes.guess_type(file.name)[0]
                )
                return self._send(200, file.read_bytes(), kind or "application/octet-stream")
        return self._send(404, b"not found", "text/plain")


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    _Handler.origin = url
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing and CI is set: run scripts/install-browser.sh")
        pytest.skip(f"{CHROMIUM} is missing (run scripts/install-browser.sh)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def open_rules(
    chromium: Any, site: str, lang: str, part: str, width: int = 1366, height: int = 768
) -> tuple[Any, list[str]]:
    page = chromium.new_page(viewport={"width": width, "height": height})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{site}/harness.html?lang={lang}&part={part}")
    page.wait_for_selector("html[data-ready='1']", timeout=20000)
    return page, problems


def summary(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        """() => {
          const box = document.getElementById("rules");
          return {
            title: document.querySelector("h1").textContent,
            text: box.innerText,
            h2: [...box.querySelectorAll("h2")].map((n) => n.textContent),
            svgs: box.querySelectorAll("svg").length,
            mapCities: box.querySelectorAll("[data-figure='map'] .city").length,
            options: [...box.querySelectorAll("[data-option]")].map((n) => n.dataset.option),
            overflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        }"""
    )
    return result


@pytest.mark.parametrize("part", ["quick", "full"])
def test_both_languages_render_the_part(chromium: Any, site: str, part: str) -> None:
    seen: dict[str, dict[str, Any]] = {}
    for lang in ("en", "fr"):
        page, problems = open_rules(chromium, site, lang, part)
        info = summary(page)
        page.close()
        assert not problems, problems
        assert info["h2"], f"{lang}/{part}: no h2 heading"
        assert info["svgs"] >= 1, f"{lang}/{part}: no picture"
        assert len(info["text"]) > (800 if part == "quick" else 15000), f"{lang}/{part} is too short"
        seen[lang] = info
    assert seen["en"]["title"] == "How to play Spies!"
    assert seen["fr"]["title"] == "Comment jouer à Spies!"
    assert seen["en"]["text"] != seen["fr"]["text"]
    assert not set(seen["en"]["h2"]) & set(seen["fr"]["h2"]), "a heading is the same in both languages"
    assert "Le but" in seen["fr"]["h2"] and "The aim" in seen["en"]["h2"]
    # French typography: no plain space before ; : ! ? nor inside « »
    for bad in (" ;", " :", " !", " ?", "« ", " »"):
        assert bad not in seen["fr"]["text"], f"French text has {bad!r}"


def test_full_rules_explain_every_option_and_draw_the_map(chromium: Any, site: str) -> None:
    schema = set(ENTRY.option_schema)
    for lang in ("en", "fr"):
        page, problems = open_rules(chromium, site, lang, "full")
        info = summary(page)
        page.close()
        assert not problems, problems
        assert set(info["options"]) == schema, f"{lang}: options {set(info['options']) ^ schema}"
        assert info["mapCities"] == len(RAW["cities"])
        assert info["svgs"] >= 10
    # the numbers are the data pack's: every chit's name and its cost, the multipliers
    page, _ = open_rules(chromium, site, "en", "full")
    rows = page.eval_on_selector_all(
        ".sp-rules-chits tbody tr",
        "rows => rows.map(r => [r.dataset.chit, r.cells[1].textContent, r.cells[2].textContent])",
    )
    years = page.eval_on_selector_all(
        ".sp-rules-multipliers tbody td", "cells => cells.map(c => c.textContent)"
    )
    page.close()
    assert [r[0] for r in rows] == [c["id"] for c in RAW["action_chits"]]
    for (_, count, cost), chit in zip(rows, RAW["action_chits"], strict=True):
        assert count == str(chit["count"]) and cost.startswith(f"£{chit['cost_gbp']}")
    assert years == [f"×{m}" for m in RAW["victory_record"]["multipliers"]["G"].values()]


@pytest.mark.parametrize("part", ["quick", "full"])
def test_no_overflow_on_a_phone(chromium: Any, site: str, part: str) -> None:
    for lang in ("en", "fr"):
        page, problems = open_rules(chromium, site, lang, part, 390, 844)
        info = summary(page)
        page.close()
        assert not problems, problems
        assert info["overflow"] <= 0, f"{lang}/{part}: {info['overflow']} px wider than a phone"


def test_render_again_replaces_the_content(chromium: Any, site: str) -> None:
    page, problems = open_rules(chromium, site, "en", "full")
    counts = page.evaluate(
        """() => {
          const box = document.getElementById("rules");
          const m = window.rulesModule;
          m.render(box, { lang: "fr", part: "quick" });
          const quick = [
            box.children.length, box.querySelectorAll("h2").length, box.innerText.includes("Le but"),
          ];
          m.render(box, { lang: "en", part: "full" });
          return [quick, box.children.length, document.querySelectorAll(".sp-rules").length];
        }"""
    )
    page.close()
    assert not problems, problems
    assert counts[0][0] == 1 and counts[0][1] >= 3 and counts[0][2]
    assert counts[1] == 1 and counts[2] == 1


def test_contents_buttons_scroll_to_their_section(chromium: Any, site: str) -> None:
    """The contents are buttons, not links (the room's address must stay as it is)."""
    page, problems = open_rules(chromium, site, "fr", "full", 390, 844)
    assert page.locator(".sp-rules-toc a").count() == 0
    url = page.url
    page.locator('.sp-rules-toc button[data-to="options"]').click()
    page.wait_for_function(
        """() => {
          const top = document.querySelector('[data-section="options"]').getBoundingClientRect().top;
          return top >= 0 && top < window.innerHeight / 2;
        }"""
    )
    assert page.url == url
    page.close()
    assert not problems, problems
