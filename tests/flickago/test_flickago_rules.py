"""One test (or a few) per rule of spec sections 4-7: each a state and a shot."""

from __future__ import annotations

import pytest
from flickago_helpers import SEED, outcome, state_with

from engine.errors import GameOver, IllegalAction, InvalidAction, NotYourTurn
from engine.flickago import rules
from engine.flickago.scoring import score
from engine.rng import Rng

# -- setup (section 4) ---------------------------------------------------------------------


def test_setup_inspectors_on_stars_every_disc_in_reserve() -> None:
    state, _ = rules.new_state(SEED, {"first_player": "host"})
    assert state["pos"] == {"I1": [90.0, 300.0], "I2": [210.0, 300.0], "I3": [330.0, 300.0]}
    assert len(state["reserve"]["w"]) == len(state["reserve"]["b"]) == 12
    assert state["to_move"] == "w" and state["phase"] == "turn" and state["rng"]["counter"] == 0


def test_first_player_is_one_below_2_draw() -> None:
    state, host_white = rules.new_state(SEED)
    assert state["rng"]["counter"] == 1
    assert host_white == (Rng(SEED).below(2) == 0)
    _, host_white_host = rules.new_state(SEED, {"first_player": "host"})
    assert host_white_host


# -- 5.1 returns ------------------------------------------------------------------------------


def test_return_a_disc_touching_own_zone() -> None:
    state = state_with({"wT3": [210.0, 490.0], "wT1": [100.0, 450.0]})  # Z.N (210, 450) r 32
    assert rules.returnable(state) == ["wT3"]
    step = rules.apply_return(state, "w", "wT3")
    assert "wT3" not in step.state["pos"] and "wT3" in step.state["reserve"]["w"]
    assert step.state["flicks"]["wT3"] == 0 and step.state["returns"] == ["wT3"]
    assert step.event == {"ply": 11, "side": "w", "return": "wT3"}
    assert step.state["reserve"]["w"] == sorted(step.state["reserve"]["w"], key=rules.ORDER.__getitem__)


def test_no_return_when_an_inspector_touches_the_zone() -> None:
    state = state_with({"wT3": [210.0, 490.0], "I2": [210.0, 400.0]})  # I2 touches: 50 < 52
    assert rules.returnable(state) == []
    with pytest.raises(IllegalAction, match="inspector"):
        rules.apply_return(state, "w", "wT3")


def test_no_return_from_the_other_zone_or_of_the_other_side() -> None:
    state = state_with({"wT3": [210.0, 150.0], "bT1": [210.0, 480.0]})
    assert rules.returnable(state) == []
    with pytest.raises(IllegalAction):
        rules.apply_return(state, "w", "wT3")
    with pytest.raises(IllegalAction):
        rules.apply_return(state, "w", "bT1")


def test_returned_family_reset_and_stays_flipped() -> None:
    pos = {"wF1": [200.0, 450.0], "wF2": [230.0, 470.0]}
    flicks = {"wF1": 2, "wF2": 1}
    reset = state_with(pos, flicks=flicks)
    assert rules.returnable(reset) == ["wF1", "wF2"]
    assert rules.apply_return(reset, "w", "wF1").state["flicks"]["wF1"] == 0
    kept = state_with(pos, flicks=flicks, options={"returned_family": "stays_flipped"})
    assert rules.returnable(kept) == ["wF2"]
    with pytest.raises(IllegalAction, match="face down"):
        rules.apply_return(kept, "w", "wF1")
    back = rules.apply_return(kept, "w", "wF2").state
    assert back["flicks"]["wF2"] == 1
    # launched again it gets its second flick: face down at once
    step = outcome(back, "wF2@F1 900/300", {"wF2": [178.0, 120.0]})
    assert step.state["flicks"]["wF2"] == 2 and step.event["resolution"]["flipped"] == "wF2"


# -- 5.2 the shot -----------------------------------------------------------------------------


def test_launch_needs_a_free_point_of_its_kind() -> None:
    state = state_with({"bT1": [146.0, 60.0]})  # 28 from T1 (146, 32): exactly touching, free
    assert ("wT1", "T1") in rules.launches(state, "w")
    with pytest.raises(IllegalAction, match="T point"):
        rules.prepare_shot(state, "w", {"type": "shot", "piece": "wT1", "from": "F1", "angle": 0, "power": 5})
    blocked = state_with({"bT1": [146.0, 59.9]})
    assert ("wT1", "T1") not in rules.launches(blocked, "w")
    with pytest.raises(IllegalAction, match="not free"):
        rules.prepare_shot(
            blocked, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 0, "power": 5}
        )


