"""The JSON-lines bot protocol of spec section 12, on any pair of text streams.

    {"view": <the view>, "history": [<the record's turns so far>], "side": "w"|"b"}
        -> one action string as a JSON string, e.g. "wT3@T2 912/734"

One request per action (each ``^wT3`` of a turn, then the shot; ``I2>S3`` as the chooser).
Every request gets exactly one line back; one that cannot be answered gets
``{"error": "..."}`` and the loop goes on. A request whose history is empty starts a new game.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from engine.botprotocol import error_line, refuse, serve_lines
from engine.errors import GameError
from engine.flickago.bot import decide
from engine.flickago.bot.levels import level_named
from engine.flickago.notation import action_text


class Session:
    """One protocol conversation: the level, the seed, and how many games it has started."""

    def __init__(self, level: str = "normal", seed: int = 0, budget: float | None = None) -> None:
        self.level = level
        self.seed = seed
        self.budget = budget
        self.games = 0

    def answer(self, line: str) -> str:
        """The answer line to one request line (never raises for bad input)."""
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return error_line(f"not JSON: {exc.msg}")
        if not isinstance(request, dict) or not isinstance(request.get("view"), dict):
            return error_line('a request is {"view": {...}, "history": [...], "side": "w"|"b"}')
        try:
            return json.dumps(action_text(self._decide(request)))
        except (GameError, ValueError, KeyError, TypeError, IndexError) as exc:
            return error_line(str(exc) or type(exc).__name__)

    def _decide(self, request: dict[str, Any]) -> dict[str, Any]:
        view = request["view"]
        history = request.get("history") or []
        if not isinstance(history, list):
            raise ValueError("history must be a list")
        if not history:
            self.games += 1
        side = request.get("side", view.get("to_move"))
        if side not in ("w", "b"):
            raise ValueError("side must be 'w' or 'b'")
        if view.get("to_move") != side:
            raise ValueError(f"it is not {side}'s move in this view")
        seed = self.seed * 1_000_003 + self.games * 2 + (side == "b")
        return decide(view, self.level, seed, self.budget)


def run_protocol(stdin: TextIO, stdout: TextIO, level: str = "normal", seed: int = 0) -> int:
    """Answer every request line of ``stdin`` on ``stdout`` until end of input; exit code."""
    try:
        level_named(level)
    except GameError as exc:
        return refuse(stdout, str(exc))
    session = Session(level, seed)
    return serve_lines(stdin, stdout, session.answer)
