"""Spies!: engine speed, the autopilot's time per decision, and level against level.

    nice -n 10 python bench/spies.py [--seconds 10] [--deals 6] [--seats 5] [--match shrewd:basic ...]
    nice -n 10 python bench/spies.py --seconds 0 --seats 2,3,5 --deals 20 --match cunning:frozen-shrewd

Prints:
* random playouts (every seat a random listed line, ``end`` after 60 actions of a turn, as the
  bot's rule; through ``rules.legal`` and the unchecked ``rules.apply_unchecked``): actions and
  games per second on one core;
* each level's time per decision (CPU time of this process: median and 95th percentile),
  views included;
* for each match ``strong:weak`` and each table size of ``--seats``, over ``--deals`` deals:
  for each seat k, the game with ``strong`` at k and ``weak`` elsewhere against the same deal
  (same seed, same bot seeds) with ``weak`` everywhere; the paired score (the share of seat-k
  comparisons where ``strong`` scores more, ties half, with a 95 % interval), and how often a
  ``strong`` seat wins the mixed game. A player is a level of the live bot
  (``engine.spies.bot``: ``basic``, ``shrewd``, ``cunning``), ``random`` (the random legal
  player) or ``frozen-<level>``: the baseline frozen in ``bench/spies_baseline`` (issue 29).
* each player's CPU time per decision (median, 95th percentile, max), views included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import spies_baseline
from engine.spies import rules
from engine.spies.bot import decide_text
from engine.spies.game import SPIES
from engine.spies.state import State

DEFAULT_MATCHES = ("shrewd:basic", "basic:random", "shrewd:random", "cunning:frozen-shrewd")
FROZEN = "frozen-"
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


def line_for(player: str, view: dict[str, Any], seed: int) -> str:
    if player.startswith(FROZEN):
        return spies_baseline.decide_text(view, player.removeprefix(FROZEN), seed)
    return decide_text(view, player, seed)


def play(seed: int, players: list[str]) -> State:
    state = rules.new_state(f"{seed:064x}", {}, len(players))
    while state.result is None:
        seat = min(rules.actors(state))
        view = SPIES.view(state, seat)
        t0 = time.process_time()
        line = line_for(players[seat], view, seed * 10 + seat)
        TIMES.setdefault(players[seat], []).append(time.process_time() - t0)
        state = rules.apply(state, seat, line)
    return state


def scores(state: State) -> tuple[int, ...]:
    assert state.result is not None and state.result.scores is not None
    return tuple(state.result.scores)


def match(strong: str, weak: str, seats: int, deals: int, seed: int) -> tuple[list[float], int, int]:
    """The paired outcomes (1 more, 0.5 tie, 0 less) of every seat k, and the mixed games' wins."""
    paired: list[float] = []
    wins = games = 0
    for deal in range(deals):
        base = scores(play(seed + deal, [weak] * seats))
        for k in range(seats):
            players = [weak] * seats
            players[k] = strong
            mixed = play(seed + deal, players)
            score = scores(mixed)[k]
            paired.append(1.0 if score > base[k] else 0.5 if score == base[k] else 0.0)
            games += 1
            assert mixed.result is not None
            wins += k in mixed.result.winners
    return paired, wins, games


def interval(outcomes: list[float]) -> float:
    """Half the width of a 95 % normal interval for the mean of ``outcomes``."""
    return 1.96 * statistics.pstdev(outcomes) / len(outcomes) ** 0.5


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seats", default="5", help="table sizes, comma-separated (2 to 5)")
    parser.add_argument("--match", action="append", default=None)
    args = parser.parse_args()
    if args.seconds > 0:
        games, actions, elapsed = playouts(args.seconds, args.seed)
        print(
            f"random playouts: {actions / elapsed:,.0f} actions/s, {games / elapsed:.2f} games/s "
            f"({games} games)"
        )
    for spec in args.match or DEFAULT_MATCHES:
        strong, weak = spec.split(":")
        everything: list[float] = []
        for seats in (int(n) for n in args.seats.split(",")):
            paired, wins, total = match(strong, weak, seats, args.deals, 1000 + args.seed)
            everything += paired
            print(
                f"{strong} vs {weak}, {seats} seats: paired score {statistics.mean(paired):.1%} "
                f"± {interval(paired):.1%} ({len(paired)} seat comparisons, ties half); "
                f"a {strong} seat wins {wins}/{total} mixed games",
                flush=True,
            )
        print(
            f"{strong} vs {weak}, all tables: paired score {statistics.mean(everything):.1%} ± "
            f"{interval(everything):.1%} ({len(everything)} seat comparisons)"
        )
    for player, times in sorted(TIMES.items()):
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{player}: {statistics.median(times) * 1000:.2f} ms median, {p95 * 1000:.2f} ms p95, "
            f"{times[-1] * 1000:.1f} ms max per decision ({len(times)} decisions)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
