"""Prohibition: the bot's new level against its frozen baseline (issue 29, item 1).

    nice -n 10 python bench/prohibition_match.py [--level normal] [--deals 4]
                                                 [--players 2 3 4] [--seed 0] [--budget S]

For each player count and each deal (a game seed, ``--deals`` of them per count), the deal
is played ``players + 1`` times, each bot reading only its own view and acting through
``PROHIBITION.apply``:

* once with every seat at the frozen baseline's ``normal`` (``bench/prohibition_baseline``,
  the strongest level before this one): the reference game;
* once per seat k with the new ``--level`` at k and the frozen ``normal`` at every other
  seat (the new level's seat rotates round the table).

Every seat keeps its bot seed in both arms, so the deal, the seat and the dice's seed are the
same and only the bot at k differs. Two figures, each in [0, 1], ties counting half:

* **paired**: for each deal and seat k, the new level's margin at k (its score less the best
  other seat's) against the frozen ``normal``'s margin at k in the reference game;
* **pairwise**: in the games with the new level at k, how often it ranks above each other
  seat (ranks by score, then fewest cubes lost, as the game ranks).

Each with a 95% interval over deals (a deal's comparisons averaged first: they share the
deal's luck). Then the seconds per decision (wall clock and this process's CPU time) of
each level: median, 95th percentile, max. The issue's target: >= 65%.

The top level is ``strong`` (``--level strong``: 74.4%, 67.2% and 71.7% paired on three sets
of 10 fresh deals, bench/README.md); the default run (``--level normal``) is a control: the live
normal against its frozen copy, about 50%. Earlier attempts (a rollout level, a tuned normal
with a considered setup) scored 48-57% and were not kept.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.prohibition_baseline import decide as baseline_decide
from engine.prohibition import PROHIBITION as GAME
from engine.prohibition.bot import decide as new_decide

BASELINE = "frozen normal"

Decide = Callable[..., str]


@dataclass
class Tally:
    """The comparisons of one player count (or all): per deal, the paired and pairwise
    outcomes (1 won, 1/2 tied, 0 lost)."""

    paired: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    pairwise: dict[tuple[int, int], list[float]] = field(default_factory=dict)

    def add(self, deal: tuple[int, int], paired: float, pairwise: list[float]) -> None:
        self.paired.setdefault(deal, []).append(paired)
        self.pairwise.setdefault(deal, []).extend(pairwise)


@dataclass
class Times:
    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)


def play(
    hex_seed: str, players: int, bots: list[tuple[Decide, str]], seed: int, budget: float | None, times: Times
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One game: each seat's (decide, level); (scores, ranks) at the end."""
    state = GAME.new_game(hex_seed, None, players)
    while GAME.result(state) is None:
        seat = min(GAME.actors(state))
        decide, level = bots[seat]
        name = BASELINE if decide is baseline_decide else level
        view = GAME.view(state, seat)
        wall, cpu = time.perf_counter(), time.process_time()
        text = decide(view, level, seed + seat, budget)
        times.wall.setdefault(name, []).append(time.perf_counter() - wall)
        times.cpu.setdefault(name, []).append(time.process_time() - cpu)
        state = GAME.apply(state, seat, {"type": "act", "text": text}).state
    result = GAME.result(state)
    assert result is not None and result.scores is not None and result.ranks is not None
    return result.scores, result.ranks


def margin(scores: tuple[int, ...], seat: int) -> int:
    return scores[seat] - max(s for other, s in enumerate(scores) if other != seat)


def compare(a: float, b: float) -> float:
    """1 when ``a`` is better (higher), 1/2 when equal, 0 when worse."""
    return 1.0 if a > b else 0.5 if a == b else 0.0


def play_deal(
    level: str, players: int, deal: int, seed: int, budget: float | None, tally: Tally, times: Times
) -> None:
    hex_seed = f"{seed:032x}{players * 1_000 + deal:032x}"
    bot_seed = seed * 1_000_003 + deal * 10
    frozen: tuple[Decide, str] = (baseline_decide, "normal")
    reference, _ = play(hex_seed, players, [frozen] * players, bot_seed, budget, times)
    for seat in range(players):
        bots = [(new_decide, level) if s == seat else frozen for s in range(players)]
        scores, ranks = play(hex_seed, players, bots, bot_seed, budget, times)
        paired = compare(margin(scores, seat), margin(reference, seat))
        # A lower rank is better: compare the negated ranks.
        pairwise = [compare(-ranks[seat], -ranks[o]) for o in range(players) if o != seat]
        tally.add((players, deal), paired, pairwise)


def share(per_deal: dict[tuple[int, int], list[float]]) -> str:
    """The mean of all comparisons, and a 95% interval from the spread of the deals' means."""
    values = [v for vs in per_deal.values() for v in vs]
    means = [statistics.fmean(vs) for vs in per_deal.values()]
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else float("nan")
    interval = f"95% CI {100 * (mean - half):.1f}-{100 * (mean + half):.1f}%"
    return f"{100 * mean:.1f}% ({interval}, {len(values)} comparisons)"


def spread(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    median = statistics.median(values)
    return f"median {median:.3f}, p95 {p95:.3f}, max {values[-1]:.3f} ({len(values)} decisions)"


def report(level: str, tallies: dict[int, Tally], times: Times) -> list[str]:
    lines = []
    total = Tally()
    for players, tally in tallies.items():
        total.paired.update(tally.paired)
        total.pairwise.update(tally.pairwise)
        lines.append(
            f"{players} players, {len(tally.paired)} deals x {players + 1} games: "
            f"paired {share(tally.paired)}; pairwise {share(tally.pairwise)}"
        )
    games = sum(len(t.paired) * (p + 1) for p, t in tallies.items())
    lines.append(f"all, {len(total.paired)} deals, {games} games: {level} vs {BASELINE}")
    lines.append(f"  paired   {share(total.paired)}")
    lines.append(f"  pairwise {share(total.pairwise)}")
    for name in sorted(times.wall):
        lines.append(f"  seconds per decision, {name}, wall: {spread(times.wall[name])}")
        lines.append(f"  seconds per decision, {name}, CPU:  {spread(times.cpu[name])}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--deals", type=int, default=4, help="deals per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, help="seconds a decision (default: each level's)")
    args = parser.parse_args(argv)
    tallies: dict[int, Tally] = {}
    times = Times()
    started = time.perf_counter()
    for deal in range(args.deals):
        for players in args.players:
            tally = tallies.setdefault(players, Tally())
            play_deal(args.level, players, deal, args.seed, args.budget, tally, times)
        elapsed = time.perf_counter() - started
        print(f"deal {deal + 1}/{args.deals} done, {elapsed:.0f} s", file=sys.stderr, flush=True)
    print("\n".join(report(args.level, tallies, times)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
