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
from engine.spies.bot.policy import Seen, award_value
from engine.spies.data import POWERS

REASONS: Final = (
    "sp.hint.ready",
    "sp.hint.bidNothing",
    "sp.hint.bidOver",
    "sp.hint.placeSecret",
    "sp.hint.placePolice",
    "sp.hint.placeCapital",
    "sp.hint.placeSpy",
    "sp.hint.playTile",
    "sp.hint.playOwn",
    "sp.hint.discard",
    "sp.hint.search",
    "sp.hint.searchNone",
    "sp.hint.police",
    "sp.hint.cash",
    "sp.hint.discover",
    "sp.hint.sanction",
    "sp.hint.free",
    "sp.hint.drop",
    "sp.hint.evade",
    "sp.hint.chain",
    "sp.hint.intercept",
    "sp.hint.goHome",
    "sp.hint.goSecret",
    "sp.hint.sail",
    "sp.hint.stay",
    "sp.hint.take",
    "sp.hint.returnChits",
    "sp.hint.decline",
    "sp.hint.end",
    "sp.hint.pass",
    "sp.hint.default",
)
"""Every key :func:`reason_for` may answer (the browser module words each, in English and French)."""


def _place(me: Seen, piece: str, city: str) -> Reason:
    if piece.startswith("x"):
        return reason("sp.hint.placeSecret", piece=piece, city=city)
    if piece.startswith("s"):
        if city == POWERS[me.power].capital:
            return reason("sp.hint.placeCapital", piece=piece, city=city)
        return reason("sp.hint.placeSpy", piece=piece, city=city)
    return reason("sp.hint.placePolice", piece=piece, city=city)


def _chit(me: Seen, kind: str, args: list[str], decision: str) -> Reason:
    spy = args[0] if args else ""
    if kind == "DIS":
        return reason("sp.hint.discover", spy=spy, secret=args[1] if len(args) > 1 else "")
    if kind == "SAN":
        return reason("sp.hint.sanction", spy=spy, target=args[1] if len(args) > 1 else "")
    if kind == "DRP":
        return reason("sp.hint.drop", spy=spy, city=POWERS[me.power].capital)
    if kind == "ICP":
        return reason("sp.hint.intercept")
    if decision == "evade":
        return reason("sp.hint.evade", spy=spy, chit=kind)
    if decision == "chain":
        return reason("sp.hint.chain", chit=kind)
    return reason("sp.hint.free", spy=spy, chit=kind)


def _go(me: Seen, spy: str, city: str) -> Reason:
    held = me.spies[spy]["secret"]
    if held and me.secrets[held]["original"] != me.power:
        return reason("sp.hint.goHome", spy=spy, city=city, secret=held, capital=POWERS[me.power].capital)
    return reason("sp.hint.goSecret", spy=spy, city=city)


def reason_for(view: Mapping[str, Any], action: Mapping[str, Any]) -> Reason:
    """Why ``action`` (``{"type": "act", "text"}``, the bot's choice for ``view``'s seat)."""
    words = str(action["text"]).split(" ")
    power, verb, args = words[0], words[1] if len(words) > 1 else "", words[2:]
    decision = str((view.get("decision") or {}).get("kind", ""))
    me = Seen(view, power)
    if verb == "ready":
        return reason("sp.hint.ready")
    if verb == "bid":
        return (
            reason("sp.hint.bidNothing") if args[0] == "0" else reason("sp.hint.bidOver", amount=int(args[0]))
        )
    if verb == "place":
        if "power" not in (view.get("decision") or {}):
            return reason("sp.hint.default")
        return _place(me, args[0], args[1])
    if verb == "play":
        value = award_value(me, int(args[0][1:]))
        return reason("sp.hint.playTile" if value else "sp.hint.playOwn", tile=args[0], value=value)
    if verb == "discard":
        return reason("sp.hint.discard", tile=args[0])
    if verb == "search":
        spies = sum(len(part.split(":", 1)[1].split(",")) for part in args if ":" in part)
        return (
            reason("sp.hint.search", spies=spies, cities=len(args)) if spies else reason("sp.hint.searchNone")
        )
    if verb == "police":
        return reason("sp.hint.police")
    if verb == "cash":
        return reason("sp.hint.cash", spy=args[0], secret=me.spies[args[0]]["secret"] or "")
    if verb == "chit":
        return _chit(me, args[1], args[2:], decision)
    if verb == "go":
        return _go(me, args[0], args[1])
    if verb == "sail":
        return reason("sp.hint.sail", spy=args[0], city=args[1])
    if verb == "stay":
        return reason("sp.hint.stay", spy=args[0])
    if verb == "take":
        return reason("sp.hint.take", spy=args[0], secret=args[1])
    if verb == "return":
        return reason("sp.hint.returnChits", count=len(args))
    if verb == "decline":
        return reason("sp.hint.decline")
    if verb == "end":
        return reason("sp.hint.end", ap=me.ap_left)
    if verb == "pass":
        return reason("sp.hint.pass")
    return reason("sp.hint.default")


__all__ = ["REASONS", "reason_for"]
