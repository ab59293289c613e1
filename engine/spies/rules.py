"""The rules on action lines (spec 15.2): ``new_state``, ``actors``, ``legal``, ``apply``,
``default`` and leaving the game (16.4).

``apply`` works on a copy and returns it, or raises and the given state is unchanged.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from engine.core import Result
from engine.errors import GameError, GameOver, IllegalAction, InvalidAction, NotYourTurn
from engine.spies import (
    auction,
    board,
    chits,
    diplomacy,
    ending,
    flow,
    log,
    movement,
    pieces,
    police,
    secret_moves,
    setup,
    tiles,
    together,
    turn,
)
from engine.spies.data import CHIT, HAND_LIMIT, TURN_ORDER, YEARS
from engine.spies.state import NEUTRAL_BOX, ON_MAP, RECORD, SANCTIONED, State

WITHDRAW_REASONS = ("resign", "timeout", "abandon")


def new_state(seed: str, options: Mapping[str, Any] | None = None, players: int = 5) -> State:
    state = setup.new_state(seed, options, players)
    flow.advance(state)
    return state


def actors(state: State) -> frozenset[int]:
    return flow.owners(state)


def apply(state: State, seat: int, text: str) -> State:
    if state.result is not None:
        raise GameOver("the game is over")
    if seat not in flow.owners(state):
        raise NotYourTurn("it is not your decision")
    new = state.copy()
    flow.answer(new, seat, text)
    return new


def expire(state: State, seat: int) -> State:
    """A response window (or a collected decision) ran out of ``response_timeout`` (17): the
    decision's default is played for ``seat``, written ``= expired n`` then the line (15.3)."""
    if state.result is not None:
        raise GameOver("the game is over")
    if seat not in flow.owners(state):
        raise NotYourTurn("this seat owes no decision")
    text = default(state, seat)
    assert text is not None
    new = state.copy()
    log.engine(new, f"= expired {seat + 1}")
    flow.answer(new, seat, text)
    return new


def apply_unchecked(state: State, seat: int, text: str) -> None:
    """The fast path for playouts: changes ``state`` itself (use only with listed actions)."""
    flow.answer(state, seat, text)


# -- defaults (section 17) ------------------------------------------------------------------------
def default(state: State, seat: int) -> str | None:
    d = state.decision
    if d is None or seat not in flow.owners(state):
        return None
    kind = d["kind"]
    if kind == "ready":
        return f"{flow.seat_line_power(state, seat)} ready"
    if kind == "bid":
        return auction.default_bid(state, seat)
    if kind == "place" and "waiting" in d:
        return together.default(state, seat)
    power = d["power"]
    if kind == "place":
        return setup.default_place(state, power, d["what"])
    if kind == "tile":
        return tiles.default_tile(state, power)
    if kind == "turn":
        return f"{power} end"
    if kind == "roll":
        return f"{power} stay {d['spy']}"
    if kind == "limit":
        return chits.default_limit(state, power)
    if kind == "offer":
        return f"{power} decline o{state.offers}"
    return f"{power} pass"


