"""Action chits (spec section 13): the chits played in phase 4, response chains, Drops and
their Intercept windows, sanction takeovers and the hand limit.

A chain is a task ``{"t": "chain", "trigger", "actor", "defender", "chits": [[power, type]],
"then": <task>}``; when the side to answer passes (or its window is skipped, section 7) the
chain resolves from the top (13.3) and is replaced by its ``then`` task with ``outcome`` set:
``normal``, ``cancelled`` (Cover), ``reversed`` (Double Cross) or ``intercepted``.
"""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction
from engine.spies import board, log, pieces, words
from engine.spies.data import HAND_LIMIT, SPY_HAVENS, TURN_ORDER
from engine.spies.movement import mobile
from engine.spies.state import NEUTRAL_BOX, ON_MAP, RECORD, REMOVED, SANCTIONED, State

TRIGGER_ANSWERS = {"SAN": ("COV", "DBX"), "DIS": ("COV", "DBX"), "ESC": ("DBX",)}


def held(state: State, power: str, handle: str, kind: str) -> None:
    if pieces.chit_type(state, power, handle) != kind:
        raise IllegalAction(f"{power} holds no {kind} chit {handle}")
    if not pieces.can_pay(state, power, kind):
        raise IllegalAction(f"{power} cannot pay for {kind}")


def spend(state: State, power: str, handle: str, kind: str) -> None:
    pieces.pay(state, power, kind)
    pieces.spend_chit(state, power, handle)


def _acting_chit_spy(state: State, power: str, token: str) -> str:
    spy = mobile(state, power, token)
    if state.spies[spy].city in SPY_HAVENS:
        raise IllegalAction("Discovery, Drop and Sanction are never played in a spy haven")
    return spy


# -- checks of the phase-4 chits ------------------------------------------------------------------
def check_play(state: State, power: str, args: list[str]) -> list[str]:
    """``chit <handle> <type> <args>``: everything but the effect."""
    if len(args) < 2:
        raise IllegalAction("chit takes a handle, a type and its targets")
    handle, kind, rest = args[0], args[1], args[2:]
    if kind not in ("DIS", "SAN", "DRP", "ESC", "REC"):
        raise IllegalAction(f"{kind} is not played on its own in a turn")
    if state.limited(power):
        raise IllegalAction("Russia under limited control plays no chit")
    held(state, power, handle, kind)
    words.arity(rest, 2 if kind in ("DIS", "SAN", "DRP") else 1)
    if kind == "DIS":
        _check_discovery(state, power, rest)
    elif kind == "SAN":
        spy = _acting_chit_spy(state, power, rest[0])
        target = state.spies.get(rest[1])
        if (
            target is None
            or target.box != ON_MAP
            or target.city != state.spies[spy].city
            or not state.enemies(power, target.power)
        ):
            raise IllegalAction(f"{rest[1]} is not an enemy spy in {spy}'s city")
    elif kind == "DRP":
        _check_drop(state, power, rest)
    elif kind == "ESC":
        s = state.spies.get(rest[0])
        if s is None or s.power != power or s.box not in (RECORD, NEUTRAL_BOX):
            raise IllegalAction(f"{rest[0]} is not a captured spy of {power}")
    else:
        s = state.spies.get(rest[0])
        if s is None or s.power != power or s.box != SANCTIONED or pieces.is_cousin(state, s.id):
            raise IllegalAction(f"{rest[0]} is not a sanctioned spy of {power} that can be recruited")
    return args


def _check_discovery(state: State, power: str, rest: list[str]) -> None:
    spy = _acting_chit_spy(state, power, rest[0])
    xid = words.secret(state, rest[1])
    s, x = state.spies[spy], state.secrets[xid]
    if s.secret is not None:
        raise IllegalAction(f"{spy} already controls a secret (release it first)")
    if x.city != s.city:
        raise IllegalAction(f"{xid} is not in {spy}'s city")
    ctrl = state.controller(xid)
    if ctrl == power:
        raise IllegalAction(f"{power} already controls {xid}")
    assert s.city is not None
    if ctrl is None and x.original == power and board.is_home(s.city, power, state.annexed):
        raise IllegalAction(f"{xid} is {power}'s own: take it instead")
    if ctrl is not None and not state.enemies(power, ctrl):
        raise IllegalAction(f"{xid} is controlled by a power of the same player")
    orig = x.original
    if (
        orig is not None
        and orig != power
        and not state.enemies(power, orig)
        and board.is_home(s.city, orig, state.annexed)
    ):
        raise IllegalAction(f"{xid} is an original secret of a power of the same player")


