"""The rules of a turn (spec sections 4, 5 and 10) on the spec's state object.

The state is the plain JSON-ready dict of spec section 10 (exact keys: ``options``, ``rng``,
``pos``, ``reserve``, ``flicks``, ``eliminated``, ``waiting``, ``to_move``, ``phase``,
``shots``, ``passes``, ``returns``, ``last_mover``, ``result``). Functions here never change
the state they are given: each returns a new one, with the event of spec section 10 and the
pass turns that followed.

A shot is three steps so that the server can simulate in a process pool:
:func:`prepare_shot` (check it, draw the jitter, say what to simulate), the pure
:func:`engine.flickago.physics.simulate`, then :func:`apply_shot` (record the result and
resolve the end of the shot). :func:`shoot` does all three in-process.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from engine.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from engine.flickago import chance
from engine.flickago.data import BOARD, SIDE_CODES, SIDES, STARS, LaunchPoint
from engine.flickago.geometry import (
    centre_in_rect,
    completely_off_board,
    disc_inside_rect,
    disc_touches_circle,
    disc_touches_rect,
)
from engine.flickago.notation import check_action
from engine.flickago.options import options_from
from engine.flickago.physics import MAX_STEPS, Shot, ShotResult, input_key, simulate
from engine.flickago.pieces import (
    CANONICAL,
    DISCS,
    INSPECTORS,
    ORDER,
    SIDE_DISCS,
    canonical,
    is_inspector,
    kind_of,
    other,
    radius,
    side_of,
)
from engine.flickago.scoring import score

TURN: Final = "turn"
PLACE: Final = "place_inspector"
OVER: Final = "over"
PHASES: Final = (TURN, PLACE, OVER)
STATE_KEYS: Final = (
    "options",
    "rng",
    "pos",
    "reserve",
    "flicks",
    "eliminated",
    "waiting",
    "to_move",
    "phase",
    "shots",
    "passes",
    "returns",
    "last_mover",
    "result",
)
FIRST: Final = SIDE_CODES[0]  # White moves first (spec section 4)
END_REASONS: Final = ("score", "resign", "time", "abandon", "aborted")
"""How a game ends: by the score, or from outside the rules (section 11), or voided by the
platform's abort before the first shot (``aborted``: no winner, nothing scored)."""
EXTERNAL_REASONS: Final = ("resign", "time", "abandon", "aborted")

State = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Step:
    """What an action did: the new state, its event, and the automatic passes after it."""

    state: State
    event: Event
    passes: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class PreparedShot:
    """A checked shot: the action as sent, what to simulate, and the jitter applied."""

    side: str
    action: dict[str, Any]
    shot: Shot
    applied: dict[str, int] | None
    rng: dict[str, Any]
    key: str


# -- creation and copies -----------------------------------------------------------------


def new_state(seed: str, options: Mapping[str, Any] | None = None) -> tuple[State, bool]:
    """A fresh game from a 64-hex seed: (the state, whether the host takes White)."""
    opts = options_from(options)
    rng: dict[str, Any] = {"seed": seed, "counter": 0}
    host_white = True
    if opts["first_player"] == "random":
        host_white, rng = chance.host_moves_first(rng)
    state: State = {
        "options": opts,
        "rng": rng,
        "pos": {i: [float(STARS[s][0]), float(STARS[s][1])] for i, s in zip(INSPECTORS, STARS, strict=True)},
        "reserve": {side: list(SIDE_DISCS[side]) for side in SIDE_CODES},
        "flicks": dict.fromkeys(DISCS, 0),
        "eliminated": [],
        "waiting": [],
        "to_move": FIRST,
        "phase": TURN,
        "shots": 0,
        "passes": 0,
        "returns": [],
        "last_mover": {},
        "result": None,
    }
    return state, host_white


def copy_state(state: Mapping[str, Any]) -> State:
    """A copy deep enough that changing it never touches ``state``."""
    result = state["result"]
    return {
        "options": dict(state["options"]),
        "rng": dict(state["rng"]),
        "pos": {p: [xy[0], xy[1]] for p, xy in state["pos"].items()},
        "reserve": {side: list(discs) for side, discs in state["reserve"].items()},
        "flicks": dict(state["flicks"]),
        "eliminated": list(state["eliminated"]),
        "waiting": list(state["waiting"]),
        "to_move": state["to_move"],
        "phase": state["phase"],
        "shots": state["shots"],
        "passes": state["passes"],
        "returns": list(state["returns"]),
        "last_mover": dict(state["last_mover"]),
        "result": None if result is None else {**result, "score": dict(result["score"])},
    }


