"""bench/load.py: its scripted players read every registered game's views as the engine
means them, its latency is the open-loop one, and (slow, PostgreSQL) the bench runs two
games of every registered game against a real server and reports every figure."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.catalogue import entries
from engine.rng import new_seed

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
assert _spec is not None and _spec.loader is not None
load = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = load  # dataclasses look their module up
_spec.loader.exec_module(load)

FIGURES = (
    "offered_per_s",
    "achieved_per_s",
    "acked",
    "server_cpu_ms_per_move",
    "db_cpu_ms_per_move",
    "changes_per_commit",
    "gc_pauses",
    "kib_per_game_seated",
    "kib_per_game_playing",
    "load_avg_start",
    "load_avg_end",
    "errors",
    "frame_limit",
    "games_finished",
)


def test_every_registered_game_has_a_scripted_player() -> None:
    assert {entry.name for entry in entries()} <= set(load.ADAPTERS)


@pytest.mark.parametrize(
    ("name", "players"),
    [(entry.name, n) for entry in entries() for n in range(entry.min_players, entry.max_players + 1)],
)
def test_the_scripted_player_acts_exactly_when_the_engine_says_and_legally(name: str, players: int) -> None:
    """Through the engine (views as the server sends them): the seats whose view lets the
    scripted player act are the game's actors, and every action it picks is applied."""
    game = next(entry.game for entry in entries() if entry.name == name)
    adapter = load.ADAPTERS[name]
    rng = random.Random(f"{name}{players}")
    state = game.new_game(new_seed(), None, players)
    steps = 60 if name == "flickago" else 400  # a shot is simulated: keep it fast
    for _ in range(steps):
        views = {seat: game.view(state, seat, history=False) for seat in range(players)}
        acting = {seat for seat, view in views.items() if adapter.can_act(view, seat)}
        assert acting == set(game.actors(state))
        if not acting:
            assert game.is_over(state)
            break
        seat = rng.choice(sorted(acting))
        action, versioned = adapter.choose(views[seat], seat, rng)
        # A version only where no other seat can act meanwhile (else it could go stale).
        assert not versioned or acting == {seat}
        state = game.apply(state, seat, action).state


def test_latency_runs_from_the_intended_time_to_the_last_other_seat_receiving_the_event() -> None:
    async def run() -> None:
        stats = load.Stats()
        table = load.Table(0, "prohibition", 3, "http://x", None, random.Random(1), stats, 0.05)
        table.window = load.Window(0.0, 10.0, 20.0, 30.0)
        table.people = [load.Person(i, "") for i in range(3)]
        for person in table.people:
            person.game_id, person.version, person.syncing = "g", 4, False
        mover = table.people[0]
        mover.action_id, mover.intended, mover.base_version, mover.busy = "m1", 11.0, 4, True
        table.people[1].arrivals = {5: 12.5}  # one other seat already holds the event
        table._acked(mover, 5, 12.0)
        assert not mover.busy and stats.acked == 1 and stats.latencies == []
        table.people[2].arrivals = {6: 13.0}  # the last one (a later version: it holds 5 too)
        table._resolve()
        assert stats.latencies == [2.0] and table.pending == []
        mover.action_id, mover.intended = "m2", 25.0  # intended after the window: not measured
        table._acked(mover, 7, 25.5)
        table.people[1].arrivals[7] = table.people[2].arrivals[7] = 26.0
        table._resolve()
        assert stats.latencies == [2.0] and stats.acked == 1

    asyncio.run(run())


def _postgres() -> bool:
    async def probe() -> bool:
        import asyncpg

        try:
            conn = await asyncpg.connect(load.PG_ADMIN, timeout=3)
        except (OSError, asyncpg.PostgresError, TimeoutError):
            return False
        await conn.close()
        return True

    return asyncio.run(probe())


def _bench(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``bench/load.py`` with ``arguments`` and ``--json``, which must succeed."""
    done = subprocess.run(
        [sys.executable, "bench/load.py", *arguments, "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done


def _require_postgres() -> None:
    """Skip the test without PostgreSQL, or fail it where CI requires it."""
    if not _postgres():
        if os.environ.get("SPEAKEASY_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is not reachable at {load.PG_ADMIN}")
        pytest.skip(f"PostgreSQL is not reachable at {load.PG_ADMIN}")


@pytest.mark.slow
@pytest.mark.postgres
def test_the_bench_drives_two_games_of_every_registered_game_on_postgres() -> None:
    _require_postgres()
    done = _bench("--games", "2", "--rate", "12", "--duration", "3", "--warmup", "1", "--drain", "5")
    sections: list[dict[str, Any]] = json.loads(done.stdout)["sections"]
    assert [s["game"] for s in sections] == [entry.name for entry in entries()]
    for section in sections:
        for figure in FIGURES:
            assert section[figure] is not None, (section["game"], figure)
        assert section["acked"] > 0 and section["achieved_per_s"] > 0, section
        assert section["offered_per_s"] == pytest.approx(12, abs=1)
        latency = section["latency_ms"]
        assert latency["n"] > 0 and 0 < latency["p50"] <= latency["p99"] <= latency["max"], section
        assert section["server_cpu_ms_per_move"] > 0 and section["kib_per_game_seated"] != 0, section
        assert (
            section["frame_limit"]["server_per_socket"] == 20 and not section["frame_limit"]["set_by_bench"]
        )


@pytest.mark.slow
@pytest.mark.postgres
def test_the_bench_profiles_the_server_over_its_window(tmp_path: Path) -> None:
    """``--profile``: the server's cProfile of the measured window is written, and it holds
    the moves' handling (not the start-up's)."""
    import pstats

    _require_postgres()
    profile = str(tmp_path / "run.prof")
    _bench("--game", "speakeasy", "--games", "2", "--rate", "12", "--duration", "3", "--profile", profile)
    assert [path.name for path in tmp_path.iterdir()] == ["run.working-tree.1.prof"]
    functions = {name for _file, _line, name in pstats.Stats(str(tmp_path / "run.working-tree.1.prof")).stats}
    assert "event_frames" in functions
    assert "create_app" not in functions  # start-up is outside the window
