"""What each viewer sees (spec section 14): the one redaction boundary of Spies!.

A spectator sees the public part; a seat the public part plus what section 14.2 gives the
powers it controls now, plus every face it was ever shown (read back from the private texts
of the record it received: ``! setup``, ``= face``, ``= compare``, ``= chits``, so "what a
seat has once seen stays known to it" holds by construction); after the end, or for
:data:`EVERYONE`, everything. Every list has the same shape for every viewer: a value the
viewer may not see is ``None`` (faces, chit types, money under ``hidden_money``).
"""

from __future__ import annotations

import functools
import hashlib
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from engine.core import EVERYONE, SPECTATOR, Event, Viewer
from engine.errors import InvalidAction
from engine.spies import pieces, rules
from engine.spies.data import DATA_SHA256, POLICE_FACES, SECRET_FACES, SPY_FACES, TILE, TURN_ORDER
from engine.spies.state import Entry, Police, Secret, Spy, State

_FACE = re.compile(r"\b([spx]\d\d)=(\w+)")


def check_viewer(state: State, viewer: Viewer) -> None:
    if viewer in (SPECTATOR, EVERYONE):
        return
    if not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < state.players:
        raise InvalidAction(f"unknown viewer {viewer!r}")


def sees_all(state: State, viewer: Viewer) -> bool:
    return viewer == EVERYONE or state.result is not None


# -- the record ---------------------------------------------------------------------------------
def entry_text(state: State, entry: Entry, viewer: Viewer, over: bool) -> str:
    if over:
        if entry.text == "! setup ?":
            return setup_text_at_end(state)
        if entry.private:
            return entry.private[min(entry.private)]
        return entry.text or "~"
    if isinstance(viewer, int) and viewer in entry.private:
        return entry.private[viewer]
    return entry.text or "~"


def setup_text_at_end(state: State) -> str:
    """After the end, ``! setup`` names every runtime id with its face and data id (15.4)."""
    parts = [f"{s}={pieces.spy_face(state, s)}:{SPY_FACES[v.face].data_id}" for s, v in state.spies.items()]
    parts += [
        f"{p}={pieces.police_face(state, p)}:{POLICE_FACES[v.face].data_id}" for p, v in state.police.items()
    ]
    parts += [
        f"{x}={pieces.secret_face(state, x)}:{SECRET_FACES[v.face].data_id}" for x, v in state.secrets.items()
    ]
    return "! setup " + " ".join(parts)


def history(state: State, viewer: Viewer) -> list[dict[str, Any]]:
    over = sees_all(state, viewer)
    return [
        {"n": n, "by": e.by, "a": entry_text(state, e, viewer, over), "header": e.header}
        for n, e in enumerate(state.log, start=1)
    ]


def log_event(state: State, index: int) -> Event:
    e = state.log[index]
    return Event(
        "entry",
        {"n": index + 1, "by": e.by, "public": e.text, "private": dict(e.private), "header": e.header},
    )


def project(event: Event, viewer: Viewer) -> dict[str, Any] | None:
    data = event.data
    private: dict[int, str] = data["private"]
    if viewer == EVERYONE:
        text = private[min(private)] if private else data["public"]
    elif isinstance(viewer, int) and viewer in private:
        text = private[viewer]
    else:
        text = data["public"]
    return {"type": "event", "n": data["n"], "by": data["by"], "a": text or "~", "header": data["header"]}


# -- what a seat knows --------------------------------------------------------------------------
def knowledge(state: State, seat: int) -> tuple[dict[str, str], dict[str, str]]:
    """Faces (``3c``, ``2``, ``3cs4``; or ``s:3`` for a spy strength seen in a comparison) and
    chit types (handle -> type) that the seat's private texts ever showed it."""
    faces: dict[str, str] = {}
    chits: dict[str, str] = {}
    for e in state.log:
        text = e.private.get(seat)
        if text is None:
            continue
        kind, pairs = _shown(text)
        if kind == "faces":
            faces.update(pairs)
        elif kind == "strengths":
            for piece, strength in pairs:
                faces.setdefault(piece, strength)
        elif kind == "chits":
            chits.update(pairs)
    return faces, chits