def _check_drop(state: State, power: str, rest: list[str]) -> None:
    spy = _acting_chit_spy(state, power, rest[0])
    s = state.spies[spy]
    if s.secret is None or pieces.fixed(state, s.secret, power):
        raise IllegalAction(f"{spy} carries no secret {power} may move")
    capital = board.capital(power)
    if s.city == capital:
        raise IllegalAction(f"{spy} is already in the capital")
    receiver = words.own_piece(state, power, rest[1])
    if state.piece_city(receiver) != capital or state.piece_secret(receiver) is not None:
        raise IllegalAction(f"{receiver} is not a free piece in {capital}")
    if receiver.startswith("p") and state.secrets[s.secret].original == power:
        raise IllegalAction("police control an original of their power only in its original city")


# -- the effects ----------------------------------------------------------------------------------
def do_play(state: State, power: str, args: list[str]) -> None:
    handle, kind, rest = args[0], args[1], args[2:]
    if kind in ("DIS", "SAN", "DRP"):
        pieces.become_acting(state, rest[0])
    spend(state, power, handle, kind)
    if kind == "DIS":
        _discovery(state, power, rest[0], rest[1])
    elif kind == "SAN":
        _sanction(state, power, rest[0], rest[1])
    elif kind == "DRP":
        enemies = _after(power)
        queue = [p for p in enemies if state.enemies(power, p)]
        state.tasks.append(
            {"t": "intercepts", "dropper": power, "spy": rest[0], "receiver": rest[1], "queue": queue}
        )
    elif kind == "ESC":
        s = state.spies[rest[0]]
        if s.box == NEUTRAL_BOX or s.captor is None:
            _free(state, rest[0])
        else:
            then = {"t": "escape", "spy": rest[0]}
            state.tasks.append(_chain("ESC", power, s.captor, then))
    else:
        city = pieces.to_capital(state, rest[0])
        state.spies[rest[0]].done = False
        log.engine(state, f"= recruited {rest[0]} {city}")


def _after(power: str) -> tuple[str, ...]:
    k = TURN_ORDER.index(power)
    return TURN_ORDER[k + 1 :] + TURN_ORDER[:k]


def _chain(trigger: str, actor: str, defender: str, then: dict[str, Any]) -> dict[str, Any]:
    return {"t": "chain", "trigger": trigger, "actor": actor, "defender": defender, "chits": [], "then": then}


def _free(state: State, spy: str) -> None:
    city = pieces.to_capital(state, spy)
    state.spies[spy].done = False
    log.engine(state, f"= freed {spy} {city}")


def _discovery(state: State, power: str, spy: str, xid: str) -> None:
    if pieces.is_counterspy(state, xid):
        _counterspy(state, power, spy, xid)
        return
    ctrl = state.controller(xid)
    if ctrl is None:
        _gain(state, spy, xid)
        return
    state.tasks.append(_chain("DIS", power, ctrl, {"t": "discovery", "spy": spy, "secret": xid, "by": ctrl}))


def _gain(state: State, spy: str, xid: str) -> None:
    power = state.spies[spy].power
    pieces.set_holder(state, xid, spy)
    log.engine(state, f"= control {spy} {xid}")
    log.secret_to(state, (power,), f"= face {xid} {pieces.secret_face(state, xid)}")


def _counterspy(state: State, power: str, spy: str, xid: str) -> None:
    """11.4: revealed as a counterspy; its side compares; removed whatever happens."""
    x = state.secrets[xid]
    captor = state.controller(xid)
    if (
        captor is None
        and x.original is not None
        and x.city is not None
        and board.is_home(x.city, x.original, state.annexed)
    ):
        captor = x.original
    face = f"= face {xid} {pieces.secret_face(state, xid)}"
    told = [p for p in (power, x.original, captor) if p is not None]
    log.secret_to(state, told, face)
    cousin = pieces.is_cousin(state, spy)
    if captor is not None:
        log.secret_to(state, (captor,), f"= face {spy} {pieces.spy_face(state, spy)}")
        if not cousin:
            strength = pieces.spy_strength(state, spy)
            text = f"= compare {spy} {strength} {xid} {pieces.counterspy_strength(state, xid)}"
            log.secret_to(state, (captor, power), text)
    pieces.set_holder(state, xid, None)
    x.city, x.gone = None, REMOVED
    log.engine(state, f"= counterspy {xid} removed")
    if not cousin and pieces.counterspy_strength(state, xid) > pieces.spy_strength(state, spy):
        if captor is None:
            pieces.neutral_capture(state, spy)
        else:
            pieces.capture(state, spy, captor)
    else:
        log.engine(state, f"= safe {spy}")


