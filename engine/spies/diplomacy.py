"""Binding offers (spec 12.2, 12.3): posting, accepting, declining, counter-offers.

An open offer is a task ``{"t": "offer", "offer": {...}}`` whose decision (``offer``) belongs
to the recipient. Items are ``£n``, chit handles ``cN`` and secret transfers
``xN:<piece>><piece>`` (from the giving side's piece to the receiving side's).
"""

from __future__ import annotations

from typing import Any

from engine.errors import GameError, IllegalAction, InvalidAction
from engine.spies import log, pieces, words
from engine.spies.data import TURN_ORDER
from engine.spies.state import Entry, State


def parse_offer(state: State, poster: str, args: list[str]) -> dict[str, Any]:
    """``oN Q give … get …`` (either section may be left out, not both)."""
    if len(args) < 3:
        raise InvalidAction("an offer is: oN <power> give … get …")
    number, other = args[0], args[1]
    if number != f"o{state.offers + 1}":
        raise IllegalAction(f"the next offer is o{state.offers + 1}")
    if other not in TURN_ORDER or not state.enemies(poster, other):
        raise IllegalAction(f"{other} is not an enemy power")
    if state.by_bid(poster) or state.by_bid(other):
        raise IllegalAction("Russia held by bid takes part in no exchange")
    sections: dict[str, list[str]] = {"give": [], "get": []}
    current: str | None = None
    for token in args[2:]:
        if token in sections:
            if sections[token] or current == token:
                raise InvalidAction(f"{token} appears twice")
            current = token
            continue
        if current is None:
            raise InvalidAction("items follow give or get")
        sections[current].append(token)
    if ("give" in args[2:] and not sections["give"]) or ("get" in args[2:] and not sections["get"]):
        raise InvalidAction("give and get are each followed by one or more items")
    if not sections["give"] and not sections["get"]:
        raise InvalidAction("an offer holds at least one item")
    offer = {"n": number, "from": poster, "to": other, "give": sections["give"], "get": sections["get"]}
    check_items(state, poster, other, sections["give"], own=True)
    check_items(state, other, poster, sections["get"], own=False)
    return offer


def _item(token: str) -> tuple[str, Any]:
    if token.startswith(("£", "L")):
        return "money", words.money(token)
    if token.startswith("c") and token[1:].isdigit():
        return "chit", token
    if token.startswith("x") and ":" in token and ">" in token:
        xid, pieces_part = token.split(":", 1)
        giver, receiver = pieces_part.split(">", 1)
        return "secret", (xid, giver, receiver)
    raise InvalidAction(f"{token!r} is not an item (£5, c17, x12:s22>s04)")


def check_items(state: State, giver: str, taker: str, items: list[str], own: bool) -> None:
    """The giver's items. ``own``: the checker is the giver (its money is checked); else only
    public facts are (handles held, pieces and secrets in place), so no error quotes hidden
    state (14.4)."""
    seen: set[str] = set()
    total = 0
    for token in items:
        if token in seen:
            raise InvalidAction(f"{token} is listed twice")
        seen.add(token)
        kind, value = _item(token)
        if kind == "money":
            total += value
        elif kind == "chit":
            if pieces.chit_type(state, giver, value) is None:
                raise IllegalAction(f"{giver} holds no chit {value}")
        else:
            xid, source, dest = value
            x = state.secrets.get(xid)
            if x is None or x.gone or x.holder != source or state.piece_power(source) != giver:
                raise IllegalAction(f"{xid} is not controlled by {source} of {giver}")
            if not pieces.foreign(x, giver):
                raise IllegalAction(f"{giver} may give only secrets foreign to it")
            if dest[:1] not in ("s", "p") or (dest not in state.spies and dest not in state.police):
                raise IllegalAction(f"{dest} is not a piece")
            if state.piece_power(dest) != taker or state.piece_city(dest) != x.city:
                raise IllegalAction(f"{dest} is not a piece of {taker} in {x.city}")
            if state.piece_secret(dest) is not None:
                raise IllegalAction(f"{dest} already controls a secret")
            if dest.startswith("p") and x.original == taker and x.city != x.origin:
                raise IllegalAction("police control an original of their power only in its original city")
    if own and total > state.money[giver]:
        raise IllegalAction(f"{giver} has not £{total}")


