"""Why the bot chose an action, in the seat's own view (the catalogue's ``hint_reason``).

A shot is simulated once more on the bot's own copy of the view (jitter off: the nominal
shot the bot aimed) and resolved as the bot judged it: the score difference after it,
the discs it knocks off, the points it adds. A placement and a return are the bot's own
rules (:func:`engine.flickago.bot.choose_star`, :func:`~engine.flickago.bot.choose_return`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.flickago import rules
from engine.flickago.bot import state_of_view
from engine.flickago.bot.levels import LEVELS
from engine.flickago.bot.search import trial
from engine.flickago.data import SECTORS
from engine.flickago.pieces import SIDE_DISCS, other, side_of
from engine.flickago.scoring import disc_points, score
from engine.hints import Reason, reason

REASONS: Final = (
    "fg.advice.place",
    "fg.advice.placeFree",
    "fg.advice.returnForced",
    "fg.advice.return",
    "fg.advice.knock",
    "fg.advice.score",
    "fg.advice.shot",
)
"""Every key :func:`reason_for` may answer (the browser module words each, in English and French)."""

_STRONG: Final = LEVELS["strong"]


def _shot(state: dict[str, Any], action: Mapping[str, Any]) -> Reason:
    side = state["to_move"]
    them = other(side)
    before = score(state["pos"], state["options"], state["last_mover"])
    result = trial(state, side, action, _STRONG)
    step = rules.apply_shot(state, side, action, result, check_key=False)
    after = step.event["score"]
    lead = after[side] - after[them]
    knocked = [p for p, _why in step.event["resolution"]["eliminated"] if side_of(p) == them]
    trials = _STRONG.trials + _STRONG.refine
    words = {"piece": action["piece"], "lead": lead, "trials": trials}
    if knocked:
        return reason("fg.advice.knock", count=len(knocked), **words)
    gain = after[side] - before[side]
    if gain > 0:
        return reason("fg.advice.score", points=gain, **words)
    return reason("fg.advice.shot", **words)


def reason_for(view: Mapping[str, Any], action: Mapping[str, Any]) -> Reason:
    """Why ``action`` (the bot's choice for the side to move in ``view``)."""
    state = state_of_view(view)
    kind = action.get("type")
    if kind == "place":
        them = other(state["to_move"])
        aimed = any(
            disc_points(p, state["pos"][p][0], state["pos"][p][1], state["options"]) > 0
            for p in SIDE_DISCS[them]
            if p in state["pos"]
        )
        return reason(
            "fg.advice.place" if aimed else "fg.advice.placeFree",
            inspector=action["inspector"],
            star=action["star"],
        )
    if kind == "return":
        piece = str(action["piece"])
        if not rules.has_legal_shot(state, state["to_move"]):
            return reason("fg.advice.returnForced", piece=piece)
        x, y = state["pos"][piece]
        fresh = max(s.points for s in SECTORS if s.scores_for == state["to_move"])
        return reason(
            "fg.advice.return", piece=piece, points=disc_points(piece, x, y, state["options"]), fresh=fresh
        )
    return _shot(state, action)


__all__ = ["REASONS", "reason_for"]
