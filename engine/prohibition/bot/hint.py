"""Why the bot chose an action, in the seat's own view (the catalogue's ``hint_reason``).

The action is played on the bot's own rebuilding of the view (:mod:`world`, hidden cards
sampled with a fixed generator: none of the facts below depends on them) and its effects
read with the bot's own measures: the points a delivery makes, the cubes a character
takes from whose truck, a protector beside a loaded truck of the seat, the truck-turns to
the nearest bar or distillery before and after.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from engine.hints import Reason, reason
from engine.prohibition import turn
from engine.prohibition.board import STREET_ENDS, STREET_IDS, STREET_INDEX
from engine.prohibition.bot.heuristics import delivery_turns, distillery_streets, open_bars, turns_to
from engine.prohibition.bot.policy import delivery_points
from engine.prohibition.bot.world import state_from_view
from engine.prohibition.data import CHAR_IDS, NCOL, PROTECTORS, TRUCK_IDS
from engine.prohibition.notation import parse
from engine.prohibition.state import CHARACTER, PICK, PLACE, TRUCK, USE, State

REASONS: Final = (
    "pz.advice.only",
    "pz.advice.any",
    "pz.advice.pick",
    "pz.advice.use",
    "pz.advice.load",
    "pz.advice.keep",
    "pz.advice.deliver",
    "pz.advice.toBar",
    "pz.advice.toDistillery",
    "pz.advice.atDistillery",
    "pz.advice.drive",
    "pz.advice.wait",
    "pz.advice.seize",
    "pz.advice.shield",
    "pz.advice.character",
)
"""Every key :func:`reason_for` may answer (the browser module words each, in English and French)."""


def _distance(state: State, street: int) -> int:
    """Truck-turns from ``street`` to where the active truck is going: a bar for a cube
    aboard, else a distillery (99: nowhere)."""
    truck = state.trucks[state.active]
    assert truck.cargo is not None
    if truck.aboard:
        colours = [c for c in range(NCOL) if truck.cargo[c]]
        return min((delivery_turns(state, street, c, open_bars(state, c)) for c in colours), default=99)
    return min(
        ((0 if street == s else turns_to(street, s) + 1) for s in distillery_streets(state)), default=99
    )


def _character(state: State, seat: int, text: str) -> Reason:
    act = parse(text)
    sim = state.copy()
    before = [t.aboard for t in sim.trucks]
    turn.act_character(sim, act.char, act.at)
    char = CHAR_IDS[act.char]
    lost = [(before[i] - t.aboard, i) for i, t in enumerate(sim.trucks) if before[i] > t.aboard]
    theirs = [(n, i) for n, i in lost if state.seat_of_truck(i) != seat]
    if theirs:
        cubes, truck = max(theirs)
        return reason("pz.advice.seize", char=char, truck=TRUCK_IDS[truck], cubes=cubes, at=text[2:])
    if act.char in PROTECTORS:
        for i in state.trucks_of(seat):
            t = sim.trucks[i]
            if t.aboard and t.street >= 0 and act.at in STREET_ENDS[t.street]:
                return reason("pz.advice.shield", char=char, truck=TRUCK_IDS[i], at=text[2:])
    return reason("pz.advice.character", char=char, at=text[2:])


def _truck(state: State, text: str) -> Reason:
    act = parse(text)
    truck = TRUCK_IDS[state.active]
    if text == "pass" or act.kind != "go":
        return reason("pz.advice.wait", truck=truck)
    street = STREET_IDS[act.at]
    if act.count:
        return reason(
            "pz.advice.deliver",
            truck=truck,
            street=street,
            count=act.count,
            colour=text[-1],
            points=delivery_points(text),
        )
    here, there = _distance(state, state.trucks[state.active].street), _distance(state, STREET_INDEX[street])
    if there < here and there < 99:
        if state.trucks[state.active].aboard:
            return reason("pz.advice.toBar", truck=truck, street=street, turns=there)
        if there == 0:
            return reason("pz.advice.atDistillery", truck=truck, street=street)
        return reason("pz.advice.toDistillery", truck=truck, street=street, turns=there)
    return reason("pz.advice.drive", truck=truck, street=street)


def reason_for(view: Mapping[str, Any], action: Mapping[str, Any]) -> Reason:
    """Why ``action`` (``{"type": "act", "text"}``, the bot's choice for ``view``'s seat)."""
    text = str(action["text"])
    legal = [str(a) for a in view.get("legal") or []]
    if len(legal) == 1:
        return reason("pz.advice.only")
    state = state_from_view(view, random.Random(0))
    seat = int(view["viewer"])
    phase = state.phase
    if phase == PLACE:
        return reason("pz.advice.any", choices=len(legal))
    if phase == PICK:
        return reason("pz.advice.pick", card=text.split()[2], truck=text.split()[1])
    if phase == USE:
        return reason("pz.advice.use", truck=text[4:])
    if phase == CHARACTER:
        return _character(state, seat, text)
    if phase == TRUCK:
        return _truck(state, text)
    if text.startswith("load "):
        return reason("pz.advice.load", card=text[5:], truck=TRUCK_IDS[state.active])
    return reason("pz.advice.keep", truck=TRUCK_IDS[state.active], aboard=state.trucks[state.active].aboard)


__all__ = ["REASONS", "reason_for"]
