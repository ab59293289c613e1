"""The ``turn`` decision (spec section 7): phases 2-4 of the active power's turn.

Each verb is checked in full before it changes anything (and :func:`engine.spies.rules.apply`
works on a copy besides). Taking an action moves the turn to its phase; any action but
opening or closing a channel first closes the open channels (12.1).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.spies import chits, diplomacy, log, movement, police, secret_moves, words
from engine.spies.data import AP_OPEN_CHANNEL, TURN_ORDER
from engine.spies.state import State

PHASE_OF = {"police": 2, "search": 3}


def close_channels(state: State) -> None:
    for other in state.channels:
        log.engine(state, f"= closed {state.active} {other}")
    state.channels = []


def _enter_phase(state: State, verb: str) -> None:
    phase = PHASE_OF.get(verb, 4)
    if state.phase > phase:
        raise IllegalAction(f"the {verb} phase is over")
    state.phase = phase


def answer_turn(state: State, power: str, verb: str, args: list[str]) -> None:
    if verb in ("open", "close"):
        _channel(state, power, verb, args)
        return
    if verb == "offer":
        if len(args) < 2 or args[1] not in state.channels:
            raise IllegalAction("an offer needs an open channel with its recipient")
        diplomacy.post(state, diplomacy.parse_offer(state, power, args))
        return
    if state.limited(power) and verb not in ("police", "search", "end"):
        raise IllegalAction("Russia under limited control only searches")
    _enter_phase(state, verb)
    close_channels(state)
    state.turn_actions += 1
    if verb == "police":
        parts = police.parse_police(args)
        if args and state.limited(power):
            raise IllegalAction("Russia under limited control re-arranges no police")
        police.check_police(state, power, parts)
        police.do_police(state, power, parts)
        state.phase = 3
    elif verb == "search":
        plan = police.parse_search(state, power, args)
        state.ap += len(plan)
        state.tasks.extend(reversed(police.search_tasks(power, plan)))
        state.phase = 4
    elif verb == "go":
        spy, dest = movement.check_go(state, power, args)
        movement.do_go(state, spy, dest)
    elif verb == "sail":
        spy, dest, length = movement.check_sail(state, power, args)
        movement.do_sail(state, spy, dest, length)
    elif verb == "take":
        spy, xid = secret_moves.check_take(state, power, args)
        secret_moves.do_take(state, spy, xid)
    elif verb == "release":
        secret_moves.do_release(state, secret_moves.check_release(state, power, args))
    elif verb == "give":
        giver, receiver = secret_moves.check_give(state, power, args)
        secret_moves.do_give(state, giver, receiver)
    elif verb == "cash":
        secret_moves.do_cash(state, power, secret_moves.check_cash(state, power, args))
    elif verb == "chit":
        chits.do_play(state, power, chits.check_play(state, power, args))
    elif verb == "end":
        words.arity(args, 0)
        end_turn(state)
    else:
        raise IllegalAction(f"{verb!r} is not an action of a turn")


def end_turn(state: State) -> None:
    close_channels(state)
    if state.acting is not None:
        state.spies[state.acting].done = True
    state.acting = None
    state.tasks.pop()  # the turn task


def channel_cost(state: State, power: str, other: str) -> int:
    """1 AP per power; 0 between Germany and Russia after the Pact (stand-in, 8.3)."""
    return 0 if state.pact and {power, other} == {"G", "R"} else AP_OPEN_CHANNEL


def _channel(state: State, power: str, verb: str, args: list[str]) -> None:
    words.arity(args, 1)
    other = args[0]
    if other not in TURN_ORDER:
        raise IllegalAction(f"{other!r} is not a power")
    if state.phase < 2:
        raise IllegalAction("channels open in phases 2-4")
    if verb == "close":
        if other not in state.channels:
            raise IllegalAction(f"no channel with {other} is open")
        state.channels.remove(other)
        return
    state.ap += check_open(state, power, other)
    state.channels.append(other)


def check_open(state: State, power: str, other: str) -> int:
    """Whether ``power`` may open a channel with ``other`` now; its AP cost."""
    if state.phase < 2:
        raise IllegalAction("channels open in phases 2-4")
    if not state.enemies(power, other):
        raise IllegalAction(f"{other} is not an enemy power")
    if other in state.channels:
        raise IllegalAction(f"a channel with {other} is already open")
    if other not in TURN_ORDER:
        raise IllegalAction(f"{other!r} is not a power")
    if state.limited(power) or state.by_bid(power) or state.by_bid(other):
        raise IllegalAction("Russia held by bid takes part in no diplomacy")
    if other in {p for s in state.zombies for p in state.powers_of(s)}:
        raise IllegalAction(f"{other}'s seat has left the game")
    cost = channel_cost(state, power, other)
    if state.ap_left() < cost:
        raise IllegalAction("not enough AP")
    return cost
