"""Trial shots (spec section 12): aim at targets, simulate each with the engine's own
simulator on the view's positions, apply the end-of-shot resolution, keep the shot with the
best provisional score difference.

Aiming: a target is a point worth reaching (the bot's own Safe Return zone, the far-half
sectors by value) or an opposing piece to knock (its discs that score, an inspector near
the opponent's zone). The angle points at it and the power is the one a lone disc needs to
stop there (distance = v^2 / (2 * deceleration), the data pack's numbers), more to knock;
each level adds its own aim noise. The best few are then refined by small changes.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bench.flickago_trial.levels import Level
from engine.flickago import rules
from engine.flickago.data import (
    ANGLE_UNITS,
    BOARD,
    DISC,
    POWER_MAX,
    SAFE_RETURN_POINTS,
    SECTORS,
    SIDES,
    V_MAX,
)
from engine.flickago.game import SimJob, run_job
from engine.flickago.physics import DT, ShotResult, shot_velocity
from engine.flickago.pieces import CANONICAL, INSPECTORS, SIDE_DISCS, kind_of, other, radius, side_of
from engine.flickago.scoring import disc_points

Mapper = Callable[[Callable[[SimJob], ShotResult], list[SimJob]], Iterable[ShotResult]]
ELIMINATED_OWN = 0.6  # a disc of its own lost (beyond the points it had)
ELIMINATED_OTHER = 0.4
SPARE_FLICK = 0.5  # a Family disc that can still be flicked again
EDGE_MARGIN = 20.0  # mm: a disc this close to an edge is easily knocked off
THREAT_MARGIN = 60.0  # mm: an inspector this close to a zone is easily knocked into it
REPLY_TOP = 4  # how many of the best shots are tried against opponent replies
ZONE_HOLD = 2.5  # the expert's bonus for each disc in its own zone (less the opponent's)
SHOT_VALUE = 2.5  # the expert's value of a shot in hand (its own, less the opponent's)

Scored = tuple[float, int, dict[str, Any], dict[str, Any]]  # value, order, action, state after


@dataclass(frozen=True, slots=True)
class Shooter:
    piece: str
    point: str | None  # launch point, None for a re-flick
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Target:
    x: float
    y: float
    extra: float  # mm beyond the target (to knock what stands there)


def shooters(state: Mapping[str, Any], side: str) -> list[Shooter]:
    """One reserve disc per free launch point (the first of its kind: discs of a kind are
    alike in the reserve), and every re-flickable Family disc."""
    out: list[Shooter] = []
    free = {point for _, point in rules.launches(state, side)}
    for point in SIDES[side].launch_points:
        if point.id not in free:
            continue
        piece = next((p for p in state["reserve"][side] if kind_of(p) == point.kind), None)
        if piece is not None:
            out.append(Shooter(piece, point.id, float(point.x), float(point.y)))
    for piece in rules.reflickable(state, side):
        x, y = state["pos"][piece]
        out.append(Shooter(piece, None, x, y))
    return out


def power_for(distance: float) -> int:
    """The power that makes a lone disc slide ``distance`` mm."""
    speed = math.sqrt(2 * DISC.deceleration * max(distance, 0.0))
    return min(POWER_MAX, max(1, round(POWER_MAX * speed / V_MAX)))


def targets(state: Mapping[str, Any], side: str, rng: random.Random) -> list[tuple[Target, float]]:
    """Points worth aiming at, with weights."""
    out: list[tuple[Target, float]] = []
    zone = SIDES[side].zone
    for _ in range(3):
        out.append(
            (
                Target(
                    zone.x + rng.uniform(-0.6, 0.6) * zone.r, zone.y + rng.uniform(-0.6, 0.6) * zone.r, 0.0
                ),
                3.0,
            )
        )
    for sector in SECTORS:
        if sector.scores_for != side:
            continue
        rect = sector.rect
        x = rng.uniform(rect.x0 + 16, rect.x1 - 16)
        y = rng.uniform(rect.y0 + 16, rect.y1 - 16)
        out.append((Target(x, y, 0.0), float(sector.points)))
    opponent = other(side)
    for piece in SIDE_DISCS[opponent]:
        if piece in state["pos"]:
            x, y = state["pos"][piece]
            worth = disc_points(piece, x, y, state["options"])
            if worth:
                out.append((Target(x, y, 120.0), 1.0 + worth))
    their_zone = SIDES[opponent].zone
    has_theirs = any(
        math.hypot(state["pos"][p][0] - their_zone.x, state["pos"][p][1] - their_zone.y) < their_zone.r + 40
        for p in SIDE_DISCS[opponent]
        if p in state["pos"]
    )
    if has_theirs:
        for inspector in INSPECTORS:
            if inspector in state["pos"]:
                x, y = state["pos"][inspector]
                out.append((Target(x, y, 80.0), 2.0))
    return out


def aim(shooter: Shooter, target: Target, level: Level, rng: random.Random) -> tuple[int, int]:
    dx, dy = target.x - shooter.x, target.y - shooter.y
    angle = math.degrees(math.atan2(dy, dx)) * 10 + rng.gauss(0.0, level.aim_noise)
    power = power_for(math.hypot(dx, dy) + target.extra) + rng.gauss(0.0, level.power_noise)
    return round(angle) % ANGLE_UNITS, min(POWER_MAX, max(1, round(power)))


def shot_action(shooter: Shooter, angle: int, power: int) -> dict[str, Any]:
    return {"type": "shot", "piece": shooter.piece, "from": shooter.point, "angle": angle, "power": power}


def exposure(pos: Mapping[str, list[float]], side: str, options: Mapping[str, Any]) -> float:
    """How much of ``side``'s score an opponent's next shot can easily take."""
    zone = SIDES[side].zone
    threat = any(
        math.hypot(pos[i][0] - zone.x, pos[i][1] - zone.y) < zone.r + radius(i) + THREAT_MARGIN
        for i in INSPECTORS
        if i in pos
    )
    total = 0.0
    for piece in SIDE_DISCS[side]:
        if piece not in pos:
            continue
        x, y = pos[piece]
        worth = disc_points(piece, x, y, options)
        edge = min(x - BOARD.x0, BOARD.x1 - x, y - BOARD.y0, BOARD.y1 - y)
        if edge < EDGE_MARGIN:
            total += 0.3 * worth
        if threat and worth == SAFE_RETURN_POINTS:
            total += 0.3 * worth
    return total


def value(
    state: Mapping[str, Any], side: str, action: Mapping[str, Any], result: ShotResult, level: Level
) -> tuple[float, dict[str, Any]]:
    """The provisional score difference after the shot and its resolution, with small terms
    for discs lost and spare flicks (and, at the levels that look ahead, exposure). The
    expert level (``plan``) values the position by what lasts instead (:func:`lasting_value`)."""
    if level.plan:
        return lasting_value(state, side, action, result, level)
    step = rules.apply_shot(state, side, action, result, check_key=False)
    after = step.state
    score = step.event["score"]
    them = other(side)
    out = float(score[side] - score[them])
    for piece, _why in step.event["resolution"]["eliminated"]:
        out += -ELIMINATED_OWN if side_of(piece) == side else ELIMINATED_OTHER
    out += SPARE_FLICK * (len(rules.reflickable(after, side)) - len(rules.reflickable(state, side)))
    out -= SPARE_FLICK * (len(rules.reflickable(after, them)) - len(rules.reflickable(state, them)))
    if level.lookahead:
        out += exposure(after["pos"], them, after["options"]) - exposure(after["pos"], side, after["options"])
    return out, after


def shots_left(state: Mapping[str, Any], side: str) -> int:
    """The shots ``side`` still has without taking a disc back: its reserve and its Family
    discs that may be flicked once more."""
    return len(state["reserve"][side]) + len(rules.reflickable(state, side))


def zone_discs(state: Mapping[str, Any], side: str) -> int:
    """How many of ``side``'s discs touch its own zone (each may be taken back for a shot)."""
    zone = SIDES[side].zone
    pos = state["pos"]
    reach = zone.r + DISC.radius
    return sum(
        1 for p in SIDE_DISCS[side] if p in pos and math.hypot(pos[p][0] - zone.x, pos[p][1] - zone.y) < reach
    )


