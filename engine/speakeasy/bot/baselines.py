"""Two simple opponents for the benchmark and the tests; like the bot, they read a view.

* :func:`random_player`: a uniformly random legal move; a uniformly random legal setup.
* :func:`greedy_player`: the best capture it can see, else a random move. A capture is
  scored by the material it wins or loses: exactly against a revealed face, else on
  average over the opposing pieces whose faces are still unknown (the army minus what is
  revealed on the board and what was removed face up). It plays only captures that pay.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.rng_legacy import LegacyRng as Rng
from engine.speakeasy.bot.beliefs import options_of
from engine.speakeasy.bot.evaluate import VALUE
from engine.speakeasy.combat import TABLES
from engine.speakeasy.movegen import parse_move
from engine.speakeasy.notation import parse_position
from engine.speakeasy.pieces import ARMY, KIND_OF_CODE, REVEALED, SIDE_LETTERS, SPEAKEASY, UNKNOWN
from engine.speakeasy.setup import random_setup
from engine.speakeasy.state import ATTACKER, DEFENDER

_SPEAKEASY_WORTH = 12.0  # what the greedy player thinks a Speakeasy it can see is worth


def _setup(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    return {
        "type": "setup",
        "position": random_setup(view["viewer"], Rng(rng.getrandbits(62)), options_of(view)),
    }


def random_player(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    if view["phase"] == "setup":
        return _setup(view, rng)
    return {"type": "move", "move": rng.choice(view["legal"])}


def _gain(attacker: int, defender: int, babe_survives: bool) -> float:
    if defender == SPEAKEASY:
        return _SPEAKEASY_WORTH
    survivor = TABLES[babe_survives][attacker, defender]
    if survivor == ATTACKER:
        return VALUE[defender]
    if survivor == DEFENDER:
        return -VALUE[attacker]
    return VALUE[defender] - VALUE[attacker]


def greedy_player(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    if view["phase"] == "setup":
        return _setup(view, rng)
    me = view["viewer"]
    options = options_of(view)
    board = parse_position(view["position"]).board
    unknown = dict(ARMY)
    for piece in board:
        if piece and piece >> 4 & 1 != me and piece & REVEALED:
            unknown[piece & 15] -= 1
    for code in view.get("removed", {}).get(SIDE_LETTERS[me ^ 1], []):
        if code in KIND_OF_CODE and code != "?":
            unknown[KIND_OF_CODE[code]] -= 1
    pool = [(kind, count) for kind, count in unknown.items() if count > 0]
    total = sum(count for _, count in pool)
    best, best_gain = None, 0.0
    for text in view["legal"]:
        move = parse_move(text)
        target = board[move & 63]
        if not target:
            continue
        attacker = board[move >> 6] & 15
        if target & 15 != UNKNOWN:
            gain = _gain(attacker, target & 15, options.babe_survives)
        elif total:
            gain = sum(count * _gain(attacker, kind, options.babe_survives) for kind, count in pool) / total
        else:
            continue
        if gain > best_gain:
            best, best_gain = text, gain
    if best is None:
        best = rng.choice(view["legal"])
    return {"type": "move", "move": best}


PLAYERS = {"random": random_player, "greedy": greedy_player}
