"""Spy movement (spec section 10): steps along rail and air lines, sea voyages with the
voyage die, and the acting spy.

A voyage is paid and rolled at once; a short roll pushes a ``voyage`` task whose decision
(``roll``) is ``reroll`` or ``stay``. A spy that arrives in a city pushes the entry-search
windows of 9.3 (tasks), which run before the turn goes on.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.spies import board, log, pieces, police, words
from engine.spies.data import AP_MOVE, AP_REROLL, SEA_DIE, SPY_SPACES
from engine.spies.state import State


def spaces_left(state: State, spy: str) -> int:
    return SPY_SPACES - state.spies[spy].spaces


def mobile(state: State, power: str, token: str) -> str:
    """A spy of the active power that may still act (not done, not Russia under limits)."""
    spy = words.own_spy(state, power, token)
    if state.spies[spy].done:
        raise IllegalAction(f"{spy} is done for this turn")
    if state.limited(power):
        raise IllegalAction("Russia under limited control moves no spy")
    return spy


def check_go(state: State, power: str, args: list[str]) -> tuple[str, str]:
    words.arity(args, 2)
    spy = mobile(state, power, args[0])
    dest = words.city(args[1])
    here = state.spies[spy].city
    assert here is not None
    if dest not in board.NEIGHBOURS[here]:
        raise IllegalAction(f"no rail or air line from {here} to {dest}")
    if spaces_left(state, spy) < 1:
        raise IllegalAction(f"{spy} has no space left this turn")
    if state.ap_left() < AP_MOVE:
        raise IllegalAction("no AP left")
    return spy, dest


def arrive(state: State, spy: str, dest: str) -> None:
    """The spy enters ``dest``; a fixed secret it held stays behind (10.4); entry searches."""
    s = state.spies[spy]
    held = s.secret
    if held is not None and pieces.fixed(state, held, s.power):
        pieces.uncontrol(state, held)
        held = None
    s.city = dest
    if held is not None:
        state.secrets[held].city = dest
    state.tasks.extend(reversed(police.entry_tasks(state, spy)))


def do_go(state: State, spy: str, dest: str) -> None:
    pieces.become_acting(state, spy)
    state.spies[spy].spaces += 1
    state.ap += AP_MOVE
    arrive(state, spy, dest)


def check_sail(state: State, power: str, args: list[str]) -> tuple[str, str, int]:
    words.arity(args, 2)
    spy = mobile(state, power, args[0])
    dest = words.city(args[1])
    here = state.spies[spy].city
    assert here is not None
    length = board.ROUTE_LENGTH.get((here, dest))
    if length is None:
        raise IllegalAction(f"no voyage from {here} to {dest}")
    if spaces_left(state, spy) < length or state.ap_left() < length:
        raise IllegalAction(f"the voyage to {dest} needs {length} spaces and AP")
    return spy, dest, length


def roll(state: State, spy: str, dest: str, length: int, cost: int) -> None:
    """Pay ``cost`` AP and one space (putting to sea or a reroll), roll; land or offer the choice."""
    state.spies[spy].spaces += 1
    state.ap += cost
    face = state.rng.die(SEA_DIE)
    log.say(state, log.CHANCE, f"! roll {spy} {face}")
    if face >= length:
        state.spies[spy].spaces += length - 1
        state.ap += (length - 1) * AP_MOVE
        log.engine(state, f"= landed {spy} {dest}")
        arrive(state, spy, dest)
        return
    here = state.spies[spy].city
    log.engine(state, f"= short {spy} {here}")
    state.tasks.append({"t": "voyage", "spy": spy, "dest": dest, "length": length})


def do_sail(state: State, spy: str, dest: str, length: int) -> None:
    pieces.become_acting(state, spy)
    roll(state, spy, dest, length, AP_MOVE)


def run_voyage(state: State, task: dict[str, Any]) -> None:
    state.decision = {"kind": "roll", "power": state.spies[task["spy"]].power, "spy": task["spy"]}


def answer_roll(state: State, power: str, verb: str, args: list[str]) -> None:
    task = state.tasks.pop()
    if args != [task["spy"]] or verb not in ("reroll", "stay"):
        raise IllegalAction(f"answer with reroll {task['spy']} or stay {task['spy']}")
    if verb == "stay":
        return
    length = int(task["length"])
    if spaces_left(state, task["spy"]) < length or state.ap_left() < length:
        raise IllegalAction(f"a reroll needs {length} spaces and AP left")
    roll(state, task["spy"], task["dest"], length, AP_REROLL)
