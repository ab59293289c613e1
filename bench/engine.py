"""Engine speed: legal-move generations per second and random-playout plies per second.

    python bench/engine.py [--games 200] [--seconds 3]

One core, pure Python. Positions come from random playouts from random legal setups, so
the mix of openings, middle games and sparse endings is what a playout meets. Targets
(issue 2): >= 85,000 generations/s and >= 38,000 playout plies/s on the project machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.movegen import generate
from engine.speakeasy.play import advance, legal
from engine.speakeasy.setup import random_setup
from engine.speakeasy.state import State


def start(seed: int) -> State:
    state = SPEAKEASY.new_game(seed)
    for side in (0, 1):
        state = SPEAKEASY.apply(
            state, side, {"type": "setup", "position": random_setup(side, seed * 2 + side)}
        ).state
    return state


def playout(state: State, rng: random.Random) -> tuple[int, list[State]]:
    """Play random legal moves to the end; returns plies and the states met."""
    seen = []
    plies = 0
    while state.result is None:
        seen.append(state)
        state = advance(state, rng.choice(legal(state)))
        plies += 1
    return plies, seen


def bench_playouts(games: int, seconds: float) -> list[float]:
    """Plies per second, one figure per batch of games."""
    rng = random.Random(1)
    rates = []
    starts = [start(i) for i in range(games)]
    deadline = time.perf_counter() + seconds
    i = 0
    while time.perf_counter() < deadline or len(rates) < 3:
        t0 = time.perf_counter()
        plies = 0
        for _ in range(20):
            n, _ = playout(starts[i % games], rng)
            plies += n
            i += 1
        rates.append(plies / (time.perf_counter() - t0))
    return rates


def bench_generation(games: int, seconds: float) -> list[float]:
    """Generations per second over positions sampled from playouts."""
    rng = random.Random(2)
    positions: list[State] = []
    for i in range(games):
        _, seen = playout(start(10_000 + i), rng)
        positions.extend(seen[:: max(1, len(seen) // 50)])
    rng.shuffle(positions)
    # The arguments the engine passes (see play.legal), read off each state before timing.
    calls = [
        (
            s.board,
            s.occ[s.to_move],
            s.occ[s.to_move ^ 1],
            s.options.bar_exit,
            s.occ[s.to_move] & ~s.fixed[s.to_move],
        )
        for s in positions
    ]
    rates = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(rates) < 3:
        t0 = time.perf_counter()
        for board, own, enemy, bar_exit, pieces in calls:
            generate(board, own, enemy, bar_exit, pieces)
        rates.append(len(calls) / (time.perf_counter() - t0))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    gen = bench_generation(args.games, args.seconds)
    plies = bench_playouts(args.games, args.seconds)
    print(
        f"legal-move generations/s: median {statistics.median(gen):,.0f} (batches {len(gen)}, target 85,000)"
    )
    rate = statistics.median(plies)
    print(f"random-playout plies/s:   median {rate:,.0f} (batches {len(plies)}, target 38,000)")


if __name__ == "__main__":
    main()
