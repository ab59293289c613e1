"""Test positions for Spies!: a real game taken through setup by the timeout defaults of
spec section 17, then changed where a test says so, and driven by action lines (15.2).

:func:`started` returns Germany's first turn of 1933 (tile step already skipped or due).
:func:`play` applies lines in order, each for the seat that owes the decision (or, for a
collected decision, the seat whose line power it is).
"""

from __future__ import annotations

import functools

from engine.spies import flow, rules
from engine.spies.data import SPY_FACES
from engine.spies.state import State

SEED = "5eed" * 16


def started(players: int = 5, seed: str = SEED, **options: object) -> State:
    """Through setup with the defaults; returns a fresh copy each time."""
    return _started(players, seed, tuple(sorted(options.items()))).copy()


@functools.lru_cache(maxsize=32)
def _started(players: int, seed: str, options: tuple[tuple[str, object], ...]) -> State:
    state = rules.new_state(seed, dict(options), players)
    while state.year == 0:
        seat = min(rules.actors(state))
        text = rules.default(state, seat)
        assert text is not None
        state = rules.apply(state, seat, text)
    return state


def seat_for(state: State, line: str) -> int:
    power = line.split(" ", 1)[0]
    d = state.decision
    assert d is not None, "no decision is pending"
    if "waiting" in d:
        return next(s for s in d["waiting"] if flow.seat_line_power(state, s) == power)
    return state.seat_of(power)


def play(state: State, *lines: str) -> State:
    for line in lines:
        state = rules.apply(state, seat_for(state, line), line)
    return state


def texts(state: State, since: int = 0) -> list[str]:
    """The public texts of the record from event ``since`` on (``~`` for private-only ones)."""
    return [e.text or "~" for e in state.log[since:]]


def private_texts(state: State, seat: int, since: int = 0) -> list[str]:
    return [e.private[seat] for e in state.log[since:] if seat in e.private]


def spy_of(state: State, power: str, strength: int | None = None, cousin: bool = False) -> str:
    """The lowest-id spy of ``power`` with that face."""
    for sid, spy in sorted(state.spies.items()):
        face = SPY_FACES[spy.face]
        if spy.power == power and face.cousin == cousin and (strength is None or face.strength == strength):
            return sid
    raise LookupError((power, strength, cousin))


def skip_tile(state: State) -> State:
    """Discard the lowest eligible tile if the tile step is due."""
    d = state.decision
    assert d is not None
    if d["kind"] == "tile":
        text = rules.default(state, state.seat_of(d["power"]))
        assert text is not None
        state = play(state, text)
    return state


def give_chits(state: State, power: str, *types: str) -> list[str]:
    """Hand ``power`` chits of these types from the cup (fresh handles); returns the handles."""
    out = []
    for kind in types:
        state.cup[kind] -= 1
        handle = f"c{state.next_handle}"
        state.next_handle += 1
        state.hands[power].append((handle, kind))
        out.append(handle)
    return out


def empty_hand(state: State, power: str) -> None:
    for _handle, kind in state.hands[power]:
        state.cup[kind] += 1
    state.hands[power] = []


def move_spy(state: State, spy: str, city: str) -> None:
    state.spies[spy].city = city
