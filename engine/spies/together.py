"""``setup_order=simultaneous`` (spec 6): every seat submits setup steps 6 and 7 (its powers'
secrets, then or meanwhile their police) at once, sealed; the results are revealed together
and the record lists them in turn order at the moment of the reveal.

The task ``{"t": "together", "waiting": [...], "pending": {seat: [lines]}}`` is a collected
``place`` decision. A submission is checked on a scratch copy holding the seat's own earlier
submissions (never another seat's), and written as ``G place ?`` with the full line private to
the seat. When the last seat is done, every line is applied in turn order of the powers (each
power's lines in the order submitted) and written again, public, as ``engine`` lines.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.spies import log, setup, words
from engine.spies.data import TURN_ORDER
from engine.spies.state import State

KINDS = ("x", "p")


def scratch(state: State, seat: int) -> State:
    """The state with the seat's own pending placements applied."""
    task = state.tasks[-1]
    out = state.copy()
    for line in task["pending"].get(str(seat), []):
        power, _verb, args = words.split(line)
        piece, city, secret = setup.check_place(out, power, args[0][:1], args)
        setup.do_place(out, power, piece, city, secret)
    return out


def placing_powers(state: State, seat: int) -> tuple[str, ...]:
    return state.powers_of(seat)


def unfinished(state: State, seat: int) -> list[tuple[str, str]]:
    """(power, kind) still to place on the seat's scratch, in turn order, secrets first."""
    return [(p, k) for p in placing_powers(state, seat) for k in KINDS if setup.unplaced(state, p, k)]


def run_together(state: State, task: dict[str, Any]) -> None:
    if "waiting" not in task:
        task["pending"] = {}
        task["waiting"] = [s for s in range(state.players) if unfinished(state, s)]
    if task["waiting"]:
        state.decision = {"kind": "place", "waiting": list(task["waiting"]), "what": "xp"}
        return
    state.tasks.pop()
    lines = [line for seat in sorted(task["pending"], key=int) for line in task["pending"][seat]]
    for power in TURN_ORDER:
        for line in lines:
            p, _verb, args = words.split(line)
            if p != power:
                continue
            piece, city, secret = setup.check_place(state, p, args[0][:1], args)
            setup.do_place(state, p, piece, city, secret)
            log.engine(state, line)


def answer_place(state: State, seat: int, text: str) -> None:
    power, verb, args = words.split(text)
    if verb != "place" or power not in placing_powers(state, seat) or not args:
        raise IllegalAction("place one of your powers' secrets or police units")
    mine = scratch(state, seat)
    kind = args[0][:1]
    if kind not in KINDS:
        raise IllegalAction("secrets and police units are placed now")
    setup.check_place(mine, power, kind, args)
    task = state.tasks[-1]
    task["pending"].setdefault(str(seat), []).append(text)
    log.say(state, power, f"{power} place ?", seat=seat)
    state.log[-1].private[seat] = text
    piece, city, secret = setup.check_place(mine, power, kind, args)
    setup.do_place(mine, power, piece, city, secret)
    if not unfinished(mine, seat):
        task["waiting"].remove(seat)


def default(state: State, seat: int) -> str:
    mine = scratch(state, seat)
    power, kind = unfinished(mine, seat)[0]
    return setup.default_place(mine, power, kind)


def legal(state: State, seat: int) -> list[str]:
    mine = scratch(state, seat)
    return [line for power, kind in unfinished(mine, seat) for line in setup.legal_places(mine, power, kind)]
