"""The platform's command line.

    python -m engine list             the registered games, one name per line
    python -m engine verify RECORD    check a finished game's JSON record (a file, or - for stdin)

``verify`` prints one line per failed check and exits 1, or prints ``ok`` and exits 0; a
record that cannot be read (not JSON, not the shared shape, an unknown game, a malformed
field) exits 2 with a one-line reason on stderr. Usage errors exit 2 too. A registered game
that cannot be loaded (a broken installation, not a broken record) exits 3.
"""

from __future__ import annotations

import sys
from typing import Any

from engine import catalogue
from engine.cliargs import Parser, UsageError, read_json
from engine.errors import InvalidAction
from engine.fairness import verify
from engine.record import MalformedRecord


def read_record(path: str) -> Any:
    """The JSON of ``path`` (``-``: standard input); :class:`MalformedRecord` if unreadable."""
    try:
        return read_json(path)
    except UsageError as exc:
        raise MalformedRecord(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m engine", description="The games platform's engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="print the registered games, one per line")
    p_verify = sub.add_parser("verify", help="check a finished game's JSON record")
    p_verify.add_argument("record", help="the record's file, or - for standard input")
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        if args.command == "list":
            for name in catalogue.names():
                print(name)
            return 0
        failures = verify(read_record(args.record))
    except (ImportError, catalogue.CatalogueError) as exc:
        print(f"error: the catalogue cannot load its games: {exc}", file=sys.stderr)
        return 3
    except (InvalidAction, ValueError, KeyError, TypeError) as exc:
        # A record the hooks cannot even read: one line, whatever broke.
        reason = str(exc) if isinstance(exc, InvalidAction) else f"{type(exc).__name__}: {exc}"
        line = (reason.splitlines() or [type(exc).__name__])[0].removeprefix("malformed record: ")
        print(f"malformed record: {line}", file=sys.stderr)
        return 2
    for line in failures:
        print(line)
    if failures:
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
