"""Alembic environment: runs on a connection handed in by ``app.db.migrate`` or, from the
``alembic`` command line, on the database named by DATABASE_URL (SQLite by default)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from app.config import Settings
from app.db import make_engine
from app.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_online() -> None:
    url = config.get_main_option("sqlalchemy.url") or Settings().database_url
    engine = make_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_run)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url") or Settings().database_url)
    with context.begin_transaction():
        context.run_migrations()
elif (given := config.attributes.get("connection")) is not None:
    _run(given)
else:
    asyncio.run(_run_online())
