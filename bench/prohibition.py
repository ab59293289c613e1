"""Prohibition: engine speed, bot thinking time, and level against level.

    python bench/prohibition.py [--games 20] [--seed 0] [--playout-seconds 5]
                                [--match normal:easy --match easy:random ...]

Prints:
* random playouts (every seat a random legal action, through ``rules.legal`` and the
  unchecked ``rules.advance``): truck-turns and decisions per second on one core;
* each bot level's time per decision (median and 95th percentile, CPU time of this process,
  so that a busy machine does not inflate it) over the matches;
* for each match ``strong:weak``, 3-player games with one ``strong`` seat against two
  ``weak`` seats (the strong seat rotating): how often the strong seat wins (shared wins
  count), and pairwise how often it ranks above a weak seat. ``random`` is the random legal
  player.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.prohibition import PROHIBITION as GAME
from engine.prohibition import rules
from engine.prohibition.bot import decide

DEFAULT_MATCHES = ("normal:easy", "easy:random", "normal:random")


def playouts(seconds: float, seed: int) -> tuple[int, int, int, float]:
    """Random games for about ``seconds``: (games, truck-turns, decisions, elapsed)."""
    rng = random.Random(seed)
    games = turns = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = rules.new_state(f"{rng.getrandbits(256):064x}", None, rng.choice((2, 3, 4)))
        while state.phase != "over":
            rules.advance(state, rng.choice(rules.legal(state)))
            decisions += 1
        turns += sum(1 for e in state.entries if e.text.startswith("dice "))
        games += 1
    return games, turns, decisions, time.perf_counter() - start


@dataclass
class Match:
    strong: str
    weak: str
    games: int = 0
    wins: int = 0
    pairs: int = 0
    above: int = 0
    rounds: list[int] = field(default_factory=list)


def play_match(match: Match, games: int, seed: int, times: dict[str, list[float]], players: int = 3) -> None:
    for number in range(games):
        strong_seat = number % players
        levels = [match.strong if s == strong_seat else match.weak for s in range(players)]
        state = GAME.new_game(f"{seed * 100_003 + number + 1:064x}", None, players)
        while GAME.result(state) is None:
            seat = min(GAME.actors(state))
            view = GAME.view(state, seat)
            began = time.process_time()
            text = decide(view, levels[seat], seed + 7 * number + seat)
            times.setdefault(levels[seat], []).append(time.process_time() - began)
            state = GAME.apply(state, seat, {"type": "act", "text": text}).state
        result = GAME.result(state)
        assert result is not None and result.ranks is not None
        match.games += 1
        match.rounds.append(state.round)
        match.wins += strong_seat in result.winners
        for other in range(players):
            if other != strong_seat:
                match.pairs += 1
                match.above += result.ranks[strong_seat] < result.ranks[other]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="3-player games per match")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--playout-seconds", type=float, default=5.0)
    parser.add_argument("--match", action="append", help="strong:weak (default: %(default)s)")
    args = parser.parse_args(argv)

    games, turns, decisions, elapsed = playouts(args.playout_seconds, args.seed)
    print(
        f"random playouts: {games} games, {turns} truck-turns in {elapsed:.1f} s: "
        f"{turns / elapsed:.0f} truck-turns/s, {decisions / elapsed:.0f} decisions/s"
    )
    times: dict[str, list[float]] = {}
    results = []
    for spec in args.match or DEFAULT_MATCHES:
        strong, _, weak = spec.partition(":")
        match = Match(strong, weak)
        began = time.perf_counter()
        play_match(match, args.games, args.seed, times)
        results.append(match)
        print(
            f"{strong} vs 2 x {weak} (3 players, {match.games} games, {time.perf_counter() - began:.0f} s): "
            f"{strong} wins {match.wins}/{match.games} ({100 * match.wins / match.games:.0f}%), "
            f"above a {weak} seat {match.above}/{match.pairs} ({100 * match.above / match.pairs:.0f}%), "
            f"median {statistics.median(match.rounds):g} rounds"
        )
    for level, spent in sorted(times.items()):
        spent.sort()
        p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
        print(
            f"CPU time per decision, {level}: median {1000 * statistics.median(spent):.1f} ms, "
            f"p95 {1000 * p95:.1f} ms ({len(spent)} decisions)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