def test_reflick_a_family_disc_once_then_face_down() -> None:
    state = state_with({"wF1": [178.0, 200.0], "wT1": [146.0, 200.0]})
    assert rules.reflickable(state, "w") == ["wF1"]
    step = rules.shoot(state, "w", {"type": "shot", "piece": "wF1", "from": None, "angle": 900, "power": 300})
    assert step.event["resolution"]["flipped"] == "wF1" and step.state["flicks"]["wF1"] == 2
    assert "wF1" not in rules.reflickable(step.state, "w")
    again = {**step.state, "to_move": "w"}
    with pytest.raises(IllegalAction, match="face down"):
        rules.prepare_shot(
            again, "w", {"type": "shot", "piece": "wF1", "from": None, "angle": 900, "power": 300}
        )
    with pytest.raises(IllegalAction, match="Killer"):
        rules.prepare_shot(
            state, "w", {"type": "shot", "piece": "wT1", "from": None, "angle": 900, "power": 300}
        )


def test_angle_and_power_ranges_and_turn_order() -> None:
    state = state_with()
    for angle, power in ((3600, 10), (-1, 10), (0, 0), (0, 1001)):
        with pytest.raises(InvalidAction):
            rules.prepare_shot(
                state, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": angle, "power": power}
            )
    with pytest.raises(NotYourTurn):
        rules.prepare_shot(
            state, "b", {"type": "shot", "piece": "bT1", "from": "T1", "angle": 0, "power": 10}
        )
    with pytest.raises(IllegalAction, match="not yours"):
        rules.prepare_shot(
            state, "w", {"type": "shot", "piece": "bT1", "from": "T1", "angle": 0, "power": 10}
        )


def test_jitter_draws_six_values_in_order() -> None:
    state = state_with(options={"jitter": "on"})
    prepared = rules.prepare_shot(
        state, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 5, "power": 998}
    )
    rng = Rng(state["rng"]["seed"], state["rng"]["counter"])
    e_a = rng.below(11) + rng.below(11) + rng.below(11) - 15
    e_p = rng.below(41) + rng.below(41) + rng.below(41) - 60
    assert prepared.applied == {
        "angle": (5 + e_a) % 3600,
        "power": min(1000, (998 * (1000 + e_p) + 500) // 1000),
    }
    assert prepared.rng["counter"] == state["rng"]["counter"] + 6
    step = rules.shoot(state, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 5, "power": 998})
    assert step.event["applied"] == prepared.applied and step.event["shot"]["angle"] == 5
    assert step.state["rng"]["counter"] == state["rng"]["counter"] + 6


# -- 5.4 resolution -------------------------------------------------------------------------


def test_a_disc_that_falls_off_the_table_is_eliminated() -> None:
    state = state_with(to_move="b")
    step = rules.shoot(
        state, "b", {"type": "shot", "piece": "bT1", "from": "T1", "angle": 900, "power": 1000}
    )
    assert step.event["falls"] == [["bT1", 56]]
    assert step.event["resolution"]["eliminated"] == [["bT1", "off"]] and "bT1" in step.state["eliminated"]


def test_almost_off_the_board_stays_in_play() -> None:
    state = state_with({"wT2": [200.0, 100.0]})
    sliver = outcome(state, "wT1@T1 1800/500", {"wT1": [-13.9, 100.0]})
    assert sliver.event["resolution"]["removed"] == []
    off = outcome(state, "wT1@T1 1800/500", {"wT1": [-14.0, 100.0]})
    assert off.event["resolution"]["eliminated"] == [["wT1", "off"]]
    centre = state_with({"wT2": [200.0, 100.0]}, options={"off_board": "centre_out"})
    assert outcome(centre, "wT1@T1 1800/500", {"wT1": [-0.001, 100.0]}).event["resolution"]["removed"] == [
        "wT1"
    ]
    assert outcome(centre, "wT1@T1 1800/500", {"wT1": [0.0, 100.0]}).event["resolution"]["removed"] == []


def test_opposing_hq_elimination_and_its_options() -> None:
    state = state_with()
    into = rules.shoot(state, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 900, "power": 760})
    assert into.event["rest"]["wT1"] == [146.0, 557.479]
    assert into.event["resolution"]["eliminated"] == [["wT1", "hq"]]
    edge = {"type": "shot", "piece": "wT1", "from": "T1", "angle": 900, "power": 740}
    assert rules.shoot(state, "w", edge).event["resolution"]["removed"] == []  # (146, 530.22)
    overlap = state_with(options={"hq_elimination": "overlap"})
    assert rules.shoot(overlap, "w", edge).event["resolution"]["eliminated"] == [["wT1", "hq"]]
    inside = state_with(options={"hq_elimination": "inside"})
    assert outcome(inside, "wT1@T1 900/700", {"wT1": [143.9, 560.0]}).event["resolution"]["removed"] == []
    assert outcome(inside, "wT1@T1 900/700", {"wT1": [144.0, 560.0]}).event["resolution"]["removed"] == [
        "wT1"
    ]
    own = outcome(state, "wT1@T1 900/100", {"wT1": [146.0, 40.0]})
    assert own.event["resolution"]["removed"] == []  # a disc in its own HQ stays