def lasting_value(
    state: Mapping[str, Any], side: str, action: Mapping[str, Any], result: ShotResult, level: Level
) -> tuple[float, dict[str, Any]]:
    """The expert's value of a shot: the strong level's (the score difference, discs lost,
    spare flicks, exposure), plus ``ZONE_HOLD`` for each disc of its own in its zone and
    less each of the opponent's in his, plus ``SHOT_VALUE`` for each shot it keeps (a
    Family disc launched can be flicked again) and each the opponent loses (his Family disc
    knocked off before its second flick). A side that runs out of shots passes while the
    other plays on, and one with a disc in its zone takes it back and shoots again: the
    last shots go unanswered."""
    out, after = value(state, side, action, result, replace(level, plan=0))
    them = other(side)
    out += ZONE_HOLD * (zone_discs(after, side) - zone_discs(after, them))
    mine = shots_left(after, side) - shots_left(state, side)
    theirs = shots_left(after, them) - shots_left(state, them)
    out += SHOT_VALUE * (mine - theirs)
    return out, after


def _job(state: Mapping[str, Any], side: str, action: Mapping[str, Any], level: Level) -> SimJob:
    prepared = rules.prepare_shot(state, side, action)
    positions = {p: (xy[0], xy[1]) for p, xy in state["pos"].items()}
    return SimJob(positions, prepared.shot, level.max_steps, frames=False)


