"""Secrecy at the wire, at scale: rooms of two games played through real servers
(in-process uvicorn, real WebSockets, ManualClock), each replayed with each player's
opponent re-dealt; every frame each viewer received before the end-of-game reveal must be
byte-identical. See tests/proof/wire_secrecy.py for the method.

    python bench/secrecy_wire.py [--rooms 1000] [--seed 0] [--trios 2] [--plies 12]
                                 [--database sqlite|postgres]

Prints rooms, games, server runs, comparisons, frames compared and leaks; exits 1 on a leak.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "proof"))

import wire_secrecy as ws
from wire_secrecy import harness


async def main_async(args: argparse.Namespace) -> int:
    count = 3 * args.trios
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        urls: list[str] = []
        created: list[str] = []
        if args.database == "postgres":
            template = await harness.create_pg_template()
            for _ in range(count):
                name = await harness.create_pg_database(template)
                # Durability is not what this proves (tests/proof/test_crash.py does):
                # commits need not wait for the disk here.
                await harness.pg_execute(f'ALTER DATABASE "{name}" SET synchronous_commit TO off')
                created.append(name)
                urls.append(harness.pg_url(name))
        else:
            template_path = await harness.create_sqlite_template(Path(tmp))
            for index in range(count):
                lane_dir = Path(tmp) / f"lane{index}"
                lane_dir.mkdir()
                urls.append(harness.sqlite_copy(template_path, lane_dir))

        def progress(tally: ws.Tally) -> None:
            if not args.quiet and tally.rooms % 25 == 0:
                elapsed = time.perf_counter() - t0
                print(
                    f"... {tally.rooms} rooms, {tally.games} games, {elapsed:.0f}s, leaks {len(tally.leaks)}",
                    file=sys.stderr,
                )

        try:
            tally = await ws.run_rooms(urls, args.rooms, args.seed, args.plies, progress)
        finally:
            if args.database == "postgres":
                for name in created:
                    await harness.drop_pg_database(name)
                await harness.drop_pg_database(template)
    if args.json:
        print(json.dumps(dataclasses.asdict(tally)))
        return 1 if tally.leaks else 0
    print(tally.summary())
    print(f"elapsed: {time.perf_counter() - t0:.0f}s ({args.database}, {args.trios} trios of servers)")
    for leak in tally.leaks[:20]:
        print(f"LEAK {leak}")
    return 1 if tally.leaks else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000, help="rooms of two games each")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--trios", type=int, default=2, help="groups of three servers playing concurrently")
    parser.add_argument("--plies", type=int, default=12, help="most moves per game before the scripted end")
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the tally as one JSON line")
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
