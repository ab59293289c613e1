"""Lossless state <-> plain JSON-ready dict, for storage only (it holds every secret: the seed,
the faces, the hands, the discards)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import fields
from typing import Any, Final

from engine.core import Result
from engine.errors import InvalidAction
from engine.rng import Rng
from engine.spies.data import DATA_SHA256
from engine.spies.state import Entry, Police, Secret, Spy, State, powers_set

FORMAT: Final = 1


def _plain(obj: Any) -> Any:
    return {f.name: _value(getattr(obj, f.name)) for f in fields(obj)}


def _value(v: Any) -> Any:
    if isinstance(v, set | frozenset):
        return sorted(v)
    if isinstance(v, tuple):
        return [_value(x) for x in v]
    if isinstance(v, list):
        return [_value(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _value(x) for k, x in v.items()}
    return v


def _entry(e: Entry) -> dict[str, Any]:
    """An entry as :func:`_plain` writes it, without the dataclass walk: a stored state holds
    the whole record, written after every action."""
    return {
        "by": e.by,
        "text": e.text,
        "private": {str(seat): text for seat, text in e.private.items()},
        "header": e.header,
        "seat": e.seat,
    }


def to_dict(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "data": DATA_SHA256}
    for f in fields(state):
        v = getattr(state, f.name)
        if f.name == "rng":
            out[f.name] = v.to_dict()
        elif f.name == "result":
            out[f.name] = None if v is None else v.to_dict()
        elif f.name in ("spies", "police", "secrets"):
            out[f.name] = [_plain(x) for x in v.values()]
        elif f.name == "log":
            out[f.name] = [_entry(e) for e in v]
        else:
            out[f.name] = _value(v)
    return out


def _word(value: Any) -> Any:
    """A string of the game's small vocabulary (ids, cities, powers, chit types, options,
    headers) as the one copy every loaded state shares (:func:`sys.intern`): a stored state
    read back made a string of each for every place it stands; anything else as it is."""
    return sys.intern(value) if type(value) is str else value


def _words(row: Mapping[str, Any]) -> dict[str, Any]:
    """A piece's stored fields, its strings as :func:`_word` gives them."""
    return {key: _word(value) for key, value in row.items()}


def from_dict(data: Mapping[str, Any]) -> State:
    if data.get("format") != FORMAT:
        raise InvalidAction("not a stored Spies! state of this format")
    try:
        state = State(
            options={_word(k): _word(v) for k, v in data["options"].items()},
            players=int(data["players"]),
            seats=tuple(tuple(s) for s in data["seats"]),
            rng=Rng.from_dict(data["rng"]),
            russia=int(data["russia"]),
            russia_seated=bool(data["russia_seated"]),
            spies={_word(s["id"]): Spy(**_words(s)) for s in data["spies"]},
            police={_word(p["id"]): Police(**_words(p)) for p in data["police"]},
            secrets={
                _word(x["id"]): Secret(**{**_words(x), "controlled_by": powers_set(x["controlled_by"])})
                for x in data["secrets"]
            },
            money=dict(data["money"]),
            hands={_word(p): [(_word(h), _word(t)) for h, t in hand] for p, hand in data["hands"].items()},
            cup={_word(k): n for k, n in data["cup"].items()},
        )
        simple = {f.name for f in fields(State)} - {
            "options", "players", "seats", "rng", "russia", "russia_seated", "spies", "police",
            "secrets", "money", "hands", "cup", "result", "log", "zombies", "played", "discards",
            "markers", "tiles", "annexed", "channels", "tasks",
        }  # fmt: skip
        for name in simple:
            setattr(state, name, data[name])
        state.tiles = {p: list(t) for p, t in data["tiles"].items()}
        state.played = [(int(t), str(p), int(y)) for t, p, y in data["played"]]
        state.discards = {p: [(int(t), int(y)) for t, y in d] for p, d in data["discards"].items()}
        state.markers = {p: list(m) for p, m in data["markers"].items()}
        state.annexed = dict(data["annexed"])
        state.channels = list(data["channels"])
        state.tasks = [dict(t) for t in data["tasks"]]
        state.zombies = set(data["zombies"])
        state.result = None if data["result"] is None else Result.from_dict(data["result"])
        state.log = [
            Entry(
                _word(e["by"]),
                e["text"],
                {int(k): v for k, v in e["private"].items()},
                _word(e["header"]),
                e["seat"],
            )
            for e in data["log"]
        ]
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidAction(f"malformed stored Spies! state: {exc}") from exc
    return state