def trial(state: Mapping[str, Any], side: str, action: Mapping[str, Any], level: Level) -> ShotResult:
    """``action`` simulated as the bot's trials simulate it (no jitter in its copy)."""
    return run_job(_job(state, side, action, level))


def _run(jobs: list[SimJob], mapper: Mapper | None) -> list[ShotResult]:
    if mapper is None:
        return [run_job(job) for job in jobs]
    return list(mapper(run_job, jobs))


def _aimed(
    state: Mapping[str, Any], side: str, count: int, level: Level, rng: random.Random
) -> list[dict[str, Any]]:
    """``count`` shots aimed at weighted targets, with the level's aim noise."""
    options = shooters(state, side)
    aims = targets(state, side, rng)
    weights = [w for _, w in aims]
    actions = []
    for _ in range(count):
        shooter = rng.choice(options)
        target = rng.choices([t for t, _ in aims], weights)[0]
        actions.append(shot_action(shooter, *aim(shooter, target, level, rng)))
    return actions


def choose_shot(
    state: Mapping[str, Any],
    side: str,
    level: Level,
    rng: random.Random,
    deadline: float,
    mapper: Mapper | None = None,
) -> dict[str, Any]:
    """The best trial shot found (within the deadline) for ``side`` to move in ``state``."""
    options = shooters(state, side)
    if not options:
        raise ValueError("no legal shot")
    actions = _aimed(state, side, level.trials, level, rng)
    scored: list[Scored] = []
    batch = 1 if mapper is None else max(1, level.trials)
    _evaluate(state, side, actions, level, deadline, mapper, batch, scored)
    if not scored:  # the deadline came before a single trial: aim without simulating
        return actions[0]
    if level.refine:
        scored.sort(key=lambda item: (-item[0], item[1]))
        best = [action for _, _, action, _ in scored[:3]]
        more = []
        for i in range(level.refine):
            base = best[i % len(best)]
            angle = (base["angle"] + rng.randint(-12, 12)) % ANGLE_UNITS
            power = min(POWER_MAX, max(1, base["power"] + rng.randint(-25, 25)))
            more.append({**base, "angle": angle, "power": power})
        _evaluate(state, side, more, level, deadline, mapper, batch, scored)
    scored.sort(key=lambda item: (-item[0], item[1]))
    if level.replies:
        return _against_replies(side, scored[:REPLY_TOP], level, rng, deadline, mapper, batch)
    return scored[0][2]