def ply(state: Mapping[str, Any]) -> int:
    """The number of the next turn."""
    return int(state["shots"]) + int(state["passes"]) + 1


def _sorted_pos(pos: Mapping[str, list[float]]) -> dict[str, list[float]]:
    return {p: pos[p] for p in CANONICAL if p in pos}


# -- geometry of the pieces on the board ---------------------------------------------------


def _free_spot(pos: Mapping[str, list[float]], x: float, y: float, r: float, ignore: str = "") -> bool:
    """A piece of radius ``r`` at (x, y) would overlap no piece: every centre is at least
    r1 + r2 away."""
    for piece, (px, py) in pos.items():
        if piece != ignore and math.hypot(px - x, py - y) < r + radius(piece):
            return False
    return True


def point_free(pos: Mapping[str, list[float]], point: LaunchPoint) -> bool:
    return _free_spot(pos, point.x, point.y, radius(DISCS[0]))


def free_stars(pos: Mapping[str, list[float]], inspector: str) -> list[str]:
    r = radius(inspector)
    return [star for star, (x, y) in STARS.items() if _free_spot(pos, x, y, r, ignore=inspector)]


def _zone_blocked(pos: Mapping[str, list[float]], side: str) -> bool:
    zone = SIDES[side].zone
    return any(disc_touches_circle(pos[i][0], pos[i][1], radius(i), zone) for i in INSPECTORS if i in pos)


def _in_zone(pos: Mapping[str, list[float]], side: str) -> list[str]:
    """The side's discs on the board touching its own Safe Return zone, canonical order."""
    zone = SIDES[side].zone
    return [
        p for p in SIDE_DISCS[side] if p in pos and disc_touches_circle(pos[p][0], pos[p][1], radius(p), zone)
    ]


# -- what a side may do ------------------------------------------------------------------


def _may_return(state: Mapping[str, Any], piece: str) -> bool:
    """The disc may be taken back, judging the zone and the option only (not the turn)."""
    return not (
        state["options"]["returned_family"] == "stays_flipped"
        and kind_of(piece) == "F"
        and state["flicks"][piece] >= 2
    )


def _zone_returns(state: Mapping[str, Any], side: str) -> list[str]:
    pos = state["pos"]
    if _zone_blocked(pos, side):
        return []
    return [p for p in _in_zone(pos, side) if _may_return(state, p)]


def reflickable(state: Mapping[str, Any], side: str) -> list[str]:
    """The side's Family discs on the board flicked exactly once in their current life."""
    return [
        p for p in SIDE_DISCS[side] if kind_of(p) == "F" and p in state["pos"] and state["flicks"][p] == 1
    ]


def launches(state: Mapping[str, Any], side: str) -> list[tuple[str, str]]:
    """Every (reserve disc, free launch point of its kind)."""
    pos = state["pos"]
    free = [point for point in SIDES[side].launch_points if point_free(pos, point)]
    return [
        (piece, point.id)
        for piece in state["reserve"][side]
        for point in free
        if point.kind == kind_of(piece)
    ]


def has_legal_shot(state: Mapping[str, Any], side: str) -> bool:
    return bool(reflickable(state, side)) or bool(launches(state, side))


def has_legal_turn(state: Mapping[str, Any], side: str) -> bool:
    """A legal shot is available after some returns (spec 5.5). Returning more discs only
    adds reserve discs and frees points, so: a re-flick now, or a launch after every return."""
    if reflickable(state, side):
        return True
    back = _zone_returns(state, side)
    if not back:
        return bool(launches(state, side))
    return bool(launches(_returned(state, side, back), side))


def _returned(state: Mapping[str, Any], side: str, pieces: list[str]) -> State:
    new = copy_state(state)
    keep = state["options"]["returned_family"] == "stays_flipped"
    for piece in pieces:
        del new["pos"][piece]
        new["reserve"][side] = canonical([*new["reserve"][side], piece])
        if not (keep and kind_of(piece) == "F"):
            new["flicks"][piece] = 0
        new["returns"].append(piece)
    return new


def returnable(state: Mapping[str, Any]) -> list[str]:
    """The discs the side to move may return now: in phase ``turn``, his discs touching his
    zone while no inspector does, that leave him a legal turn afterwards."""
    if state["phase"] != TURN:
        return []
    side = state["to_move"]
    return [p for p in _zone_returns(state, side) if has_legal_turn(_returned(state, side, [p]), side)]


