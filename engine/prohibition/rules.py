"""The rules on action strings (spec section 13): ``legal``, ``apply``, ``default``, and
leaving the game (spec section 12).

``apply`` checks the action against ``legal`` before it changes anything, on a copy: it
returns a new state or raises, and never half-applies. ``advance`` is the unchecked fast
path for playouts (it changes the state it is given).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from engine.core import Result
from engine.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from engine.prohibition import setup, turn
from engine.prohibition.data import TRUCK_IDS
from engine.prohibition.ending import end_game
from engine.prohibition.events import emit, engine_event
from engine.prohibition.notation import Action, parse
from engine.prohibition.state import (
    CHARACTER,
    OVER,
    PICK,
    PLACE,
    POSTMOVE,
    PREROLL,
    PUBLIC,
    TRUCK,
    USE,
    State,
)

WITHDRAW_REASONS = ("resign", "timeout", "abandon")


def new_state(seed: str, options: Mapping[str, Any] | None = None, players: int = 4) -> State:
    return setup.new_state(seed, options, players)


# -- who acts -----------------------------------------------------------------------------------
def acting_turn_seat(state: State) -> int:
    """The turn seat that owes the decision (not during the simultaneous picks)."""
    if state.phase == PLACE:
        return state.places[0]
    if state.phase == USE:
        return turn.slot_turn_seat(state)
    return state.turn_seat_of_truck(state.active)


def actors(state: State) -> frozenset[int]:
    if state.phase == OVER:
        return frozenset()
    if state.phase == PICK:
        return frozenset(state.seat_of_truck(t) for t, tr in enumerate(state.trucks) if tr.pick is None)
    return frozenset({state.order[acting_turn_seat(state) - 1]})


# -- what is legal ------------------------------------------------------------------------------
def legal(state: State) -> list[str]:
    """Every legal action string of the seat to act (every pick still owed, of every seat,
    during the simultaneous picks), sorted, without duplicates."""
    phase = state.phase
    if phase == PLACE:
        out = setup.place_actions(state)
    elif phase == PICK:
        out = setup.pick_actions(state)
    elif phase == USE:
        out = turn.use_actions(state)
    elif phase == PREROLL:
        out = [*turn.load_actions(state), "roll"]
    elif phase == CHARACTER:
        out = turn.character_actions(state)
    elif phase == TRUCK:
        out = turn.truck_actions(state)
    elif phase == POSTMOVE:
        out = [*turn.load_actions(state), "end"]
    else:
        out = []
    return sorted(set(out))


def listed(state: State) -> list[str]:
    """:func:`legal` of a state the game's interface was given (a view, a listing, an
    action to check), kept on the state: a move's views list the next seat's actions, and
    his action is then checked against the same list (Prohibition's legal actions cost
    more than the rest of a move's engine work). Never handed out: callers get copies. Code
    that changes a state on its way (a seat's default played as it withdraws) asks
    :func:`legal`."""
    if state.listed is None:
        state.listed = legal(state)
    return state.listed


def legal_for(state: State, seat: int) -> list[str]:
    """The legal actions of one seat (its own picks only, during the picks)."""
    if seat not in actors(state):
        return []
    if state.phase == PICK:
        own = {TRUCK_IDS[t] for t in state.trucks_of(seat)}
        return [a for a in listed(state) if a.split()[1] in own]
    return list(listed(state))


def _after_timeout(state: State) -> bool:
    """Whether the last event is the timeout of the seat that owes the decision."""
    entries = state.entries
    return bool(entries) and entries[-1].text == f"timeout {acting_turn_seat(state)}"


def check(
    state: State, text: str, seat: int | None = None, listing: Callable[[State], list[str]] = legal
) -> Action:
    """Parse ``text`` and check that it is legal now (for ``seat`` when given); raise the
    documented error otherwise. The message never depends on a hidden value. ``listing``
    gives the legal actions (:func:`listed` for a state the game's interface was given)."""
    if state.phase == OVER:
        raise GameOver("the game is over")
    act = parse(text)
    if state.phase == PICK:
        if act.kind != "pick":
            raise IllegalAction(f"{text} is not legal now: every seat owes its secret picks")
        if act.truck >= state.ntrucks:
            raise IllegalAction(f"{TRUCK_IDS[act.truck]} is not in this game")
        if seat is not None and state.seat_of_truck(act.truck) != seat:
            raise IllegalAction(f"{TRUCK_IDS[act.truck]} is not your truck")
    elif seat is not None and seat not in actors(state):
        raise NotYourTurn("it is not your turn")
    if text in listing(state):
        return act
    timeout_default = (act.kind == "skip" and state.phase == CHARACTER) or (
        act.kind == "pass" and state.phase == TRUCK
    )
    if timeout_default and _after_timeout(state):
        return act
    raise IllegalAction(f"{text} is not legal now")


def apply(state: State, text: str) -> State:
    """The state after ``text`` (the seat is the one to act, or the truck's owner for a pick).
    Raises :class:`IllegalAction` for anything it cannot apply (spec section 13), a malformed
    action or a finished game included; the protocol's ``Game.apply`` keeps the finer
    ``InvalidAction`` and ``GameOver``."""
    try:
        return apply_as(state, None, text)
    except (InvalidAction, GameOver) as exc:
        raise IllegalAction(str(exc)) from None


def apply_as(
    state: State, seat: int | None, text: str, listing: Callable[[State], list[str]] = legal
) -> State:
    act = check(state, text, seat, listing)
    new = state.copy()
    execute(new, act, text)
    return new


def advance(state: State, text: str) -> None:
    """Apply a legal action in place, unchecked (playouts)."""
    execute(state, parse(text), text)


def execute(state: State, act: Action, text: str) -> None:
    kind = act.kind
    if kind == "pick":
        emit(state, state.turn_seat_of_truck(act.truck), text, state.seat_of_truck(act.truck))
        setup.pick(state, act.truck, act.target)
        return
    if kind == "use":
        state.active = act.truck
    emit(state, acting_turn_seat(state), text, PUBLIC)
    if kind == "place":
        setup.place(state, act.truck, act.target)
    elif kind == "use":
        turn.use(state, act.truck)
    elif kind == "load":
        turn.load(state, act.target)
        turn.after_load(state)
    elif kind == "roll":
        turn.roll(state)
    elif kind == "end":
        turn.end_truck_turn(state)
    elif kind in ("place_char", "move_char"):
        turn.act_character(state, act.char, act.at)
    elif kind == "skip":
        turn.skip_character(state)
    elif kind == "pass":
        turn.drive(state, -1)
    elif kind == "go":
        turn.drive(state, act.at, act.count, act.colour)
    else:  # pragma: no cover - parse() only makes the kinds above
        raise InvalidAction(f"unknown action {text!r}")


# -- timeouts and leaving (spec section 12) -------------------------------------------------------
def default(state: State, seat: int) -> str | None:
    """The timeout default of the decision ``seat`` owes (None: it owes none, or ``use``)."""
    if seat not in actors(state):
        return None
    phase = state.phase
    if phase == PLACE:
        return setup.default_place(state)
    if phase == PICK:
        truck = min(t for t in state.trucks_of(seat) if state.trucks[t].pick is None)
        return f"pick {TRUCK_IDS[truck]} {state.trucks[truck].dealt[0]}"
    return {PREROLL: "roll", CHARACTER: "skip", TRUCK: "pass", POSTMOVE: "end"}.get(phase)


END_BY_AGREEMENT: Final = {"agreement": Result.draw("agreement"), "aborted": Result.aborted()}
"""The endings the platform brings from outside the rules: an agreed draw, an abort before the
first move. Resigning, a flag fall and abandoning are :func:`withdraw`."""


def conclude(state: State, result: Result) -> State:
    """End the game from outside the rules: the derived event ``end agreement`` or ``end
    aborted`` tells the table (and a replay ends the game there)."""
    if result.reason not in END_BY_AGREEMENT or result != END_BY_AGREEMENT[result.reason]:
        raise InvalidAction(
            "a game ends from outside by an agreed draw or an abort; a seat leaves by withdraw"
        )
    new = state.copy()
    engine_event(new, f"end {result.reason}")
    new.phase = OVER
    new.result = result
    return new


def withdraw(state: State, seat: int, reason: str) -> State:
    """A seat resigns, runs out of time or abandons. Two players: the other wins. Three or
    four: the seat becomes a zombie (its owed decision takes the timeout default) and the
    game ends at once when fewer than two seats can still win."""
    if state.phase == OVER:
        raise GameOver("the game is over")
    if reason not in WITHDRAW_REASONS:
        raise InvalidAction(f"a seat withdraws by {', '.join(WITHDRAW_REASONS)}")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise InvalidAction("no such seat")
    new = state.copy()
    turn_seat = new.turn_seat_of(seat)
    word = "timeout" if reason == "timeout" else "resign"
    if new.players == 2:
        engine_event(new, f"{word} {turn_seat}")
        new.phase = OVER
        new.result = Result.win(1 - seat, reason)
        return new
    if seat in new.zombies:
        if reason != "timeout" or seat not in actors(new):
            raise IllegalAction("this seat has already left the game")
        engine_event(new, f"timeout {turn_seat}")
        _play_default(new, seat)
        return new
    new.zombies = new.zombies | {seat}
    if reason != "abandon":
        engine_event(new, f"{word} {turn_seat}")
    able = tuple(s for s in range(new.players) if s not in new.zombies)
    if len(able) < 2:
        engine_event(new, f"zombie {turn_seat}")
        end_game(new, reason)
        return new
    if reason == "timeout" and seat in actors(new):
        _play_default(new, seat)
    engine_event(new, f"zombie {turn_seat}")
    return new


def _play_default(state: State, seat: int) -> None:
    text = default(state, seat)
    assert text is not None
    execute(state, check(state, text, seat), text)