def test_capture_in_a_zone_and_automatic_replacement() -> None:
    state = state_with({"wF1": [180.0, 470.0]})
    step = rules.shoot(state, "w", {"type": "shot", "piece": "wT2", "from": "T2", "angle": 900, "power": 900})
    res = step.event["resolution"]
    assert res["removed"] == ["wF1", "I2"] and res["eliminated"] == [["wF1", "capture"]]
    assert res["inspectors"] == [["I2", "S2", "auto"]]  # S1 and S3 hold I1 and I3
    assert step.state["pos"]["I2"] == [210.0, 300.0] and step.state["last_mover"] == {"I2": "w"}
    assert step.state["phase"] == "turn" and step.state["to_move"] == "b"


def test_an_inspector_alone_in_a_zone_stays() -> None:
    state = state_with()
    step = outcome(state, "wT1@T1 900/500", {"wT1": [146.0, 200.0], "I2": [210.0, 430.0]})
    assert step.event["resolution"]["removed"] == [] and step.state["pos"]["I2"] == [210.0, 430.0]


def test_the_chooser_places_when_two_stars_are_free() -> None:
    state = state_with({"bT2": [250.0, 150.0]}, waiting=("I1",))
    step = outcome(state, "wT1@T1 900/500", {"wT1": [146.0, 200.0], "I2": [210.0, 200.0]})
    res = step.event["resolution"]
    assert res["removed"] == ["bT2", "I2"] and res["eliminated"] == [["bT2", "capture"]]
    assert res["inspectors"] == [["I1", None, "b"], ["I2", None, None]]
    after = step.state
    assert (
        after["phase"] == "place_inspector" and after["to_move"] == "b" and after["waiting"] == ["I1", "I2"]
    )
    assert rules.legal(after) == ["I1>S1", "I1>S2"]
    with pytest.raises(IllegalAction):
        rules.apply_place(after, "b", "I2", "S1")
    with pytest.raises(IllegalAction):
        rules.apply_return(after, "b", "bT1")
    placed = rules.apply_place(after, "b", "I1", "S2")
    assert placed.event == {"ply": 11, "inspectors": [["I1", "S2", "b"], ["I2", "S1", "auto"]]}
    assert (
        placed.state["phase"] == "turn" and placed.state["to_move"] == "b" and placed.state["waiting"] == []
    )


def test_no_free_star_the_inspector_waits_and_is_tried_after_later_shots() -> None:
    crowd = {"bT1": [90.0, 330.0], "bT2": [210.0, 330.0], "bT3": [330.0, 330.0]}
    state = state_with(crowd, waiting=("I2",))
    step = outcome(state, "wT1@T1 900/300", {"wT1": [146.0, 150.0]})
    assert step.event["resolution"]["inspectors"] == [["I2", None, None]]
    assert step.state["waiting"] == ["I2"] and step.state["phase"] == "turn"
    freed = outcome(step.state, "bT4@T1 2700/300", {"bT4": [274.0, 450.0], "bT2": [210.0, 380.0]})
    assert freed.event["resolution"]["inspectors"] == [["I2", "S2", "auto"]]
    assert freed.state["waiting"] == [] and freed.state["pos"]["I2"] == [210.0, 300.0]


def test_an_inspector_knocked_off_is_set_aside() -> None:
    state = state_with({"I1": [20.0, 300.0]})
    step = outcome(state, "wT1@T1 900/300", {"wT1": [146.0, 150.0]}, falls=(("I1", 200),))
    assert step.event["resolution"]["removed"] == ["I1"] and step.event["resolution"]["eliminated"] == []
    assert step.event["resolution"]["inspectors"] == [["I1", "S1", "auto"]]


def test_resolution_order_off_then_hq_then_captures() -> None:
    removed, eliminated, aside = rules.resolve(
        {
            "I1": [200.0, 200.0],
            "I2": [210.0, 300.0],
            "I3": [260.0, 450.0],
            "wF1": [200.0, 450.0],
            "wT1": [146.0, 560.0],
            "wT2": [-20.0, 10.0],
            "bT1": [200.0, 160.0],
        },
        ["bT5"],
        rules.options_from(None),
    )
    assert removed == ["wT2", "bT5", "wT1", "bT1", "I1", "wF1", "I3"]
    assert eliminated == [
        ["wT2", "off"],
        ["bT5", "off"],
        ["wT1", "hq"],
        ["bT1", "capture"],
        ["wF1", "capture"],
    ]
    assert aside == ["I1", "I3"]