@functools.lru_cache(maxsize=1024)
def _shown(text: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What one private text shows its seat, read once a text (every change's views read
    every seat's whole record): ``faces`` (piece, face), ``strengths`` (piece, ``s:n``: a
    face only where none is known) or ``chits`` (handle, type); ``""`` for nothing. The
    latest texts' are kept; their ids and faces interned (a setup's are dozens)."""
    words = text.split(" ")
    if words[0] == "!" and words[1] == "setup":
        return "faces", tuple((sys.intern(piece), sys.intern(face)) for piece, face in _FACE.findall(text))
    if words[:2] == ["=", "face"]:
        return "faces", ((words[2], words[3]),)
    if words[:2] == ["=", "compare"]:
        return "strengths", ((words[2], f"s:{words[3]}"),)
    if words[:2] == ["=", "chits"]:
        return "chits", tuple(tuple(w.split("=", 1)) for w in words[3:])  # type: ignore[misc]
    return "", ()


def secret_visible(state: State, xid: str, powers: tuple[str, ...], seen: dict[str, str]) -> bool:
    """11.1 for a seat controlling ``powers``: the original owner except while another power
    controls it; any power controlling it now; whatever it was shown (not an own original
    while another power controls it)."""
    return _secret_visible(state.secrets[xid], state.controller(xid), powers, seen)


def _secret_visible(x: Secret, ctrl: str | None, powers: tuple[str, ...], seen: dict[str, str]) -> bool:
    """:func:`secret_visible` of ``x``, whose controlling power (``None``: none) is ``ctrl``."""
    if ctrl is not None and ctrl in powers:
        return True
    if x.original in powers:
        return ctrl is None  # not while another power controls it
    return x.id in seen


# -- the view -----------------------------------------------------------------------------------
def view(state: State, viewer: Viewer, with_history: bool = True) -> dict[str, Any]:
    check_viewer(state, viewer)
    shared = _SHARED.get()
    public = shared[1] if shared is not None and shared[0] is state else _public(state)
    return _view(state, viewer, public, with_history)


@dataclass(frozen=True, slots=True)
class _Public:
    """What every view of one state holds alike, made once for all the viewers of a change
    (:func:`sharing`): the values every viewer sees (``head``, ``middle``, ``tail``: the same
    objects in every view, so the server writes and compares their text once), and each
    piece's row twice: with its face hidden (``None``) and with its true face, the one or the
    other given to a viewer where :func:`_view` says so (shared by the views of a change: a
    reader must not change them); a spy's row without face is kept for the faces a seat
    knows only in part."""

    head: dict[str, Any]  # "seats" to "acting"
    spies: list[tuple[Spy, dict[str, Any], dict[str, Any], dict[str, Any]]]  # spy, row, hidden, shown
    police: list[tuple[Police, dict[str, Any], dict[str, Any]]]  # police, hidden row, shown row
    secrets: list[tuple[Secret, dict[str, Any], dict[str, Any], str | None]]  # ..., controller
    middle: dict[str, Any]  # "played", "annexed", "channels"
    tail: dict[str, Any]  # "zombies" to "seed"


_SHARED: ContextVar[tuple[State, _Public] | None] = ContextVar("spies_shared_view", default=None)
"""The public part of the state whose views are being made together (:func:`sharing`)."""


@contextmanager
def sharing(state: State) -> Iterator[None]:
    """Within, :func:`view` of ``state`` takes its public part built once: a change's three
    to six views no longer build it each (:meth:`engine.core.Game.sharing_views`)."""
    token = _SHARED.set((state, _public(state)))
    try:
        yield
    finally:
        _SHARED.reset(token)


def _public(state: State) -> _Public:
    """The part of ``state``'s views that does not depend on the viewer (the true faces
    included: :func:`_view` decides who gets them)."""
    head = {
        "seats": [list(state.powers_of(s)) for s in range(state.players)],
        "russia": state.seat_of("R"),
        "options": state.options,
        "year": state.year,
        "active": state.active,
        "phase": state.phase,
        "ap_spent": state.ap,
        "acting": state.acting,
    }
    spies = []
    for s in state.spies.values():
        row = {
            "id": s.id,
            "power": s.power,
            "city": s.city,
            "box": s.box or None,
            "captor": s.captor,
            "year": s.year or None,
            "secret": s.secret,
            "spaces": s.spaces,
            "done": s.done,
        }
        shown = {**row, "face": pieces.spy_face(state, s.id), "strength": pieces.spy_strength(state, s.id)}
        spies.append((s, row, {**row, "face": None, "strength": None}, shown))
    police = []
    for p in state.police.values():
        row = {"id": p.id, "power": p.power, "city": p.city, "secret": p.secret}
        police.append((p, {**row, "face": None}, {**row, "face": pieces.police_face(state, p.id)}))
    secrets = []
    for x in state.secrets.values():
        row = {
            "id": x.id,
            "original": x.original,
            "city": x.city,
            "holder": x.holder,
            "gone": x.gone or None,
            "record": x.owner_record,
            "year": x.record_year or None,
        }
        shown = {**row, "face": pieces.secret_face(state, x.id)}
        secrets.append((x, {**row, "face": None}, shown, state.controller(x.id)))
    middle = {
        "played": [{"tile": f"t{t}", "power": p, "year": y} for t, p, y in state.played],
        "annexed": dict(sorted(state.annexed.items())),
        "channels": [[state.active, other] for other in state.channels],
    }
    tail = {
        "zombies": sorted(state.zombies),
        "scores": dict(state.scores) if state.result is not None else None,
        "result": None if state.result is None else state.result.to_dict(),
        "seed_commitment": hashlib.sha256(bytes.fromhex(state.rng.seed)).hexdigest(),
        "seed": state.rng.seed if state.result is not None else None,
    }
    return _Public(head, spies, police, secrets, middle, tail)


def _view(state: State, viewer: Viewer, public: _Public, with_history: bool) -> dict[str, Any]:
    """``viewer``'s view: the public part, with the faces, hands and offers he may see."""
    over = sees_all(state, viewer)
    seat = viewer if isinstance(viewer, int) else None
    powers = state.powers_of(seat) if seat is not None else ()
    seen, chit_seen = knowledge(state, seat) if seat is not None else ({}, {})
    hidden_money = state.options["hidden_money"] and not over

    spies = []
    for s, row, hidden, shown in public.spies:
        known = None if over or s.power in powers else seen.get(s.id)
        if known is None:
            spies.append(shown if over or s.power in powers else hidden)
            continue
        face = None if known.startswith("s:") else known
        digits = known.removeprefix("s:").rstrip("c")
        spies.append({**row, "face": face, "strength": int(digits) if digits else None})
    police = []
    for p, hidden, shown in public.police:
        if over or p.power in powers:
            police.append(shown)
        else:
            known = seen.get(p.id)
            police.append(hidden if known is None else {**hidden, "face": known})
    secrets = [
        shown if over or _secret_visible(x, ctrl, powers, seen) else hidden
        for x, hidden, shown, ctrl in public.secrets
    ]
    middle = public.middle
    out: dict[str, Any] = {
        "game": "spies",
        "data": DATA_SHA256,
        "players": state.players,
        "viewer": viewer,
        **public.head,
        "decision": _decision(state, seat),
        "spies": spies,
        "police": police,
        "secrets": secrets,
        "powers": {p: _power(state, p, p in powers or over, hidden_money, chit_seen) for p in TURN_ORDER},
        "cup": sum(state.cup.values()),
        "cup_types": dict(state.cup) if over else None,
        "played": middle["played"],
        "manifest": _manifest() if state.options["manifest_public"] or over else None,
        "annexed": middle["annexed"],
        "channels": middle["channels"],
        "offer": _offer(state, seat, over),
        **public.tail,
    }
    # The seat that owes a decision gets its listable legal lines (its own facts and public
    # ones only: the rules' checks never read a hidden value of another power).
    out["legal"] = rules.legal(state, seat) if seat is not None and seat in rules.actors(state) else None
    if with_history:
        out["history"] = history(state, viewer)
    return out


