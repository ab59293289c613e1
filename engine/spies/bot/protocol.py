"""The JSON-lines bot protocol of spec section 19, on any pair of text streams.

    {"view": <the seat's view>, "history": [...], "seat": n, "power": "G", "decision": "turn"}
        -> "G go s04 WAR"   (one action line, as a JSON string)

``history`` (when given) replaces the view's own; ``seat`` names the seat when the view does
not. The bot keeps no state between requests. A request that cannot be answered gets
``{"error": "..."}`` and the loop goes on (the platform then applies the decision's default).
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from engine.botprotocol import error_line, refuse, serve_lines
from engine.errors import GameError
from engine.spies.bot import DEFAULT_LEVEL, decide_text, level_named


class Session:
    def __init__(self, level: str = DEFAULT_LEVEL, seed: int | None = None) -> None:
        self.level = level
        self.seed = 0 if seed is None else seed

    def answer(self, line: str) -> str:
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return error_line(f"not JSON: {exc.msg}")
        if not isinstance(request, dict) or not isinstance(request.get("view"), dict):
            return error_line("a request is an object with a 'view' object")
        try:
            return json.dumps(self._decide(request))
        except (GameError, ValueError, KeyError, TypeError, IndexError, StopIteration) as exc:
            return error_line(str(exc) or type(exc).__name__)

    def _decide(self, request: dict[str, Any]) -> str:
        view = dict(request["view"])
        history = request.get("history")
        if history is not None:
            if not isinstance(history, list):
                raise ValueError("history must be a list")
            view["history"] = history
        if view.get("viewer") is None and "seat" in request:
            view["viewer"] = request["seat"]
        return decide_text(view, self.level, seed=self.seed)


def run_protocol(stdin: TextIO, stdout: TextIO, level: str = DEFAULT_LEVEL, seed: int | None = None) -> int:
    try:
        level_named(level)
    except ValueError as exc:
        return refuse(stdout, str(exc))
    return serve_lines(stdin, stdout, Session(level, seed).answer)
