"""What each viewer sees (spec section 10). The one redaction boundary of Prohibition.

Everything sent about a game is built here, from the state (:func:`view`) or from an event
(:func:`project`). A spectator sees the public part; a player the public part plus his
private part (the cards dealt to his trucks, and his picks); once the game is over, or for
:data:`EVERYONE`, everything (the seed, the deck order, every deal). Hidden values (the deck
order, other seats' deals and picks, the seed) are never read here except to be shown to
someone entitled to them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from engine.core import EVERYONE, SPECTATOR, Event, Viewer
from engine.errors import InvalidAction
from engine.prohibition import rules
from engine.prohibition.board import INTER_IDS, SLOT_IDS, STREET_IDS
from engine.prohibition.data import (
    CHAR_DIE,
    CHAR_IDS,
    CLOSED_TILES,
    COLOURS,
    DATA_VERSION,
    NUMBER_DIE,
    TOKEN_VALUES,
    TRUCK_IDS,
)
from engine.prohibition.notation import stub
from engine.prohibition.state import OVER, PICK, PLACE, PUBLIC, LogEntry, State

RULES_REVISION = "prohibition-rules.md (data 1.1-stand-in)"


def check_viewer(state: State, viewer: Viewer) -> None:
    if viewer in (SPECTATOR, EVERYONE):
        return
    if not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < state.players:
        raise InvalidAction(f"unknown viewer {viewer!r}")


def sees_all(state: State, viewer: Viewer) -> bool:
    return viewer == EVERYONE or state.phase == OVER


def may_see(vis: int, viewer: Viewer, over: bool) -> bool:
    return over or viewer == EVERYONE or vis == PUBLIC or (isinstance(viewer, int) and vis == viewer)


def entry_text(entry: LogEntry, viewer: Viewer, over: bool) -> str:
    return entry.text if may_see(entry.vis, viewer, over) else stub(entry.text)


def history(state: State, viewer: Viewer) -> list[dict[str, Any]]:
    """The record's events as ``viewer`` may know them: every number kept, stubs in place of
    what he may not see."""
    over = sees_all(state, viewer)
    return [
        {"n": n, "by": e.by, "a": entry_text(e, viewer, over)} for n, e in enumerate(state.entries, start=1)
    ]


def seed_commitment(state: State) -> str:
    return hashlib.sha256(bytes.fromhex(state.rng.seed)).hexdigest()


def _cubes(counts: list[int] | None) -> dict[str, int]:
    assert counts is not None
    return {COLOURS[i]: n for i, n in enumerate(counts)}


def _truck(state: State, t: int) -> dict[str, Any]:
    truck = state.trucks[t]
    return {
        "id": TRUCK_IDS[t],
        "seat": state.turn_seat_of_truck(t),
        "player": state.seat_of_truck(t),
        "street": None if truck.street < 0 else STREET_IDS[truck.street],
        "card": truck.card,
        "cubes": _cubes(truck.cargo),
        "loaded": truck.loaded,
        "token": truck.token,
        "losses": _cubes(truck.losses),
        "lost": truck.lost,
        "score": truck.score,
        "loads": truck.loads,
        "delivered": truck.delivered,
        "turns": truck.turns,
        "set_aside": _cubes(truck.aside),
        "picked": truck.pick is not None,
        "may_load_next_step_1": truck.arrived,
        "loaded_since_move": truck.loaded_since_move,
    }


def _private(state: State, trucks: list[int]) -> dict[str, Any]:
    return {
        "dealt": {TRUCK_IDS[t]: list(state.trucks[t].dealt) for t in trucks},
        "picks": {TRUCK_IDS[t]: state.trucks[t].pick for t in trucks},
    }


def view(state: State, viewer: Viewer, with_history: bool = True) -> dict[str, Any]:
    check_viewer(state, viewer)
    shared = _SHARED.get()
    public = shared[1] if shared is not None and shared[0] is state else _public(state)
    return _view(state, viewer, public, with_history)


_SHARED: ContextVar[tuple[State, dict[str, Any]] | None] = ContextVar("prohibition_shared_view", default=None)
"""The public part of the state whose views are being made together (:func:`sharing`)."""


@contextmanager
def sharing(state: State) -> Iterator[None]:
    """Within, :func:`view` of ``state`` takes its public part built once: a change's four or
    five views no longer build it each (:meth:`engine.core.Game.sharing_views`)."""
    token = _SHARED.set((state, _public(state)))
    try:
        yield
    finally:
        _SHARED.reset(token)


def _view(state: State, viewer: Viewer, public: dict[str, Any], with_history: bool) -> dict[str, Any]:
    """What ``viewer`` sees: the public part, and what is his alone or shown once it is over."""
    everything = sees_all(state, viewer)
    seat = viewer if isinstance(viewer, int) else None
    out: dict[str, Any] = {
        "game": "prohibition",
        "rules": RULES_REVISION,
        "data_version": DATA_VERSION,
        "viewer": viewer,
        "seat": None if seat is None else state.turn_seat_of(seat),
        **public,
        "legal": rules.legal_for(state, seat) if seat is not None and state.phase != OVER else [],
    }
    if everything:
        out["private"] = _private(state, list(range(state.ntrucks)))
        out["deck"] = list(state.deck)
        out["seed"] = state.rng.seed
    elif seat is not None:
        out["private"] = _private(state, list(state.trucks_of(seat)))
    if with_history:
        out["history"] = history(state, viewer)
    return out


def _public(state: State) -> dict[str, Any]:
    """What every viewer sees of ``state``, in the order of the view's keys."""
    return {
        "players": state.players,
        "options": dict(state.options),
        "seed_commitment": seed_commitment(state),
        "seats": [
            {
                "seat": k + 1,
                "player": p,
                "trucks": [TRUCK_IDS[t] for t in state.trucks_of_turn_seat(k + 1)],
                "zombie": p in state.zombies,
            }
            for k, p in enumerate(state.order)
        ],
        "specials": {SLOT_IDS[s]: tile for s, tile in sorted(state.specials.items())},
        "bars": {
            SLOT_IDS[s]: {"colour": COLOURS[state.bar_colour[s]], "count": state.bar_count[s]}
            for s in range(len(state.bar_count))
            if state.bar_count[s]
        },
        "closed": [SLOT_IDS[s] for s in state.closed],
        "closed_left": CLOSED_TILES - len(state.closed),
        "characters": {
            CHAR_IDS[c]: {
                "at": None if state.chars[c] < 0 else INTER_IDS[state.chars[c]],
                "last_contact": [TRUCK_IDS[t] for t in state.contacts[c]],
            }
            for c in range(len(state.chars))
        },
        "trucks": [_truck(state, t) for t in range(state.ntrucks)],
        "supply": _cubes(state.supply),
        "display": [
            None if card is None else {"card": card, "down": down}
            for card, down in zip(state.display, state.down, strict=True)
        ],
        "deck_count": len(state.deck),
        "tokens": {
            "piles": {str(v): state.piles[i] for i, v in enumerate(TOKEN_VALUES)},
            "discard": list(state.discard),
        },
        "phase": state.phase,
        "round": state.round,
        "slot": state.slot,
        "active": None if state.active < 0 else TRUCK_IDS[state.active],
        "dice": None
        if state.dice is None
        else {
            "characters": "".join(CHAR_IDS[c] for c in CHAR_DIE[state.dice[0]]),
            "number": NUMBER_DIE[state.dice[1]],
        },
        "to_act": sorted(rules.actors(state)),
        "placing": state.places[0] if state.phase == PLACE else None,
        "places": list(state.places),
        "opening": None if state.opening < 0 else TRUCK_IDS[state.opening],
        "pending": None if state.pending < 0 else TRUCK_IDS[state.pending],
        "picks_owed": [TRUCK_IDS[t] for t, tr in enumerate(state.trucks) if tr.pick is None]
        if state.phase == PICK
        else [],
        "trigger": state.trigger,
        "final_round": state.final_round or None,
        "zombies": sorted(state.zombies),
        "result": None if state.result is None else state.result.to_dict(),
    }


def log_event(state: State, index: int) -> Event:
    """The engine event of log entry ``index`` (0-based), for :meth:`Game.project`."""
    e = state.entries[index]
    return Event(
        "event", {"n": index + 1, "by": e.by, "a": e.text, "vis": e.vis, "over": state.phase == OVER}
    )


def project(event: Event, viewer: Viewer) -> dict[str, Any] | None:
    """What ``viewer`` may know of an event: the same shape for everyone, a stub in place of
    what he may not see."""
    if viewer not in (SPECTATOR, EVERYONE) and (not isinstance(viewer, int) or isinstance(viewer, bool)):
        raise InvalidAction(f"unknown viewer {viewer!r}")
    data = event.data
    text = str(data["a"])
    visible = may_see(int(data["vis"]), viewer, bool(data.get("over")))
    return {"type": "event", "n": data["n"], "by": data["by"], "a": text if visible else stub(text)}