def _sanction(state: State, power: str, spy: str, target: str) -> None:
    victim = state.spies[target].power
    if pieces.is_cousin(state, target) and not pieces.is_cousin(state, spy):
        pieces.sanction(state, spy, victim, f"= killed {spy} shield {target}")
        return
    state.tasks.append(_chain("SAN", power, victim, {"t": "sanction", "spy": spy, "target": target}))


# -- chains (13.3) --------------------------------------------------------------------------------
def _side(task: dict[str, Any]) -> tuple[str, tuple[str, ...]]:
    """The side to answer now and the chit types it may play."""
    chits = task["chits"]
    if not chits:
        return task["defender"], TRIGGER_ANSWERS[task["trigger"]]
    last = chits[-1][0]
    return (task["actor"] if last == task["defender"] else task["defender"]), ("DBX",)


def run_chain(state: State, task: dict[str, Any]) -> None:
    side, kinds = _side(task)
    if pieces.window_open(state, side, kinds):
        state.decision = {"kind": "chain", "power": side, "allowed": list(kinds)}
        return
    _resolve(state, task)


def _resolve(state: State, task: dict[str, Any]) -> None:
    """From the top: the top chit is effective, a chit under an effective Double Cross is
    negated, any other is effective; the first answer decides."""
    chits = task["chits"]
    effective = [True] * len(chits)
    for i in range(len(chits) - 2, -1, -1):
        effective[i] = not (chits[i + 1][1] == "DBX" and effective[i + 1])
    outcome = "normal"
    if chits and effective[0]:
        outcome = {"COV": "cancelled", "DBX": "reversed", "ICP": "intercepted"}[chits[0][1]]
    state.tasks.pop()
    then = dict(task["then"])
    then["outcome"] = outcome
    state.tasks.append(then)


def answer_chain(state: State, power: str, verb: str, args: list[str]) -> None:
    task = state.tasks[-1]
    if verb == "pass":
        words.arity(args, 0)
        _resolve(state, task)
        return
    if verb != "chit":
        raise IllegalAction("answer with a chit or pass")
    words.arity(args, 2)
    handle, kind = args
    _side_power, kinds = _side(task)
    if kind not in kinds:
        raise IllegalAction(f"only {' or '.join(kinds)} may answer now")
    held(state, power, handle, kind)
    spend(state, power, handle, kind)
    task["chits"].append([power, kind])


def run_intercepts(state: State, task: dict[str, Any]) -> None:
    while task["queue"]:
        power = task["queue"][0]
        if pieces.window_open(state, power, ("ICP",)):
            state.decision = {"kind": "intercept", "power": power}
            return
        task["queue"].pop(0)
    state.tasks.pop()
    state.tasks.append({"t": "drop", "spy": task["spy"], "receiver": task["receiver"], "outcome": "normal"})


def answer_intercept(state: State, power: str, verb: str, args: list[str]) -> None:
    task = state.tasks[-1]
    if verb == "pass":
        words.arity(args, 0)
        task["queue"].pop(0)
        return
    if verb != "chit":
        raise IllegalAction("answer with Intercept or pass")
    words.arity(args, 2)
    handle, kind = args
    if kind != "ICP":
        raise IllegalAction("only Intercept answers a Drop")
    held(state, power, handle, kind)
    spend(state, power, handle, kind)
    state.tasks.pop()
    then = {"t": "drop", "spy": task["spy"], "receiver": task["receiver"], "by": power}
    chain = _chain("DRP", task["dropper"], power, then)
    chain["chits"].append([power, "ICP"])
    state.tasks.append(chain)


# -- outcomes -------------------------------------------------------------------------------------
def run_outcome(state: State, task: dict[str, Any]) -> None:
    state.tasks.pop()
    outcome = task["outcome"]
    if outcome == "cancelled":
        log.engine(state, "= cancelled")
        return
    if outcome == "reversed":
        log.engine(state, "= reversed")
    kind = task["t"]
    if kind == "discovery":
        _discovery_outcome(state, task, outcome)
    elif kind == "sanction":
        _sanction_outcome(state, task, outcome)
    elif kind == "escape":
        if outcome == "normal":
            _free(state, task["spy"])
    else:
        _drop_outcome(state, task, outcome)


