"""How far apart the pages of one Flickago table start playing a shot back, and how long
after the shot was sent.

    .venv/bin/python bench/flickago_playback.py [--shots 30] [--spectators 1] [--json]

Starts a server as the browser tests do (``python -m app serve``, a temporary SQLite
database), opens Debian's Chromium headless with the two players' pages and ``--spectators``
spectators' pages on one Flickago room (10 min + 5 s), and plays ``--shots`` shots (a new
room when a game ends first). Each shot is sent by the shooter's seat through a second socket
of its own page (a random shot aimed roughly forward from the view's ``legal``; an inspector's
star when the chooser owes one, a return only when no shot is listed); then the bench waits
(at most 30 s) until every page has played the shot back. Each page notes on the machine's
clock (``Date.now()``, polled every 10 ms) when its board starts playing each shot.

Printed, over the shots: how far apart the first and the last page started (median, p90,
max), and for each page the time from the shot's sending (on the shooter's page) to its
start: the server's checks, the simulation in its worker pool, the commit, the broadcast and
the page's own work. With the load average at the start and the end: on a busy machine every
figure grows. They are figures,
not bounds: ``tests/e2e/test_flickago.py`` only waits for every page to show each shot's
result before the next decision (it asserted ``lags[-1] <= 1500`` ms once, and a busy CI
machine took 3,642 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
WAIT_MS = 30_000

# Each page notes when it starts playing a shot back (the board's data-playing-ply appears).
RECORD_PLAYS = """
window.__plays = {};
setInterval(() => {
  const ply = document.getElementById("board")?.dataset.playingPly;
  if (ply && !(ply in window.__plays)) window.__plays[ply] = Date.now();
}, 10);
"""

# One decision of the page's own seat through a second socket of the page: nothing when the
# seat does not owe it. A shot: a listed launch with an angle aimed at the far half (give or
# take 30 degrees) and a power of 250-800.
ACT = """(roomId) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://${location.host}/ws/rooms/${roomId}`);
  const id = `bench-${Math.random().toString(36).slice(2)}`;
  const timer = setTimeout(() => { ws.close(); reject(new Error("no answer in 30 s")); }, 30000);
  const end = (value) => { clearTimeout(timer); ws.close(); resolve(value); };
  let sent = null;
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", last_version: null, game_id: null }));
  ws.onmessage = (e) => {
    const f = JSON.parse(e.data);
    if (f.type === "welcome") {
      const v = f.view;
      if (v.result) return end({ over: true });
      if (v.seats[v.to_move] !== f.you.seat || !(v.legal || []).length) return end({ waiting: true });
      const pick = (list) => list[Math.floor(Math.random() * list.length)];
      const places = v.legal.filter((t) => t.includes(">"));
      const shots = v.legal.filter((t) => !t.includes(">") && !t.startsWith("^"));
      let text;
      if (places.length) text = pick(places);
      else if (shots.length) {
        const forward = v.to_move === "w" ? 900 : 2700;
        const angle = (forward + Math.floor(Math.random() * 601) - 300 + 3600) % 3600;
        text = `${pick(shots)} ${angle}/${250 + Math.floor(Math.random() * 551)}`;
      } else text = pick(v.legal);
      const shot = !places.length && shots.length > 0;
      sent = { text, shot, ply: v.shots + v.passes + 1, sentAt: Date.now() };
      ws.send(JSON.stringify({ type: "act", id, version: f.version, action: { type: "text", text } }));
    } else if ((f.type === "ack" || f.type === "error") && f.id === id) {
      if (f.type === "error") { clearTimeout(timer); ws.close(); return reject(new Error(e.data)); }
      end(sent);
    }
  };
})"""

DONE = """(ply) => String(ply) in window.__plays && !document.getElementById("board")?.dataset.playingPly"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving() -> Iterator[str]:
    """A fresh server on a free port of 127.0.0.1, as tests/e2e/conftest.py starts one."""
    with tempfile.TemporaryDirectory(prefix="flickago-playback-") as workdir:
        port = _free_port()
        env = {
            **os.environ,
            "SPEAKEASY_ENV": "test",
            "SPEAKEASY_SECRET": secrets.token_urlsafe(32),
            "DATABASE_URL": f"sqlite+aiosqlite:///{workdir}/bench.db",
            "SPEAKEASY_LOG_JSON": "false",
            "SPEAKEASY_LOG_LEVEL": "WARNING",
        }
        env.pop("REDIS_URL", None)
        with open(Path(workdir) / "server.log", "wb") as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None:
                    raise RuntimeError((Path(workdir) / "server.log").read_text()[-4000:])
                try:
                    with urllib.request.urlopen(f"{base}/healthz", timeout=1) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    if time.monotonic() > deadline:
                        raise RuntimeError("the server did not come up in 60 s") from None
                    time.sleep(0.2)
            yield base
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def open_table(browser: Any, base: str, spectators: int) -> tuple[str, list[tuple[str, Any]]]:
    """A Flickago room with both chairs taken and the spectators watching: its id and the
    pages, named, players first."""
    pages = []
    for name in ["alice", "bob", *(f"spectator{n + 1}" for n in range(spectators))]:
        context = browser.new_context(viewport={"width": 1366, "height": 768}, device_scale_factor=1)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.add_init_script(RECORD_PLAYS)
        pages.append((name, page))
    host = pages[0][1]
    host.goto(base + "/")
    body = {"game": "flickago", "players": 2, "time_control": {"initial": 600, "increment": 5}}
    answer = host.request.post(base + "/api/rooms", data=body)
    if answer.status != 201:
        raise RuntimeError(answer.text())
    room = answer.json()
    host.goto(room["room_url"])
    pages[1][1].goto(room["invite_url"])
    for _name, page in pages[2:]:
        page.goto(room["watch_url"])
    for _name, page in pages:
        page.wait_for_function("() => document.querySelectorAll('#board .fg-sector').length === 18")
    return room["room_id"], pages


