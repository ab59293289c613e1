"""Lossless state <-> plain dict, for storage only (it holds every secret)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Result
from engine.errors import InvalidAction
from engine.speakeasy.board import SIZE
from engine.speakeasy.notation import format_board, parse_board
from engine.speakeasy.pieces import SIDE_LETTERS
from engine.speakeasy.rules import options_from
from engine.speakeasy.state import Log, LogEntry, State

FORMAT = 1


def to_dict(state: State) -> dict[str, Any]:
    return {
        "game": "speakeasy",
        "format": FORMAT,
        "options": state.options.to_dict(),
        "seed": str(state.seed),
        "rng": str(state.rng),
        "phase": state.phase,
        "board": format_board(state.board, [True] * SIZE),
        "to_move": SIDE_LETTERS[state.to_move],
        "quiet": state.quiet,
        "ply": state.ply,
        "first": None if state.first is None else SIDE_LETTERS[state.first],
        "setups": list(state.setups),
        "log": [[e.ply, e.side, e.frm, e.to, e.attacker, e.defender, e.survivor] for e in state.entries()],
        "result": None if state.result is None else state.result.to_dict(),
    }


def from_dict(data: Mapping[str, Any]) -> State:
    if data.get("game") != "speakeasy" or data.get("format") != FORMAT:
        raise InvalidAction("not a stored Speak Easy state of a known format")
    log: Log = None
    for row in data["log"]:
        log = (LogEntry(*row), log)
    setups = data["setups"]
    return State(
        options=options_from(data["options"]),
        seed=int(data["seed"]),
        rng=int(data["rng"]),
        phase=data["phase"],
        board=parse_board(data["board"]),
        to_move=SIDE_LETTERS.index(data["to_move"]),
        quiet=data["quiet"],
        ply=data["ply"],
        first=None if data["first"] is None else SIDE_LETTERS.index(data["first"]),
        setups=(setups[0], setups[1]),
        log=log,
        result=None if data["result"] is None else Result.from_dict(data["result"]),
    )
