"""The shot simulation of spec section 3: a fresh pymunk space per shot, a fixed step, the
canonical body order, the constant-deceleration velocity function, leaving the table, the
rest test and the keyframes.

:func:`simulate` is pure (positions and a shot in, a :class:`ShotResult` out) and holds no
state between calls, so the server may run it in a process pool and store what it returns.
Every number comes from the data pack.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

import pymunk
from pymunk._chipmunk_cffi import lib as _lib

from engine.flickago.data import ANGLE_UNITS, PHYSICS, POWER_MAX, SIDES, TABLE, V_MAX
from engine.flickago.pieces import CANONICAL, ORDER, physical

STEPS_PER_SECOND: Final[int] = PHYSICS["steps_per_second"]
DT: Final[float] = 1 / STEPS_PER_SECOND
MAX_STEPS: Final[int] = PHYSICS["max_steps"]
FRAME_EVERY: Final[int] = PHYSICS["keyframe_every_steps"]
STILL_BELOW: Final[float] = PHYSICS["still_below"]
DECIMALS: Final[int] = PHYSICS["rest_position_decimals"]
ENGINE_VERSION: Final[str] = PHYSICS["engine_version"]
HALF_TURN: Final[int] = ANGLE_UNITS // 2

Positions = Mapping[str, tuple[float, float]]
Frame = list[Any]  # [t_ms, [[id, x_tenths, y_tenths], ...]]


@dataclass(frozen=True, slots=True)
class Shot:
    """What is simulated: the disc, where it starts, and the applied angle and power.

    ``origin`` is the launch point for a disc launched from the reserve, ``None`` for a disc
    shot from where it lies (a re-flick)."""

    piece: str
    origin: tuple[float, float] | None
    angle: int
    power: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "piece": self.piece,
            "origin": None if self.origin is None else [float(self.origin[0]), float(self.origin[1])],
            "angle": self.angle,
            "power": self.power,
        }


@dataclass(frozen=True, slots=True)
class ShotResult:
    """A simulated shot: what the shot event stores (spec section 10) plus the input's key."""

    steps: int
    capped: bool
    keyframes: list[Frame]
    falls: list[list[Any]]  # [[id, step], ...]
    rest: dict[str, list[float]]  # id -> [x, y], rounded, canonical order
    key: str  # sha256 of the simulated input (positions, shot, cap)

    def to_dict(self) -> dict[str, Any]:
        """The four keys the shot event and ``python -m engine.flickago simulate`` hold."""
        return {
            "sim": {"steps": self.steps, "capped": self.capped},
            "keyframes": self.keyframes,
            "falls": self.falls,
            "rest": self.rest,
        }