def _against_replies(
    side: str,
    top: list[Scored],
    level: Level,
    rng: random.Random,
    deadline: float,
    mapper: Mapper | None,
    batch: int,
) -> dict[str, Any]:
    """The best of ``top`` once each is also judged by the opponent's best trial reply."""
    them = other(side)
    reply_level = replace(level, lookahead=False)
    best_value, best_action = top[0][0], top[0][2]
    for own, _, action, after in top:
        if time.perf_counter() > deadline:
            break
        if after["phase"] != rules.TURN or after["to_move"] != them or not shooters(after, them):
            adjusted = own
        else:
            replies = _aimed(after, them, level.replies, reply_level, rng)
            answers: list[Scored] = []
            _evaluate(after, them, replies, reply_level, deadline, mapper, batch, answers)
            if not answers:
                break
            adjusted = 0.5 * own - 0.5 * max(value for value, _, _, _ in answers)
        if action is top[0][2] or adjusted > best_value:
            best_value, best_action = adjusted, action
    return best_action


def _evaluate(
    state: Mapping[str, Any],
    side: str,
    actions: list[dict[str, Any]],
    level: Level,
    deadline: float,
    mapper: Mapper | None,
    batch: int,
    scored: list[Scored],
) -> None:
    for start in range(0, len(actions), batch):
        if time.perf_counter() > deadline:
            return
        chunk = actions[start : start + batch]
        results = _run([_job(state, side, action, level) for action in chunk], mapper)
        for action, result in zip(chunk, results, strict=True):
            worth, after = value(state, side, action, result, level)
            scored.append((worth, len(scored), action, after))


# -- the planned search (the expert level) ---------------------------------------------------
#
# Jitter is off in the bot's copy, so a shot whose disc meets nothing on its way is known
# without simulating it: it slides straight, losing DISC.deceleration * DT of speed a step,
# moved before it slows as Chipmunk integrates (positions first), and stops dead. Such clean
# shots are valued by the hundred for the price of one simulation; the simulations go to the
# shots that touch something (knocks, aimed by the ghost-disc rule: at the point from which
# the shot disc pushes the target where it should go), to refinements of the best of them,
# and to the opponent's best knocks against the few best shots.

CLEAN_MARGIN = 1.5  # mm of clearance a clean path keeps from every other piece
KNOCK_SURE = 0.8  # the share of a disc's points a clear straight knock is taken to remove
CAPTURE_SURE = 0.6  # the same for an inspector pushed straight into a zone with discs
PLACE_SURE = 0.5  # the weight of the points the opponent can place along a clear path


def slide(x: float, y: float, angle: int, power: int, deceleration: float) -> tuple[float, float, int]:
    """Where a lone disc shot from (x, y) stops, and after how many steps (no collisions)."""
    vx, vy = shot_velocity(angle, power)
    speed = math.hypot(vx, vy)
    loss = deceleration * DT
    if speed <= 0.0:
        return x, y, 1
    # Step k moves by the speed before it (s0 - (k - 1) loss), then the speed drops by
    # ``loss`` or stops when it is at most ``loss``: n steps in all.
    steps = max(1, math.ceil(speed / loss))
    travelled = DT * (steps * speed - loss * steps * (steps - 1) / 2)
    return x + vx / speed * travelled, y + vy / speed * travelled, steps


def _path_clear(
    pos: Mapping[str, list[float]], piece: str, x0: float, y0: float, x1: float, y1: float
) -> bool:
    """No other piece within reach of the disc's straight path from (x0, y0) to (x1, y1)."""
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    r = radius(piece)
    for other_piece, (px, py) in pos.items():
        if other_piece == piece:
            continue
        reach = r + radius(other_piece) + CLEAN_MARGIN
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / length2))
        cx, cy = x0 + t * dx - px, y0 + t * dy - py
        if cx * cx + cy * cy < reach * reach:
            return False
    return True


