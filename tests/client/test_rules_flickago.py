"""Flickago's rules module (static/games/flickago/rules.js) in Chromium, without Node.

The module is loaded as the rules shell loads it (``import()``, then ``title`` and
``render``) in a page served with the site's Content-Security-Policy. Each part renders in
both languages at a phone's and a laptop's width, with headings, diagrams, no error and no
horizontal overflow; French is French and typeset as such; every rule option and preset of
the catalogue is explained; and the examples the diagrams draw are judged as the engine
judges them (end-of-shot eliminations, scores, the options shown on examples).
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from engine.catalogue import entry
from engine.flickago.options import defaults
from engine.flickago.rules import free_stars, resolve
from engine.flickago.scoring import disc_points, inspector_points, score

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# The site's policy (app/security.py) as far as a static page needs it.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'"
)
HARNESS = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>rules</title><link rel="stylesheet" href="/static/css/style.css"><link rel="icon" href="data:,">
</head><body><main class="wide"><div id="rules"></div></main></body></html>
"""
SIZES = {"phone": (390, 844), "laptop": (1366, 768)}

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists() and not os.environ.get("CI"), reason=f"{CHROMIUM} is missing"
    ),
]


class _Handler(SimpleHTTPRequestHandler):
    """The repository's static files, the harness page, and the site's CSP on everything."""

    def do_GET(self) -> None:
        if self.path.split("?")[0] == "/harness":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(HARNESS)))
            self.end_headers()
            self.wfile.write(HARNESS)
            return
        if not self.path.startswith("/static/"):
            self.send_error(404)
            return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(ROOT)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


RENDER = """async ([lang, part]) => {
  const rules = await import("/static/games/flickago/rules.js");
  const box = document.getElementById("rules");
  rules.render(box, { lang, part });
  const root = box.firstElementChild;
  const sheets = [...document.querySelectorAll("link[rel=stylesheet]")];
  await Promise.all(sheets.map((l) => l.sheet || new Promise((ok) => l.addEventListener("load", ok))));
  return {
    title: rules.title(lang),
    stylesheet: rules.stylesheet,
    text: root.textContent,
    lang: root.lang,
    h2: [...root.querySelectorAll("h2")].map((h) => h.textContent),
    h1: root.querySelectorAll("h1").length,
    svgs: root.querySelectorAll("svg").length,
    figures: [...root.querySelectorAll("[data-figure]")].map((f) => f.dataset.figure),
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  };
}"""


def open_page(browser: Browser, site: str, size: str = "laptop") -> tuple[Page, list[str]]:
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{m.type}: {m.text}") if m.type in NOISY else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.add_init_script(REPORT_CSP)
    page.goto(f"{site}/harness")
    return page, problems


NOISY = ("error", "warning")
REPORT_CSP = """document.addEventListener("securitypolicyviolation",
  (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`))"""
FIGURES = {"pieces", "board", "shot", "resolution", "scoring", "hqOption", "offOption"}
OPTIONS = """() => ({
  listed: [...document.querySelectorAll("li[data-option]")]
    .map((li) => [li.dataset.option, li.dataset.value, li.textContent.trim().length]),
  blocks: [...document.querySelectorAll("div.fgr-option[data-option]")].map((d) => d.dataset.option),
  standard: Object.fromEntries([...document.querySelectorAll("li[data-option]")]
    .filter((li) => li.querySelector(".fgr-standard"))
    .map((li) => [li.dataset.option, li.dataset.value])),
})"""
PIECES = """(name) => Object.fromEntries(
  [...document.querySelectorAll(`[data-figure="${name}"] svg [data-piece]`)]
    .map((g) => [g.dataset.piece, {...g.dataset}]))"""
FREE_STARS = """() => [...document.querySelectorAll('[data-figure="resolution"] [data-free-star]')]
  .map((s) => s.dataset.freeStar)"""
CAPTION = """(name) => document.querySelector(`[data-figure="${name}"] .fgr-caption`).textContent"""
VERDICTS = """(name) => [...document.querySelectorAll(`[data-figure="${name}"] tbody tr`)]
  .map((tr) => [...tr.querySelectorAll("td")].map((td) => td.className))"""
STYLESHEETS = """() => document.querySelectorAll('link[href="/static/games/flickago/rules.css"]').length"""


def render(page: Page, lang: str, part: str) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(RENDER, [lang, part])
    return result


@pytest.mark.parametrize("size", list(SIZES))
def test_each_part_in_each_language_renders(browser: Browser, site: str, size: str) -> None:
    page, problems = open_page(browser, site, size)
    texts: dict[tuple[str, str], str] = {}
    for lang in ("en", "fr"):
        for part in ("quick", "full"):
            got = render(page, lang, part)
            texts[lang, part] = got["text"]
            assert got["title"] == {"en": "How to play Flickago", "fr": "Comment jouer à Flickago"}[lang]
            assert got["stylesheet"] == "/static/games/flickago/rules.css"
            assert got["lang"] == lang
            assert got["h1"] == 0, "the shell owns the page's h1"
            assert len(got["h2"]) >= (4 if part == "quick" else 8), got["h2"]
            assert got["svgs"] >= 1
            assert len(got["text"]) > (1000 if part == "quick" else 8000)
            assert "{" not in got["text"], "a number of the text was left unfilled"
            assert got["scrollWidth"] <= got["innerWidth"], f"{lang} {part} overflows at {size}"
            if part == "full":
                assert set(got["figures"]) >= FIGURES
            else:
                assert got["figures"] == ["quickBoard"]
    assert page.evaluate(STYLESHEETS) == 1, "the stylesheet is added once"
    page.close()
    assert not problems, problems
    for part in ("quick", "full"):
        assert texts["en", part] != texts["fr", part]
        assert "Safe Return zone" in texts["en", part] and "zone de retour au QG" in texts["fr", part]
        assert "zone de retour" not in texts["en", part] and "Safe Return" not in texts["fr", part]


