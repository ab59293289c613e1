"""Why the bot chose a line, in the seat's own view (the catalogue's ``hint_reason``).

The policy (:mod:`policy`) proposes lines in order of preference, each for a reason of its
table: the reason here is that rule's, read back from the chosen line and the view (the
secret the moving spy carries home, the event tile's award where the seat's spies stand,
the enemy spies a search goes after...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.hints import Reason, reason
from engine.spies import board
from engine.spies.bot.cunning import is_counterspy
from engine.spies.bot.policy import Seen, award_value
from engine.spies.data import POWERS

REASONS: Final = (
    "sp.advice.ready",
    "sp.advice.bidNothing",
    "sp.advice.bidOver",
    "sp.advice.placeSecret",
    "sp.advice.placePolice",
    "sp.advice.placeGuard",
    "sp.advice.placeBait",
    "sp.advice.placeCapital",
    "sp.advice.placeSpy",
    "sp.advice.playTile",
    "sp.advice.playOwn",
    "sp.advice.discard",
    "sp.advice.search",
    "sp.advice.searchNone",
    "sp.advice.police",
    "sp.advice.policeGuard",
    "sp.advice.cash",
    "sp.advice.discover",
    "sp.advice.sanction",
    "sp.advice.free",
    "sp.advice.drop",
    "sp.advice.evade",
    "sp.advice.chain",
    "sp.advice.intercept",
    "sp.advice.goHome",
    "sp.advice.goSecret",
    "sp.advice.sail",
    "sp.advice.stay",
    "sp.advice.take",
    "sp.advice.returnChits",
    "sp.advice.decline",
    "sp.advice.end",
    "sp.advice.pass",
    "sp.advice.default",
)
"""Every key :func:`reason_for` may answer (the browser module words each, in English and French)."""


def _place(me: Seen, piece: str, city: str, control: str | None) -> Reason:
    if piece.startswith("x"):
        if is_counterspy(me.secrets[piece]["face"]) and city not in board.police_posts(me.power, me.annexed):
            return reason("sp.advice.placeBait", piece=piece, city=city)
        return reason("sp.advice.placeSecret", piece=piece, city=city)
    if piece.startswith("s"):
        if city == POWERS[me.power].capital:
            return reason("sp.advice.placeCapital", piece=piece, city=city)
        return reason("sp.advice.placeSpy", piece=piece, city=city)
    if control is not None:
        return reason("sp.advice.placeGuard", piece=piece, city=city, secret=control)
    return reason("sp.advice.placePolice", piece=piece, city=city)


def _chit(me: Seen, kind: str, args: list[str], decision: str) -> Reason:
    spy = args[0] if args else ""
    if kind == "DIS":
        return reason("sp.advice.discover", spy=spy, secret=args[1] if len(args) > 1 else "")
    if kind == "SAN":
        return reason("sp.advice.sanction", spy=spy, target=args[1] if len(args) > 1 else "")
    if kind == "DRP":
        return reason("sp.advice.drop", spy=spy, city=POWERS[me.power].capital)
    if kind == "ICP":
        return reason("sp.advice.intercept")
    if decision == "evade":
        return reason("sp.advice.evade", spy=spy, chit=kind)
    if decision == "chain":
        return reason("sp.advice.chain", chit=kind)
    return reason("sp.advice.free", spy=spy, chit=kind)


def _go(me: Seen, spy: str, city: str) -> Reason:
    held = me.spies[spy]["secret"]
    if held and me.secrets[held]["original"] != me.power:
        return reason("sp.advice.goHome", spy=spy, city=city, secret=held, capital=POWERS[me.power].capital)
    return reason("sp.advice.goSecret", spy=spy, city=city)


def reason_for(view: Mapping[str, Any], action: Mapping[str, Any]) -> Reason:
    """Why ``action`` (``{"type": "act", "text"}``, the bot's choice for ``view``'s seat)."""
    words = str(action["text"]).split(" ")
    power, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
    decision = str((view.get("decision") or {}).get("kind", ""))
    me = Seen(view, power)
    if verb == "ready":
        return reason("sp.advice.ready")
    if verb == "bid":
        return (
            reason("sp.advice.bidNothing")
            if args[0] == "0"
            else reason("sp.advice.bidOver", amount=int(args[0]))
        )
    if verb == "place":
        if "power" not in (view.get("decision") or {}):
            return reason("sp.advice.default")
        return _place(me, args[0], args[1], args[2] if len(args) > 2 else None)
    if verb == "play":
        value = award_value(me, int(args[0][1:]))
        return reason("sp.advice.playTile" if value else "sp.advice.playOwn", tile=args[0], value=value)
    if verb == "discard":
        return reason("sp.advice.discard", tile=args[0])
    if verb == "search":
        spies = sum(len(part.split(":", 1)[1].split(",")) for part in args if ":" in part)
        return (
            reason("sp.advice.search", spies=spies, cities=len(args))
            if spies
            else reason("sp.advice.searchNone")
        )
    if verb == "police":
        guarded = [part.split("+", 1)[1] for part in args if "+" in part]
        if guarded:
            return reason("sp.advice.policeGuard", secrets=", ".join(guarded), count=len(guarded))
        return reason("sp.advice.police")
    if verb == "cash":
        return reason("sp.advice.cash", spy=args[0], secret=me.spies[args[0]]["secret"] or "")
    if verb == "chit":
        return _chit(me, args[1], args[2:], decision)
    if verb == "go":
        return _go(me, args[0], args[1])
    if verb == "sail":
        return reason("sp.advice.sail", spy=args[0], city=args[1])
    if verb == "stay":
        return reason("sp.advice.stay", spy=args[0])
    if verb == "take":
        return reason("sp.advice.take", spy=args[0], secret=args[1])
    if verb == "return":
        return reason("sp.advice.returnChits", count=len(args))
    if verb == "decline":
        return reason("sp.advice.decline")
    if verb == "end":
        return reason("sp.advice.end", ap=me.ap_left)
    if verb == "pass":
        return reason("sp.advice.pass")
    return reason("sp.advice.default")


__all__ = ["REASONS", "reason_for"]