def clean_result(state: Mapping[str, Any], side: str, action: Mapping[str, Any]) -> ShotResult | None:
    """The simulation's result for a shot whose disc meets nothing and stops on the board,
    without simulating (``None`` when it would touch a piece or leave the board)."""
    piece = action["piece"]
    pos = state["pos"]
    if action["from"] is None:
        x0, y0 = pos[piece]
    else:
        point = SIDES[side].point(action["from"])
        assert point is not None
        x0, y0 = float(point.x), float(point.y)
    x1, y1, steps = slide(x0, y0, action["angle"], action["power"], DISC.deceleration)
    r = radius(piece)
    if not (BOARD.x0 + r <= x1 <= BOARD.x1 - r and BOARD.y0 + r <= y1 <= BOARD.y1 - r):
        return None
    if not _path_clear(pos, piece, x0, y0, x1, y1):
        return None
    rest = {p: [xy[0], xy[1]] for p, xy in pos.items()}
    rest[piece] = [round(x1, 3), round(y1, 3)]
    ordered = {p: rest[p] for p in CANONICAL if p in rest}
    return ShotResult(steps, False, [], [], ordered, "")


def aim_at(start: tuple[float, float], x: float, y: float, extra: float = 0.0) -> tuple[int, int]:
    """The exact angle and power that stop a lone disc at (x, y) (``extra`` mm beyond)."""
    dx, dy = x - start[0], y - start[1]
    angle = round(math.degrees(math.atan2(dy, dx)) * 10) % ANGLE_UNITS
    return angle, power_for(math.hypot(dx, dy) + extra)


def _start(state: Mapping[str, Any], shooter: Shooter) -> tuple[float, float]:
    return (shooter.x, shooter.y)


def place_points(side: str) -> list[tuple[float, float]]:
    """Where a disc is worth stopping: the own zone (its centre and two rings) and a grid in
    each far-half sector that scores for ``side``."""
    zone = SIDES[side].zone
    out = [(zone.x, zone.y)]
    for ring, count in ((14.0, 6), (28.0, 8), (40.0, 10)):
        for k in range(count):
            a = 2 * math.pi * (k + 0.5 * (ring == 28.0)) / count
            out.append((zone.x + ring * math.cos(a), zone.y + ring * math.sin(a)))
    for sector in SECTORS:
        if sector.scores_for != side:
            continue
        rect = sector.rect
        for fx in (0.25, 0.5, 0.75):
            for fy in (0.25, 0.5, 0.75):
                out.append((rect.x0 + fx * (rect.x1 - rect.x0), rect.y0 + fy * (rect.y1 - rect.y0)))
    return out


def knock_aims(state: Mapping[str, Any], side: str) -> list[tuple[float, float, float, float]]:
    """Ghost-disc aims at the opponent's pieces: (x, y, mm beyond, priority). For each of the
    opponent's scoring discs, pushes towards the nearest board edge and straight through;
    for each inspector, a push into the opponent's zone when it holds discs of his."""
    out: list[tuple[float, float, float, float]] = []
    pos = state["pos"]
    options = state["options"]
    them = other(side)
    reach = DISC.radius + radius(SIDE_DISCS[them][0])
    spare = set(rules.reflickable(state, them))
    for piece in SIDE_DISCS[them]:
        if piece not in pos:
            continue
        x, y = pos[piece]
        worth = float(disc_points(piece, x, y, options))
        if not worth and piece not in spare:
            continue
        edges = [
            (x - BOARD.x0, -1.0, 0.0),
            (BOARD.x1 - x, 1.0, 0.0),
            (y - BOARD.y0, 0.0, -1.0),
            (BOARD.y1 - y, 0.0, 1.0),
        ]
        gap, ux, uy = min(edges)
        if piece in spare:
            worth += SHOT_VALUE
        out.append((x - ux * reach, y - uy * reach, 60.0 + gap, 1.0 + worth + 0.02 * (200 - min(gap, 200))))
        out.append((x, y, 150.0, 0.5 + worth))
    zone = SIDES[them].zone
    holds = any(
        math.hypot(pos[p][0] - zone.x, pos[p][1] - zone.y) < zone.r + DISC.radius
        for p in SIDE_DISCS[them]
        if p in pos
    )
    if holds:
        for inspector in INSPECTORS:
            if inspector not in pos:
                continue
            x, y = pos[inspector]
            d = math.hypot(zone.x - x, zone.y - y)
            if d == 0 or d > 260:
                continue
            ux, uy = (zone.x - x) / d, (zone.y - y) / d
            gap = DISC.radius + radius(inspector)
            out.append((x - ux * gap, y - uy * gap, 2.0 * d, 6.0 - d / 100))
    return out


