"""``speakeasy`` (and ``python -m app``): run the server or the migrations.

speakeasy serve [--host 127.0.0.1] [--port 8000] [--workers 1] [--no-migrate]
speakeasy migrate
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from app.config import Settings
from app.db import migrate_url


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="speakeasy", description="The Speakeasy game server.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="migrate the database, then serve HTTP and WebSockets")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--no-migrate", action="store_true", help="do not upgrade the database first")
    commands.add_parser("migrate", help="upgrade the database to the latest schema")
    args = parser.parse_args(argv)

    try:
        settings = Settings()
    except ValueError as error:
        print(f"speakeasy: bad settings: {error}", file=sys.stderr)
        return 2
    if args.command == "migrate" or not args.no_migrate:
        asyncio.run(migrate_url(settings.database_url))
    if args.command == "migrate":
        return 0

    import uvicorn

    from app.main import create_app

    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        ws_max_size=64 * 1024,
        log_level=settings.log_level.lower(),
        log_config=None,  # uvicorn's loggers go through the app's redacting handler (app/logs.py)
        access_log=False,
        proxy_headers=True,
    )
    return 0