def legal(state: Mapping[str, Any]) -> list[str]:
    """The legal discrete choices (spec section 10): ``^wT3``, ``wT3@T2``, ``wF2``, ``I2>S3``.
    Any angle 0-3599 and power 1-1000 completes a shot choice."""
    phase = state["phase"]
    if phase == OVER:
        return []
    if phase == PLACE:
        inspector = state["waiting"][0]
        return [f"{inspector}>{star}" for star in free_stars(state["pos"], inspector)]
    side = state["to_move"]
    out = [f"^{p}" for p in returnable(state)]
    out += [f"{piece}@{point}" for piece, point in launches(state, side)]
    out += reflickable(state, side)
    return out


# -- actions -----------------------------------------------------------------------------


def _check_turn(state: Mapping[str, Any], side: str, phase: str) -> None:
    if state["phase"] == OVER:
        raise GameOver("the game is over")
    if side != state["to_move"]:
        raise NotYourTurn("it is not your turn")
    if state["phase"] != phase:
        if phase == TURN:
            raise IllegalAction(f"{state['waiting'][0]} must be put on a star first")
        raise IllegalAction("no inspector is waiting for a star")


def _own_disc(piece: str, side: str) -> None:
    if piece not in ORDER or is_inspector(piece):
        raise InvalidAction(f"{piece} is not a gang disc")
    if side_of(piece) != side:
        raise IllegalAction(f"{piece} is not yours")


def apply_return(state: Mapping[str, Any], side: str, piece: str) -> Step:
    """``^wT3``: take a disc back into the reserve at the start of the turn (spec 5.1)."""
    _check_turn(state, side, TURN)
    _own_disc(piece, side)
    if piece not in state["pos"]:
        raise IllegalAction(f"{piece} is not on the board")
    if piece not in _in_zone(state["pos"], side):
        raise IllegalAction(f"{piece} does not touch your Safe Return zone")
    if _zone_blocked(state["pos"], side):
        raise IllegalAction("an inspector touches your Safe Return zone")
    if not _may_return(state, piece):
        raise IllegalAction(f"{piece} is face down and cannot be returned (returned_family: stays_flipped)")
    new = _returned(state, side, [piece])
    if not has_legal_turn(new, side):
        raise IllegalAction(f"returning {piece} would leave you no legal shot")
    return Step(new, {"ply": ply(state), "side": side, "return": piece})


def prepare_shot(state: Mapping[str, Any], side: str, action: Mapping[str, Any]) -> PreparedShot:
    """Check a shot and say what to simulate; the jitter is drawn (on a copy of the
    generator's state) as it will be when the shot is applied."""
    checked = check_action(action)
    if checked["type"] != "shot":
        raise InvalidAction("not a shot")
    _check_turn(state, side, TURN)
    piece, origin = checked["piece"], checked["from"]
    _own_disc(piece, side)
    pos = state["pos"]
    if origin is not None:
        if piece not in state["reserve"][side]:
            raise IllegalAction(f"{piece} is not in your reserve")
        point = SIDES[side].point(origin)
        if point is None:
            raise InvalidAction(f"{origin} is not a launch point")
        if point.kind != kind_of(piece):
            raise IllegalAction(f"{piece} goes on a {kind_of(piece)} point, not on {origin}")
        if not point_free(pos, point):
            raise IllegalAction(f"launch point {origin} is not free")
        start: tuple[float, float] | None = (float(point.x), float(point.y))
    else:
        if piece not in pos:
            raise IllegalAction(f"{piece} is not on the board (a disc from the reserve needs @point)")
        if kind_of(piece) != "F":
            raise IllegalAction(f"{piece} is a Killer on the board: it is never flicked again")
        if state["flicks"][piece] != 1:
            raise IllegalAction(f"{piece} is face down: it cannot be flicked again")
        start = None
    angle, power = checked["angle"], checked["power"]
    applied: dict[str, int] | None = None
    rng = dict(state["rng"])
    if state["options"]["jitter"] == "on":
        angle, power, rng = chance.jitter(rng, angle, power)
        applied = {"angle": angle, "power": power}
    shot = Shot(piece, start, angle, power)
    return PreparedShot(side, checked, shot, applied, rng, input_key(pos, shot, MAX_STEPS))


def simulate_prepared(state: Mapping[str, Any], prepared: PreparedShot) -> ShotResult:
    return simulate(state["pos"], prepared.shot, MAX_STEPS)


def _check_result(state: Mapping[str, Any], prepared: PreparedShot, result: ShotResult) -> None:
    if result.key != prepared.key:
        raise InvalidAction("this simulation result is not for this state and shot")
    bodies = {*state["pos"], prepared.shot.piece}
    fallen = [fall[0] for fall in result.falls]
    if set(result.rest) | set(fallen) != bodies or len(fallen) + len(result.rest) != len(bodies):
        raise InvalidAction("the simulation result does not account for every piece exactly once")


