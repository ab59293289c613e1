"""The JSON-lines bot protocol of spec section 14, on any pair of text streams.

    {"view": <the seat's view>, "history": [<events as the seat sees them>], "seat": n}
        -> "go:D3-D4=1k"   (one action string, as a JSON string)

Each request gets exactly one line back. ``history`` (when given) replaces the view's own;
``seat`` names the seat when the view does not (the platform's seat, as the view's
``viewer``). A request whose history is empty starts a new game: the bot's per-game seed
moves on. A request that cannot be answered gets ``{"error": "..."}`` and the loop goes on
(the platform counts it as the seat's clock running out).
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from engine.botprotocol import error_line, refuse, request_view, serve_lines
from engine.prohibition.bot import decide, level_named


class Session:
    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        self.level = level
        self.seed = 0 if seed is None else seed
        self.games = 0

    def answer(self, line: str) -> str:
        """The answer line to one request line (never raises for bad input)."""
        try:
            return json.dumps(self._decide(request_view(line)))
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            return error_line(str(exc) or type(exc).__name__)

    def _decide(self, view: dict[str, Any]) -> str:
        if not view.get("history"):
            self.games += 1
        return decide(view, self.level, seed=self.seed * 1_000_003 + self.games)


def run_protocol(stdin: TextIO, stdout: TextIO, level: str = "normal", seed: int | None = None) -> int:
    """Answer every request line of ``stdin`` on ``stdout`` until end of input; exit code."""
    try:
        level_named(level)
    except ValueError as exc:
        return refuse(stdout, str(exc))
    session = Session(level, seed)
    return serve_lines(stdin, stdout, session.answer)