# -- legal actions --------------------------------------------------------------------------------
def legal(state: State, seat: int) -> list[str]:
    """The listable legal lines of ``seat`` (a police re-arrangement and multi-city searches
    are free-form: only the pass and the one-city searches are listed)."""
    d = state.decision
    if d is None or seat not in flow.owners(state):
        return []
    kind = d["kind"]
    if kind == "ready":
        return [f"{flow.seat_line_power(state, seat)} ready"]
    if kind == "place" and "waiting" in d:
        return together.legal(state, seat)
    if kind == "bid":
        low = auction.default_bid(state, seat)
        amount = int(low.rsplit(" ", 1)[1])
        top = auction.purse(state, seat)
        bids = sorted({amount, min(top, amount + 1), min(top, amount + 3), min(top, max(amount, top // 3))})
        return [
            f"{auction.line_power(state, seat)} bid {b}" for b in bids if b == amount or b > (d["tied"] or 0)
        ]
    if kind == "offer":
        # 12.2: accepting is legal only if every item can be delivered; else decline (or counter).
        decline = f"{d['power']} decline {d['offer']}"
        if not diplomacy.deliverable(state, state.tasks[-1]["offer"]):
            return [decline]
        return [f"{d['power']} accept {d['offer']}", decline]
    power = d["power"]
    if kind == "place":
        return setup.legal_places(state, power, d["what"])
    if kind == "tile":
        return tiles.legal_tiles(state, power)
    if kind == "turn":
        return turn_actions(state, power)
    if kind == "roll":
        out = [f"{power} stay {d['spy']}"]
        task = state.tasks[-1]
        if min(movement.spaces_left(state, d["spy"]), state.ap_left()) >= task["length"]:
            out.insert(0, f"{power} reroll {d['spy']}")
        return out
    if kind == "search":
        return [f"{power} search {d['spy']}", f"{power} pass"]
    if kind == "evade":
        return [f"{power} pass"] + [
            f"{power} chit {h} {t} {d['spy']}"
            for h, t in state.hands[power]
            if t in police.EVASION and pieces.can_pay(state, power, t)
        ]
    if kind in ("chain", "intercept"):
        allowed = d.get("allowed", ["ICP"])
        return [f"{power} pass"] + [
            f"{power} chit {h} {t}"
            for h, t in state.hands[power]
            if t in allowed and pieces.can_pay(state, power, t)
        ]
    if kind == "takeover":
        return [f"{power} take {d['spy']} {d['secret']}", f"{power} pass"]
    if kind == "limit":
        need = len(state.hands[power]) - HAND_LIMIT
        handles = [h for h, _ in state.hands[power]]
        combos = list(itertools.islice(itertools.combinations(handles, need), 64))
        out = [f"{power} return " + " ".join(c) for c in combos]
        dflt = chits.default_limit(state, power)
        return out if dflt in out else [*out, dflt]
    return []


def _ok(state: State, check: Any, power: str, args: list[str]) -> bool:
    try:
        check(state, power, args)
    except GameError:
        return False
    return True


def turn_actions(state: State, power: str) -> list[str]:
    out: list[str] = []
    limited = state.limited(power)
    if state.phase <= 2:
        out.append(f"{power} police")
    if state.phase <= 3:
        out.append(f"{power} search")
        if state.ap_left() >= 1:
            for city in board.NEIGHBOURS:
                spies = police.eligible_city(state, power, city)
                if spies:
                    out.append(f"{power} search {city}:{','.join(spies)}")
    out.append(f"{power} end")
    if limited:
        return out
    mine = [s for s in state.spies.values() if s.power == power]
    for s in mine:
        if s.box != ON_MAP or s.city is None:
            continue
        if not s.done:
            for dest in board.NEIGHBOURS[s.city]:
                if _ok(state, movement.check_go, power, [s.id, dest]):
                    out.append(f"{power} go {s.id} {dest}")
            room = min(movement.spaces_left(state, s.id), state.ap_left())
            for dest, length in board.VOYAGES.get(s.city, ()):
                if length <= room:
                    out.append(f"{power} sail {s.id} {dest}")
            if s.secret is None:
                for x in state.secrets_in(s.city):
                    if _ok(state, secret_moves.check_take, power, [s.id, x.id]):
                        out.append(f"{power} take {s.id} {x.id}")
            elif _ok(state, secret_moves.check_release, power, [s.id]):
                out.append(f"{power} release {s.id}")
        partners = [o.id for o in state.spies_in(s.city) if o.power == power]
        partners += [o.id for o in state.police_in(s.city, power)]
        for other in partners:
            if other != s.id:
                for a, b in ((s.id, other), (other, s.id)):
                    if _ok(state, secret_moves.check_give, power, [a, b]):
                        line = f"{power} give {a} {b}"
                        if line not in out:
                            out.append(line)
        if _ok(state, secret_moves.check_cash, power, [s.id]):
            out.append(f"{power} cash {s.id}")
    out += _chit_plays(state, power, mine)
    for other in TURN_ORDER:
        if other in state.channels:
            out.append(f"{power} close {other}")
            n = f"o{state.offers + 1}"
            if state.money[power] >= 1:
                out.append(f"{power} offer {n} {other} give £1")
            if state.hands[power]:
                out.append(f"{power} offer {n} {other} give {state.hands[power][0][0]} get £1")
            if state.hands[other] and state.money[power] >= 1:
                out.append(f"{power} offer {n} {other} give £1 get {state.hands[other][-1][0]}")
        elif state.phase >= 2 and _ok(state, _check_open, power, [other]):
            out.append(f"{power} open {other}")
    return out


def _chit_plays(state: State, power: str, mine: list[Any]) -> list[str]:
    out: list[str] = []
    kinds: dict[str, str] = {}
    for h, t in state.hands[power]:
        kinds.setdefault(t, h)  # one handle per type is enough to list the plays
    for t, h in kinds.items():
        if t not in ("DIS", "SAN", "DRP", "ESC", "REC") or not pieces.can_pay(state, power, t):
            continue
        targets: list[list[str]] = []
        for s in mine:
            if (t == "ESC" and s.box in (RECORD, NEUTRAL_BOX)) or (t == "REC" and s.box == SANCTIONED):
                targets.append([s.id])
            elif s.box == ON_MAP and s.city is not None and not s.done:
                if t == "DIS":
                    targets += [[s.id, x.id] for x in state.secrets_in(s.city)]
                elif t == "SAN":
                    targets += [[s.id, o.id] for o in state.spies_in(s.city) if o.power != power]
                elif t == "DRP":
                    cap = board.capital(power)
                    frees = [p.id for p in state.spies_in(cap) if p.power == power and p.secret is None]
                    frees += [p.id for p in state.police_in(cap, power) if p.secret is None]
                    targets += [[s.id, r] for r in frees]
        for target in targets:
            if _ok(state, chits.check_play, power, [h, t, *target]):
                out.append(f"{power} chit {h} {t} {' '.join(target)}")
    return out


def _check_open(state: State, power: str, args: list[str]) -> None:
    turn.check_open(state, power, args[0])


# -- leaving the game (16.4) ----------------------------------------------------------------------
def withdraw(state: State, seat: int, reason: str) -> State:
    if state.result is not None:
        raise GameOver("the game is over")
    if reason not in WITHDRAW_REASONS:
        raise InvalidAction(f"a seat withdraws by {', '.join(WITHDRAW_REASONS)}")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise InvalidAction("no such seat")
    new = state.copy()
    word = "timeout" if reason == "timeout" else "resign"
    if new.players == 2:
        log.engine(new, f"= {word} {seat + 1}")
        new.result = Result.win(1 - seat, reason)
        new.decision, new.tasks = None, []
        return new
    if seat in new.zombies:
        if reason != "timeout" or seat not in flow.owners(new):
            raise IllegalAction("this seat has already left the game")
        log.engine(new, f"= timeout {seat + 1}")
        _play_default(new, seat)
        return new
    if reason != "abandon":
        log.engine(new, f"= {word} {seat + 1}")
    if reason == "timeout" and seat in flow.owners(new):
        _play_default(new, seat)
    new.zombies = new.zombies | {seat}
    log.engine(new, f"= zombie {seat + 1}")
    for p in new.powers_of(seat):
        if p in new.channels and new.result is None:
            new.channels.remove(p)
            log.engine(new, f"= closed {new.active} {p}")
    able = [s for s in range(new.players) if s not in new.zombies]
    if len(able) < 2 and new.result is None:
        ending.finish(new, new.year or YEARS[0], reason)
    return new


def abort(state: State) -> State:
    """The game is aborted before its first move (the platform's abort): written ``= aborted``
    (an engine line, replayed from the record), and over with no winner."""
    if state.result is not None:
        raise GameOver("the game is over")
    new = state.copy()
    log.engine(new, "= aborted")
    new.result, new.decision, new.tasks = Result.aborted(), None, []
    return new


def _play_default(state: State, seat: int) -> None:
    text = default(state, seat)
    if text is not None:
        flow.answer(state, seat, text)


def check_consistency(state: State) -> None:
    """Invariants for the property tests: control is two-way, pieces stand in cities."""
    for x in state.secrets.values():
        if x.holder is not None:
            assert state.piece_secret(x.holder) == x.id, x
            assert state.piece_city(x.holder) == x.city, x
            assert not x.gone
    for s in state.spies.values():
        if s.secret is not None:
            assert state.secrets[s.secret].holder == s.id
        assert (s.box == ON_MAP) == (s.city is not None) or s.city is None
    for p in TURN_ORDER:
        assert state.money[p] >= 0
    assert sum(state.cup.values()) + sum(len(h) for h in state.hands.values()) == sum(
        c.count for c in CHIT.values()
    )
