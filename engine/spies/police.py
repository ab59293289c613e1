"""Police: re-arrangement (9.1), searches in the search phase (9.2), entry searches (9.3).

A search is a task ``{"t": "search", "by": P, "city", "spy", "step"}``: step 0 opens the
evasion window of the spy's power (when section 7 allows it), step 1 compares strengths.
An entry is a task ``{"t": "entry", ...}`` that first asks the police power (a ``search``
decision).
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction, InvalidAction
from engine.spies import board, log, pieces, words
from engine.spies.data import AP_SEARCH_CITY, POLICE_PER_CITY, TURN_ORDER
from engine.spies.state import ON_MAP, State

EVASION = ("PAP", "ESC")


# -- 9.1 re-arrangement ---------------------------------------------------------------------------
def parse_police(args: list[str]) -> dict[str, dict[str, str]]:
    """The parts of a police line: moves ``p=CITY``, takes ``p+x``, releases ``p-``, hand-overs
    ``p>q``; each unit at most once per kind."""
    parts: dict[str, dict[str, str]] = {"move": {}, "take": {}, "release": {}, "give": {}}
    for token in args:
        if token.endswith("-"):
            kind, unit, arg = "release", token[:-1], ""
        elif "=" in token:
            kind, (unit, arg) = "move", token.split("=", 1)
        elif "+" in token:
            kind, (unit, arg) = "take", token.split("+", 1)
        elif ">" in token:
            kind, (unit, arg) = "give", token.split(">", 1)
        else:
            raise InvalidAction(f"{token!r} is not a police part (p02=HAM, p02+x07, p06-, p01>p04)")
        if unit in parts[kind]:
            raise InvalidAction(f"{unit} appears twice as a {kind}")
        parts[kind][unit] = arg
    return parts


def check_police(state: State, power: str, parts: dict[str, dict[str, str]]) -> None:
    """Everything of a re-arrangement line, on a scratch copy of the positions."""
    for kind, table in parts.items():
        for unit, arg in table.items():
            words.own_police(state, power, unit)
            if kind == "move":
                words.city(arg)
            elif kind == "give":
                words.own_police(state, power, arg)
            elif kind == "take":
                words.secret(state, arg)
    holds = {p: u.secret for p, u in state.police.items() if u.power == power}
    where = {p: u.city for p, u in state.police.items() if u.power == power}
    # 1. hand-overs and releases, at the current cities.
    for unit in parts["release"]:
        if holds[unit] is None:
            raise IllegalAction(f"{unit} controls no secret")
        released = holds[unit]
        assert released is not None
        _check_release(state, power, released, where[unit])
        holds[unit] = None
    givers = set(parts["give"])
    for giver, receiver in parts["give"].items():
        moved = holds[giver]
        if moved is None:
            raise IllegalAction(f"{giver} controls no secret to hand over")
        if receiver in givers or receiver in parts["move"] or where[receiver] != where[giver]:
            raise IllegalAction(f"{receiver} must stay in {where[giver]} and not give a secret itself")
        if holds[receiver] is not None:
            raise IllegalAction(f"{receiver} already controls a secret")
        _check_police_may_hold(state, power, moved, where[giver])
        holds[giver], holds[receiver] = None, moved
    # 2. moves: a moving unit leaves its secret behind.
    for unit, city in parts["move"].items():
        if where[unit] != city:
            holds[unit] = None
        where[unit] = city
    _check_posts(state, power, where)
    # 3. takes, at the final cities.
    for unit, xid in parts["take"].items():
        x = state.secrets[xid]
        if holds[unit] is not None:
            raise IllegalAction(f"{unit} already controls a secret")
        if (x.holder is not None and x.holder not in holds) or xid in holds.values():
            raise IllegalAction(f"{xid} is controlled")
        if x.original != power or x.city != where[unit] or x.origin != x.city:
            raise IllegalAction(f"{unit} may take only an original secret of {power} in its original city")
        holds[unit] = xid


def _check_release(state: State, power: str, xid: str, city: str | None) -> None:
    x = state.secrets[xid]
    if (
        x.original == power
        and city is not None
        and board.is_home(city, power, state.annexed)
        and city != x.origin
    ):
        raise IllegalAction(f"{power} may release its own original at home only in its original city")


def _check_police_may_hold(state: State, power: str, xid: str, city: str | None) -> None:
    x = state.secrets[xid]
    if x.original == power and city != x.origin:
        raise IllegalAction("police control an original of their power only in its original city")


def _check_posts(state: State, power: str, where: dict[str, str | None]) -> None:
    count: dict[str, int] = {}
    overseas = 0
    posts = board.police_posts(power, state.annexed)
    for city in where.values():
        if city is None:
            continue
        count[city] = count.get(city, 0) + 1
        if city in posts:
            continue
        if board.is_overseas_home(city, power):
            overseas += 1
            continue
        raise IllegalAction(f"{power}'s police cannot stand in {city}")
    if any(n > POLICE_PER_CITY for n in count.values()):
        raise IllegalAction(f"at most {POLICE_PER_CITY} police units per city")
    if overseas > 1:
        raise IllegalAction("at most one police unit overseas")


def do_police(state: State, power: str, parts: dict[str, dict[str, str]]) -> None:
    for unit in parts["release"]:
        held = state.police[unit].secret
        assert held is not None
        pieces.set_holder(state, held, None)
    for giver, receiver in parts["give"].items():
        held = state.police[giver].secret
        assert held is not None
        pieces.set_holder(state, held, receiver)
    for unit, city in parts["move"].items():
        u = state.police[unit]
        if u.city != city and u.secret is not None:
            pieces.uncontrol(state, u.secret)
        u.city = city
    for unit, xid in parts["take"].items():
        pieces.set_holder(state, xid, unit)


# -- 9.2 searches ---------------------------------------------------------------------------------
def eligible_city(state: State, power: str, city: str) -> list[str]:
    """The enemy spies ``power`` may search in ``city`` (none if it has no police there)."""
    if not state.police_in(city, power):
        return []
    return sorted(s.id for s in state.spies_in(city) if state.enemies(power, s.power))


def parse_search(state: State, power: str, args: list[str]) -> list[tuple[str, list[str]]]:
    plan: list[tuple[str, list[str]]] = []
    seen: set[str] = set()
    for token in args:
        if ":" not in token:
            raise InvalidAction(f"{token!r} is not CITY:spy,spy")
        city, names = token.split(":", 1)
        words.city(city)
        if city in seen:
            raise InvalidAction(f"{city} is listed twice")
        seen.add(city)
        spies = names.split(",")
        allowed = eligible_city(state, power, city)
        if not spies or len(set(spies)) != len(spies) or any(s not in allowed for s in spies):
            raise IllegalAction(f"{power} cannot search those spies in {city}")
        plan.append((city, spies))
    if len(plan) * AP_SEARCH_CITY > state.ap_left():
        raise IllegalAction(f"{power} has {state.ap_left()} AP left")
    return plan


def search_tasks(power: str, plan: list[tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """In the order they run (the caller pushes them reversed)."""
    return [{"t": "search", "by": power, "city": c, "spy": s, "step": 0} for c, spies in plan for s in spies]


def run_search(state: State, task: dict[str, Any]) -> None:
    spy = state.spies[task["spy"]]
    if spy.box != ON_MAP or spy.city != task["city"] or not state.police_in(task["city"], task["by"]):
        state.tasks.pop()  # it escaped (or was taken) before its turn came: skipped
        return
    if task["step"] == 0:
        task["step"] = 1
        if pieces.window_open(state, spy.power, EVASION):
            state.decision = {"kind": "evade", "power": spy.power, "spy": spy.id, "by": task["by"]}
            return
    state.tasks.pop()
    compare(state, task["by"], task["city"], spy.id)


def compare(state: State, by: str, city: str, spy: str) -> None:
    """9.2 step 2: all of ``by``'s police in the city against the spy; numbers to both sides."""
    units = sorted(u.id for u in state.police_in(city, by))
    total = sum(pieces.police_strength(state, u) for u in units)
    strength = pieces.spy_strength(state, spy)
    owner = state.spies[spy].power
    log.secret_to(state, (by, owner), f"= compare {spy} {strength} {'+'.join(units)} {total}")
    if total > strength:
        pieces.capture(state, spy, by)
    else:
        log.engine(state, f"= safe {spy}")


