"""A move leaves no reference cycle behind it (issue 15, item 3).

Garbage that only the cycle collector can free is what makes its collections come: each
one stops every socket of the process. A recursive closure in the socket layer's check of
an action made five objects of it per move, and at 2,000 moves/s a collection stalled the
server for 70-100 ms every few seconds (bench/README.md). What a move allocates must go
by reference counting."""

from __future__ import annotations

import ast
import contextlib
import gc
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Server
from server_harness import seat_two
from test_server_frames_cost import random_play

from app.ws.messages import parse
from engine.catalogue import entry, names
from engine.core import SPECTATOR, Viewer
from engine.errors import InvalidAction


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_reading_an_action_makes_no_cycle(collector_off: None) -> None:
    texts = [
        json.dumps({"type": "act", "id": f"a{index}", "version": index, "action": action})
        for index, action in enumerate(
            [
                {"type": "move", "move": "a1-a2"},
                {"type": "act", "text": "buy 2 crates", "extra": {"nested": ["x", 1, {"y": None}]}},
                {"type": "setup", "position": ["a", "b", "c"] * 20},
            ]
            * 100
        )
    ]
    for text in texts:
        parse(text)
    # What an earlier test left running (a server shutting down) may free a little meanwhile:
    # far below the five objects a parse that the closure made.
    assert gc.collect() < len(texts) // 10


@pytest.mark.parametrize("settings_overrides", [{"max_frames_per_second": 10_000}])
async def test_moves_leave_no_cyclic_garbage(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    for _ in range(4):  # caches, prepared statements, first frames
        await table.move()
    gc.collect()
    gc.disable()
    try:
        moves = 0
        while moves < 40 and not table.over():
            await table.move()
            moves += 1
        found = gc.collect()
    finally:
        gc.enable()
    # The harness's own clients and uvicorn's server run in this process too: allow them a
    # little, far below the five objects a move that the closure alone made.
    assert moves > 0 and found < moves, (found, moves)


@pytest.mark.parametrize("name", names())
def test_a_games_rules_and_views_make_no_cycle(name: str) -> None:
    """What the server process runs of each game on a move: its rules (not an action's
    offloaded work: Flickago's physics runs in the worker pool), every viewer's view and
    projections, and the snapshot."""
    game = entry(name).game
    viewers: list[Viewer] = [*range(entry(name).min_players), SPECTATOR]
    plays = random_play(name, 60, 7)
    rng = random.Random(3)
    gc.collect()
    gc.disable()
    try:
        for state, events in plays:
            for viewer in viewers:
                game.view(state, viewer, history=False)
                for event in events:
                    game.project(event, viewer)
            game.to_dict(state)
            if game.result(state) is not None:
                continue
            seat = rng.choice(sorted(game.actors(state)))
            for action in game.legal_actions(state, seat)[:8]:
                with contextlib.suppress(InvalidAction):
                    if game.offload(state, seat, action) is None:
                        game.apply(state, seat, action)
        found = gc.collect()
    finally:
        gc.enable()
    assert found < len(plays), found  # what an earlier test left running may free a little


def test_no_closure_calls_itself() -> None:
    """The pattern both cycles above came from, anywhere in the server or the engine: a
    function defined inside another that calls itself by name (write it at module level and
    pass what it shares)."""
    root = Path(__file__).resolve().parents[2]
    found = []
    for path in sorted([*root.joinpath("app").rglob("*.py"), *root.joinpath("engine").rglob("*.py")]):
        for outer in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(outer):
                if inner is outer or not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                called = {
                    node.func.id
                    for node in ast.walk(inner)
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                }
                if inner.name in called:
                    found.append(f"{path.relative_to(root)}:{inner.lineno} {outer.name}.{inner.name}")
    assert found == []


async def test_collections_are_timed_on_metrics(server: Server) -> None:
    """``speakeasy_gc_pause_seconds{generation}`` counts the process's collections and the
    time they took (the load bench reads it over its window)."""
    registry = server.app.state.metrics.registry

    def full() -> tuple[float, float]:
        labels = {"generation": "2"}
        count = registry.get_sample_value("speakeasy_gc_pause_seconds_count", labels) or 0.0
        return count, registry.get_sample_value("speakeasy_gc_pause_seconds_sum", labels) or 0.0

    before = full()
    for _ in range(3):
        gc.collect()
    after = full()
    assert after[0] == before[0] + 3 and after[1] > before[1]
    text = (await server.player().http.get("/metrics")).text
    assert 'speakeasy_gc_pause_seconds_count{generation="0"}' in text
