"""Lossless state <-> plain dict, for storage only (it holds every secret: the seed, the deck
order and every deal). Names, not indexes, so a stored state reads like the notation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.core import Result
from engine.errors import InvalidAction
from engine.prohibition.board import INTER_IDS, INTER_INDEX, SLOT_IDS, SLOT_INDEX, STREET_IDS, STREET_INDEX
from engine.prohibition.data import (
    CHAR_IDS,
    COLOUR_INDEX,
    COLOURS,
    DATA_VERSION,
    TOKEN_VALUES,
    TRUCK_IDS,
    TRUCK_INDEX,
)
from engine.prohibition.options import options_from
from engine.prohibition.state import PHASES, LogEntry, State, Truck
from engine.rng import Rng

FORMAT: Final = 1


def _cubes(counts: list[int] | None) -> dict[str, int]:
    assert counts is not None
    return {COLOURS[i]: n for i, n in enumerate(counts)}


def _read_cubes(data: Mapping[str, Any]) -> list[int]:
    return [int(data[c]) for c in COLOURS]


def _truck(t: Truck) -> dict[str, Any]:
    return {
        "street": None if t.street < 0 else STREET_IDS[t.street],
        "card": t.card,
        "cargo": _cubes(t.cargo),
        "loaded": t.loaded,
        "token": t.token,
        "losses": _cubes(t.losses),
        "lost": t.lost,
        "score": t.score,
        "loads": t.loads,
        "delivered": t.delivered,
        "turns": t.turns,
        "aside": _cubes(t.aside),
        "dealt": list(t.dealt),
        "pick": t.pick,
        "arrived": t.arrived,
        "loaded_since_move": t.loaded_since_move,
    }


def _read_truck(d: Mapping[str, Any]) -> Truck:
    return Truck(
        street=-1 if d["street"] is None else STREET_INDEX[d["street"]],
        card=d["card"],
        cargo=_read_cubes(d["cargo"]),
        loaded=bool(d["loaded"]),
        token=None if d["token"] is None else int(d["token"]),
        losses=_read_cubes(d["losses"]),
        lost=int(d["lost"]),
        score=int(d["score"]),
        loads=int(d["loads"]),
        delivered=int(d["delivered"]),
        turns=int(d["turns"]),
        aside=_read_cubes(d["aside"]),
        dealt=tuple(d["dealt"]),
        pick=d["pick"],
        arrived=bool(d["arrived"]),
        loaded_since_move=bool(d["loaded_since_move"]),
    )


def to_dict(state: State) -> dict[str, Any]:
    return {
        "game": "prohibition",
        "format": FORMAT,
        "data_version": DATA_VERSION,
        "options": dict(state.options),
        "players": state.players,
        "order": list(state.order),
        "rng": state.rng.to_dict(),
        "specials": {SLOT_IDS[slot]: tile for slot, tile in sorted(state.specials.items())},
        "trucks": [_truck(t) for t in state.trucks],
        "characters": {
            CHAR_IDS[c]: {
                "at": None if state.chars[c] < 0 else INTER_IDS[state.chars[c]],
                "contacts": [TRUCK_IDS[t] for t in state.contacts[c]],
            }
            for c in range(len(state.chars))
        },
        "bars": {
            SLOT_IDS[s]: [COLOURS[state.bar_colour[s]], state.bar_count[s]]
            for s in range(len(state.bar_count))
            if state.bar_count[s]
        },
        "closed": [SLOT_IDS[s] for s in state.closed],
        "supply": _cubes(state.supply),
        "deck": list(state.deck),
        "display": list(state.display),
        "down": list(state.down),
        "piles": {str(v): state.piles[i] for i, v in enumerate(TOKEN_VALUES)},
        "discard": list(state.discard),
        "phase": state.phase,
        "round": state.round,
        "slot": state.slot,
        "active": None if state.active < 0 else TRUCK_IDS[state.active],
        "dice": None if state.dice is None else list(state.dice),
        "opening": None if state.opening < 0 else TRUCK_IDS[state.opening],
        "pending": None if state.pending < 0 else TRUCK_IDS[state.pending],
        "places": list(state.places),
        "trigger": state.trigger,
        "final_round": state.final_round,
        "zombies": sorted(state.zombies),
        "result": None if state.result is None else state.result.to_dict(),
        "log": [[e.by, e.text, e.vis, e.label] for e in state.entries],
    }


def _truck_index(name: Any) -> int:
    return -1 if name is None else TRUCK_INDEX[name]


def from_dict(data: Mapping[str, Any]) -> State:
    try:
        return _from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InvalidAction(f"not a stored Prohibition state ({type(exc).__name__}: {exc})") from None


def _from_dict(data: Mapping[str, Any]) -> State:
    if data.get("game") != "prohibition" or data.get("format") != FORMAT:
        raise ValueError("wrong game or format")
    rng = Rng.from_dict(data["rng"])
    chars = data["characters"]
    bar_colour = [-1] * len(SLOT_IDS)
    bar_count = [0] * len(SLOT_IDS)
    for slot, (colour, count) in data["bars"].items():
        bar_colour[SLOT_INDEX[slot]] = COLOUR_INDEX[colour]
        bar_count[SLOT_INDEX[slot]] = int(count)
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}")
    state = State(
        options=options_from(data["options"]),
        players=int(data["players"]),
        order=tuple(int(s) for s in data["order"]),
        rng=rng,
        specials={SLOT_INDEX[slot]: str(tile) for slot, tile in data["specials"].items()},
        trucks=[_read_truck(t) for t in data["trucks"]],
        chars=[-1 if chars[c]["at"] is None else INTER_INDEX[chars[c]["at"]] for c in CHAR_IDS],
        contacts=[tuple(TRUCK_INDEX[t] for t in chars[c]["contacts"]) for c in CHAR_IDS],
        bar_colour=bar_colour,
        bar_count=bar_count,
        closed=[SLOT_INDEX[s] for s in data["closed"]],
        supply=_read_cubes(data["supply"]),
        deck=[str(c) for c in data["deck"]],
        display=[None if c is None else str(c) for c in data["display"]],
        down=[bool(d) for d in data["down"]],
        piles=[int(data["piles"][str(v)]) for v in TOKEN_VALUES],
        discard=[int(v) for v in data["discard"]],
        phase=phase,
        round=int(data["round"]),
        slot=int(data["slot"]),
        active=_truck_index(data["active"]),
        dice=None if data["dice"] is None else (int(data["dice"][0]), int(data["dice"][1])),
        opening=_truck_index(data["opening"]),
        pending=_truck_index(data["pending"]),
        places=tuple(int(p) for p in data["places"]),
        trigger=data["trigger"],
        final_round=int(data["final_round"]),
        zombies=frozenset(int(s) for s in data["zombies"]),
        result=None if data["result"] is None else Result.from_dict(data["result"]),
        log=[LogEntry(e[0], str(e[1]), int(e[2]), str(e[3])) for e in data["log"]],
    )
    if sorted(state.order) != list(range(state.players)):
        raise ValueError("the seat order is not a permutation of the seats")
    return state