def _off(x: float, y: float, r: float, rule: str) -> bool:
    if rule == "centre_out":
        return not centre_in_rect(x, y, BOARD)
    return completely_off_board(x, y, r)


def _in_opposing_hq(piece: str, x: float, y: float, rule: str) -> bool:
    hq = SIDES[other(side_of(piece))].hq
    r = radius(piece)
    if rule == "centre":
        return centre_in_rect(x, y, hq)
    if rule == "overlap":
        return disc_touches_rect(x, y, r, hq)
    return disc_inside_rect(x, y, r, hq)


def resolve(
    rest: Mapping[str, list[float]], fallen: list[str], options: Mapping[str, Any]
) -> tuple[list[str], list[list[str]], list[str]]:
    """End-of-shot steps 1-3 (spec 5.4): (removed, eliminated [[id, why]], inspectors set aside)."""
    removed: list[str] = []
    eliminated: list[list[str]] = []
    aside: list[str] = []

    def take(piece: str, why: str) -> None:
        removed.append(piece)
        if is_inspector(piece):
            aside.append(piece)
        else:
            eliminated.append([piece, why])

    # 1. off the board (fallen off the table, or off the board at rest)
    for piece in canonical([*fallen, *rest]):
        if piece in fallen or _off(rest[piece][0], rest[piece][1], radius(piece), options["off_board"]):
            take(piece, "off")
    # 2. a disc in the opposing HQ
    for piece in canonical(rest):
        if piece in removed or is_inspector(piece):
            continue
        if _in_opposing_hq(piece, rest[piece][0], rest[piece][1], options["hq_elimination"]):
            take(piece, "hq")
    # 3. captures, zone by zone from south to north
    for zone in sorted((side.zone for side in SIDES.values()), key=lambda z: z.y):
        touching = [
            p
            for p in canonical(rest)
            if p not in removed and disc_touches_circle(rest[p][0], rest[p][1], radius(p), zone)
        ]
        inspectors = [p for p in touching if is_inspector(p)]
        discs = [p for p in touching if not is_inspector(p)]
        if inspectors and discs:
            for piece in discs:
                take(piece, "capture")
            for piece in inspectors:
                take(piece, "capture")
    return removed, eliminated, aside


def _place_waiting(state: State, chooser: str, entries: list[list[Any]]) -> bool:
    """Spec 5.4.4 on ``state`` (changed in place): place the waiting inspectors one at a
    time; append one entry per inspector tried. True when ``chooser`` must now choose."""
    while state["waiting"]:
        inspector = state["waiting"][0]
        stars = free_stars(state["pos"], inspector)
        if len(stars) >= 2:
            entries.append([inspector, None, chooser])
            entries.extend([later, None, None] for later in state["waiting"][1:])
            return True
        if not stars:
            entries.extend([later, None, None] for later in state["waiting"])
            return False
        x, y = STARS[stars[0]]
        state["pos"][inspector] = [float(x), float(y)]
        state["pos"] = _sorted_pos(state["pos"])
        state["waiting"].pop(0)
        entries.append([inspector, stars[0], "auto"])
    return False


def final_result(state: Mapping[str, Any], reason: str, winner: str | None = None) -> dict[str, Any]:
    totals = score(state["pos"], state["options"], state["last_mover"])
    if reason == "score":
        a, b = (totals[side] for side in SIDE_CODES)
        winner = None if a == b else SIDE_CODES[0] if a > b else SIDE_CODES[1]
    return {"score": totals, "winner": winner, "reason": reason}


def _end(state: State, reason: str = "score", winner: str | None = None) -> None:
    state["phase"] = OVER
    state["result"] = final_result(state, reason, winner)


def _next_turn(state: State, shooter: str) -> list[Event]:
    """Spec 5.5 and 5.6 after a completed shot (its placements done): the other side moves,
    or passes when it has no legal turn; the game ends when neither has one."""
    nxt = other(shooter)
    state["phase"] = TURN
    state["to_move"] = nxt
    if has_legal_turn(state, nxt):
        return []
    if has_legal_turn(state, shooter):
        passed = {"ply": ply(state), "side": nxt, "pass": True}
        state["passes"] += 1
        state["to_move"] = shooter
        return [passed]
    _end(state)
    return []


