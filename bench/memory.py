"""Where a seated game's memory goes: the server under tracemalloc, N games seated.

    python bench/memory.py [--game speakeasy] [--games 100] [--depth 1] [--top 25]

A server process (``python -m app serve`` on a fresh PostgreSQL database, as
``bench/load.py`` starts it) runs with tracemalloc on. One room is seated first (imports
and caches every room needs), a snapshot is taken, then ``--games`` rooms of K people and a
spectator (``bench/load.py``'s tables, nothing played), and a second snapshot. The
difference per game is printed by file and by line (``--depth`` > 1: by call chain, the
innermost frames of the project and its libraries first). tracemalloc counts Python
objects, not the process's RSS (which it inflates with its own bookkeeping): for RSS per
game use ``bench/load.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import load  # bench/load.py: the tables, the server's environment

# Run as the server: tracemalloc from the start, a snapshot written on SIGUSR1.
_SERVER = r"""
import gc, signal, sys, tracemalloc
tracemalloc.start(int(sys.argv[1]))
taken = []
def dump(*_):
    gc.collect()
    tracemalloc.take_snapshot().dump(f"{sys.argv[2]}.{len(taken)}")
    taken.append(1)
signal.signal(signal.SIGUSR1, dump)
from app.cli import main
sys.exit(main(["serve", "--port", sys.argv[3]]))
"""


def _snapshot(process: subprocess.Popen[bytes], path: str) -> tracemalloc.Snapshot:
    process.send_signal(signal.SIGUSR1)
    for _ in range(600):
        if os.path.exists(path):
            time.sleep(0.5)  # let the dump finish writing
            return tracemalloc.Snapshot.load(path)
        time.sleep(0.1)
    raise RuntimeError("the server wrote no snapshot")


def _where(frame: tracemalloc.Frame, line: bool = True) -> str:
    """A frame's file (and line), short: from the package or the repository on."""
    name = re.sub(r"^.*(site-packages|lib/python3\.\d+)/", "", frame.filename)
    name = name.removeprefix(f"{load.ROOT}/")
    return f"{name}:{frame.lineno}" if line else name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="speakeasy", choices=load.ADAPTERS)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, help="seats per game (default: the game's minimum)")
    parser.add_argument("--depth", type=int, default=1, help="frames kept per allocation")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    from engine.catalogue import entry

    players = args.players or entry(args.game).min_players
    database = f"speakeasy_memory_{uuid.uuid4().hex[:10]}"
    asyncio.run(load._admin(f'CREATE DATABASE "{database}"'))
    port = load._free_port()
    with tempfile.TemporaryDirectory() as tmp:
        prefix = f"{tmp}/snapshot"
        env = {
            **os.environ,
            "DATABASE_URL": load.database_url(database),
            **load.SERVER_ENV,
            "PYTHONPATH": str(load.ROOT),
        }
        env.pop("REDIS_URL", None)
        command = [sys.executable, "-c", _SERVER, str(args.depth), prefix, str(port)]
        server = subprocess.Popen(command, cwd=load.ROOT, env=env)
        try:
            load.wait_until_up(server, port)
            base = f"http://127.0.0.1:{port}"

            async def measure() -> tuple[tracemalloc.Snapshot, tracemalloc.Snapshot]:
                import httpx

                limits = httpx.Limits(max_connections=20, max_keepalive_connections=0)
                async with httpx.AsyncClient(timeout=120, limits=limits) as http:

                    async def seat(count: int, offset: int) -> list[Any]:
                        seated = load.seat_tables(args.game, players, count, offset, base, http, 0, 0.06)
                        return (await seated)[0]

                    warm = await seat(1, 10**6)  # what every room needs, imported and cached
                    await asyncio.sleep(1)
                    before = _snapshot(server, f"{prefix}.0")
                    tables = await seat(args.games, 0)
                    await asyncio.sleep(2)
                    after = _snapshot(server, f"{prefix}.1")
                    await asyncio.gather(*(table.close() for table in tables + warm), return_exceptions=True)
                return before, after

            before, after = asyncio.run(measure())
        finally:
            server.terminate()
            server.wait(30)
            asyncio.run(load._admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
    n = args.games
    by_file = after.compare_to(before, "filename")
    total = sum(stat.size_diff for stat in by_file)
    print(f"{args.game}: {n} games x {players} players + 1 spectator ({n * (players + 1)} sockets) seated")
    per_game = total / 1024 / n
    print(f"Python objects per game: {per_game:.1f} KiB ({per_game / (players + 1):.1f} per socket)")
    print("\nby file (KiB per game, objects per game):")
    for stat in by_file[: args.top]:
        where = _where(stat.traceback[0], line=False)
        print(f"{stat.size_diff / 1024 / n:8.2f} {stat.count_diff / n:7.1f}  {where}")
    group = "traceback" if args.depth > 1 else "lineno"
    print(f"\nby {'call chain' if args.depth > 1 else 'line'}:")
    for stat in after.compare_to(before, group)[: args.top]:
        chain = " <- ".join(_where(frame) for frame in reversed(stat.traceback[-6:]))
        print(f"{stat.size_diff / 1024 / n:8.2f} {stat.count_diff / n:7.1f}  {chain}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