# -- 5.5 / 5.6 passes and the end -----------------------------------------------------------------


def test_a_side_without_a_legal_turn_passes_and_the_game_ends_when_neither_has_one() -> None:
    gone = tuple(f"b{k}{n}" for k, count in (("F", 5), ("T", 7)) for n in range(1, count + 1))
    state = state_with(eliminated=gone, shots=30)
    step = rules.shoot(state, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 900, "power": 300})
    assert step.passes == ({"ply": 32, "side": "b", "pass": True},)
    assert step.state["passes"] == 1 and step.state["to_move"] == "w" and step.state["phase"] == "turn"
    last = state_with(
        eliminated=gone + tuple(f"wT{n}" for n in range(2, 8)) + tuple(f"wF{n}" for n in range(1, 6))
    )
    end = rules.shoot(last, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 900, "power": 700})
    assert end.passes == () and end.state["phase"] == "over"
    assert end.state["result"] == {"score": {"w": 3, "b": 0}, "winner": "w", "reason": "score"}
    with pytest.raises(GameOver):
        rules.apply_action(end.state, {"type": "shot", "piece": "bT1", "from": "T1", "angle": 0, "power": 1})


def test_a_return_that_would_leave_no_shot_is_refused() -> None:
    # every White F point is blocked; wF1 (flicked once, in the zone) is White's only shot
    pos = {"wF1": [210.0, 450.0], "bT1": [178.0, 40.0], "bT2": [242.0, 40.0]}
    gone = tuple(f"wT{n}" for n in range(1, 8))
    state = state_with(pos, eliminated=gone)
    assert rules.launches(state, "w") == [] and rules.reflickable(state, "w") == ["wF1"]
    assert rules.returnable(state) == []
    with pytest.raises(IllegalAction, match="no legal shot"):
        rules.apply_return(state, "w", "wF1")


def test_max_shots_ends_the_game() -> None:
    state = state_with(options={"max_shots": 11}, shots=10)
    step = rules.shoot(state, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 900, "power": 700})
    assert step.state["phase"] == "over" and step.state["result"]["reason"] == "score"


def test_a_draw_on_equal_scores() -> None:
    state = state_with(options={"max_shots": 11}, shots=10)
    step = rules.shoot(state, "w", {"type": "shot", "piece": "wT1", "from": "T1", "angle": 900, "power": 300})
    assert step.state["result"] == {"score": {"w": 0, "b": 0}, "winner": None, "reason": "score"}


# -- 7 scoring ----------------------------------------------------------------------------------


OPTS = rules.options_from(None)


def test_disc_scores_own_zone_five_else_best_far_half_sector() -> None:
    assert score({"wT1": [210.0, 480.0]}, OPTS, {}) == {"w": 5, "b": 0}  # touches Z.N
    assert score({"wT1": [210.0, 150.0]}, OPTS, {}) == {"w": 0, "b": 0}  # Black's zone: nothing
    any_zone = {**OPTS, "safe_zone_points": "any"}
    assert score({"wT1": [210.0, 150.0]}, any_zone, {}) == {"w": 5, "b": 0}
    assert score({"wT1": [125.0, 505.0]}, OPTS, {}) == {"w": 3, "b": 0}  # N.W3 3, N.C3 2, N.W2 2
    assert score({"wT1": [60.0, 295.0]}, OPTS, {}) == {"w": 1, "b": 0}  # straddles the centre line
    assert score({"wT1": [60.0, 287.0]}, OPTS, {}) == {"w": 0, "b": 0}  # 15 mm short of N.W1
    assert score({"bT1": [400.0, 20.0]}, OPTS, {}) == {"w": 0, "b": 3}  # S.E3


def test_inspector_scoring_options() -> None:
    pos = {"I1": [60.0, 450.0]}  # N.W2: worth 2 to White under far_half
    assert score(pos, OPTS, {}) == {"w": 2, "b": 0}
    assert score(pos, {**OPTS, "inspector_points": "none"}, {}) == {"w": 0, "b": 0}
    last = {**OPTS, "inspector_points": "last_mover"}
    assert score(pos, last, {"I1": "w"}) == {"w": 2, "b": 0}
    assert score(pos, last, {"I1": "b"}) == {"w": 0, "b": 0}
    assert score({"I1": [60.0, 320.0]}, OPTS, {}) == {"w": 0, "b": 0}  # touches the centre line
    assert score({"I1": [200.0, 430.0]}, OPTS, {}) == {"w": 0, "b": 0}  # touches Z.N
    assert score({"I1": [-1.0, 450.0]}, OPTS, {}) == {"w": 0, "b": 0}  # centre off the board
    assert score({"I1": [5.0, 150.0]}, OPTS, {}) == {"w": 0, "b": 2}  # overhangs: S.W2 for Black
