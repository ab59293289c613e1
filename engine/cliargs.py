"""What every game's command line (``python -m engine.<game>``) shares: the usage error its
``main`` turns into exit status 2, an argument parser that raises it instead of exiting, and
reading a JSON or text file (``-``: standard input)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn


class UsageError(Exception):
    """The command line or an input file cannot be used: said to the user, exit 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def read_text(path: str) -> str:
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None


def read_json(path: str) -> Any:
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} is not JSON: {exc.msg} (line {exc.lineno})") from None


def read_object(path: str, what: str) -> dict[str, Any]:
    """A JSON object from ``path`` (a stored state, a record): ``what`` names it in the error."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise UsageError(f"{path} is not {what} (a JSON object)")
    return data
