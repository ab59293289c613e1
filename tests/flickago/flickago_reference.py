"""A plain implementation of spec section 3, written straight from the page and sharing no
code with ``engine.flickago.physics``: every body runs the spec's velocity function at every
step, through pymunk's public API only. The engine's simulation (which hands bodies at rest
to Chipmunk's own velocity function) must give the same bytes."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pymunk

DATA = json.loads((Path(__file__).resolve().parents[2] / "engine" / "flickago" / "data.json").read_text())
ORDER = (
    ["I1", "I2", "I3"]
    + [f"wF{i}" for i in range(1, 6)]
    + [f"wT{i}" for i in range(1, 8)]
    + [f"bF{i}" for i in range(1, 6)]
    + [f"bT{i}" for i in range(1, 8)]
)


def _kind(piece: str) -> dict[str, Any]:
    return DATA["pieces"]["inspector" if piece.startswith("I") else "disc"]


def reference_simulate(
    start: dict[str, tuple[float, float]], piece: str, angle: int, power: int, max_steps: int = 4800
) -> dict[str, Any]:
    """``start`` holds every body, the shot disc at its launch point included."""
    space = pymunk.Space()
    space.gravity = (0, 0)
    space.damping = 1.0
    space.iterations = 20
    space.collision_slop = 0.05
    bodies = {}
    for name in ORDER:
        if name not in start:
            continue
        kind = _kind(name)

        def velocity_func(
            body: pymunk.Body, gravity: Any, damping: float, dt: float, d: float = kind["deceleration"]
        ) -> None:
            v = body.velocity
            loss = d * dt
            speed = v.length
            body.velocity = (0.0, 0.0) if speed <= loss else v * ((speed - loss) / speed)
            body.angular_velocity = 0.0

        body = pymunk.Body(kind["mass"], pymunk.moment_for_circle(kind["mass"], 0, kind["radius"]))
        body.position = start[name]
        body.velocity_func = velocity_func
        shape = pymunk.Circle(body, kind["radius"])
        shape.elasticity = kind["elasticity"]
        shape.friction = kind["friction"]
        space.add(body, shape)
        bodies[name] = body
    theta = angle * math.pi / 1800
    speed = 1650 * power / 1000
    bodies[piece].velocity = (speed * math.cos(theta), speed * math.sin(theta))
    prev = {n: (round(10 * b.position.x), round(10 * b.position.y)) for n, b in bodies.items()}
    frames: list[Any] = []
    falls: list[Any] = []
    k = 0
    while True:
        space.step(1 / 480)
        k += 1
        for name in [
            n
            for n in bodies
            if not (-150 <= bodies[n].position.x <= 570 and -150 <= bodies[n].position.y <= 750)
        ]:
            space.remove(bodies[name], *bodies[name].shapes)
            del bodies[name], prev[name]
            falls.append([name, k])
        done = all(abs(b.velocity.x) < 1e-6 and abs(b.velocity.y) < 1e-6 for b in bodies.values())
        capped = not done and k >= max_steps
        if k % 16 == 0 or done or capped:
            listed = []
            for name, b in bodies.items():
                now = (round(10 * b.position.x), round(10 * b.position.y))
                if done or capped or now != prev[name]:
                    listed.append([name, now[0], now[1]])
                prev[name] = now
            frames.append([(k * 1000 + 240) // 480, listed])
        if done or capped:
            break
    return {
        "sim": {"steps": k, "capped": capped},
        "keyframes": frames,
        "falls": falls,
        "rest": {n: [round(b.position.x, 3), round(b.position.y, 3)] for n, b in bodies.items()},
    }
