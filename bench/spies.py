"""Spies!: engine speed, the autopilot's time per decision, and level against level.

    nice -n 10 python bench/spies.py [--seconds 10] [--deals 6] [--match shrewd:basic ...]

Prints:
* random playouts (every seat a random listed line, ``end`` after 60 actions of a turn, as the
  bot's rule; through ``rules.legal`` and the unchecked ``rules.apply_unchecked``): actions and
  games per second on one core;
* each level's time per decision (CPU time of this process: median and 95th percentile),
  views included;
* for each match ``strong:weak`` over ``--deals`` deals of 5-seat games: for each seat k, the
  game with ``strong`` at k and ``weak`` elsewhere against the same deal (same seed, same bot
  seeds) with ``weak`` everywhere; how often seat k scores more with ``strong`` (the paired
  win rate), and how often a ``strong`` seat wins the mixed game. ``random`` is the random
  legal player.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.spies import rules
from engine.spies.bot import decide_text
from engine.spies.game import SPIES
from engine.spies.state import State

DEFAULT_MATCHES = ("shrewd:basic", "basic:random", "shrewd:random")
TIMES: dict[str, list[float]] = {}


def playouts(seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.new_state(f"{rng.getrandbits(256):064x}", {}, rng.choice((2, 3, 4, 5)))
        while state.result is None:
            seat = rng.choice(sorted(rules.actors(state)))
            d = state.decision
            assert d is not None
            if d["kind"] == "turn" and state.turn_actions >= 60:
                line = f"{d['power']} end"
            else:
                line = rng.choice(rules.legal(state, seat))
            rules.apply_unchecked(state, seat, line)
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def play(seed: int, levels: list[str]) -> State:
    state = rules.new_state(f"{seed:064x}", {}, len(levels))
    while state.result is None:
        seat = min(rules.actors(state))
        view = SPIES.view(state, seat)
        t0 = time.process_time()
        line = decide_text(view, levels[seat], seed * 10 + seat)
        TIMES.setdefault(levels[seat], []).append(time.process_time() - t0)
        state = rules.apply(state, seat, line)
    return state


def match(strong: str, weak: str, deals: int, seed: int) -> tuple[int, int, int, int]:
    paired = pairs = wins = games = 0
    for deal in range(deals):
        base = play(seed + deal, [weak] * 5)
        assert base.result is not None and base.result.scores is not None
        for k in range(5):
            levels = [weak] * 5
            levels[k] = strong
            mixed = play(seed + deal, levels)
            assert mixed.result is not None and mixed.result.scores is not None
            pairs += 1
            paired += mixed.result.scores[k] > base.result.scores[k]
            games += 1
            wins += k in mixed.result.winners
    return paired, pairs, wins, games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--match", action="append", default=None)
    args = parser.parse_args()
    games, actions, elapsed = playouts(args.seconds, args.seed)
    print(
        f"random playouts: {actions / elapsed:,.0f} actions/s, {games / elapsed:.2f} games/s ({games} games)"
    )
    for spec in args.match or DEFAULT_MATCHES:
        strong, weak = spec.split(":")
        paired, pairs, wins, total = match(strong, weak, args.deals, 1000 + args.seed)
        print(
            f"{strong} vs {weak}: the {strong} seat scores more than the same seat played {weak} "
            f"in {paired}/{pairs} = {paired / pairs:.0%}; a {strong} seat wins {wins}/{total} mixed games"
        )
    for level, times in sorted(TIMES.items()):
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{level}: {statistics.median(times) * 1000:.2f} ms median, {p95 * 1000:.2f} ms p95 per decision "
            f"({len(times)} decisions)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
