"""Section 3: the simulation, its conformance vector, keyframes, falls and the cap."""

from __future__ import annotations

import math

import pytest

from engine.flickago.data import CONFORMANCE, SIDES, STARS
from engine.flickago.physics import (
    MAX_STEPS,
    Shot,
    frame_time_ms,
    shot_velocity,
    simulate,
)

STAR_POS = {f"I{i + 1}": (float(x), float(y)) for i, (x, y) in enumerate(STARS.values())}


def conformance_result() -> dict[str, object]:
    start = {p: (float(xy[0]), float(xy[1])) for p, xy in CONFORMANCE["start"].items()}
    piece, rest = CONFORMANCE["shot"].split("@")
    point_id, numbers = rest.split(" ")
    angle, power = (int(n) for n in numbers.split("/"))
    point = SIDES["w"].point(point_id)
    assert point is not None
    return simulate(start, Shot(piece, (point.x, point.y), angle, power)).to_dict()


def test_conformance_vector_is_reproduced_exactly() -> None:
    out = conformance_result()
    assert out["sim"] == {"steps": CONFORMANCE["steps"], "capped": False}
    frames = out["keyframes"]
    assert isinstance(frames, list)
    assert len(frames) == CONFORMANCE["keyframes"]
    assert [f[0] for f in frames] == [frame_time_ms(16 * k) for k in range(1, 23)] + [744]
    assert out["rest"] == CONFORMANCE["rest"]
    assert out["falls"] == []
    assert frames[0] == [33, [["wT1", 1508, 821]]]
    assert frames[-1] == [
        744,
        [
            ["I1", 900, 3000],
            ["I2", 2100, 3000],
            ["I3", 3300, 3000],
            ["wT1", 786, 5256],
            ["bF1", 2524, 5113],
            ["bT1", 1863, 4369],
            ["bT2", 3097, 4204],
        ],
    ]


def test_spec_example_shot_off_its_own_edge() -> None:
    """Section 10's example: White's wT2@T2 900/500, then Black's bT1@T1 900/1000 off the edge."""
    first = simulate(STAR_POS, Shot("wT2", (210.0, 32.0), 900, 500))
    assert first.rest["wT2"] == [210.0, 259.734]
    positions = {p: (xy[0], xy[1]) for p, xy in first.rest.items()}
    second = simulate(positions, Shot("bT1", (274.0, 568.0), 900, 1000)).to_dict()
    assert second == {
        "sim": {"steps": 56, "capped": False},
        "keyframes": [
            [33, [["bT1", 2740, 6222]]],
            [67, [["bT1", 2740, 6748]]],
            [100, [["bT1", 2740, 7257]]],
            [117, [["I1", 900, 3000], ["I2", 2100, 3000], ["I3", 3300, 3000], ["wT2", 2100, 2597]]],
        ],
        "falls": [["bT1", 56]],
        "rest": {"I1": [90.0, 300.0], "I2": [210.0, 300.0], "I3": [330.0, 300.0], "wT2": [210.0, 259.734]},
    }


def test_velocity_is_computed_as_the_spec_writes_it() -> None:
    theta = 845 * math.pi / 1800
    speed = 1650 * 930 / 1000
    assert shot_velocity(845, 930) == (speed * math.cos(theta), speed * math.sin(theta))


def test_frame_times_round_half_up() -> None:
    assert [frame_time_ms(k) for k in (16, 32, 357, 4800)] == [33, 67, 744, 10000]


def test_a_frame_every_16_steps_and_the_rest_frame_lists_every_body() -> None:
    out = simulate(STAR_POS, Shot("wT1", (146.0, 32.0), 900, 300))
    assert len(out.keyframes) == math.ceil(out.steps / 16)
    assert [f[0] for f in out.keyframes[:-1]] == [frame_time_ms(16 * k) for k in range(1, len(out.keyframes))]
    assert [e[0] for e in out.keyframes[-1][1]] == ["I1", "I2", "I3", "wT1"]
    # frames before the last list only the moving disc
    assert all([e[0] for e in f[1]] in (["wT1"], []) for f in out.keyframes[:-1])


def test_the_cap_stops_a_shot_and_marks_it() -> None:
    out = simulate(STAR_POS, Shot("wT1", (146.0, 32.0), 900, 1000), max_steps=40)
    assert out.steps == 40 and out.capped
    assert len(out.keyframes) == 3  # steps 16, 32 and the rest frame at 40
    assert MAX_STEPS == 4800


def test_a_body_that_falls_leaves_the_frames_and_the_rest() -> None:
    out = simulate(STAR_POS, Shot("wT1", (146.0, 32.0), 2700, 1000))
    assert out.falls and out.falls[0][0] == "wT1"
    step = out.falls[0][1]
    assert "wT1" not in out.rest
    for frame in out.keyframes:
        if frame[0] >= frame_time_ms(step):
            assert all(entry[0] != "wT1" for entry in frame[1])


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        simulate(STAR_POS, Shot("wT9", (146.0, 32.0), 0, 10))
    with pytest.raises(ValueError):
        simulate(STAR_POS, Shot("wT1", None, 0, 10))
