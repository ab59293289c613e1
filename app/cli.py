"""``speakeasy`` (and ``python -m app``): run the server or the migrations.

speakeasy serve [--host 127.0.0.1] [--port 8000] [--workers 1] [--no-migrate]
speakeasy migrate

``--workers N`` runs N server processes on one port (uvicorn's process manager; the kernel
spreads connections over them, no sticky routing). They share the database and fan events
out through Redis, so N > 1 needs ``REDIS_URL`` and a database several processes can write
to at once (PostgreSQL; SQLite is refused). Each process migrates nothing: the parent does
it once before starting them.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from typing import Any

from app.config import Settings
from app.db import migrate_url


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="speakeasy", description="The Speakeasy game server.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="migrate the database, then serve HTTP and WebSockets")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1, help="server processes on this port (needs Redis)")
    serve.add_argument("--no-migrate", action="store_true", help="do not upgrade the database first")
    commands.add_parser("migrate", help="upgrade the database to the latest schema")
    args = parser.parse_args(argv)

    try:
        settings = Settings()
    except ValueError as error:
        print(f"speakeasy: bad settings: {error}", file=sys.stderr)
        return 2
    if args.command == "serve":
        refusal = _workers_refusal(args.workers, settings)
        if refusal is not None:
            print(f"speakeasy: {refusal}", file=sys.stderr)
            return 2
    if args.command == "migrate" or not args.no_migrate:
        asyncio.run(migrate_url(settings.database_url))
    if args.command == "migrate":
        return 0

    import uvicorn

    from app.main import create_app

    options = {"host": args.host, "port": args.port, **uvicorn_options(settings)}
    if args.workers == 1:
        uvicorn.run(create_app(settings), **options)
    else:  # each worker process builds its own app from the same environment
        uvicorn.run("app.main:create_app", factory=True, workers=args.workers, **options)
    return 0


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How uvicorn serves the app (``speakeasy serve``, and the tests' real servers).

    Sockets use uvicorn's sans-I/O protocol (websockets' parser; no task per connection
    for reading, keepalive pings or closing), extended so that the application takes each
    socket over once it is accepted (``app/ws/native.py``): no ASGI task, queue or scope
    is kept for an open socket's life.
    """
    return {
        "ws": "app.ws.native:SocketProtocol",
        "ws_max_size": 64 * 1024,
        "ws_per_message_deflate": settings.ws_compression,
        "log_level": settings.log_level.lower(),
        "log_config": None,  # uvicorn's loggers go through the app's redacting handler (app/logs.py)
        "access_log": False,
        "proxy_headers": True,
    }


def _workers_refusal(workers: int, settings: Settings) -> str | None:
    if workers < 1:
        return "--workers is at least 1"
    if workers > 1 and not settings.redis_url:
        return "--workers above 1 needs REDIS_URL: the processes hand each other their rooms' events"
    if workers > 1 and settings.is_sqlite:
        return "--workers above 1 needs PostgreSQL (DATABASE_URL): SQLite takes one writer at a time"
    return None
