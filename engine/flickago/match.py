"""The platform's game state: the spec's state object plus what the platform needs around it
(which seat plays White, the record's turns so far, the platform result)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.core import Result
from engine.errors import InvalidAction
from engine.flickago.data import SIDE_CODES
from engine.flickago.rules import Event, State, Step
from engine.flickago.statecheck import check_state

FORMAT = 1


@dataclass(frozen=True, slots=True)
class Match:
    """``state`` is the spec's state object (section 10); never changed in place."""

    state: State
    white: int  # the seat playing White: 0 (the host) or 1
    turns: tuple[Event, ...]  # the record's turns, oldest first (section 10)
    ended: Result | None = None
    time_control: Any = "none"

    def side_of_seat(self, seat: int) -> str:
        return SIDE_CODES[0] if seat == self.white else SIDE_CODES[1]

    def seat_of_side(self, side: str) -> int:
        return self.white if side == SIDE_CODES[0] else 1 - self.white

    def seats(self) -> dict[str, int]:
        return {side: self.seat_of_side(side) for side in SIDE_CODES}


def platform_result(match: Match, core_result: Mapping[str, Any]) -> Result:
    """The platform's :class:`Result` for the spec's ``result`` object."""
    score = core_result["score"]
    scores = tuple(int(score[match.side_of_seat(seat)]) for seat in (0, 1))
    winner = core_result["winner"]
    reason = "timeout" if core_result["reason"] == "time" else core_result["reason"]
    if winner is None:
        return Result("draw", reason, (), scores, (1, 1))
    seat = match.seat_of_side(winner)
    return Result("win", reason, (seat,), scores, (1, 2) if seat == 0 else (2, 1))


def advance(match: Match, step: Step) -> Match:
    """The match after a rules step: the new state, the record's turns updated."""
    turns = list(match.turns)
    event = step.event
    if "shot" in event:
        turns.append(copy.deepcopy(event))
    elif "inspectors" in event:
        turn = copy.deepcopy(turns[event["ply"] - 1])
        entries = {entry[0]: entry for entry in event["inspectors"]}
        turn["resolution"]["inspectors"] = [
            list(entries.get(entry[0], entry)) for entry in turn["resolution"]["inspectors"]
        ]
        turns[event["ply"] - 1] = turn
    turns.extend(copy.deepcopy(p) for p in step.passes)
    new = replace(match, state=step.state, turns=tuple(turns))
    if step.state["result"] is not None and match.ended is None:
        new = replace(new, ended=platform_result(new, step.state["result"]))
    return new


def to_dict(match: Match) -> dict[str, Any]:
    return {
        "game": "flickago",
        "format": FORMAT,
        "state": copy.deepcopy(match.state),
        "white": match.white,
        "turns": copy.deepcopy(list(match.turns)),
        "ended": None if match.ended is None else match.ended.to_dict(),
        "time_control": copy.deepcopy(match.time_control),
    }


def from_dict(data: Mapping[str, Any]) -> Match:
    if not isinstance(data, Mapping) or data.get("game") != "flickago" or data.get("format") != FORMAT:
        raise InvalidAction("not a stored Flickago game of a known format")
    white = data["white"]
    if white not in (0, 1) or isinstance(white, bool):
        raise InvalidAction("white is seat 0 or 1")
    turns = data["turns"]
    if not isinstance(turns, list) or not all(isinstance(t, Mapping) for t in turns):
        raise InvalidAction("turns is a list of objects")
    ended = data["ended"]
    return Match(
        state=check_state(data["state"]),
        white=white,
        turns=tuple(copy.deepcopy(dict(t)) for t in turns),
        ended=None if ended is None else Result.from_dict(ended),
        time_control=copy.deepcopy(data.get("time_control", "none")),
    )
