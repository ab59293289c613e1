"""A move leaves no reference cycle behind it (issue 15, item 3).

Garbage that only the cycle collector can free is what makes its collections come: each
one stops every socket of the process. A recursive closure in the socket layer's check of
an action made five objects of it per move, and at 2,000 moves/s a collection stalled the
server for 70-100 ms every few seconds (bench/README.md). What a move allocates must go
by reference counting."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator

import pytest
from conftest import Server
from server_harness import seat_two

from app.ws.messages import parse


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
    assert gc.collect() == 0


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
