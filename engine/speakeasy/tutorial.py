"""Speak Easy's guided first game (issue 25; :mod:`engine.tutorial`).

Both setups are fixed (the opening), the seed draws South, the learner, to move first, and
the computer (North) answers each taught move with a planned move of its own, read from its
view's ply: it clears the East street (file ``e``) of its pieces, so that the learner's Kid
can run up it, take the Babe on ``d11`` and step onto the Speakeasy on ``d12``.

The learner's moves, taught by ``static/games/speakeasy/tutorial.js``, and the computer's:

=====  ======================================  ==========================================
ply    South (the learner)                      North (this script)
=====  ======================================  ==========================================
0, 1   ``b6-b5`` a Car into a building          ``e8-d8`` into its building
2, 3   ``c6-c7`` the Boss takes a Henchman      ``e11-d10`` into its building
4, 5   ``e6-e7`` an FBI agent meets a piece     ``e9-e5`` a Car attacks a Corrupted cop and
                                                loses
6, 7   ``a6-c6`` a slide along a street         ``e10-e5`` its Corrupted cop trades with
                                                the one now known
8, 9   ``d6-d11`` the Kid turns two corners     ``b7-b8`` into a building
       and takes the Babe
10     ``d11-d12``: onto the Speakeasy, a win
=====  ======================================  ==========================================

Off that path (a move the lesson did not teach, which the server accepts like any legal
move), the computer plays its planned move while it is legal, else the game's own bot at its
easy level, with a time cap far above what its counts take, so that the answer is a function
of the view and the seed alone (a loaded machine does not cut its search short).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.speakeasy.bot import decide as bot_decide
from engine.tutorial import Tutorial

# Ranks 12 down to 1, files a to e; "." where the side has no piece (the other side's half
# and the five buildings of each half).
_SOUTH_RANKS: Final = (
    "3 4 8 K F",  # rank 6: the Boss c6, the Kid d6, an FBI agent e6
    "1 . F . 6",  # rank 5: a Corrupted cop e5
    "2 6 . 5 4",
    "5 . 1 . 3",
    "K B 2 7 K",
    "B S B 1 2",  # rank 1: the Speakeasy b1 between two Babes
)
_NORTH_RANKS: Final = (
    "1 K B S B",  # rank 12: the Speakeasy d12 between two Babes
    "K 5 F B 5",  # rank 11: a Babe d11, an Accountant e11
    "2 . 8 . 6",  # rank 10: a Corrupted cop e10
    "3 1 . 7 4",  # rank 9: a Car e9
    "6 . F . 2",  # rank 8: a Henchman e8
    "4 1 2 K 3",  # rank 7: a Henchman c7, a Tommy gunner e7
)


def _setup(side: str, ranks: tuple[str, ...]) -> str:
    """A setup in the position notation (ranks 12 down to 1) from one half's rows."""
    rows = [" ".join(["."] * 5)] * 6
    board = [*ranks, *rows] if side == "n" else [*rows, *ranks]
    return "/".join("".join(".." if code == "." else side + code for code in row.split()) for row in board)


SOUTH_SETUP: Final = _setup("s", _SOUTH_RANKS)
NORTH_SETUP: Final = _setup("n", _NORTH_RANKS)

FALLBACK_LEVEL: Final = "easy"
FALLBACK_CAP: Final = 20.0
"""Seconds: a cap only (the easy level's four sampled worlds end its search long before)."""

PLAN: Final[Mapping[int, str]] = {1: "e8-d8", 3: "e11-d10", 5: "e9-e5", 7: "e10-e5", 9: "b7-b8"}
"""The computer's move at each of its plies."""


def decide(
    view: Mapping[str, Any], level: str = "tutorial", seed: int = 0, budget: float | None = None
) -> dict[str, Any]:
    """North's move: the planned one for the view's ply while it is legal, else the game's
    bot at its easy level. Reads only the view (its ply and its own legal moves); ``level``
    and ``budget`` (the server's, for a bot) are not used: the answer depends on the view and
    the seed only."""
    if view.get("phase") == "play":
        planned = PLAN.get(view.get("ply", -1))
        if planned is not None and planned in (view.get("legal") or ()):
            return {"type": "move", "move": planned}
    return bot_decide(view, FALLBACK_LEVEL, seed, FALLBACK_CAP)


TUTORIAL: Final = Tutorial(
    players=2,
    preset="speakeasy",
    seed="3915173c72f5f4ca9fc27550ec0529089e85512cfd40b00e488a493212a5b1a4",
    opening=(
        (0, {"type": "setup", "position": SOUTH_SETUP}),
        (1, {"type": "setup", "position": NORTH_SETUP}),
    ),
    script="engine.speakeasy.tutorial:decide",
)
"""South (seat 0) moves first under this seed."""
