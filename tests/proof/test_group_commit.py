"""Group commit (app/games/groupcommit.py) keeps the meaning of one transaction per move:
a change is acknowledged only once committed, a stale ``seq`` is a Conflict for that game
alone, a reused client id is a DuplicateAction for that change alone, and the others in
the same batch commit."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from conftest import Server
from server_harness import seat_two
from sqlalchemy import text

from app.errors import Conflict
from app.games import store
from app.games.commands import plan
from app.games.store import DuplicateAction
from app.ws.messages import Act

POSTGRES = pytest.mark.parametrize(
    "backend", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)


@POSTGRES
@pytest.mark.parametrize("settings_overrides", [{"max_frames_per_second": 10_000}])
async def test_concurrent_moves_share_transactions(server: Server) -> None:
    tables = [await seat_two(server) for _ in range(12)]
    for table in tables:
        await table.setups()
    service = server.app.state.service
    registry = server.app.state.metrics.registry

    def counted() -> tuple[float, float]:
        count = registry.get_sample_value("speakeasy_commit_batch_changes_count") or 0.0
        return count, registry.get_sample_value("speakeasy_commit_batch_changes_sum") or 0.0

    before = (service._committer.batches, service._committer.items)
    metered = counted()
    for _ in range(4):
        await asyncio.gather(*(table.move() for table in tables if not table.over()))
    batches = service._committer.batches - before[0]
    items = service._committer.items - before[1]
    assert items >= 40 and batches < items, (batches, items)  # some moves shared a commit
    assert (counted()[0] - metered[0], counted()[1] - metered[1]) == (batches, items)  # /metrics says so
    async with service.engine.connect() as conn:
        for table in tables:
            seen = [
                f for f in table.sockets[0].frames if f["type"] == "event" and f["event"]["type"] == "move"
            ]
            logged = (
                await conn.execute(
                    text("SELECT count(*) FROM game_actions WHERE game_id = :g AND action LIKE '%\"move\"%'"),
                    {"g": table.sockets[0].game_id},
                )
            ).scalar_one()
            assert logged == len(seen) > 0


@POSTGRES
async def test_conflict_and_duplicate_are_per_game(server: Server) -> None:
    tables = [await seat_two(server) for _ in range(4)]
    for table in tables:
        await table.setups()
    service = server.app.state.service
    changes = []
    for index, table in enumerate(tables):
        runtime = await service.runtime(table.room["room_id"])
        game = runtime.game
        seat = next(iter(game.rules.actors(game.state)))
        legal = game.rules.legal_actions(game.state, seat)
        command = Act(type="act", id=f"g{index}", action=legal[0], version=game.version)
        change = plan(runtime.room, game, seat, command, 0, {}, 1000)
        changes.append((game, change))
    # Game 1: a stale guard. Game 2: a client id its seat already used in this game.
    stale_game = replace(changes[1][0], seq=changes[1][0].seq + 7)
    dup_game, dup_change = changes[2]
    entry = dup_change.entries[0]
    async with service.engine.connect() as conn:
        used = (
            await conn.execute(
                text("SELECT seat, client_id FROM game_actions WHERE game_id = :g AND client_id IS NOT NULL"),
                {"g": dup_game.id},
            )
        ).all()
    reused = next(row.client_id for row in used if row.seat == entry.seat)  # his setup's id
    dup_entries = (replace(entry, client_id=reused),)
    results = await asyncio.gather(
        service._committer.commit(changes[0][0], changes[0][1].after, changes[0][1].entries, 1),
        service._committer.commit(stale_game, changes[1][1].after, changes[1][1].entries, 1),
        service._committer.commit(dup_game, dup_change.after, dup_entries, 1),
        service._committer.commit(changes[3][0], changes[3][1].after, changes[3][1].entries, 1),
        return_exceptions=True,
    )
    assert results[0] is None and results[3] is None, results
    assert isinstance(results[1], Conflict), results
    assert isinstance(results[2], DuplicateAction), results
    async with service.engine.connect() as conn:
        for index, (game, change) in enumerate(changes):
            row = await store.load_game(conn, game.id)
            assert row is not None
            assert row.version == (change.after.version if index in (0, 3) else game.version), index
