"""Secrets in phase 4 (spec 11.2, 11.5): take, release, transfer and cash-in, all 0 AP."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.spies import board, log, pieces, words
from engine.spies.data import CASH_CHITS, CASH_MONEY
from engine.spies.movement import mobile
from engine.spies.state import State


def check_take(state: State, power: str, args: list[str]) -> tuple[str, str]:
    words.arity(args, 2)
    spy = mobile(state, power, args[0])
    xid = words.secret(state, args[1])
    s, x = state.spies[spy], state.secrets[xid]
    if s.secret is not None:
        raise IllegalAction(f"{spy} already controls a secret")
    if x.holder is not None or x.city != s.city:
        raise IllegalAction(f"{xid} is not an uncontrolled secret in {spy}'s city")
    if x.original != power or x.city is None or not board.is_home(x.city, power, state.annexed):
        raise IllegalAction(f"a spy takes only an original secret of {power} in its home territory")
    return spy, xid


def do_take(state: State, spy: str, xid: str) -> None:
    pieces.become_acting(state, spy)
    pieces.set_holder(state, xid, spy)


def check_release(state: State, power: str, args: list[str]) -> str:
    words.arity(args, 1)
    spy = mobile(state, power, args[0])
    s = state.spies[spy]
    if s.secret is None:
        raise IllegalAction(f"{spy} controls no secret")
    x = state.secrets[s.secret]
    assert s.city is not None
    if x.original == power and board.is_home(s.city, power, state.annexed) and s.city != x.origin:
        raise IllegalAction(f"{power} releases its own original at home only in its original city")
    return spy


def do_release(state: State, spy: str) -> None:
    pieces.become_acting(state, spy)
    held = state.spies[spy].secret
    assert held is not None
    pieces.uncontrol(state, held)


def check_give(state: State, power: str, args: list[str]) -> tuple[str, str]:
    """Spec 11.2's transfer rules (who may take part, 10.1)."""
    words.arity(args, 2)
    giver, receiver = words.own_piece(state, power, args[0]), words.own_piece(state, power, args[1])
    if giver == receiver:
        raise IllegalAction("a piece cannot give to itself")
    if state.limited(power):
        raise IllegalAction("Russia under limited control transfers no secret")
    held = state.piece_secret(giver)
    if held is None:
        raise IllegalAction(f"{giver} controls no secret")
    if state.piece_secret(receiver) is not None:
        raise IllegalAction(f"{receiver} already controls a secret")
    city = state.piece_city(giver)
    if state.piece_city(receiver) != city:
        raise IllegalAction(f"{giver} and {receiver} are not in the same city")
    spies = [p for p in (giver, receiver) if p.startswith("s")]
    if not spies:
        raise IllegalAction("police hand secrets to each other only in the police phase")
    if len(spies) == 2:
        if state.acting not in spies and state.spies[giver].done:
            raise IllegalAction(f"{giver} is done for this turn")
    elif state.acting != spies[0] and state.spies[spies[0]].done:
        raise IllegalAction(f"{spies[0]} is done for this turn")
    if receiver.startswith("p"):
        x = state.secrets[held]
        if x.original == power and city != x.origin:
            raise IllegalAction("police control an original of their power only in its original city")
    return giver, receiver


def do_give(state: State, giver: str, receiver: str) -> None:
    held = state.piece_secret(giver)
    assert held is not None
    spies = [p for p in (giver, receiver) if p.startswith("s")]
    if len(spies) == 2:
        if state.acting not in spies:
            pieces.become_acting(state, giver)
    else:
        pieces.become_acting(state, spies[0])
    pieces.set_holder(state, held, receiver)


def check_cash(state: State, power: str, args: list[str]) -> str:
    words.arity(args, 1)
    spy = words.own_spy(state, power, args[0])
    s = state.spies[spy]
    if state.limited(power):
        raise IllegalAction("Russia under limited control cashes in no secret")
    if s.city != board.capital(power):
        raise IllegalAction(f"{spy} is not in {power}'s capital")
    if s.secret is None or not pieces.foreign(state.secrets[s.secret], power):
        raise IllegalAction(f"{spy} controls no foreign secret")
    return spy


def do_cash(state: State, power: str, spy: str) -> None:
    s = state.spies[spy]
    xid = s.secret
    assert xid is not None
    x = state.secrets[xid]
    pieces.set_holder(state, xid, None)
    x.city = None
    x.gone = "cashed"
    x.owner_record, x.record_year = power, x.taken
    log.engine(state, f"= cashed {xid} {power} {x.taken}")
    state.money[power] += CASH_MONEY
    pieces.draw(state, power, CASH_CHITS)