def _discovery_outcome(state: State, task: dict[str, Any], outcome: str) -> None:
    spy, xid, defender = task["spy"], task["secret"], task["by"]
    if state.spies[spy].box != ON_MAP:
        return
    if outcome == "reversed":
        pieces.capture(state, spy, defender)
        return
    x = state.secrets[xid]
    if x.holder is None or x.city != state.spies[spy].city:
        return
    if x.holder.startswith("s"):
        against, total = x.holder, pieces.spy_strength(state, x.holder)
    else:
        assert x.city is not None
        units = sorted(u.id for u in state.police_in(x.city, state.piece_power(x.holder)))
        against, total = "+".join(units), sum(pieces.police_strength(state, u) for u in units)
    strength = pieces.spy_strength(state, spy)
    attacker = state.spies[spy].power
    log.secret_to(state, (attacker, defender), f"= compare {spy} {strength} {against} {total}")
    if strength > total:
        _gain(state, spy, xid)
    else:
        log.engine(state, f"= failed {spy} {xid}")


def _sanction_outcome(state: State, task: dict[str, Any], outcome: str) -> None:
    spy, target = task["spy"], task["target"]
    killer, victim = (spy, target) if outcome == "normal" else (target, spy)
    if outcome == "reversed" and pieces.is_cousin(state, spy) and not pieces.is_cousin(state, target):
        log.engine(state, "= cancelled")
        return
    if state.spies[victim].box != ON_MAP or state.spies[killer].box != ON_MAP:
        return
    lost = state.spies[victim].secret
    pieces.sanction(state, victim, state.spies[killer].power, f"= killed {victim}")
    if lost is not None:
        state.tasks.append(
            {"t": "takeover", "power": state.spies[killer].power, "spy": killer, "secret": lost}
        )


def _drop_outcome(state: State, task: dict[str, Any], outcome: str) -> None:
    spy, receiver = task["spy"], task["receiver"]
    s = state.spies[spy]
    xid = s.secret
    if xid is None or s.box != ON_MAP:
        return
    if outcome == "intercepted":
        pieces.set_holder(state, xid, None)
        log.engine(state, f"= intercepted {xid}")
        log.secret_to(state, (task["by"],), f"= face {xid} {pieces.secret_face(state, xid)}")
        return
    if state.piece_secret(receiver) is not None:
        return
    state.secrets[xid].city = state.piece_city(receiver)
    pieces.set_holder(state, xid, receiver)
    log.engine(state, f"= dropped {xid} {receiver}")


# -- sanction takeovers (13.2) --------------------------------------------------------------------
def run_takeover(state: State, task: dict[str, Any]) -> None:
    s, x = state.spies[task["spy"]], state.secrets[task["secret"]]
    if s.box != ON_MAP or x.gone or x.holder is not None or x.city != s.city:
        state.tasks.pop()
        return
    state.decision = {"kind": "takeover", "power": task["power"], "spy": s.id, "secret": x.id}


def answer_takeover(state: State, power: str, verb: str, args: list[str]) -> None:
    task = state.tasks.pop()
    if verb == "pass":
        words.arity(args, 0)
        return
    if verb != "take" or args != [task["spy"], task["secret"]]:
        raise IllegalAction(f"answer with take {task['spy']} {task['secret']} or pass")
    own = state.spies[task["spy"]].secret
    if own is not None:
        pieces.uncontrol(state, own)
    _gain(state, task["spy"], task["secret"])


# -- the hand limit (13.1) ------------------------------------------------------------------------
def over_limit(state: State) -> list[str]:
    """Powers over the limit, in turn order starting with the active power."""
    start = TURN_ORDER.index(state.active) if state.active else 0
    order = TURN_ORDER[start:] + TURN_ORDER[:start]
    return [p for p in order if len(state.hands[p]) > HAND_LIMIT]


def run_limit(state: State, task: dict[str, Any]) -> None:
    if len(state.hands[task["power"]]) <= HAND_LIMIT:
        state.tasks.pop()
        return
    state.decision = {"kind": "limit", "power": task["power"]}


def answer_limit(state: State, power: str, verb: str, args: list[str]) -> None:
    need = len(state.hands[power]) - HAND_LIMIT
    if verb != "return" or len(args) != need or len(set(args)) != need:
        raise IllegalAction(f"return exactly {need} chits")
    for handle in args:
        if pieces.chit_type(state, power, handle) is None:
            raise IllegalAction(f"{power} holds no chit {handle}")
        pieces.spend_chit(state, power, handle)
    state.tasks.pop()


def default_limit(state: State, power: str) -> str:
    need = len(state.hands[power]) - HAND_LIMIT
    handles = sorted((h for h, _ in state.hands[power]), key=lambda h: int(h[1:]))[-need:]
    return f"{power} return " + " ".join(sorted(handles, key=lambda h: int(h[1:])))
