"""Flickago: a live bot level against the frozen ``strong`` (issue 29, item 1).

    nice -n 19 python bench/flickago_match.py [--level strong] [--pairs 20] [--first 0]
                                              [--budget S] [--baseline strong]
                                              [--live engine.flickago.bot]

``--live`` names the module whose ``decide`` plays the live level (the engine's bot by
default; a level tried and not kept is in the history, bench/README.md says where). Each pair is one
game seed (``f"{pair:064x}"`` from ``--first`` on) played twice, the live
``--level`` at seat 0 (the host: White, who moves first) and then at seat 1, the frozen
``--baseline`` level (``bench/flickago_baseline``, the bot as it stood at 04efca3) at the
other seat; so both sides meet the same seeds and move first equally often. Each bot reads
only its own seat's view (``Flickago.view``) and gets its own seed per decision
(``engine.flickago.selfplay.play_match``). Rule options are the defaults (jitter off,
120 shots at most), with ``first_player: host``.

Printed: the live level's wins, draws and losses; its share of all the points scored
(its points over both sides' points, summed over the games) with a 95% interval from the
pairs (a percentile bootstrap over pairs, 2,000 resamples, a fixed generator); the mean
margin; and per side the seconds per decision (wall clock, this process), median and max,
over shot decisions (the ones that search: placing an inspector or taking a disc back is
a rule of thumb and instant) and over all decisions. The issue's target: a share >= 65%.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.flickago_baseline import decide as baseline_decide
from engine.flickago.selfplay import Player, play_match

Times = dict[str, dict[str, list[float]]]  # side name -> "shot"/"all" -> seconds


def timed(
    name: str, decide: Callable[..., dict[str, Any]], level: str, budget: float | None, times: Times
) -> Player:
    def play(view: Mapping[str, Any], seed: int) -> dict[str, Any]:
        started = time.perf_counter()
        action = decide(view, level, seed, budget)
        spent = time.perf_counter() - started
        kinds = times.setdefault(name, {"shot": [], "all": []})
        kinds["all"].append(spent)
        if action.get("type") == "shot":
            kinds["shot"].append(spent)
        return action

    return play


def game(seed: str, live: Player, frozen: Player, live_seat: int, bot_seed: int) -> tuple[int, int]:
    """(live points, frozen points) of one game."""
    seats = (live, frozen) if live_seat == 0 else (frozen, live)
    match = play_match(seed, {"first_player": "host"}, seats, bot_seed)
    score = match.state["result"]["score"]
    return score[match.side_of_seat(live_seat)], score[match.side_of_seat(1 - live_seat)]


def interval(pairs: list[tuple[int, int]], resamples: int = 2000) -> tuple[float, float]:
    """A 95% percentile-bootstrap interval of the points share, resampling pairs."""
    rng = random.Random(29)
    shares = []
    for _ in range(resamples):
        pick = [pairs[rng.randrange(len(pairs))] for _ in pairs]
        total = sum(a + b for a, b in pick)
        shares.append(sum(a for a, _ in pick) / total if total else 0.5)
    shares.sort()
    return shares[int(0.025 * resamples)], shares[int(0.975 * resamples) - 1]


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    return f"median {statistics.median(values):.2f}, max {max(values):.2f} ({len(values)} decisions)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--level", default="strong", help="the live level")
    parser.add_argument("--live", default="engine.flickago.bot", help="the module of the live bot")
    parser.add_argument("--baseline", default="strong", help="the frozen level")
    parser.add_argument("--pairs", type=int, default=20, help="seeds, each played in both seatings")
    parser.add_argument("--first", type=int, default=0, help="number of the first seed")
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds a decision (default: each level's)"
    )
    args = parser.parse_args(argv)
    times: Times = {}
    live_name, frozen_name = f"live {args.level}", f"frozen {args.baseline}"
    live_decide = importlib.import_module(args.live).decide
    live = timed(live_name, live_decide, args.level, args.budget, times)
    frozen = timed(frozen_name, baseline_decide, args.baseline, args.budget, times)
    wins = draws = losses = 0
    pairs: list[tuple[int, int]] = []
    margins: list[int] = []
    started = time.perf_counter()
    for number in range(args.first, args.first + args.pairs):
        seed = f"{number:064x}"
        mine = theirs = 0
        for seat in (0, 1):
            a, b = game(seed, live, frozen, seat, number * 2 + seat)
            mine, theirs = mine + a, theirs + b
            margins.append(a - b)
            wins, draws, losses = wins + (a > b), draws + (a == b), losses + (a < b)
            print(f"seed {number} live at seat {seat}: {a}-{b}", file=sys.stderr, flush=True)
        pairs.append((mine, theirs))
        total = sum(x + y for x, y in pairs)
        share = sum(x for x, _ in pairs) / total if total else 0.5
        print(
            f"pair {len(pairs)}/{args.pairs}: share so far {100 * share:.1f}%, "
            f"{time.perf_counter() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    games = 2 * len(pairs)
    total = sum(x + y for x, y in pairs)
    share = sum(x for x, _ in pairs) / total if total else 0.5
    low, high = interval(pairs)
    last = args.first + args.pairs - 1
    print(f"{live_name} vs {frozen_name}: {games} games, seeds {args.first}-{last} in both seats")
    print(f"  won {wins}, drew {draws}, lost {losses}")
    print(
        f"  points share {100 * share:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
        f"mean margin {statistics.mean(margins):+.2f}"
    )
    for name in (live_name, frozen_name):
        kinds = times.get(name, {"shot": [], "all": []})
        print(f"  seconds per decision, {name}: shots {spread(kinds['shot'])}; all {spread(kinds['all'])}")
    print(
        f"  {time.perf_counter() - started:.0f} s in all; "
        f"load average at the end {' '.join(Path('/proc/loadavg').read_text().split()[:3])}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
