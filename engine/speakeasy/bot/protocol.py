"""The JSON-lines bot protocol of spec section 10, on any pair of text streams.

    {"setup": "s"}                                            -> a position with 25 pieces
    {"view": "<position>", "history": [...], "side": "s"}     -> a move, e.g. c6-c7

Each request gets exactly one line back; a request that cannot be answered gets
``{"error": "..."}`` and the loop goes on. A move request is turned into the same view-like
dict that :func:`engine.speakeasy.bot.decide` reads, so the command line and the server play
the same bot. The setup this process answered last for a side is remembered and given to the
decision code as ``own_setup`` (in referee mode it is how the bot names its own fallen pieces).

Each game gets its own seed, drawn from the platform generator (``engine.rng``) at its setup
request: a session without a seed keys that generator with a fresh secret seed, so setups
differ between games and between processes; ``seed`` (the command line's ``--seed``) makes
a session repeat itself exactly.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from engine.botprotocol import error_line, refuse, serve_lines
from engine.rng import Rng, new_seed
from engine.speakeasy.bot import decide
from engine.speakeasy.notation import parse_position
from engine.speakeasy.pieces import SIDE_LETTERS
from engine.speakeasy.rules import RuleOptions


class Session:
    """One protocol conversation: the level, the game seeds and the remembered setups."""

    def __init__(self, level: str = "normal", seed: int | None = None, options: RuleOptions | None = None):
        self.level = level
        self.rng = Rng(new_seed() if seed is None else f"{seed % (1 << 256):064x}")
        self.options = options or RuleOptions()
        self.setups: dict[str, str] = {}
        self.seeds: dict[str, int] = {}
        self.fresh: set[str] = set()  # sides set up here whose game has not had a move yet
        self.games = 0

    def answer(self, line: str) -> str:
        """The answer line to one request line (never raises for bad input)."""
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            return error_line(f"not JSON: {exc.msg}")
        if not isinstance(request, dict):
            return error_line("a request is a JSON object")
        try:
            if "setup" in request:
                return self._setup(request)
            if "view" in request:
                return self._move(request)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            return error_line(str(exc) or type(exc).__name__)
        return error_line("a request holds 'setup' or 'view'")

    def _setup(self, request: dict[str, Any]) -> str:
        side = request["setup"]
        if side not in SIDE_LETTERS or not isinstance(side, str):
            raise ValueError("setup must be 's' or 'n'")
        self.games += 1
        self.seeds[side] = self.rng.u64()
        self.fresh.add(side)
        view = {
            "viewer": SIDE_LETTERS.index(side),
            "phase": "setup",
            "setup_done": {"s": False, "n": False},
            "options": self.options.to_dict(),
        }
        board = decide(view, self.level, seed=self._game_seed(side))["position"]
        self.setups[side] = board
        return f"{board} s 0 0"

    def _move(self, request: dict[str, Any]) -> str:
        side = request.get("side")
        text = request["view"]
        if not isinstance(text, str):
            raise ValueError("view must be a position string")
        position = parse_position(text)
        if side is None:
            side = SIDE_LETTERS[position.to_move]
        if side not in SIDE_LETTERS or not isinstance(side, str):
            raise ValueError("side must be 's' or 'n'")
        if SIDE_LETTERS[position.to_move] != side:
            raise ValueError(f"it is not {side}'s move in this position")
        history = request.get("history") or []
        if not isinstance(history, list):
            raise ValueError("history must be a list")
        if not history and side not in self.fresh:
            self.seeds.pop(side, None)  # a new game, set up elsewhere: a new seed
        self.fresh.discard(side)
        view = {
            "viewer": SIDE_LETTERS.index(side),
            "phase": "play",
            "to_move": side,
            "position": text,
            "history": history,
            "options": self.options.to_dict(),
            "own_setup": self.setups.get(side),
        }
        return str(decide(view, self.level, seed=self._game_seed(side))["move"])

    def _game_seed(self, side: str) -> int:
        """The seed of the side's current game (drawn at its setup, or at its first move
        when the game was set up elsewhere)."""
        if side not in self.seeds:
            self.seeds[side] = self.rng.u64()
        return self.seeds[side]


def run_protocol(
    stdin: TextIO,
    stdout: TextIO,
    level: str = "normal",
    seed: int | None = None,
    options: RuleOptions | None = None,
) -> int:
    """Answer every request line of ``stdin`` on ``stdout`` until end of input; exit code."""
    from engine.speakeasy.bot.levels import level_named

    try:
        level_named(level)
    except ValueError as exc:
        return refuse(stdout, str(exc))
    session = Session(level, seed, options)
    return serve_lines(stdin, stdout, session.answer)
