""" "Verify this game" runs the real verifier in the browser (issue 10 item 6): Pyodide in a
Web Worker replays the revealed record with ``engine.fairness.verify``, and the page checks
that the record's commitments are the ones it received live.

- Speak Easy against the computer, resigned: verified, step by step (loading, replaying N
  actions), the page kept drawing frames meanwhile, the same answer as
  ``python -m engine verify``, in both languages; then the server's answer replaced by a
  record with one chance draw altered, and by one with another seed and its matching
  commitment: each failure named (the second one only this browser can see).
- Prohibition against a bot, resigned: verified.
- Flickago against the computer: its verifier needs pymunk, which Pyodide lacks; the page says
  so and still checks the seed and the commitments.
- No verifier (its worker cannot load): the seed alone, and the page says so.

One browser context for the module, so Pyodide (~13 MB) is fetched once; each page compiles
it once (a few seconds), and a page verifies again with the same worker.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_pages import Player, any_move, ply_count, start_bot_game, wait_bot_answer, wait_my_turn
from e2e_server import ROOT
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

pytestmark = pytest.mark.e2e

PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
VERIFIED = "Verified: seed, state commitment, every chance draw and the result."
VERIFIED_FR = "Vérifiée : graine, engagement sur l’état, chaque tirage et le résultat."
FAILED = "NOT verified: the checks below failed."
PARTLY = "Partly verified: only the checks below could run in this browser."
LIVE_SEED = "The seed commitment is the one this browser received when the game began"
LIVE_STATE = "The state commitment is the one this browser received when play began"
VERIFY_SECONDS = 90_000  # ms: the first load compiles Pyodide on a busy 2-core machine

# Every text #verify-result showed, in order; and the animation frames the page drew while
# the verifier was loading or replaying (it runs in a worker: the page goes on drawing).
WATCH = """
window.__verifySteps = [];
window.__framesWhileBusy = 0;
new MutationObserver(() => {
  const el = document.getElementById("verify-result");
  const text = el && el.textContent;
  if (text && window.__verifySteps[window.__verifySteps.length - 1] !== text) window.__verifySteps.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
const tick = () => {
  const steps = window.__verifySteps;
  if (/^(Loading|Replaying)/.test(steps[steps.length - 1] || "")) window.__framesWhileBusy += 1;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);
"""


DONE = """() => {
  const steps = window.__verifySteps, last = steps[steps.length - 1] || "";
  return steps.includes("Loading the verifier…") && !/^(Loading|Replaying)/.test(last);
}"""


@pytest.fixture(scope="module", autouse=True)
def pyodide_installed() -> None:
    if PYODIDE.is_file() or os.environ.get("SPEAKEASY_E2E_URL"):
        return
    if os.environ.get("CI"):
        pytest.fail("node_modules/pyodide is missing and CI is set: run npm ci (scripts/test does)")
    pytest.skip("node_modules/pyodide is missing (npm ci)")


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    yield ctx
    ctx.close()


def open_page(context: BrowserContext, name: str) -> tuple[Player, list[str]]:
    """A page of the shared context, its frames recorded, its script errors collected."""
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(WATCH)
    player = Player(page, name)
    page.on("websocket", player.record)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return player, errors


def phase(page: Page) -> str:
    return page.locator("body").get_attribute("data-phase") or ""


def resign(page: Page) -> None:
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Resign").click()
    expect(page.locator("body")).to_have_attribute("data-phase", "over", timeout=20_000)


def game_id(player: Player) -> str:
    ids = [f["game_id"] for f in player.frames if f.get("type") == "welcome"]
    assert ids, "no welcome frame"
    return str(ids[-1])


def served_record(player: Player, server: str) -> dict[str, Any]:
    answer = player.page.request.get(f"{server}/api/games/{game_id(player)}/record.json")
    assert answer.ok, answer.status
    return dict(answer.json())


def live_commitments(player: Player) -> tuple[set[str], set[str]]:
    """The seed and state commitments this page received before the seed's reveal."""
    seeds, states = set(), set()
    for frame in player.frames:
        fairness = frame.get("fairness") if frame.get("type") == "welcome" else frame
        if frame.get("type") in ("welcome", "fairness") and fairness and not fairness.get("seed"):
            seeds.add(fairness["seed_commitment"])
            if fairness.get("state_commitment"):
                states.add(fairness["state_commitment"])
    return seeds, states


def verify(page: Page, headline: str) -> str:
    """Click "verify this game" and wait for its verdict; the checks' text."""
    expect(page.locator("#verify")).to_be_enabled(timeout=20_000)
    page.evaluate("window.__verifySteps.length = 0; window.__framesWhileBusy = 0")
    page.locator("#verify").click()
    # Done once this click's run has shown its loading step and then something else (an
    # earlier verdict may still be on screen when the click lands).
    page.wait_for_function(DONE, timeout=VERIFY_SECONDS)
    expect(page.locator("#verify-result")).to_have_text(headline)
    return page.locator("#verify-checks").text_content() or ""


def command_line_verify(record: dict[str, Any]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "verify", "-"],
        input=json.dumps(record),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    return done.stdout.strip()


def serve_instead(page: Page, record: dict[str, Any]) -> None:
    """From now on this page's record requests are answered with ``record`` (the verify
    button asks for the record again: no reload, the worker's Pyodide is used again)."""
    page.unroute("**/record.json")

    def fulfill(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(record))

    page.route("**/record.json", fulfill)


def test_speak_easy_verified_and_forged_records_refused(
    server: str, context: BrowserContext, shots: Path
) -> None:
    player, errors = open_page(context, "sam")
    page = player.page
    start_bot_game(player, server)
    for _ in range(2):
        wait_my_turn(player)
        before = ply_count(player)
        any_move(player)
        wait_bot_answer(player, before)
        if phase(page) == "over":
            break
    if phase(page) != "over":
        resign(page)
    record = served_record(player, server)
    seeds, states = live_commitments(player)
    assert seeds == {record["seed_commitment"]} and states == {record["state_commitment"]}

    checks = verify(page, VERIFIED)
    assert LIVE_SEED in checks and LIVE_STATE in checks, checks
    steps = page.evaluate("window.__verifySteps")
    assert steps == ["Loading the verifier…", f"Replaying {len(record['events'])} actions…", VERIFIED], steps
    # The replay ran in the verifier's worker, and the page drew frames meanwhile (a page
    # that ran it itself would draw none until the verdict): counted, not timed.
    assert any(w.url.endswith("/static/js/verify-worker.js") for w in page.workers), page.workers
    assert page.evaluate("window.__framesWhileBusy") >= 2
    assert command_line_verify(record) == "ok"
    page.locator("#result").screenshot(path=shots / "40-verify-ok.png")
    # The verdict is kept across the room's redraws, in the language chosen.
    page.get_by_role("button", name="Français").click()
    expect(page.locator("#verify-result")).to_have_text(VERIFIED_FR)
    page.get_by_role("button", name="English").click()
    expect(page.locator("#verify-result")).to_have_text(VERIFIED)

    # One chance draw altered: the replay names it.
    forged = copy.deepcopy(record)
    draw = next(e for e in forged["events"] if e["by"] == "chance")
    draw["a"] = {"first n": "first s", "first s": "first n"}[draw["a"]]
    assert command_line_verify(forged) != "ok"
    serve_instead(page, forged)
    checks = verify(page, FAILED)
    assert f"event {draw['n']} (chance): the record has '{draw['a']}'" in checks, checks
    assert LIVE_SEED in checks and LIVE_STATE in checks, checks  # the commitments are untouched

    # Another seed with its own commitment: consistent in itself, but not what this browser
    # was sent when the game began.
    other = copy.deepcopy(record)
    other["seed"] = hashlib.sha256(record["seed"].encode()).hexdigest()
    other["seed_commitment"] = hashlib.sha256(bytes.fromhex(other["seed"])).hexdigest()
    serve_instead(page, other)
    checks = verify(page, FAILED)
    assert "The record's seed commitment is NOT the one this browser received" in checks, checks
    assert "state_commitment: the replayed start of play hashes to" in checks, checks
    page.locator("#result").screenshot(path=shots / "41-verify-forged.png")
    page.unroute("**/record.json")
    assert not errors, errors
    page.close()


def test_prohibition_against_a_bot_verified(server: str, context: BrowserContext) -> None:
    player, errors = open_page(context, "pat")
    page = player.page
    page.goto(server + "/")
    page.get_by_role("radio", name=re.compile("^Prohibition")).check()
    page.locator("#players").select_option("2")
    page.locator("#seat-1").select_option("easy")
    page.get_by_role("button", name="Create the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    clicks, deadline = 0, time.monotonic() + 60
    while clicks < 8 and phase(page) != "over":  # the places, the picks, a few turns
        assert time.monotonic() < deadline, "no choice offered"
        button = page.locator("#pz-actions button.pz-action:not([disabled])").first
        try:
            button.click(timeout=2000)
            clicks += 1
        except Exception:  # none offered yet, or redrawn under the pointer by a bot's frame
            page.wait_for_timeout(50)
    if phase(page) != "over":
        resign(page)
    record = served_record(player, server)
    assert any(e["by"] == "chance" for e in record["events"])
    checks = verify(page, VERIFIED)
    assert LIVE_SEED in checks, checks
    assert command_line_verify(record) == "ok"
    assert not errors, errors
    page.close()


def test_flickago_says_what_the_browser_cannot_replay(
    server: str, context: BrowserContext, shots: Path
) -> None:
    player, errors = open_page(context, "flo")
    page = player.page
    page.goto(server + "/")
    page.get_by_role("radio", name=re.compile("^Flickago")).check()
    page.get_by_label("Opponent").select_option("easy")
    page.get_by_role("button", name="Create the room").click()
    expect(page).to_have_url(re.compile(r"/r/[\w-]+$"))
    expect(page.get_by_role("button", name="Resign")).to_be_visible(timeout=20_000)
    resign(page)
    checks = verify(page, PARTLY)
    assert "The revealed seed hashes to the seed commitment." in checks, checks
    assert LIVE_SEED in checks, checks
    assert "needs the Python module pymunk, which the browser's Python lacks" in checks, checks
    assert "python -m engine verify record.json" in checks, checks
    page.locator("#result").screenshot(path=shots / "42-verify-flickago.png")
    assert not errors, errors
    page.close()


def test_without_the_verifier_the_seed_alone_is_checked(server: str, context: BrowserContext) -> None:
    player, errors = open_page(context, "ned")
    page = player.page
    page.route("**/static/js/verify-worker.js", lambda route: route.abort())
    start_bot_game(player, server)
    resign(page)
    checks = verify(page, PARTLY)
    assert "The revealed seed hashes to the seed commitment." in checks, checks
    assert LIVE_SEED in checks and LIVE_STATE in checks, checks
    assert "The full verifier could not run in this browser" in checks, checks
    # A forged seed is still caught without the verifier.
    record = served_record(player, server)
    record["seed"] = "0" * 64
    serve_instead(page, record)
    checks = verify(page, FAILED)
    assert "The revealed seed does NOT hash to the seed commitment." in checks, checks
    assert not errors, errors
    page.close()
