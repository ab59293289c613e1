"""Lossless state <-> plain dict, for storage only (it holds every secret).

Two forms, told apart by ``format``:

* 2, the platform generator: ``"seed"`` is the 64-hex seed and ``"rng"`` the generator's
  state ``{"seed", "counter"}`` (:meth:`engine.rng.Rng.to_dict`);
* 1, a game on the legacy stream (stored before the platform generator, or created from an
  integer seed): ``"seed"`` and ``"rng"`` are decimal strings of integers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Result
from engine.errors import InvalidAction
from engine.rng import Rng
from engine.speakeasy import chance
from engine.speakeasy.board import SIZE
from engine.speakeasy.notation import format_board, parse_board
from engine.speakeasy.pieces import SIDE_LETTERS
from engine.speakeasy.play import linked
from engine.speakeasy.rules import options_from
from engine.speakeasy.state import Log, LogEntry, State

LEGACY_FORMAT = 1
FORMAT = 2


def _generator(state: State) -> dict[str, Any]:
    if isinstance(state.seed, int):
        return {"format": LEGACY_FORMAT, "seed": str(state.seed), "rng": str(state.rng)}
    return {"format": FORMAT, "seed": state.seed, "rng": Rng(state.seed, state.rng).to_dict()}


def to_dict(state: State) -> dict[str, Any]:
    generator = _generator(state)
    return {
        "game": "speakeasy",
        "format": generator["format"],
        "options": state.options.to_dict(),
        "seed": generator["seed"],
        "rng": generator["rng"],
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


def _read_generator(data: Mapping[str, Any]) -> tuple[chance.Seed, int]:
    if data["format"] == LEGACY_FORMAT:
        return chance.check(int(data["seed"])), int(data["rng"])
    rng = Rng.from_dict(data["rng"])
    if rng.seed != data["seed"]:
        raise InvalidAction("the stored generator's seed is not the game's seed")
    return rng.seed, rng.counter


def from_dict(data: Mapping[str, Any]) -> State:
    if data.get("game") != "speakeasy" or data.get("format") not in (LEGACY_FORMAT, FORMAT):
        raise InvalidAction("not a stored Speak Easy state of a known format")
    try:
        seed, position = _read_generator(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidAction(f"the stored generator state is unreadable: {exc}") from None
    log: Log = None
    for row in data["log"]:
        log = linked(LogEntry(*row), log)
    setups = data["setups"]
    return State(
        options=options_from(data["options"]),
        seed=seed,
        rng=position,
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
