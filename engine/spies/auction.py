"""The Russia auction (spec section 2, ``russia_control=bidding``): sealed bids from every
seat at once (a collected ``bid`` decision), rebids of the tied seats, chance draws.

The task ``{"t": "auction", "first": bool}`` keeps the round's seats, the tied amount (None in
the first round), the seats still to bid and the sealed bids (never shown before the round
closes: ``= bids``).
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.spies import log, words
from engine.spies.data import TURN_ORDER
from engine.spies.state import State


def bidding_powers(state: State, seat: int) -> tuple[str, ...]:
    return tuple(p for p in state.powers_of(seat) if p != "R")


def purse(state: State, seat: int) -> int:
    return sum(state.money[p] for p in bidding_powers(state, seat))


def line_power(state: State, seat: int) -> str:
    return bidding_powers(state, seat)[0]


def run_auction(state: State, task: dict[str, Any]) -> None:
    if "seats" not in task:
        task["seats"] = list(range(state.players))
        task["tied"] = None
        if not task["first"]:
            state.header = f"# {state.year} R"
        _open_round(task)
    if task["waiting"]:
        state.decision = {"kind": "bid", "waiting": list(task["waiting"]), "tied": task["tied"]}
        return
    _close_round(state, task)


def _open_round(task: dict[str, Any]) -> None:
    task["waiting"] = list(task["seats"])
    task["bids"] = {}


def answer_bid(state: State, seat: int, power: str, args: list[str]) -> None:
    task = state.tasks[-1]
    if not args:
        raise IllegalAction("bid an amount (0: no bid)")
    amount = words.amount(args[0])
    tied = task["tied"]
    funds = purse(state, seat)
    if amount > funds:
        raise IllegalAction(f"the seat's powers hold less than £{amount}")
    if tied is not None:
        if funds > tied and amount <= tied:
            raise IllegalAction(f"a tied seat that can must bid more than {tied}")
        if funds <= tied and amount != 0:
            raise IllegalAction("this seat can only drop out (bid 0)")
    split: dict[str, int] = {}
    for token in args[1:]:
        p, value = token[:1], token[1:]
        if p not in bidding_powers(state, seat) or p in split:
            raise IllegalAction(f"{token!r}: split by the seat's own powers, once each")
        split[p] = words.amount(value)
        if split[p] > state.money[p]:
            raise IllegalAction(f"{p} holds less than £{split[p]}")
    if split and sum(split.values()) != amount:
        raise IllegalAction("the split must sum to the bid")
    task["bids"][str(seat)] = [amount, split]
    task["waiting"].remove(seat)


def default_bid(state: State, seat: int) -> str:
    task = state.tasks[-1]
    tied = task["tied"]
    amount = 0 if tied is None or purse(state, seat) <= tied else tied + 1
    return f"{line_power(state, seat)} bid {amount}"


def _close_round(state: State, task: dict[str, Any]) -> None:
    bids = {int(s): (int(v[0]), dict(v[1])) for s, v in task["bids"].items()}
    log.engine(state, "= bids " + " ".join(f"{line_power(state, s)} {bids[s][0]}" for s in sorted(bids)))
    best = max(b[0] for b in bids.values())
    if best == 0:
        if task["tied"] is not None:
            _draw(state, task, sorted(bids), task["tied"])
        elif task["first"]:
            _draw(state, task, sorted(bids), 0)
        else:
            state.tasks.pop()  # nobody bids: the previous controller keeps Russia for nothing
        return
    top = sorted(s for s, b in bids.items() if b[0] == best)
    if len(top) == 1:
        _win(state, top[0], best, bids[top[0]][1])
        state.tasks.pop()
        return
    task["seats"], task["tied"] = top, best
    _open_round(task)


def _draw(state: State, task: dict[str, Any], seats: list[int], price: int) -> None:
    winner = seats[state.rng.below(len(seats))]
    log.say(state, log.CHANCE, f"! russia {line_power(state, winner)}")
    _win(state, winner, price, {})
    state.tasks.pop()


def _win(state: State, seat: int, price: int, split: dict[str, int]) -> None:
    paid = dict.fromkeys(bidding_powers(state, seat), 0)
    if split:
        paid.update(split)
    else:
        left = price
        for p in TURN_ORDER:
            if p in paid and left:
                paid[p] = min(left, state.money[p])
                left -= paid[p]
    for p, amount in paid.items():
        state.money[p] -= amount
    state.russia = seat
    parts = " ".join(f"{p}{amount}" for p, amount in paid.items() if amount)
    log.engine(state, f"= russia {line_power(state, seat)}" + (f" {parts}" if parts else ""))