def play(browser: Any, base: str, shots: int, spectators: int) -> list[dict[str, Any]]:
    """One record per shot: ``{"ply", "sent", "starts": {page name: ms epoch}}``."""
    out: list[dict[str, Any]] = []
    while len(out) < shots:
        room_id, pages = open_table(browser, base, spectators)
        over = False
        while not over and len(out) < shots:
            acted = False
            for _name, page in pages[:2]:
                result = page.evaluate(ACT, room_id)
                if result.get("over"):
                    over = True
                    break
                if result.get("waiting"):
                    continue
                acted = True
                if result["shot"]:
                    ply = result["ply"]
                    for _other, each in pages:
                        each.wait_for_function(DONE, arg=ply, timeout=WAIT_MS)
                    starts = {name: each.evaluate(f"window.__plays[{ply}]") for name, each in pages}
                    out.append({"ply": ply, "sent": result["sentAt"], "starts": starts})
                break
            if not acted and not over:
                pages[0][1].wait_for_timeout(50)  # the next decision is not listed yet
        for _name, page in pages:
            page.context.close()
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    spread = [max(r["starts"].values()) - min(r["starts"].values()) for r in records]
    names = list(records[0]["starts"])
    after_send = {name: [r["starts"][name] - r["sent"] for r in records] for name in names}

    def figures(values: list[float]) -> dict[str, float]:
        return {
            "median": statistics.median(values),
            "p90": percentile(values, 0.9),
            "max": max(values),
        }

    return {
        "shots": len(records),
        "pages": names,
        "load_average": list(os.getloadavg()),
        "pages_apart_ms": figures(spread),
        "sent_to_start_ms": {name: figures(values) for name, values in after_send.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=30)
    parser.add_argument("--spectators", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON document instead of the table")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    load_start = os.getloadavg()
    with serving() as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            records = play(browser, base, args.shots, args.spectators)
        finally:
            browser.close()
    result = summary(records)
    result["load_average_start"] = list(load_start)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print_table(result, load_start)


def print_table(result: dict[str, Any], load_start: tuple[float, float, float]) -> None:
    apart = result["pages_apart_ms"]
    loads = (" ".join(f"{x:.2f}" for x in load) for load in (load_start, result["load_average"]))
    pages = ", ".join(result["pages"])
    print(f"Flickago playback: {result['shots']} shots; pages {pages}; load average {' -> '.join(loads)}")
    print(f"{'(ms)':30} {'median':>8} {'p90':>8} {'max':>8}")
    rows = [("pages apart (first to last)", apart)]
    rows += [(f"sent -> {name} starts", figures) for name, figures in result["sent_to_start_ms"].items()]
    for label, figures in rows:
        print(f"{label:30} {figures['median']:8.0f} {figures['p90']:8.0f} {figures['max']:8.0f}")


if __name__ == "__main__":
    main()
