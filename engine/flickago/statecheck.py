"""Reading a state object from outside (the command line's ``state.json``, stored games):
every key of spec section 10 checked, so bad input is refused with one reason instead of
failing later."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from engine.errors import InvalidAction
from engine.flickago.data import SIDE_CODES
from engine.flickago.options import options_from
from engine.flickago.pieces import CANONICAL, DISCS, INSPECTORS, SIDE_DISCS, canonical, kind_of, side_of
from engine.flickago.rules import OVER, PHASES, PLACE, STATE_KEYS, State
from engine.rng import is_seed


def _fail(message: str) -> InvalidAction:
    return InvalidAction(f"bad state: {message}")


def _count(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail(f"{name} must be a non-negative integer")
    return value


def _ids(value: Any, name: str, allowed: tuple[str, ...]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(p, str) and p in allowed for p in value):
        raise _fail(f"{name} must be a list of piece ids")
    if len(set(value)) != len(value):
        raise _fail(f"{name} repeats a piece")
    return list(value)


def _position(value: Any, piece: str) -> list[float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(c, int | float) and not isinstance(c, bool) and math.isfinite(c) for c in value)
    ):
        raise _fail(f"the position of {piece} must be [x, y]")
    return [float(value[0]), float(value[1])]


def check_state(data: Any) -> State:
    """The state object, checked and normalised; :class:`InvalidAction` when it is not one."""
    if not isinstance(data, Mapping):
        raise _fail("a state is a JSON object")
    keys = set(data)
    if keys != set(STATE_KEYS):
        missing = sorted(set(STATE_KEYS) - keys)
        extra = sorted(keys - set(STATE_KEYS))
        raise _fail(f"missing keys {missing}" if missing else f"unknown keys {extra}")
    options = data["options"]
    if not isinstance(options, Mapping) or set(options) != set(options_from(None)):
        raise _fail("options must hold every rule option")
    opts = options_from(options)
    rng = data["rng"]
    if not isinstance(rng, Mapping) or set(rng) != {"seed", "counter"} or not is_seed(rng["seed"]):
        raise _fail('rng must be {"seed": 64 hex digits, "counter": n}')
    counter = _count(rng["counter"], "rng.counter")
    pos = data["pos"]
    if not isinstance(pos, Mapping) or not all(p in CANONICAL for p in pos):
        raise _fail("pos maps piece ids to [x, y]")
    positions = {p: _position(pos[p], p) for p in canonical(pos)}
    reserve = data["reserve"]
    if not isinstance(reserve, Mapping) or set(reserve) != set(SIDE_CODES):
        raise _fail("reserve maps each side to its reserve discs")
    reserves = {side: _ids(reserve[side], f"reserve.{side}", SIDE_DISCS[side]) for side in SIDE_CODES}
    for side in SIDE_CODES:
        if reserves[side] != canonical(reserves[side]):
            raise _fail(f"reserve.{side} must be in canonical order")
    flicks = data["flicks"]
    if not isinstance(flicks, Mapping) or set(flicks) != set(DISCS):
        raise _fail("flicks must give every disc's count")
    counts = {p: _count(flicks[p], f"flicks.{p}") for p in DISCS}
    for piece, n in counts.items():
        if n > 2 or (n == 2 and kind_of(piece) != "F"):
            raise _fail(f"flicks.{piece} is out of range")
    eliminated = _ids(data["eliminated"], "eliminated", DISCS)
    waiting = _ids(data["waiting"], "waiting", INSPECTORS)
    if waiting != canonical(waiting):
        raise _fail("waiting must be in canonical order")
    for piece in DISCS:
        places = (piece in positions) + (piece in reserves[side_of(piece)]) + (piece in eliminated)
        if places != 1:
            raise _fail(f"{piece} must be in exactly one of pos, reserve and eliminated")
    for piece in INSPECTORS:
        if (piece in positions) + (piece in waiting) != 1:
            raise _fail(f"{piece} must be either on the board or waiting")
    to_move, phase = data["to_move"], data["phase"]
    if to_move not in SIDE_CODES:
        raise _fail("to_move is w or b")
    if phase not in PHASES:
        raise _fail(f"phase is one of {', '.join(PHASES)}")
    if phase == PLACE and not waiting:
        raise _fail("place_inspector needs a waiting inspector")
    returns = _ids(data["returns"], "returns", SIDE_DISCS[to_move])
    if not all(p in reserves[to_move] for p in returns):
        raise _fail("returns lists discs back in the reserve of the side to move")
    last_mover = data["last_mover"]
    if not isinstance(last_mover, Mapping) or not all(
        i in INSPECTORS and s in SIDE_CODES for i, s in last_mover.items()
    ):
        raise _fail("last_mover maps inspectors to sides")
    result = data["result"]
    if (result is None) != (phase != OVER):
        raise _fail("result is set exactly when the phase is over")
    if result is not None:
        if (
            not isinstance(result, Mapping)
            or set(result) != {"score", "winner", "reason"}
            or not isinstance(result["score"], Mapping)
            or set(result["score"]) != set(SIDE_CODES)
            or result["winner"] not in (*SIDE_CODES, None)
        ):
            raise _fail('result is {"score": {"w", "b"}, "winner", "reason"}')
        result = {"score": dict(result["score"]), "winner": result["winner"], "reason": result["reason"]}
    return {
        "options": opts,
        "rng": {"seed": rng["seed"], "counter": counter},
        "pos": positions,
        "reserve": reserves,
        "flicks": counts,
        "eliminated": eliminated,
        "waiting": waiting,
        "to_move": to_move,
        "phase": phase,
        "shots": _count(data["shots"], "shots"),
        "passes": _count(data["passes"], "passes"),
        "returns": returns,
        "last_mover": {i: last_mover[i] for i in INSPECTORS if i in last_mover},
        "result": result,
    }
