"""The JSON-lines bot protocol of spec section 19, on any pair of text streams.

    {"view": <the seat's view>, "history": [...], "seat": n, "power": "G", "decision": "turn"}
        -> "G go s04 WAR"   (one action line, as a JSON string)

``history`` (when given) replaces the view's own; ``seat`` names the seat when the view does
not. The bot keeps no state between requests. A request that cannot be answered gets
``{"error": "..."}`` and the loop goes on (the platform then applies the decision's default).
"""

from __future__ import annotations

import json
from typing import TextIO

from engine.botprotocol import error_line, refuse, request_view, serve_lines
from engine.errors import GameError
from engine.spies.bot import DEFAULT_LEVEL, decide_text, level_named


class Session:
    def __init__(self, level: str = DEFAULT_LEVEL, seed: int | None = None) -> None:
        self.level = level
        self.seed = 0 if seed is None else seed

    def answer(self, line: str) -> str:
        try:
            return json.dumps(decide_text(request_view(line), self.level, seed=self.seed))
        except (GameError, ValueError, KeyError, TypeError, IndexError, StopIteration) as exc:
            return error_line(str(exc) or type(exc).__name__)


def run_protocol(stdin: TextIO, stdout: TextIO, level: str = DEFAULT_LEVEL, seed: int | None = None) -> int:
    try:
        level_named(level)
    except ValueError as exc:
        return refuse(stdout, str(exc))
    return serve_lines(stdin, stdout, Session(level, seed).answer)
