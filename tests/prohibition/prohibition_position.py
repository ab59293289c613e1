"""Test positions written in the spec's notation (the stored JSON state, with names).

:func:`position` starts from a real game past setup and overrides what a test names:
trucks (street, cubes as ``"2k 1b"``, token, ...), characters, bars, the phase and dice.
Everything goes through ``to_dict`` / ``from_dict``, so a position is a state the engine
could have stored.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from engine.prohibition import rules, serialize
from engine.prohibition.data import CHAR_DIE, CHAR_IDS, COLOURS, NUMBER_DIE
from engine.prohibition.state import State

SEED = "5eed" * 16


def cubes(text: str) -> dict[str, int]:
    """``"2k 1b"`` -> ``{"w": 0, "k": 2, "b": 1}``."""
    out = dict.fromkeys(COLOURS, 0)
    for word in text.split():
        out[word[-1]] += int(word[:-1])
    return out


def started(players: int = 4, seed: str = SEED, options: dict[str, str] | None = None) -> State:
    """A game through setup with the timeout defaults (lowest truck, lowest distillery, first
    dealt card). Never change the state returned: it is shared (apply copies)."""
    return _started(players, seed, tuple(sorted((options or {}).items())))


@functools.lru_cache(maxsize=64)
def _started(players: int, seed: str, options: tuple[tuple[str, str], ...]) -> State:
    state = rules.new_state(seed, dict(options), players)
    while state.phase in ("place", "pick"):
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, text)
    return state


def dice_index(text: str) -> list[int]:
    chars, number = text.split()
    face = tuple(CHAR_IDS.index(c) for c in chars)
    return [CHAR_DIE.index(face), NUMBER_DIE.index(int(number))]


def position(
    players: int = 4,
    *,
    phase: str = "truck",
    active: str = "T1",
    dice: str | None = "NC 3",
    round: int = 2,
    slot: int | None = None,
    trucks: dict[str, dict[str, Any]] | None = None,
    chars: dict[str, str | None] | None = None,
    contacts: dict[str, list[str]] | None = None,
    bars: dict[str, str] | None = None,
    closed: list[str] | None = None,
    display: list[str | None] | None = None,
    down: list[bool] | None = None,
    deck: list[str] | None = None,
    supply: str | None = None,
    discard: list[int] | None = None,
    options: dict[str, str] | None = None,
    trigger: str | None = None,
    final_round: int = 0,
    opening: str | None = None,
    pending: str | None = None,
) -> State:
    base = started(players, options=options)
    d = copy.deepcopy(serialize.to_dict(base))
    d["phase"] = phase
    d["active"] = active
    d["round"] = round
    d["slot"] = slot if slot is not None else (int(active[1:]) if players > 2 else 1)
    d["dice"] = None if dice is None else dice_index(dice)
    for t in d["trucks"]:
        t.update(
            street=None,
            cargo=cubes(""),
            loaded=False,
            token=None,
            losses=cubes(""),
            loads=1,
            delivered=0,
            turns=1,
            aside=cubes(""),
            arrived=False,
            loaded_since_move=False,
        )
    for name, spec in (trucks or {}).items():
        t = d["trucks"][int(name[1:]) - 1]
        spec = dict(spec)
        for key in ("cargo", "losses", "aside"):
            if key in spec:
                spec[key] = cubes(spec[key])
        t.update(spec)
        if "loaded" not in spec:
            t["loaded"] = sum(t["cargo"].values()) > 0
    for c in CHAR_IDS:
        d["characters"][c] = {"at": (chars or {}).get(c), "contacts": (contacts or {}).get(c, [])}
    d["bars"] = {slot_id: [text[-1], int(text[:-1])] for slot_id, text in (bars or {}).items()}
    d["closed"] = list(closed or [])
    if display is not None:
        d["display"] = list(display)
        d["down"] = list(down) if down is not None else [False] * len(display)
    if deck is not None:
        d["deck"] = list(deck)
    if supply is not None:
        d["supply"] = cubes(supply)
    if discard is not None:
        d["discard"] = list(discard)
    d["trigger"] = trigger
    d["final_round"] = final_round
    if opening is not None:
        d["opening"] = opening
    if pending is not None:
        d["pending"] = pending
    d["log"] = []
    return serialize.from_dict(d)


def texts(state: State, since: int = 0) -> list[str]:
    return [e.text for e in state.entries[since:]]