def _plan_candidates(
    state: Mapping[str, Any], side: str, level: Level, rng: random.Random, clean_count: int, knock_count: int
) -> tuple[list[Scored], list[dict[str, Any]]]:
    """Clean shots valued without simulating (up to ``clean_count``), and up to
    ``knock_count`` shots to simulate: half of them knocks, by priority, and half
    placements whose path is blocked (they may push through), the most valuable places
    first; either half takes what the other leaves."""
    options = shooters(state, side)
    points = place_points(side)
    placements = [(s, p) for s in options for p in points]
    rng.shuffle(placements)
    placements = placements[:clean_count]
    scored: list[Scored] = []
    blocked: list[tuple[float, int, dict[str, Any]]] = []
    for shooter, (x, y) in placements:
        action = shot_action(shooter, *aim_at(_start(state, shooter), x, y))
        result = clean_result(state, side, action)
        if result is None:
            place = disc_points(shooter.piece, x, y, state["options"])
            blocked.append((place + rng.random(), len(blocked), action))
            continue
        worth, after = value(state, side, action, result, level)
        scored.append((worth, len(scored), action, after))
    knocks: list[tuple[float, int, dict[str, Any]]] = []
    for x, y, extra, priority in knock_aims(state, side):
        for shooter in options:
            dist = math.hypot(x - shooter.x, y - shooter.y)
            if dist < 1.0:
                continue
            action = shot_action(shooter, *aim_at(_start(state, shooter), x, y, extra))
            knocks.append((priority - dist / 400 + rng.random() * 0.3, len(knocks), action))
    knocks.sort(key=lambda item: (-item[0], item[1]))
    blocked.sort(key=lambda item: (-item[0], item[1]))
    pushes = min(len(blocked), knock_count // 2)
    hits = min(len(knocks), knock_count - pushes)
    pushes = min(len(blocked), knock_count - hits)
    to_simulate = [action for _, _, action in knocks[:hits]] + [action for _, _, action in blocked[:pushes]]
    return scored, to_simulate


def _evaluate_any(
    state: Mapping[str, Any],
    side: str,
    actions: list[dict[str, Any]],
    level: Level,
    deadline: float,
    mapper: Mapper | None,
    scored: list[Scored],
) -> None:
    """Value each action: clean ones without simulating, the others simulated."""
    sims = []
    for action in actions:
        result = clean_result(state, side, action)
        if result is None:
            sims.append(action)
            continue
        worth, after = value(state, side, action, result, level)
        scored.append((worth, len(scored), action, after))
    batch = 1 if mapper is None else max(1, len(sims))
    _evaluate(state, side, sims, level, deadline, mapper, batch, scored)


def _clear_except(
    pos: Mapping[str, list[float]],
    skip: tuple[str, ...],
    r: float,
    x0: float,
    y0: float,
    x1: float,
    y1: float,
) -> bool:
    """No piece but ``skip`` within reach of a disc of radius ``r`` going from (x0, y0) to (x1, y1)."""
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    for piece, (px, py) in pos.items():
        if piece in skip:
            continue
        reach = r + radius(piece) + CLEAN_MARGIN
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x0) * dx + (py - y0) * dy) / length2))
        cx, cy = x0 + t * dx - px, y0 + t * dy - py
        if cx * cx + cy * cy < reach * reach:
            return False
    return True


def _reply_points(side: str) -> list[tuple[float, float, int]]:
    """The places a reply most wants to reach: the zone (5) and the 3-point sectors."""
    zone = SIDES[side].zone
    out = [(zone.x, zone.y, SAFE_RETURN_POINTS)]
    for k in range(8):
        a = 2 * math.pi * k / 8
        out.append((zone.x + 24 * math.cos(a), zone.y + 24 * math.sin(a), SAFE_RETURN_POINTS))
    for sector in SECTORS:
        if sector.scores_for == side and sector.points >= 3:
            rect = sector.rect
            out.append(((rect.x0 + rect.x1) / 2, (rect.y0 + rect.y1) / 2, sector.points))
    return out