def _decision(state: State, seat: int | None) -> dict[str, Any] | None:
    d = state.decision
    if d is None or state.result is not None:
        return None
    public: dict[str, Any] = {"kind": d["kind"]}
    if "waiting" in d:
        public["seats"] = list(d["waiting"])
        if d["kind"] == "bid":
            public["tied"] = d["tied"]
        return public
    public["power"] = d["power"]
    public["seats"] = [state.seat_of(d["power"])]
    for key in ("spy", "secret", "what", "offer", "allowed", "by"):
        if key in d:
            public[key] = d[key]
    return public


def _power(state: State, p: str, own: bool, hidden_money: bool, chit_seen: dict[str, str]) -> dict[str, Any]:
    return {
        "money": None if hidden_money and not own else state.money[p],
        "chits": [{"handle": h, "type": t if own else chit_seen.get(h)} for h, t in state.hands[p]],
        "tiles": len(state.tiles[p]),
        "hand": [f"t{t}" for t in sorted(state.tiles[p])] if own else None,
        "discards": len(state.discards[p]),
        "discarded": [{"tile": f"t{t}", "year": y} for t, y in state.discards[p]] if own else None,
        "markers": list(state.markers[p]),
    }


def _offer(state: State, seat: int | None, over: bool) -> dict[str, Any] | None:
    task = next((t for t in reversed(state.tasks) if t["t"] == "offer"), None)
    if task is None:
        return None
    offer = task["offer"]
    parties = {state.seat_of(offer["from"]), state.seat_of(offer["to"])}
    public = {"n": offer["n"], "from": offer["from"], "to": offer["to"], "give": None, "get": None}
    if over or seat in parties:
        public["give"], public["get"] = list(offer["give"]), list(offer["get"])
    return public


@functools.cache
def _manifest() -> list[dict[str, Any]]:
    """The 50 tiles as the manifest shows them: the same for every view (built once; a view's
    reader must not change it)."""
    return [
        {
            "tile": f"t{t.id}",
            "owner": t.owner,
            "name": t.name,
            "years": list(t.years) or "any",
            "awards": [{"kind": a.kind, "amount": a.amount, "cities": list(a.cities)} for a in t.awards],
            "special": t.special,
        }
        for t in TILE.values()
    ]
