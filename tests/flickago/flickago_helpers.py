"""Helpers for Flickago's tests: states built from a few positions, and shot outcomes."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from engine.flickago import rules
from engine.flickago.physics import ShotResult
from engine.flickago.pieces import DISCS, INSPECTORS, canonical, side_of

SEED = "3f0c00000000000000000000000000000000000000000000000000000000a1b2"
STARS = {"I1": [90.0, 300.0], "I2": [210.0, 300.0], "I3": [330.0, 300.0]}


def state_with(
    pos: Mapping[str, list[float]] | None = None,
    *,
    flicks: Mapping[str, int] | None = None,
    eliminated: tuple[str, ...] = (),
    to_move: str = "w",
    options: Mapping[str, Any] | None = None,
    shots: int = 10,
    waiting: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A state in phase ``turn`` with the given pieces on the board (inspectors on their stars
    unless given or waiting); every other disc in its reserve. A disc on the board has been
    flicked once unless ``flicks`` says otherwise."""
    state, _ = rules.new_state(SEED, {"first_player": "host", **(options or {})})
    board = {i: list(xy) for i, xy in STARS.items() if i not in waiting}
    board.update({p: [float(xy[0]), float(xy[1])] for p, xy in (pos or {}).items()})
    state["pos"] = {p: board[p] for p in canonical(board)}
    for side in ("w", "b"):
        state["reserve"][side] = [p for p in state["reserve"][side] if p not in board and p not in eliminated]
    for piece in DISCS:
        state["flicks"][piece] = 1 if piece in board or piece in eliminated else 0
    state["flicks"].update(flicks or {})
    state["eliminated"] = list(eliminated)
    state["waiting"] = [i for i in INSPECTORS if i in waiting]
    state["to_move"] = to_move
    state["shots"] = shots
    return state


def outcome(
    state: Mapping[str, Any],
    action: str | Mapping[str, Any],
    rest: Mapping[str, list[float]],
    falls: tuple[tuple[str, int], ...] = (),
) -> rules.Step:
    """Apply a shot whose simulation is said to end at ``rest`` (the other pieces not named in
    ``rest`` or ``falls`` stay where they are)."""
    from engine.flickago.notation import parse_action

    act = parse_action(action) if isinstance(action, str) else dict(action)
    final = copy.deepcopy(dict(state["pos"]))
    final.update({p: list(xy) for p, xy in rest.items()})
    for piece, _ in falls:
        final.pop(piece, None)
    final = {p: final[p] for p in canonical(final)}
    result = ShotResult(300, False, [], [[p, k] for p, k in falls], final, "")
    return rules.apply_shot(state, state["to_move"], act, result, check_key=False)


def side_discs_left(state: Mapping[str, Any], side: str) -> list[str]:
    return [p for p in DISCS if side_of(p) == side and p not in state["eliminated"]]


def crowded_state(shots: int = 22, seed: int = 3) -> dict[str, Any]:
    """A board filled by forward shots (about 25 pieces)."""
    rng = random.Random(seed)
    state, _ = rules.new_state("3f" * 32, {"first_player": "host"})
    for _ in range(shots):
        if state["phase"] == rules.PLACE:
            state = rules.apply_action(state, {"type": "text", "text": rules.legal(state)[0]}).state
            continue
        side = state["to_move"]
        choices = rules.launches(state, side)
        if not choices:
            break
        piece, point = rng.choice(choices)
        forward = 900 if side == "w" else 2700
        action = {
            "type": "shot",
            "piece": piece,
            "from": point,
            "angle": forward + rng.randint(-150, 150),
            "power": rng.randint(350, 600),
        }
        state = rules.apply_action(state, action).state
    return state


CROWDED = crowded_state()
