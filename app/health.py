"""What readiness and ``/metrics`` say of the server's dependencies."""

from __future__ import annotations

import asyncio

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from app.broadcast import Bus
from app.outage import OUTAGES

PROBE_SECONDS = 2.0
"""The longest the database may take to answer ``SELECT 1`` before it counts as down."""


async def database_up(engine: AsyncEngine) -> bool:
    try:
        async with asyncio.timeout(PROBE_SECONDS), engine.connect() as conn:
            await conn.execute(text("SELECT 1"))
    except OUTAGES:  # TimeoutError is an OSError
        return False
    return True


async def check(engine: AsyncEngine, bus: Bus) -> dict[str, bool]:
    """``{"database": up, "bus": up}``: the bus of a single process (no Redis) is always up."""
    return {"database": await database_up(engine), "bus": bus.up}
