"""Prohibition's guided first game (issue 25): the learner drives the green and blue trucks
(``T3``, ``T4``) of a two-player game against the computer's red and yellow ones, one taught
action at a time (``static/games/prohibition/tutorial.js`` holds the steps and their words).

The position comes from a fixed seed, under which the learner (seat 0) is the second player
(``seats 2 1``), and an opening that plays the whole setup (spec section 4):

- the trucks: ``T3`` at distillery ``W2`` (door ``E3-F3``), the computer's ``T1`` at ``W1``
  (``C2-C3``), ``T4`` at ``W4`` (``B5-C5``), ``T2`` at ``W3`` (``E5-E6``);
- the picks: ``T3`` loads ``L18`` (2 white, 1 black, 2 brown), ``T4`` ``L28`` (4 white); the
  computer's ``T1`` ``L04`` (one cube of each colour) and ``T2`` ``L26``.

The seed's dice then fall ``PC 2``, ``NC 2``, ``PC 1`` for the first three truck-turns, and
:data:`LINE` is the lesson as it is played:

1. the computer's red ``T1`` places the Policeman on ``D1`` and drives two streets to
   ``C4-D4``, delivering a black cube to bar ``C4n``: it now stands beside ``D4``, Ness's
   start point;
2. the learner chooses ``T3`` for the slot (``use T3``), places Ness on ``D4``, touching the
   red truck, which loses its white cube and a point (``N@D4``), and drives ``T3`` three
   streets south to ``F5-F6``, delivering a white cube (``go:F5-F6=1w``);
3. ``T4`` plays the next slot: the learner places Capone on ``A7`` (``C@A7``), which makes him
   the nearest character to the streets of column A, so the empty bar ``A5w`` takes two cubes
   instead of one: ``T4`` drives three streets and delivers two white cubes
   (``go:A5-A6=2w``, 6 points);
4. the computer plays its yellow ``T2`` and its red ``T1`` (the moves its own bot chose in this
   position, written down so the lesson is the same every time), and the learner owes the
   first slot of his round 2: the lesson is over and the game goes on.

:data:`LESSON` is the learner's part of that line, one action per step of ``tutorial.js``
that takes one. :func:`decide` plays the computer's part from its own view only (the actions
its history shows, the learner's secret picks as the stubs it sees) and hands anything else
to the game's own bot at its easy level, which a newcomer can play on against and whose
answer depends on the view and the seed alone (the normal level's search stops at a deadline).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.prohibition.bot import decide as bot_decide
from engine.prohibition.notation import stub
from engine.textactions import action
from engine.tutorial import LEARNER, Tutorial

PLAYERS: Final = 2
"""The learner (seat 0) drives two trucks, the computer (seat 1) the other two."""
COMPUTER: Final = 1
PRESET: Final = "rulebook"
FALLBACK_LEVEL: Final = "easy"
"""The game's bot level off the line: rules of thumb, no deadline, so the same view and seed
always give the same action."""
SEED: Final = "7e7a2b7ab5c2adeeefd436ff4334534dad16129f5a660f11b726831da167003b"
"""SHA-256 of "prohibition tutorial 12": the learner plays second (``seats 2 1``), the deal
holds the cards of the opening's picks, and the dice fit the lesson."""

SETUP: Final[tuple[tuple[int, str], ...]] = (
    # the trucks, placed by seat 2, 1, 2, 1 (spec section 4, step 3)
    (LEARNER, "place T3 W2"),
    (COMPUTER, "place T1 W1"),
    (LEARNER, "place T4 W4"),
    (COMPUTER, "place T2 W3"),
    # the secret picks (simultaneous; written down in this order)
    (LEARNER, "pick T3 L18"),
    (LEARNER, "pick T4 L28"),
    (COMPUTER, "pick T1 L04"),
    (COMPUTER, "pick T2 L26"),
)
OPENING: Final = tuple((seat, action(text)) for seat, text in SETUP)

LINE: Final[tuple[tuple[int, str], ...]] = (
    # round 1, slot 1: the computer's red truck
    (COMPUTER, "use T1"),
    (COMPUTER, "P@D1"),
    (COMPUTER, "go:C4-D4=1k"),
    # slot 2: the learner's green truck
    (LEARNER, "use T3"),
    (LEARNER, "N@D4"),
    (LEARNER, "go:F5-F6=1w"),
    # slot 3: the learner's blue truck
    (LEARNER, "C@A7"),
    (LEARNER, "go:A5-A6=2w"),
    # slot 4 and round 2, slot 1: the computer's yellow truck, then its red one
    (COMPUTER, "use T2"),
    (COMPUTER, "P>F2"),
    (COMPUTER, "go:C7-D7=2w"),
    (COMPUTER, "P>F3"),
    (COMPUTER, "go:E5-E6"),
    (COMPUTER, "load L19"),
)
"""Every seat action of the lesson after the opening, in the order played."""

LESSON: Final = tuple(text for seat, text in LINE if seat == LEARNER)
"""The learner's taught actions in order (the steps of ``tutorial.js`` that take one)."""

_EXPECTED: Final = (*SETUP, *LINE)


def scripted(view: Mapping[str, Any]) -> str | None:
    """The computer's next action of :data:`LINE` for the decision its view shows, or ``None``
    off the script: when the actions in the view's history are not the line's so far (a
    secret pick counts as the stub the seat sees), when the line's next action is not this
    seat's, or when it is not among the view's legal actions. Reads the view only."""
    history = view.get("history")
    legal = view.get("legal") or ()
    if not isinstance(history, list) or not legal or view.get("result"):
        return None
    played = [str(entry.get("a")) for entry in history if isinstance(entry.get("by"), int)]
    if len(played) >= len(_EXPECTED):
        return None
    for got, (_, want) in zip(played, _EXPECTED, strict=False):
        if got not in (want, stub(want)):
            return None
    seat, text = _EXPECTED[len(played)]
    if seat != view.get("viewer") or text not in legal:
        return None
    return text


def decide(
    view: Mapping[str, Any], level: str = "tutorial", seed: int = 0, budget: float | None = None
) -> dict[str, Any]:
    """The computer's action in the protocol's form (``{"type": "act", "text": ...}``): the
    line's while the game follows it, else the game's own bot at :data:`FALLBACK_LEVEL`.
    Reads only the view; ``level`` and ``budget`` are not used (the easy level thinks for a
    moment only), so the answer depends on the view and the seed alone."""
    text = scripted(view)
    if text is None:
        text = bot_decide(view, FALLBACK_LEVEL, seed)
    return action(text)


TUTORIAL: Final = Tutorial(
    players=PLAYERS,
    preset=PRESET,
    seed=SEED,
    opening=OPENING,
    script="engine.prohibition.tutorial:decide",
)

__all__ = ["LESSON", "LINE", "OPENING", "SEED", "TUTORIAL", "decide", "scripted"]
