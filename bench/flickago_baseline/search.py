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

from bench.flickago_baseline.levels import Level
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
from engine.flickago.physics import ShotResult
from engine.flickago.pieces import INSPECTORS, SIDE_DISCS, kind_of, other, radius, side_of
from engine.flickago.scoring import disc_points

Mapper = Callable[[Callable[[SimJob], ShotResult], list[SimJob]], Iterable[ShotResult]]
ELIMINATED_OWN = 0.6  # a disc of its own lost (beyond the points it had)
ELIMINATED_OTHER = 0.4
SPARE_FLICK = 0.5  # a Family disc that can still be flicked again
EDGE_MARGIN = 20.0  # mm: a disc this close to an edge is easily knocked off
THREAT_MARGIN = 60.0  # mm: an inspector this close to a zone is easily knocked into it
REPLY_TOP = 4  # how many of the best shots are tried against opponent replies

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
    for discs lost and spare flicks (and, at the levels that look ahead, exposure)."""
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
