"""The database: one async engine per process, sessions, and migrations.

SQLite (through aiosqlite) is the embedded default so the server runs with nothing to
install; PostgreSQL (through asyncpg) is used in CI and production. The schema comes only
from the Alembic migrations in ``migrations/``; :func:`migrate` runs them to ``head``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = ROOT / "migrations"


def make_engine(url: str, pool_size: int = 10) -> AsyncEngine:
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_async_engine(url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=False)


def sessions(engine: AsyncEngine) -> async_sessionmaker:  # type: ignore[type-arg]
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


async def migrate(engine: AsyncEngine, revision: str = "head") -> None:
    """Upgrade the database behind ``engine`` to ``revision``."""

    def _upgrade(connection: Connection) -> None:
        config = alembic_config(str(engine.url.render_as_string(hide_password=False)))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)

    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


async def migrate_url(url: str, revision: str = "head") -> None:
    engine = make_engine(url)
    try:
        await migrate(engine, revision)
    finally:
        await engine.dispose()
