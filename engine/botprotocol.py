"""The JSON-lines bot protocol every game's bot speaks (``python -m engine.<game> bot``):
one request per line on stdin, one answer per line on stdout. Each game answers a line its
own way; reading, skipping blank lines, flushing and a closed pipe are handled here once."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO


def error_line(message: str) -> str:
    """The answer to a request that cannot be answered."""
    return json.dumps({"error": message})


def request_view(line: str) -> dict[str, Any]:
    """The view a request line ``{"view": ..., "history": [...], "seat": n}`` carries, with
    ``history`` (when given) in place of the view's own and ``seat`` as its ``viewer`` when
    the view names none. ``ValueError`` saying why when the line is no such request."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON: {exc.msg}") from None
    if not isinstance(request, dict) or not isinstance(request.get("view"), dict):
        raise ValueError("a request is an object with a 'view' object")
    view = dict(request["view"])
    history = request.get("history")
    if history is not None:
        if not isinstance(history, list):
            raise ValueError("history must be a list")
        view["history"] = history
    if view.get("viewer") is None and "seat" in request:
        view["viewer"] = request["seat"]
    return view


def serve_lines(stdin: TextIO, stdout: TextIO, answer: Callable[[str], str]) -> int:
    """Answer every non-blank line of ``stdin`` on ``stdout`` until end of input (or until
    the reader goes away); the exit code."""
    for line in stdin:
        if not line.strip():
            continue
        try:
            stdout.write(answer(line) + "\n")
            stdout.flush()
        except BrokenPipeError:
            return 0
    return 0


def refuse(stdout: TextIO, message: str) -> int:
    """Answer a bad start (an unknown level, say) with one error line; exit code 2."""
    stdout.write(error_line(message) + "\n")
    stdout.flush()
    return 2