def reply_threat(after: Mapping[str, Any], side: str) -> float:
    """What the opponent's next shot can most easily gain, read from the position without
    simulating: a scoring disc of ``side``'s that one of his shooters reaches in a straight
    clear line (most of its points) or an inspector he can push straight into ``side``'s
    zone while discs lie there (most of their points), whichever is more; plus half the
    points of a clear path to his own zone or a 3-point sector. 0 when he has no shot next."""
    if after["phase"] == rules.OVER:
        return 0.0
    them = other(side)
    if after["phase"] == rules.TURN and after["to_move"] != them:
        return 0.0
    attackers = shooters(after, them)
    if not attackers:
        return 0.0
    pos = after["pos"]
    options = after["options"]
    best = 0.0
    r = DISC.radius
    mine = [
        (p, pos[p][0], pos[p][1], disc_points(p, pos[p][0], pos[p][1], options))
        for p in SIDE_DISCS[side]
        if p in pos
    ]
    for piece, x, y, worth in sorted(mine, key=lambda item: -item[3]):
        if worth <= best:
            break
        if any(_clear_except(pos, (piece, s.piece), r, s.x, s.y, x, y) for s in attackers):
            best = max(best, KNOCK_SURE * worth)
    zone = SIDES[side].zone
    held = sum(worth for _, x, y, worth in mine if math.hypot(x - zone.x, y - zone.y) < zone.r + r)
    if held * CAPTURE_SURE > best:
        for inspector in INSPECTORS:
            if inspector not in pos:
                continue
            ix, iy = pos[inspector]
            d = math.hypot(zone.x - ix, zone.y - iy)
            if d == 0 or d > 200:
                continue
            ux, uy = (zone.x - ix) / d, (zone.y - iy) / d
            gx, gy = ix - ux * (r + radius(inspector)), iy - uy * (r + radius(inspector))
            for s in attackers:
                sx, sy = gx - s.x, gy - s.y
                length = math.hypot(sx, sy)
                if length == 0 or (sx * ux + sy * uy) / length < 0.9:
                    continue
                if _clear_except(pos, (inspector, s.piece), r, s.x, s.y, gx, gy):
                    best = max(best, CAPTURE_SURE * held)
                    break
    gain = 0.0
    for x, y, points in _reply_points(them):
        if points <= gain:
            continue
        if any(_clear_except(pos, (s.piece,), r, s.x, s.y, x, y) for s in attackers):
            gain = float(points)
    return best + PLACE_SURE * gain


def plan_shot(
    state: Mapping[str, Any],
    side: str,
    level: Level,
    rng: random.Random,
    deadline: float,
    mapper: Mapper | None = None,
) -> dict[str, Any]:
    """The expert level's shot: many clean shots valued exactly, ``level.trials`` knocks and
    ``level.refine`` refinements simulated, then the best ``level.replies`` judged against
    what the opponent's next shot can most easily gain (:func:`reply_threat`)."""
    options = shooters(state, side)
    if not options:
        raise ValueError("no legal shot")
    scored, sims = _plan_candidates(state, side, level, rng, level.plan, level.trials)
    batch = 1 if mapper is None else max(1, len(sims))
    _evaluate(state, side, sims, level, deadline, mapper, batch, scored)
    if not scored:
        return sims[0] if sims else shot_action(options[0], *aim_at(_start(state, options[0]), 210.0, 300.0))
    scored.sort(key=lambda item: (-item[0], item[1]))
    if level.refine:
        best = [action for _, _, action, _ in scored[:3]]
        more = []
        for i in range(level.refine):
            base = best[i % len(best)]
            angle = (base["angle"] + rng.randint(-8, 8)) % ANGLE_UNITS
            power = min(POWER_MAX, max(1, base["power"] + rng.randint(-15, 15)))
            more.append({**base, "angle": angle, "power": power})
        _evaluate_any(state, side, more, level, deadline, mapper, scored)
        scored.sort(key=lambda item: (-item[0], item[1]))
    if not level.replies:
        return scored[0][2]
    judged = [
        (own - reply_threat(after, side), order, action)
        for own, order, action, after in scored[: level.replies]
    ]
    judged.sort(key=lambda item: (-item[0], item[1]))
    return judged[0][2]
