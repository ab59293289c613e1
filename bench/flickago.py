"""Flickago speed and autopilot strength.

    python bench/flickago.py [--seconds 5] [--games 4] [--max-shots 120] [--pairs normal:easy,...]

1. Simulated shots per second on one core: full shots (keyframes, 4800-step cap) from the
   positions met in random-shooter games (from the empty board to ~25 pieces), each with a
   random aimed shot; also simulated steps per second, and the mean steps per shot.
2. Level against level: ``--games`` games per pair, seats (and so White) alternated, each
   game from its own seed; a line per pair with the first level's wins, draws and losses
   and the mean score. ``random`` is the random shooter (uniform choice, angle and power).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.flickago import rules
from engine.flickago.bot.baselines import random_shooter
from engine.flickago.data import SIDES
from engine.flickago.physics import Shot, simulate
from engine.flickago.selfplay import Player, level_player, play_match


def positions(count: int, seed: int = 1) -> list[dict[str, Any]]:
    """States met in random-shooter games (aimed roughly forward so that the board fills)."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        state, _ = rules.new_state("ab" * 32, {"first_player": "host"})
        while state["phase"] != "over" and len(out) < count:
            side = state["to_move"]
            if state["phase"] == rules.PLACE:
                state = rules.apply_action(state, {"type": "text", "text": rules.legal(state)[0]}).state
                continue
            choices = [(p, pt) for p, pt in rules.launches(state, side)]
            if not choices:
                break
            out.append(state)
            piece, point = rng.choice(choices)
            forward = 900 if side == "w" else 2700
            action = {
                "type": "shot",
                "piece": piece,
                "from": point,
                "angle": forward + rng.randint(-200, 200),
                "power": rng.randint(350, 650),
            }
            state = rules.apply_action(state, action).state
    return out


def bench_shots(seconds: float) -> tuple[float, float, float]:
    """(shots/s, steps/s, mean steps a shot) on one core."""
    rng = random.Random(2)
    states = positions(60)
    shots = steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = rng.choice(states)
        side = state["to_move"]
        piece, point_id = rng.choice(rules.launches(state, side))
        point = SIDES[side].point(point_id)
        assert point is not None
        shot = Shot(piece, (float(point.x), float(point.y)), rng.randrange(3600), rng.randint(200, 1000))
        steps += simulate(state["pos"], shot).steps
        shots += 1
    elapsed = time.perf_counter() - started
    return shots / elapsed, steps / elapsed, steps / max(shots, 1)


def player(name: str, budget: float | None) -> Player:
    if name == "random":

        def play(view: Mapping[str, Any], seed: int) -> dict[str, Any]:
            return random_shooter(view, random.Random(seed))

        return play
    return level_player(name, budget)


def bench_pair(
    first: str, second: str, games: int, max_shots: int, budget: float | None, start: int = 0
) -> str:
    wins = draws = losses = 0
    margins = []
    started = time.perf_counter()
    for game in range(start, start + games):
        seed = f"{game:064x}"
        seats = (player(first, budget), player(second, budget))
        swap = game % 2 == 1
        match = play_match(
            seed, {"first_player": "host", "max_shots": max_shots}, seats[::-1] if swap else seats, game
        )
        score = match.state["result"]["score"]
        mine = score[match.side_of_seat(1 if swap else 0)]
        theirs = score[match.side_of_seat(0 if swap else 1)]
        margins.append(mine - theirs)
        wins += mine > theirs
        draws += mine == theirs
        losses += mine < theirs
    elapsed = time.perf_counter() - started
    return (
        f"{first} vs {second}: {first} won {wins}, drew {draws}, lost {losses} of {games} "
        f"(mean margin {statistics.mean(margins):+.1f}; {elapsed / games:.0f} s a game)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--max-shots", type=int, default=120)
    parser.add_argument("--budget", type=float, default=None, help="seconds per decision (cap)")
    parser.add_argument("--pairs", default="normal:easy,strong:normal,easy:random")
    parser.add_argument("--first-game", type=int, default=0, help="number of the first game (its seed)")
    args = parser.parse_args()
    shots, steps, mean = bench_shots(args.seconds)
    print(f"simulated shots/s per core: {shots:.1f} ({steps:,.0f} steps/s, {mean:.0f} steps a shot)")
    sys.stdout.flush()
    for pair in args.pairs.split(","):
        if not pair:
            continue
        first, second = pair.split(":")
        print(bench_pair(first, second, args.games, args.max_shots, args.budget, args.first_game))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