def frame_time_ms(step: int) -> int:
    """A frame's time: (k * 1000 + 240) div 480, i.e. milliseconds rounded half up."""
    return (step * 1000 + STEPS_PER_SECOND // 2) // STEPS_PER_SECOND


def shot_velocity(angle: int, power: int) -> tuple[float, float]:
    """The launch velocity, exactly as spec section 3 writes it (left to right, floats)."""
    theta = angle * math.pi / HALF_TURN  # 1800: tenths of a degree to radians
    speed = V_MAX * power / POWER_MAX  # 1000
    return (speed * math.cos(theta), speed * math.sin(theta))


def input_key(positions: Positions, shot: Shot, max_steps: int) -> str:
    """A digest of everything the simulation depends on (besides the pymunk build)."""
    payload = {
        "pos": {p: [float(positions[p][0]), float(positions[p][1])] for p in CANONICAL if p in positions},
        "shot": shot.to_dict(),
        "max_steps": max_steps,
        "physics": ENGINE_VERSION,
    }
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


VelocityFunc = Callable[[pymunk.Body, tuple[float, float], float, float], None]


def _velocity_func(deceleration: float) -> VelocityFunc:
    """Constant deceleration, then a dead stop; no spin (spec section 3, verbatim)."""

    def velocity_func(body: pymunk.Body, gravity: tuple[float, float], damping: float, dt: float) -> None:
        v = body.velocity
        loss = deceleration * dt
        speed = v.length
        body.velocity = (0.0, 0.0) if speed <= loss else v * ((speed - loss) / speed)
        body.angular_velocity = 0.0

    return velocity_func


def _new_space() -> pymunk.Space:
    space = pymunk.Space()
    space.gravity = (PHYSICS["gravity"][0], PHYSICS["gravity"][1])
    space.damping = PHYSICS["space_damping"]
    space.iterations = PHYSICS["iterations"]
    space.collision_slop = PHYSICS["collision_slop"]
    return space


def _add_body(space: pymunk.Space, piece: str, x: float, y: float) -> tuple[pymunk.Body, VelocityFunc]:
    kind = physical(piece)
    body = pymunk.Body(kind.mass, pymunk.moment_for_circle(kind.mass, 0, kind.radius))
    body.position = (x, y)
    func = _velocity_func(kind.deceleration)
    body.velocity_func = func
    shape = pymunk.Circle(body, kind.radius)
    shape.elasticity = kind.elasticity
    shape.friction = kind.friction
    space.add(body, shape)
    return body, func


_get_position = _lib.cpBodyGetPosition
_get_velocity = _lib.cpBodyGetVelocity
_get_angular = _lib.cpBodyGetAngularVelocity


class _Live:
    """A body in the space, and which velocity function it runs.

    The spec's velocity function runs in Python for every body at every step, which is most
    of a shot's cost. A body whose velocity and spin are both exactly zero at the end of a
    step gets Chipmunk's own ``cpBodyUpdateVelocity`` for the next step instead: with no
    gravity, no damping (factor 1) and no force, it leaves v = 0 and w = 0 unchanged, which
    is what the spec's function gives for such a body, bit for bit. The body gets the spec's
    function back as soon as a step leaves it moving (a collision during the solve). So the
    result is identical (tests/flickago compare with a plain implementation of section 3),
    and bodies at rest cost nothing in Python.
    """

    __slots__ = ("body", "cbody", "func", "piece", "resting")

    def __init__(self, piece: str, body: pymunk.Body, func: VelocityFunc) -> None:
        self.piece = piece
        self.body = body
        self.cbody = body._body
        self.func = func
        self.resting = False

    def wake(self) -> None:
        """Back to the spec's velocity function."""
        self.body.velocity_func = self.func
        self.resting = False

    def rest(self) -> None:
        """Chipmunk's own velocity function (v = 0 and w = 0 stay 0)."""
        self.body.velocity_func = pymunk.Body.update_velocity
        self.resting = True


def _tenths(body: pymunk.Body) -> tuple[int, int]:
    p = body.position
    return (round(10 * p.x), round(10 * p.y))


def _off_table(x: float, y: float) -> bool:
    return x < TABLE.x0 or x > TABLE.x1 or y < TABLE.y0 or y > TABLE.y1


def as_shot(shot: Shot | Mapping[str, Any]) -> Shot:
    """A :class:`Shot` from itself or from a shot object ``{"piece", "from", "angle",
    "power"}`` (the angle and power to simulate, i.e. the applied ones under jitter)."""
    if isinstance(shot, Shot):
        return shot
    piece, origin = str(shot["piece"]), shot.get("from")
    start = None
    if origin is not None:
        side = SIDES.get(piece[:1])
        point = None if side is None else side.point(str(origin))
        if point is None:
            raise ValueError(f"{origin} is not a launch point of {piece}")
        start = (float(point.x), float(point.y))
    return Shot(piece, start, int(shot["angle"]), int(shot["power"]))


def simulate(
    pieces: Mapping[str, Any],
    shot: Shot | Mapping[str, Any],
    max_steps: int = MAX_STEPS,
    frames: bool = True,
) -> ShotResult:
    """Simulate ``shot`` from the pieces on the board (all at rest) to rest.

    ``pieces`` is a mapping id -> (x, y), or a state object (its ``pos`` is used); ``shot`` a
    :class:`Shot` or a shot object. ``max_steps`` caps the simulated time in steps of 1/480 s
    (the game uses the data pack's 4800; a bot's trial may use less). Pure and deterministic:
    a fresh space every call, so it can run in any process. ``frames=False`` skips the
    keyframes (a bot's trial shot needs only the rest positions).
    """
    positions: Mapping[str, Any] = pieces
    if "pos" in pieces:
        positions = pieces["pos"]
    shot = as_shot(shot)
    if shot.piece not in ORDER:
        raise ValueError(f"unknown piece {shot.piece!r}")
    if max_steps < 1:
        raise ValueError("max_steps must be at least 1")
    starts: dict[str, tuple[float, float]] = {p: (positions[p][0], positions[p][1]) for p in positions}
    if shot.origin is not None:
        if shot.piece in starts:
            raise ValueError(f"{shot.piece} is already on the board")
        starts[shot.piece] = shot.origin
    elif shot.piece not in starts:
        raise ValueError(f"{shot.piece} is not on the board")
    key = input_key(positions, shot, max_steps)

    space = _new_space()
    bodies = [
        _Live(piece, *_add_body(space, piece, *starts[piece])) for piece in CANONICAL if piece in starts
    ]
    for live in bodies:
        if live.piece == shot.piece:
            live.body.velocity = shot_velocity(shot.angle, shot.power)
    last = {live.piece: _tenths(live.body) for live in bodies}
    keyframes: list[Frame] = []
    falls: list[list[Any]] = []
    step = 0
    capped = False
    get_position, get_velocity, get_angular = _get_position, _get_velocity, _get_angular
    table_x0, table_y0, table_x1, table_y1 = TABLE.x0, TABLE.y0, TABLE.x1, TABLE.y1
    while True:
        space.step(DT)
        step += 1
        # 1. leaving the table (removed below, in canonical order); 2. rest, and the
        # velocity function each body needs for the next step (see _Live)
        fallen = []
        ended = True
        for live in bodies:
            cbody = live.cbody
            p = get_position(cbody)
            x, y = p.x, p.y
            if x < table_x0 or x > table_x1 or y < table_y0 or y > table_y1:
                fallen.append(live)
                continue
            v = get_velocity(cbody)
            vx, vy = v.x, v.y
            if vx == 0.0 and vy == 0.0 and get_angular(cbody) == 0.0:
                if not live.resting:
                    live.rest()
            else:
                if live.resting:
                    live.wake()
                if ended and not (-STILL_BELOW < vx < STILL_BELOW and -STILL_BELOW < vy < STILL_BELOW):
                    ended = False
        for live in fallen:
            space.remove(live.body, *live.body.shapes)
            bodies.remove(live)
            del last[live.piece]
            falls.append([live.piece, step])
        if not ended and step >= max_steps:
            ended = capped = True
            for live in bodies:
                live.body.velocity = (0.0, 0.0)
        # 3. keyframes
        if frames and (ended or step % FRAME_EVERY == 0):
            listed = []
            for live in bodies:
                now = _tenths(live.body)
                if ended or now != last[live.piece]:
                    listed.append([live.piece, now[0], now[1]])
                last[live.piece] = now
            keyframes.append([frame_time_ms(step), listed])
        if ended:
            break

    rest: dict[str, list[float]] = {}
    for live in bodies:
        p = live.body.position
        rest[live.piece] = [round(p.x, DECIMALS), round(p.y, DECIMALS)]
    return ShotResult(step, capped, keyframes, falls, rest, key)


def result_from_dict(data: Mapping[str, Any], key: str = "") -> ShotResult:
    """The inverse of :meth:`ShotResult.to_dict` (a stored shot event's four keys)."""
    sim = data["sim"]
    return ShotResult(
        steps=int(sim["steps"]),
        capped=bool(sim["capped"]),
        keyframes=[[frame[0], [list(entry) for entry in frame[1]]] for frame in data["keyframes"]],
        falls=[list(fall) for fall in data["falls"]],
        rest={piece: [float(xy[0]), float(xy[1])] for piece, xy in data["rest"].items()},
        key=key,
    )


def dt_text() -> str:
    """The step as the record writes it ("1/480")."""
    return str(Fraction(1, STEPS_PER_SECOND))