def test_french_is_typeset(browser: Browser, site: str) -> None:
    """No plain space before a French ; : ! ? %, nor inside « », and typographic apostrophes."""
    page, problems = open_page(browser, site)
    for part in ("quick", "full"):
        # The rendered text holds the diagrams' titles too (strings.js, typeset by the module).
        text = render(page, "fr", part)["text"]
        for bad in (" :", " ;", " !", " ?", " %", "« ", " »", "'"):
            assert bad not in text, f"{bad!r} in the French rules ({part})"
        assert "\u00a0:" in text and "\u202f;" in text
    page.close()
    assert not problems, problems


def test_every_option_and_preset_of_the_catalogue_is_explained(browser: Browser, site: str) -> None:
    game = entry("flickago")
    page, problems = open_page(browser, site)
    for lang in ("en", "fr"):
        render(page, lang, "full")
        found = page.evaluate(OPTIONS)
        listed, blocks = found["listed"], found["blocks"]
        values = {(name, value) for name, value, _ in listed}
        assert all(length > len(value) + 10 for _, value, length in listed), "a value without its explanation"
        for name, schema in game.option_schema.items():
            assert name in blocks, f"option {name} is not explained ({lang})"
            for value in schema.get("enum", []):
                assert (name, value) in values, f"{name}={value} is not explained ({lang})"
        assert {value for name, value in values if name == "preset"} == set(game.presets)
        assert "time_control" in blocks
        assert found["standard"] == {
            name: value for name, value in defaults().items() if isinstance(value, str)
        }
    page.close()
    assert not problems, problems


def _pieces(page: Page, figure: str) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = page.evaluate(PIECES, figure)
    return found


def test_the_diagrams_examples_are_judged_as_the_engine_judges_them(browser: Browser, site: str) -> None:
    page, problems = open_page(browser, site)
    render(page, "en", "full")
    standard = defaults()

    # After a shot: what the end-of-shot rules take off, and the stars the chooser may pick.
    shown = _pieces(page, "resolution")
    rest = {piece: [float(d["x"]), float(d["y"])] for piece, d in shown.items()}
    removed, eliminated, aside = resolve(rest, [], standard)
    engine = dict.fromkeys(rest, "") | dict(eliminated) | dict.fromkeys(aside, "capture")
    assert {piece: d["outcome"] for piece, d in shown.items()} == engine
    # What the legend tells: two discs captured with I2, one in the HQ, one on the edge kept, one off.
    told = {"wF2": "capture", "bT4": "capture", "I2": "capture", "wT5": "hq", "wT7": "off"}
    assert engine == dict.fromkeys(("I1", "I3", "wT6"), "") | told
    left = {piece: xy for piece, xy in rest.items() if piece not in removed}
    stars = page.evaluate(FREE_STARS)
    assert stars == free_stars(left, "I2") == ["S2", "S3"]

    # Scoring: each piece's value and the totals in the caption.
    shown = _pieces(page, "scoring")
    pos = {piece: [float(d["x"]), float(d["y"])] for piece, d in shown.items()}
    for piece, d in shown.items():
        x, y = pos[piece]
        if piece.startswith("I"):
            got = inspector_points(piece, x, y, standard, {})
            assert (int(d["points"]), d["for"] or None) == ((got[1], got[0]) if got else (0, None)), piece
        else:
            assert int(d["points"]) == disc_points(piece, x, y, standard), piece
    totals = score(pos, standard, {})
    caption = page.evaluate(CAPTION, "scoring")
    assert f"White has {totals['w']} points here, Black {totals['b']}" in caption
    assert totals == {"w": 12, "b": 0}

    # Two options on examples: each verdict of the table is the engine's under that value.
    for figure, option, why, attribute in (
        ("hqOption", "hq_elimination", "hq", "hq"),
        ("offOption", "off_board", "off", "off"),
    ):
        shown = _pieces(page, figure)
        verdicts = page.evaluate(VERDICTS, figure)
        assert len(verdicts) == len(shown) == 3
        values = entry("flickago").option_schema[option]["enum"]
        for row, (piece, d) in zip(verdicts, shown.items(), strict=True):
            xy = [float(d["x"]), float(d["y"])]
            for cell, value in zip(row, values, strict=True):
                _, out, _ = resolve({piece: xy}, [], {**standard, option: value})
                expected = "out" if [piece, why] in out else "stays"
                key = attribute + "".join(part.capitalize() for part in value.split("_"))
                assert d[key] == expected and cell == f"fgr-{expected}", (figure, piece, value)
        # Any two values of the option give a different verdict on some example disc.
        for i in range(len(values)):
            for j in range(i):
                assert any(row[i] != row[j] for row in verdicts), (figure, values[i], values[j])
    page.close()
    assert not problems, problems
