"""Storage: the migrations are the schema, and a new process resumes every game exactly."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from conftest import Server
from server_harness import seat_two, serving, settings_for
from sqlalchemy import select
from sqlalchemy.engine import Connection

from app.db import make_engine
from app.main import create_app
from app.models import Base, GameAction


async def test_models_match_the_migrations(database_url: str) -> None:
    engine = make_engine(database_url)

    def diff(connection: Connection) -> list[object]:
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))

    try:
        async with engine.connect() as conn:
            differences = await conn.run_sync(diff)
    finally:
        await engine.dispose()
    assert differences == []


async def test_action_log_and_resume_in_a_new_process(server: Server, database_url: str) -> None:
    table = await seat_two(server)
    await table.setups()
    for _ in range(4):
        await table.move()
    sa = table.sockets[0]
    version, view = sa.last_version, sa.view
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            rows = (await conn.execute(select(GameAction.__table__).order_by(GameAction.id))).all()
    finally:
        await engine.dispose()
    kinds = [(row.kind, row.first_version, row.last_version) for row in rows]
    assert kinds[0][0] == "apply" and kinds[0][1] == 1
    covered = [v for row in rows for v in range(row.first_version, row.last_version + 1)]
    assert covered == list(range(1, (version or 0) + 1))
    assert all(row.client_id for row in rows)

    # A second, independent app on the same database resumes the game exactly.
    fresh = create_app(settings_for(database_url), server.clock)
    async with serving(fresh) as base:
        from server_harness import Player

        for player in table.players:
            elsewhere = Player(base)
            elsewhere.http.cookies.update(player.http.cookies)
            sock = await elsewhere.connect(table.room["room_id"])
            try:
                assert sock.last_version == version
                if sock.seat == sa.seat:
                    resumed = dict(sock.view or {})
                    resumed.pop("history")
                    assert resumed == view
            finally:
                await elsewhere.close()
