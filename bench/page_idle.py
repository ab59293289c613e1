"""Chromium's CPU while a page of each game sits in play, untouched: what the browser of a
player who is thinking spends (a phone's battery; and most of the browser tests' CPU).

    .venv/bin/python bench/page_idle.py --option spies:negotiation_pregame=0 [--games spies,flickago]
                                        [--seconds 10] [--settle 8] [--reduced-motion] [--rounds 1]

For each game of the catalogue (or ``--games``), a room against the computer (its fewest seats,
its weakest level, the rule options given by ``--option game:key=value``; an integer value is
sent as one) is made by a fresh browser context at 1366x768 that then opens the room; after
``--settle`` seconds, the CPU time (user + system) of every Chromium process is summed over
``--seconds``. The server is the browser tests' (``tests/e2e/e2e_server.py``: SQLite, test
settings). The machine may be shared: the figure is CPU time, not wall time, but a loaded
machine still blurs it; compare side by side.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_server import serving  # noqa: E402

from engine.catalogue import entries  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CREATE = """async (body) => {
  const answer = await fetch('/api/rooms', {method: 'POST', headers: {'content-type': 'application/json'},
                                             body: JSON.stringify(body)});
  return answer.json();
}"""


def chromium_cpu() -> float:
    """CPU seconds of every Chromium process alive now."""
    total = 0.0
    for process in psutil.process_iter(["name", "cpu_times"]):
        name, times = process.info["name"] or "", process.info["cpu_times"]
        if "chrom" in name and times is not None:
            total += times.user + times.system
    return total


def options(given: list[str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in given:
        game, _, pair = item.partition(":")
        key, _, value = pair.partition("=")
        out.setdefault(game, {})[key] = int(value) if value.lstrip("-").isdigit() else value
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated; default: every game")
    parser.add_argument("--option", action="append", default=[], help="game:key=value")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--reduced-motion", action="store_true")
    args = parser.parse_args()
    chosen = [e for e in entries() if not args.games or e.name in args.games.split(",")]
    extra = options(args.option)
    motion = "reduce" if args.reduced_motion else "no-preference"
    figures: dict[str, list[float]] = {e.name: [] for e in chosen}
    with tempfile.TemporaryDirectory() as work, serving(Path(work)) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for _ in range(args.rounds):
            for entry in chosen:
                context = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion=motion)
                page = context.new_page()
                page.goto(base + "/")
                body = {"game": entry.name, "players": entry.min_players, "bot": entry.bot_levels[0]}
                body["options"] = extra.get(entry.name, {})
                made = page.evaluate(CREATE, body)
                if "room_url" not in made:
                    raise SystemExit(f"{entry.name}: the room was refused: {made}")
                page.goto(made["room_url"])
                page.wait_for_timeout(args.settle * 1000)
                before = chromium_cpu()
                page.wait_for_timeout(args.seconds * 1000)
                figures[entry.name].append(chromium_cpu() - before)
                context.close()
        browser.close()
    print(f"Chromium CPU seconds in {args.seconds:g} s of an idle page in play (reduced motion: {motion})")
    for name, values in figures.items():
        rounds = ", ".join(f"{value:.2f}" for value in values)
        print(f"  {name:<12} median {statistics.median(values):6.2f}   rounds {rounds}")


if __name__ == "__main__":
    main()
