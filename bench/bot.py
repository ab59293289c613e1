"""Bot strength and speed: the bot against the random and the greedy player.

    python bench/bot.py [--level strong] [--games 200] [--opponents random,greedy]
                        [--rules speakeasy|luzhanqi] [--jobs 2] [--seed 0]

Each game: the bot and the opponent alternate sides (the bot is South in even games), the
opponent deals a random legal setup, the bot its own; both play through the engine's
public protocol (``SPEAKEASY.apply`` on what each reads from its own view). Prints wins,
draws and losses, the score with a 95% confidence interval, how the games ended, plies per
game, and the bot's seconds per move (median and 95th percentile; each game runs on one
core, ``--jobs`` games at a time). Target (issue 6), strong level: score >= 99% against
random and >= 95% against greedy, under 1 s a move. The bot against its own frozen
baseline (``bench/baseline_bot``) is ``bench/match.py``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.bot import decide
from engine.speakeasy.bot.baselines import PLAYERS

PLY_CAP = 4000  # far beyond any game the no-combat rule allows in practice


@dataclass(frozen=True)
class GameResult:
    opponent: str
    seed: int
    bot_side: int
    outcome: str  # win / draw / loss, for the bot
    reason: str
    plies: int
    times: tuple[float, ...]


def play_game(level: str, opponent: str, seed: int, rules: str) -> GameResult:
    bot_side = seed % 2
    other = PLAYERS[opponent]
    rng = random.Random(seed * 7919 + 1)
    state = SPEAKEASY.new_game(seed, {"preset": rules})
    times: list[float] = []
    for side in (0, 1):
        view = SPEAKEASY.view(state, side)
        action = decide(view, level, seed=seed) if side == bot_side else other(view, rng)
        state = SPEAKEASY.apply(state, side, action).state
    while state.result is None and state.ply < PLY_CAP:
        seat = state.to_move
        view = SPEAKEASY.view(state, seat)
        if seat == bot_side:
            t0 = time.perf_counter()
            action = decide(view, level, seed=seed)
            times.append(time.perf_counter() - t0)
        else:
            action = other(view, rng)
        state = SPEAKEASY.apply(state, seat, action).state
    result = state.result
    if result is None:
        return GameResult(opponent, seed, bot_side, "draw", "ply_cap", state.ply, tuple(times))
    outcome = "draw" if result.winner is None else "win" if result.winner == bot_side else "loss"
    return GameResult(opponent, seed, bot_side, outcome, result.reason, state.ply, tuple(times))


def _play(args: tuple[str, str, int, str]) -> GameResult:
    return play_game(*args)


def score_interval(results: list[GameResult]) -> tuple[float, float, float]:
    """Mean score (win 1, draw 1/2) and its 95% interval (Wilson's, on the score)."""
    n = len(results)
    p = sum({"win": 1.0, "draw": 0.5, "loss": 0.0}[r.outcome] for r in results) / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def report(level: str, opponent: str, results: list[GameResult], wall: float) -> str:
    tally = Counter(r.outcome for r in results)
    ends = Counter(f"{r.outcome}:{r.reason}" for r in results)
    p, low, high = score_interval(results)
    times = sorted(t for r in results for t in r.times)
    median = statistics.median(times) if times else 0.0
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    plies = statistics.median(r.plies for r in results)
    lines = [
        f"{level} vs {opponent}: {len(results)} games, W/D/L {tally['win']}/{tally['draw']}/{tally['loss']}, "
        f"score {100 * p:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)",
        f"  endings: {', '.join(f'{k} {v}' for k, v in sorted(ends.items()))}",
        f"  plies per game: median {plies:.0f}; bot moves {len(times)}, seconds per move "
        f"median {median:.3f}, p95 {p95:.3f}, max {times[-1] if times else 0:.3f}; wall {wall:.0f} s",
    ]
    losses = [r for r in results if r.outcome != "win"]
    if losses:
        shown = (f"seed {r.seed} side {'sn'[r.bot_side]} {r.reason}" for r in losses[:12])
        lines.append("  not won: " + ", ".join(shown))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="strong")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opponents", default="random,greedy")
    parser.add_argument("--rules", default="speakeasy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for opponent in args.opponents.split(","):
        tasks = [(args.level, opponent, args.seed + i, args.rules) for i in range(args.games)]
        t0 = time.perf_counter()
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(_play, tasks))
        else:
            results = [_play(t) for t in tasks]
        print(report(args.level, opponent, results, time.perf_counter() - t0), flush=True)


if __name__ == "__main__":
    main()
