"""The flow of the game: the task stack, turns, years, negotiation periods, the end.

:func:`advance` runs the tasks from the top until one opens a decision or the game ends;
:func:`answer` routes an action line to the handler of the decision it answers. Before every
task it opens the hand-limit windows that are due (13.1: "at once, even in the middle of a
chain or a search").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.errors import IllegalAction, InvalidAction
from engine.spies import (
    auction,
    chits,
    diplomacy,
    ending,
    log,
    movement,
    pieces,
    police,
    setup,
    tiles,
    together,
    turn,
    words,
)
from engine.spies.data import ALLOTMENTS, RUSSIA_ALTERNATE, TURN_ORDER, YEARS
from engine.spies.state import Entry, State

Runner = Callable[[State, dict[str, Any]], None]
Answer = Callable[[State, str, str, list[str]], None]


# -- setup tasks ----------------------------------------------------------------------------------
def _run_place(state: State, task: dict[str, Any]) -> None:
    if not setup.unplaced(state, task["power"], task["what"]):
        state.tasks.pop()
        return
    state.decision = {"kind": "place", "power": task["power"], "what": task["what"]}


def _run_setup_draw(state: State, task: dict[str, Any]) -> None:
    state.tasks.pop()
    pieces.draw(state, task["power"], ALLOTMENTS[task["power"]].chits)


def period_seconds(state: State, name: str) -> int:
    """The length of a negotiation period (17): the pre-game one, or a yearly one."""
    return int(state.options["negotiation_pregame" if name == "pregame" else "negotiation_yearly"])


def _run_period(state: State, task: dict[str, Any]) -> None:
    if "waiting" not in task and period_seconds(state, task["name"]) == 0:
        state.tasks.pop()  # a period of no length is no period
        return
    if "waiting" not in task:
        task["waiting"] = list(range(state.players))
        state.header = f"# talk {task['name']}"
    if not task["waiting"]:
        state.tasks.pop()
        return
    state.decision = {"kind": "ready", "waiting": list(task["waiting"])}


def _run_start(state: State, task: dict[str, Any]) -> None:
    state.tasks.pop()
    state.year = YEARS[0]
    _push_year(state)


def _push_year(state: State) -> None:
    state.tasks.append({"t": "year_end"})
    bidding = not state.russia_seated and state.options["russia_control"] == "bidding"
    for p in reversed(TURN_ORDER):
        state.tasks.append({"t": "turn", "power": p, "started": False})
        if p == "R" and bidding and state.year > YEARS[0]:
            state.tasks.append({"t": "auction", "first": False})


def _run_year_end(state: State, task: dict[str, Any]) -> None:
    state.tasks.pop()
    if state.year >= last_year(state) or state.early_end:
        ending.finish(state, state.year)
        return
    state.year += 1
    if not state.russia_seated and state.options["russia_control"] == "alternate":
        state.russia = RUSSIA_ALTERNATE[state.year]
    _push_year(state)
    state.tasks.append({"t": "period", "name": str(state.year)})


def last_year(state: State) -> int:
    """The game's last year: 1939 (the data pack's last), or earlier by the ``last_year`` option."""
    return min(YEARS[-1], int(state.options.get("last_year", YEARS[-1])))


# -- the turn -------------------------------------------------------------------------------------
def _run_turn(state: State, task: dict[str, Any]) -> None:
    power = task["power"]
    if not task["started"]:
        task["started"] = True
        state.active, state.phase, state.ap, state.acting = power, 1, 0, None
        state.channels, state.turn_actions = [], 0
        for s in state.spies.values():
            s.spaces, s.done = 0, False
        header = f"# {state.year} {power}"
        if not any(e.header == header for e in state.log[-200:]):  # the auction may have opened it
            state.header = header
        if not tiles.tile_step_due(state, power):
            state.phase = 2
    if state.phase == 1:
        state.decision = {"kind": "tile", "power": power}
    else:
        state.decision = {"kind": "turn", "power": power}


RUNNERS: dict[str, Runner] = {
    "place": _run_place,
    "setup_draw": _run_setup_draw,
    "period": _run_period,
    "start": _run_start,
    "year_end": _run_year_end,
    "turn": _run_turn,
    "awards": tiles.run_awards,
    "special": tiles.run_special,
    "search": police.run_search,
    "entry": police.run_entry,
    "voyage": movement.run_voyage,
    "chain": chits.run_chain,
    "intercepts": chits.run_intercepts,
    "discovery": chits.run_outcome,
    "sanction": chits.run_outcome,
    "escape": chits.run_outcome,
    "drop": chits.run_outcome,
    "takeover": chits.run_takeover,
    "limit": chits.run_limit,
    "offer": diplomacy.run_offer,
    "auction": auction.run_auction,
    "together": together.run_together,
}


def advance(state: State) -> None:
    while state.decision is None and state.result is None:
        due = [p for p in chits.over_limit(state) if not _limit_pending(state, p)]
        if due:
            state.tasks.extend({"t": "limit", "power": p} for p in reversed(due))
        if not state.tasks:
            raise AssertionError("no task and no decision: the flow is broken")
        task = state.tasks[-1]
        RUNNERS[task["t"]](state, task)


def _limit_pending(state: State, power: str) -> bool:
    return any(t["t"] == "limit" and t["power"] == power for t in state.tasks)


# -- answering decisions --------------------------------------------------------------------------
def _answer_place(state: State, power: str, verb: str, args: list[str]) -> None:
    decision = state.decision
    assert decision is not None
    if verb != "place":
        raise IllegalAction("place a piece")
    piece, city, secret = setup.check_place(state, power, decision["what"], args)
    setup.do_place(state, power, piece, city, secret)


ANSWERS: dict[str, Answer] = {
    "place": _answer_place,
    "tile": tiles.answer_tile,
    "turn": turn.answer_turn,
    "roll": movement.answer_roll,
    "search": police.answer_entry,
    "evade": police.answer_evade,
    "chain": chits.answer_chain,
    "intercept": chits.answer_intercept,
    "limit": chits.answer_limit,
    "takeover": chits.answer_takeover,
    "offer": diplomacy.answer_offer,
}


def seat_line_power(state: State, seat: int) -> str:
    """The power a seat-level line (``ready``, ``bid``) is written with (15.2)."""
    own = state.powers_of(seat)
    rest = [p for p in own if p != "R"]
    return rest[0] if rest else own[0]


def owners(state: State) -> frozenset[int]:
    """The seats that may act now."""
    d = state.decision
    if d is None or state.result is not None:
        return frozenset()
    if "waiting" in d:
        return frozenset(d["waiting"])
    return frozenset({state.seat_of(d["power"])})


def answer(state: State, seat: int, text: str) -> None:
    """Apply one line for ``seat`` to ``state`` (a copy: it may be left half-changed on error).
    The decision that follows is a new window (``state.window`` counts on), unless it is the
    same collected decision still waiting for the other seats."""
    before = state.decision
    _answer(state, seat, text)
    after = state.decision
    continuing = (
        before is not None
        and after is not None
        and "waiting" in before
        and "waiting" in after
        and after["kind"] == before["kind"]
        and set(after["waiting"]) == set(before["waiting"]) - {seat}
    )
    if not continuing:
        state.window += 1


def _answer(state: State, seat: int, text: str) -> None:
    power, verb, args = words.split(text)
    d = state.decision
    assert d is not None
    if "waiting" in d:
        if seat not in d["waiting"]:
            raise IllegalAction("this seat has already answered")
        expected = auction.line_power(state, seat) if d["kind"] == "bid" else seat_line_power(state, seat)
        if d["kind"] == "place":
            together.answer_place(state, seat, text)
            state.decision = None
            advance(state)
            return
        if power != expected:
            raise InvalidAction(f"this seat writes its lines as {expected}")
        if d["kind"] == "ready":
            if verb != "ready" or args:
                raise IllegalAction("the negotiation period waits for ready")
            log.say(state, power, f"{power} ready", seat=seat)
            task = state.tasks[-1]
            task["waiting"].remove(seat)
            state.decision = None
            advance(state)
            return
        if verb != "bid":
            raise IllegalAction("the auction waits for a sealed bid")
        auction.answer_bid(state, seat, power, args)
        log.say(state, power, f"{power} bid ?", seat=seat)
        state.log[-1].private[seat] = text
        state.decision = None
        advance(state)
        return
    if power != d["power"]:
        raise IllegalAction(f"the decision is {d['power']}'s")
    entry = len(state.log)
    log.say(state, power, text, seat=seat)
    ANSWERS[d["kind"]](state, power, verb, args)
    state.decision = None
    _redact_line(state, entry, d["kind"], power, verb, args)
    advance(state)


def _redact_line(state: State, index: int, kind: str, power: str, verb: str, args: list[str]) -> None:
    """Action lines whose public text hides something (15.4): tile discards."""
    line = state.log[index]
    if kind == "tile" and verb == "discard":
        state.log[index] = Entry(
            power, f"{power} discard ?", {state.seat_of(power): line.text or ""}, line.header, line.seat
        )