def answer_evade(state: State, power: str, verb: str, args: list[str]) -> None:
    decision = state.decision
    assert decision is not None
    if verb == "pass":
        words.arity(args, 0)
        return
    if verb != "chit":
        raise IllegalAction("answer a search with Papers, Escape or pass")
    words.arity(args, 3)
    handle, kind, spy = args
    if kind not in EVASION or spy != decision["spy"]:
        raise IllegalAction(f"only Papers or Escape on {decision['spy']}")
    if pieces.chit_type(state, power, handle) != kind:
        raise IllegalAction(f"{power} holds no {kind} chit {handle}")
    if not pieces.can_pay(state, power, kind):
        raise IllegalAction(f"{power} cannot pay for {kind}")
    pieces.pay(state, power, kind)
    pieces.spend_chit(state, power, handle)
    state.tasks.pop()  # the search ends: no comparison
    if kind == "PAP":
        log.engine(state, f"= evaded {spy}")
        return
    s = state.spies[spy]
    if state.acting == spy:
        state.acting = None
        s.done = True
    city = pieces.to_capital(state, spy)
    log.engine(state, f"= escaped {spy} {city}")


# -- 9.3 entry searches ---------------------------------------------------------------------------
def entry_tasks(state: State, spy: str) -> list[dict[str, Any]]:
    """Windows for every enemy police power in the spy's new city, in turn order after the
    mover (at most one with the data pack: one owner per city)."""
    s = state.spies[spy]
    assert s.city is not None
    k = TURN_ORDER.index(s.power)
    order = TURN_ORDER[k + 1 :] + TURN_ORDER[: k + 1]
    return [
        {"t": "entry", "by": p, "city": s.city, "spy": spy}
        for p in order
        if state.enemies(p, s.power) and state.police_in(s.city, p)
    ]


def run_entry(state: State, task: dict[str, Any]) -> None:
    spy = state.spies[task["spy"]]
    if spy.box != ON_MAP or spy.city != task["city"]:
        state.tasks.pop()
        return
    state.decision = {"kind": "search", "power": task["by"], "spy": spy.id}


def answer_entry(state: State, power: str, verb: str, args: list[str]) -> None:
    decision = state.decision
    assert decision is not None
    task = state.tasks.pop()
    if verb == "pass":
        words.arity(args, 0)
        return
    if verb != "search" or args != [decision["spy"]]:
        raise IllegalAction(f"answer with search {decision['spy']} or pass")
    state.tasks.append({"t": "search", "by": power, "city": task["city"], "spy": decision["spy"], "step": 0})
