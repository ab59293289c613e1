"""The computer opponent (issue 6).

:func:`decide` is the whole contract: a view in (exactly what a human in the seat
receives), an action out. The bot never sees a state, so it cannot see a hidden value.

    beliefs.py   what the view and the public history prove about each opposing piece
    sampling.py  hidden worlds consistent with the beliefs (determinization)
    paths.py     moves needed to reach a location through the pieces on the board
    evaluate.py  static evaluation of one world
    threats.py   two- and three-move races to a Speakeasy, read exactly in one world
    search.py    the move: candidate moves scored over sampled worlds
    setups.py    varied setups built on sound principles
    levels.py    easy / normal / strong
    protocol.py  the JSON-lines bot protocol (spec section 10)
    baselines.py the random and greedy players of the benchmark
    hint.py      why it chose an action, for a player's hint (issue 29)
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Mapping
from typing import Any

from engine.errors import NotYourTurn
from engine.speakeasy.bot.beliefs import from_view, options_of
from engine.speakeasy.bot.levels import DEFAULT_LEVEL, LEVELS, level_named
from engine.speakeasy.bot.search import choose
from engine.speakeasy.bot.setups import bot_setup
from engine.speakeasy.movegen import move_text
from engine.speakeasy.pieces import SIDE_LETTERS


def _rng(seed: int, *parts: object) -> random.Random:
    """A generator drawn from the seed and public facts only (stable across processes)."""
    digest = hashlib.blake2b(repr((seed, *parts)).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def decide(
    view: Mapping[str, Any], level: str = DEFAULT_LEVEL, seed: int = 0, budget: float | None = None
) -> dict[str, Any]:
    """An action for the viewer's seat: ``{"type": "setup", "position": ...}`` during setup
    (when its setup is not done), ``{"type": "move", "move": "a6-a7"}`` when it is to move.

    ``view`` is exactly ``SPEAKEASY.view(state, seat, history=True)``. ``budget`` caps the
    seconds spent (None: the level's default); the choice itself depends only on the view,
    the level and the seed, unless the cap cuts the search short. Pass a per-game seed (the
    game's own, say) so that setups vary from game to game. Raises :class:`NotYourTurn` when
    the seat has nothing to do and ``ValueError`` for a view it cannot read.
    """
    started = time.perf_counter()
    lvl = level_named(level)
    me = view.get("viewer")
    if me not in (0, 1) or isinstance(me, bool):
        raise ValueError("the bot plays a seat: the view's viewer must be 0 or 1")
    letter = SIDE_LETTERS[me]
    phase = view.get("phase")
    options = options_of(view)
    if phase == "setup":
        if (view.get("setup_done") or {}).get(letter):
            raise NotYourTurn("the bot's setup is already submitted")
        return {"type": "setup", "position": bot_setup(me, options, _rng(seed, "setup", letter))}
    if phase != "play" or view.get("to_move") != letter:
        raise NotYourTurn("it is not the bot's turn")
    beliefs = from_view(view)
    cap = lvl.budget if budget is None else max(0.0, budget)
    deadline = started + 0.85 * cap
    rng = _rng(seed, "move", view["position"], len(view.get("history") or ()))
    move = choose(beliefs, lvl, rng, deadline)
    return {"type": "move", "move": move_text(move)}


__all__ = ["LEVELS", "decide"]