def apply_shot(
    state: Mapping[str, Any], side: str, action: Mapping[str, Any], result: ShotResult, check_key: bool = True
) -> Step:
    """Record a simulated shot and resolve it (spec 5.3-5.6). ``result`` must be the
    simulation of :func:`prepare_shot`'s input; it is checked against that input's key."""
    prepared = prepare_shot(state, side, action)
    if check_key:
        _check_result(state, prepared, result)
    new = copy_state(state)
    piece = prepared.shot.piece
    before = state["pos"]
    new["rng"] = prepared.rng
    returns = list(state["returns"])
    new["returns"] = []
    flipped = None
    if prepared.shot.origin is not None:
        new["reserve"][side].remove(piece)
    new["flicks"][piece] += 1
    if kind_of(piece) == "F" and new["flicks"][piece] >= 2:
        flipped = piece
    fallen = [fall[0] for fall in result.falls]
    rest = {p: [xy[0], xy[1]] for p, xy in result.rest.items()}
    removed, eliminated, aside = resolve(rest, fallen, state["options"])
    for inspector in INSPECTORS:
        if inspector in before and (inspector not in rest or rest[inspector] != list(before[inspector])):
            new["last_mover"][inspector] = side
    new["last_mover"] = {i: new["last_mover"][i] for i in INSPECTORS if i in new["last_mover"]}
    new["pos"] = _sorted_pos({p: xy for p, xy in rest.items() if p not in removed})
    new["eliminated"].extend(p for p, _ in eliminated)
    new["waiting"] = canonical([*state["waiting"], *aside])
    new["shots"] += 1
    entries: list[list[Any]] = []
    choosing = _place_waiting(new, other(side), entries)
    passes: list[Event] = []
    if new["shots"] >= new["options"]["max_shots"]:
        for entry in entries:
            entry[2] = None if entry[1] is None else entry[2]
        _end(new)
    elif choosing:
        new["phase"] = PLACE
        new["to_move"] = other(side)
    else:
        passes = _next_turn(new, side)
    event: Event = {
        "ply": ply(state),
        "side": side,
        "returns": returns,
        "shot": {
            "piece": piece,
            "from": prepared.action["from"],
            "angle": prepared.action["angle"],
            "power": prepared.action["power"],
        },
        "applied": prepared.applied,
        **result.to_dict(),
        "resolution": {
            "removed": removed,
            "eliminated": eliminated,
            "inspectors": entries,
            "flipped": flipped,
        },
        "score": score(new["pos"], new["options"], new["last_mover"]),
    }
    return Step(new, event, tuple(passes))


def shoot(state: Mapping[str, Any], side: str, action: Mapping[str, Any]) -> Step:
    """Check, simulate and apply a shot in this process."""
    prepared = prepare_shot(state, side, action)
    return apply_shot(state, side, action, simulate_prepared(state, prepared))


def apply_place(state: Mapping[str, Any], side: str, inspector: str, star: str) -> Step:
    """``I2>S3``: the chooser puts the waiting inspector on a free star (spec 5.4.4)."""
    _check_turn(state, side, PLACE)
    if inspector != state["waiting"][0]:
        raise IllegalAction(f"{state['waiting'][0]} is the inspector to place")
    if star not in STARS:
        raise InvalidAction(f"{star} is not a star")
    if star not in free_stars(state["pos"], inspector):
        raise IllegalAction(f"star {star} is not free")
    new = copy_state(state)
    x, y = STARS[star]
    new["pos"][inspector] = [float(x), float(y)]
    new["pos"] = _sorted_pos(new["pos"])
    new["waiting"].pop(0)
    entries: list[list[Any]] = [[inspector, star, side]]
    passes: list[Event] = []
    if _place_waiting(new, side, entries):
        new["phase"] = PLACE
    else:
        passes = _next_turn(new, other(side))
    return Step(
        new, {"ply": int(state["shots"]) + int(state["passes"]), "inspectors": entries}, tuple(passes)
    )


def apply_action(state: Mapping[str, Any], action: Mapping[str, Any]) -> Step:
    """Any action of the side to move (the command line's ``apply``)."""
    checked = check_action(action)
    side = state["to_move"]
    if checked["type"] == "return":
        return apply_return(state, side, checked["piece"])
    if checked["type"] == "place":
        return apply_place(state, side, checked["inspector"], checked["star"])
    return shoot(state, side, checked)


def conclude(state: Mapping[str, Any], reason: str, winner: str | None) -> State:
    """End the game from outside the rules (``resign``, ``time``, ``abandon``)."""
    if state["phase"] == OVER:
        raise GameOver("the game is over")
    if reason not in END_REASONS:
        raise InvalidAction(f"unknown end reason {reason!r}")
    new = copy_state(state)
    _end(new, reason, winner)
    return new