def deliverable(state: State, offer: dict[str, Any]) -> bool:
    """Whether accepting ``offer`` goes through: every item of both sides can be delivered
    (12.2: a seat that cannot pay can only decline or counter). For the recipient's own
    decision only: it reads the recipient's money."""
    try:
        check_items(state, offer["from"], offer["to"], offer["give"], own=True)
        check_items(state, offer["to"], offer["from"], offer["get"], own=True)
    except GameError:
        return False
    return True


def post(state: State, offer: dict[str, Any]) -> None:
    """The offer is open: its recipient owes the decision. Public: that it was posted."""
    state.offers += 1
    line = state.log[-1]
    full = line.text or ""
    state.log[-1] = Entry(
        line.by,
        f"{offer['from']} offer {offer['n']} {offer['to']} ?",
        {state.seat_of(offer["from"]): full, state.seat_of(offer["to"]): full},
        line.header,
        line.seat,
    )
    types = [f"{h}={pieces.chit_type(state, offer['from'], h)}" for h in offer["give"] if h.startswith("c")]
    if types:
        log.secret_to(state, (offer["to"],), f"= chits {offer['n']} " + " ".join(types))
    state.tasks.append({"t": "offer", "offer": offer})


def run_offer(state: State, task: dict[str, Any]) -> None:
    offer = task["offer"]
    state.decision = {"kind": "offer", "power": offer["to"], "offer": offer["n"]}


def answer_offer(state: State, power: str, verb: str, args: list[str]) -> None:
    task = state.tasks.pop()
    offer = task["offer"]
    if verb in ("accept", "decline"):
        if args != [offer["n"]]:
            raise IllegalAction(f"answer {offer['n']}")
        if verb == "accept":
            _exchange(state, offer)
        return
    if verb != "offer":
        raise IllegalAction("answer with accept, decline or a counter-offer")
    if len(args) < 2 or args[1] != offer["from"]:
        raise IllegalAction(f"a counter-offer goes back to {offer['from']}")
    counter = parse_offer(state, power, args)
    post(state, counter)


def _exchange(state: State, offer: dict[str, Any]) -> None:
    """Accepting: every item must be deliverable; the whole exchange happens at once."""
    poster, taker = offer["from"], offer["to"]
    check_items(state, poster, taker, offer["give"], own=True)  # what deliverable() asks
    check_items(state, taker, poster, offer["get"], own=True)
    public: list[str] = []
    private: list[str] = []
    for giver, receiver, items in ((poster, taker, offer["give"]), (taker, poster, offer["get"])):
        if not items:
            continue
        shown, full = [f"{giver}>{receiver}"], [f"{giver}>{receiver}"]
        for token in items:
            kind, value = _item(token)
            if kind == "money":
                state.money[giver] -= value
                state.money[receiver] += value
                shown.append("£?" if state.options["hidden_money"] else token)
                full.append(token)
            elif kind == "chit":
                kept = next(c for c in state.hands[giver] if c[0] == value)
                state.hands[giver].remove(kept)
                state.hands[receiver].append(kept)
                shown.append(token)
                full.append(token)
            else:
                xid, _source, dest = value
                pieces.set_holder(state, xid, dest)
                shown.append(token)
                full.append(token)
        public += shown
        private += full
    text = f"= exchange {offer['n']} " + " ".join(public)
    fuller = f"= exchange {offer['n']} " + " ".join(private)
    log.engine(state, text, {poster: fuller, taker: fuller} if fuller != text else None)
    received = [h for h in offer["get"] if _item(h)[0] == "chit"]
    if received:  # the poster learns the types of the chits it receives
        types = " ".join(f"{h}={pieces.chit_type(state, poster, h)}" for h in received)
        log.secret_to(state, (poster,), f"= chits {offer['n']} {types}")
    for _giver, receiver, items in ((poster, taker, offer["give"]), (taker, poster, offer["get"])):
        for token in items:
            kind, value = _item(token)
            if kind == "secret" and pieces.foreign(state.secrets[value[0]], receiver):
                log.secret_to(state, (receiver,), f"= face {value[0]} {pieces.secret_face(state, value[0])}")
    for p in (poster, taker):
        state.hands[p].sort(key=lambda c: int(c[0][1:]))
