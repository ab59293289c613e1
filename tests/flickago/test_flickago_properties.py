"""Properties over random shots, and determinism across processes (section 3)."""

from __future__ import annotations

import json
import math
import multiprocessing
import random
from typing import Any

import pytest
from flickago_helpers import CROWDED
from flickago_reference import reference_simulate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.flickago import FLICKAGO, rules
from engine.flickago.data import SIDES
from engine.flickago.physics import Shot, simulate
from engine.flickago.pieces import DISCS, INSPECTORS, radius
from engine.flickago.record import record, replay, verify

SLOP = 0.1  # mm: pymunk lets resting shapes overlap by its collision slop (0.05) at most


def check_invariants(state: dict[str, Any]) -> None:
    pos = state["pos"]
    for piece in DISCS:
        places = (piece in pos) + (piece in state["reserve"][piece[0]]) + (piece in state["eliminated"])
        assert places == 1, piece
    for inspector in INSPECTORS:
        assert (inspector in pos) + (inspector in state["waiting"]) == 1
    pieces = list(pos)
    for i, a in enumerate(pieces):
        for b in pieces[i + 1 :]:
            assert math.dist(pos[a], pos[b]) >= radius(a) + radius(b) - SLOP, (a, b)


shots = st.tuples(st.integers(0, 10_000), st.integers(0, 3599), st.integers(1, 1000), st.booleans())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(shots, min_size=1, max_size=6), st.integers(0, 3))
def test_random_shots_keep_the_invariants_and_replay_exactly(
    plan: list[tuple[int, int, int, bool]], variant: int
) -> None:
    options = [
        {},
        {"jitter": "on"},
        {"off_board": "centre_out", "hq_elimination": "overlap"},
        {"returned_family": "stays_flipped", "inspector_points": "last_mover"},
    ][variant]
    fresh = FLICKAGO.new_game("5a" * 32, options)
    stored = {
        **FLICKAGO.to_dict(fresh),
        "state": {**CROWDED, "options": fresh.state["options"], "rng": fresh.state["rng"]},
    }
    start = match = FLICKAGO.from_dict(stored)
    for pick, angle, power, reflick in plan:
        if FLICKAGO.result(match) is not None:
            break
        (seat,) = FLICKAGO.actors(match)
        choices = FLICKAGO.legal_actions(match, seat)
        wanted = [c for c in choices if c["type"] == "shot" and (c["from"] is None) == reflick]
        choice = (wanted or choices)[pick % len(wanted or choices)]
        if choice["type"] == "shot":
            choice = {**choice, "angle": angle, "power": power}
        match = FLICKAGO.apply(match, seat, choice).state
        check_invariants(match.state)
    # the stored turns alone rebuild the same state; simulating them again gives the same
    replayed, problems = replay(start, json.loads(json.dumps(list(match.turns))), resimulate=True)
    assert problems == []
    assert FLICKAGO.to_dict(replayed) == FLICKAGO.to_dict(match)


def test_engine_simulation_equals_the_plain_reference() -> None:
    rng = random.Random(11)
    pos = {p: (xy[0], xy[1]) for p, xy in CROWDED["pos"].items()}
    compared = 0
    for _ in range(25):
        side = rng.choice("wb")
        free = [(p, pt) for p, pt in rules.launches(CROWDED, side)]
        piece, point_id = rng.choice(free)
        point = SIDES[side].point(point_id)
        assert point is not None
        angle, power = rng.randrange(3600), rng.randint(1, 1000)
        ours = simulate(pos, Shot(piece, (float(point.x), float(point.y)), angle, power)).to_dict()
        theirs = reference_simulate({**pos, piece: (float(point.x), float(point.y))}, piece, angle, power)
        assert json.dumps(ours) == json.dumps(theirs)
        compared += 1
    assert compared == 25


def _simulate_bytes(args: tuple[dict[str, list[float]], str, str, int, int]) -> bytes:
    pos, piece, point, angle, power = args
    from engine.flickago.physics import simulate as sim

    return json.dumps(
        sim(pos, {"piece": piece, "from": point, "angle": angle, "power": power}).to_dict()
    ).encode()


def test_the_same_shot_in_two_processes_gives_identical_bytes() -> None:
    side = CROWDED["to_move"]
    piece, point = rules.launches(CROWDED, side)[0]
    jobs = [(CROWDED["pos"], piece, point, angle, 900) for angle in (700, 900, 1100)]
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        first = pool.map(_simulate_bytes, jobs)
    with context.Pool(1) as pool:
        second = pool.map(_simulate_bytes, jobs)
    here = [_simulate_bytes(job) for job in jobs]
    assert first == second == here
    assert any(b'"falls"' in b for b in here) and len(set(here)) == 3


@pytest.mark.slow
def test_many_random_games_keep_the_invariants_and_verify() -> None:
    for game in range(20):
        rng = random.Random(game)
        match = FLICKAGO.new_game(f"{game:064x}", {"jitter": "on" if game % 2 else "off"})
        while FLICKAGO.result(match) is None:
            (seat,) = FLICKAGO.actors(match)
            choices = FLICKAGO.legal_actions(match, seat)
            choice = rng.choice([c for c in choices if c["type"] == "shot"] or choices)
            if choice["type"] == "shot":
                choice = {**choice, "angle": rng.randrange(3600), "power": rng.randint(1, 1000)}
            match = FLICKAGO.apply(match, seat, choice).state
            check_invariants(match.state)
        assert verify(json.loads(json.dumps(record(match)))) == []
