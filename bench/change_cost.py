"""The server's own CPU work for one change, in process: random games of one game played
through the path a move takes after its command is checked (the engine's apply and the
game row's fields, ``app.games.commands._apply`` and ``app.games.store``; every viewer
class's view, its parts and its patch, ``app.games.frames.event_frames``), no sockets and
no database.

    python bench/change_cost.py --game spies --players 3
    python bench/change_cost.py --game spies --players 5 --profile

Prints the CPU time (``time.process_time``: the machine may be shared) per change, the best
of ``--repeat`` replays of the same games; ``--profile`` prints a cProfile of one replay
instead. The scripted players are ``bench/load.py``'s (its ``ADAPTERS``: a random action
among those each seat's view offers; not timed).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.clocks import GameClocks
from app.games import commands, frames, store
from app.games.runtime import LoadedGame, SentViews
from bench.load import ADAPTERS
from engine.catalogue import entries, entry


def replay(
    name: str, players: int, games: int, moves: int, profile: cProfile.Profile | None = None
) -> tuple[float, int]:
    """CPU seconds spent in the server's part, and the changes made."""
    entries()  # every game loaded, as in the server (its lookups take the short path)
    rules = entry(name).game
    player = ADAPTERS[name]
    rng = random.Random(7)
    spent, changes = 0.0, 0
    for number in range(games):
        state = rules.new_game(f"{number + 3:064x}", None, players)
        clocks = GameClocks.fresh(players, 600_000, 5_000, None)
        seats = tuple(range(players))
        game = LoadedGame(
            f"g{number}", "r", name, 1, rules.seed_of(state), {}, seats, 0, 0, state, clocks, None
        )
        sent: SentViews | None = None
        now = 1_000
        for _ in range(moves):
            if game.result is not None:
                break
            views = {seat: rules.view(game.state, seat, history=False) for seat in seats}
            ready = [seat for seat in seats if player.can_act(views[seat], seat)]
            if not ready:
                break
            seat = rng.choice(ready)
            action, _ = player.choose(views[seat], seat, rng)
            now += 50
            started = time.process_time()
            if profile is not None:
                profile.enable()
            change = commands._apply(game, seat, action, "apply", "c", now)
            after = store.checkpoint(change.after)
            store.game_values(after, now)
            store.log_rows(after.id, game.version, change.entries)
            viewers = frames.viewers(after)
            _texts, sent = frames.event_frames(after, game, change.entries[0].events, now, viewers, sent)
            if profile is not None:
                profile.disable()
            spent += time.process_time() - started
            changes += 1
            game = after
    return spent, changes


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="spies")
    parser.add_argument("--players", type=int, help="seats (default: the game's fewest)")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--moves", type=int, default=250, help="changes a game at most")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    args.players = args.players or entry(args.game).min_players
    if args.profile:
        profile = cProfile.Profile()
        replay(args.game, args.players, args.games, args.moves, profile)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        return
    runs = [replay(args.game, args.players, args.games, args.moves) for _ in range(args.repeat)]
    best = min(spent for spent, _ in runs)
    changes = runs[0][1]
    print(
        f"{args.game}, {args.players} seats: {best / changes * 1000:.3f} ms CPU a change ({changes} changes)"
    )


if __name__ == "__main__":
    main()
