"""Secrecy at the wire (method: wire_secrecy.py). Games are played through real servers
and replayed with each player's opponent re-dealt; every frame a viewer received before
the end-of-game reveal must be byte-identical, and so must the game record's public lines.

The default 40-game run (20 rooms of a game and its rematch, each replayed twice) uses two
worker processes (``bench/secrecy_wire.py``) so both cores work; the slow suite runs 2,000
games the same way. The checker itself is tested first: leaks planted in the frames are
found.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import server_harness as harness
import wire_secrecy as ws

from app.games.runtime import LoadedGame
from engine.catalogue import entry
from engine.rng import is_seed

ROOT = Path(__file__).resolve().parents[2]


def _run_workers(database: str, rooms: int, workers: int, seed0: int, plies: int) -> ws.Tally:
    """``rooms`` rooms split over ``workers`` processes of bench/secrecy_wire.py."""
    per = rooms // workers
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "bench" / "secrecy_wire.py"),
                "--rooms",
                str(per),
                "--seed",
                str(seed0 + index * 100_000),
                "--trios",
                "1",
                "--plies",
                str(plies),
                "--database",
                database,
                "--json",
                "--quiet",
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for index in range(workers)
    ]
    total = ws.Tally()
    for proc in procs:
        out, err = proc.communicate(timeout=7200)
        lines = [line for line in out.splitlines() if line.startswith("{")]
        assert lines, f"worker failed ({proc.returncode}):\n{out[-3000:]}\n{err[-3000:]}"
        part = json.loads(lines[-1])
        for key in ("rooms", "games", "runs", "comparisons", "no_redeal", "frames", "steps", "records"):
            setattr(total, key, getattr(total, key) + part[key])
        total.leaks += part["leaks"]
        for ending, count in part["endings"].items():
            total.endings[ending] = total.endings.get(ending, 0) + count
    return total


def _check(tally: ws.Tally, games: int) -> None:
    print("\n" + tally.summary())
    assert not tally.leaks, "\n".join(tally.leaks[:10])
    assert tally.games >= games
    assert tally.comparisons >= 0.9 * 4 * tally.games  # 2 viewers x 2 re-deals per game
    assert {"resign", "draw", "claim", "timeout"} <= set(tally.endings)


@pytest.mark.heavy
def test_wire_secrecy_40_games(pg_ready: bool) -> None:
    tally = _run_workers("postgres" if pg_ready else "sqlite", rooms=20, workers=2, seed0=0, plies=10)
    _check(tally, 40)


@pytest.mark.slow
def test_wire_secrecy_2000_games(pg_ready: bool) -> None:
    tally = _run_workers(
        "postgres" if pg_ready else "sqlite", rooms=1000, workers=2, seed0=1_000_000, plies=14
    )
    _check(tally, 2000)


# -- the checker finds planted leaks ------------------------------------------------------
class _Leaky:
    """The served game with one planted leak."""

    def __init__(self, game: Any, where: str) -> None:
        self._game = game
        self._where = where

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def view(self, state: Any, viewer: Any, history: bool = True) -> dict[str, Any]:
        out = self._game.view(state, viewer, history)
        if self._where == "view":
            out["checksum"] = hashlib.sha256(bytes(state.board)).hexdigest()[:8]
        return out

    def project(self, event: Any, viewer: Any) -> dict[str, Any] | None:
        out = self._game.project(event, viewer)
        if self._where == "event" and event.kind == "setup_submitted" and out is not None:
            out["position"] = event.data["position"]
        return out


@pytest.mark.parametrize("where", ["view", "event"])
async def test_planted_leaks_are_found(
    where: str, sqlite_template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    leaky = property(lambda game: _Leaky(entry(game.game).game, where))
    monkeypatch.setattr(LoadedGame, "rules", leaky)  # the rulebook every frame is built from
    urls = []
    for index in range(3):
        (tmp_path / str(index)).mkdir()
        urls.append(harness.sqlite_copy(sqlite_template, tmp_path / str(index)))
    tally = await ws.run_rooms(urls, rooms=1, seed0=7, max_plies=4)
    assert tally.leaks, "a planted leak went unnoticed"
    assert all("viewer=" in leak for leak in tally.leaks)


async def test_clean_server_small_run_in_process(sqlite_template: Path, tmp_path: Path) -> None:
    """The same checker in this process (so a debugger can follow it): no leak."""
    urls = []
    for index in range(3):
        (tmp_path / str(index)).mkdir()
        urls.append(harness.sqlite_copy(sqlite_template, tmp_path / str(index)))
    tally = await ws.run_rooms(urls, rooms=2, seed0=11, max_plies=6)
    assert not tally.leaks and tally.games == 4 and tally.comparisons >= 12


def test_redeals_are_checked_offline() -> None:
    """Every re-deal the runs use keeps the setup legal, the moves legal, the refusals
    refused and the public outcomes identical (checked with the engine alone)."""
    for room_seed in range(20):
        room = ws.build_room(room_seed, room_seed, 10)
        rng = random.Random(room_seed)
        for game in room.games:
            for hidden in (0, 1):
                new = ws.find_redeal(game, hidden, rng)
                if new is None:
                    continue
                setups = list(game.setups)
                setups[hidden] = new
                played = ws.se.play_through(game.seed, game.preset, (setups[0], setups[1]), game.moves)
                original = ws.se.play_through(game.seed, game.preset, game.setups, game.moves)
                assert played is not None and original is not None
                assert new != game.setups[hidden]
                assert ws.se.fast_replay(played.states[2], game.moves) == ws.se.fast_replay(
                    original.states[2], game.moves
                )


def test_seed_hook_is_production_random() -> None:
    """Production seeds come from the CSPRNG: the hook is only replaced by these tests."""
    from app.games import commands

    assert commands.draw_seed.__module__ == "app.games.commands"
    draws = {commands.draw_seed("room", 1) for _ in range(50)}
    assert len(draws) == 50 and all(is_seed(seed) for seed in draws)
