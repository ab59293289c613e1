"""The error family (engine/errors.py) and the promise that a refused action changes
nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_helpers import random_game, start, state_of

from engine import errors
from engine.core import Result
from engine.speakeasy import SPEAKEASY
from engine.speakeasy.setup import opening_for


def snapshot(state: Any) -> str:
    return json.dumps(SPEAKEASY.to_dict(state), sort_keys=True)


def test_the_family_is_value_errors() -> None:
    for cls in (errors.InvalidAction, errors.IllegalAction, errors.NotYourTurn, errors.GameOver):
        assert issubclass(cls, errors.GameError)
        assert issubclass(cls, ValueError)


def refuse(state: Any, seat: Any, action: Any, expected: type[Exception]) -> str:
    before = snapshot(state)
    with pytest.raises(expected) as info:
        SPEAKEASY.apply(state, seat, action)
    assert snapshot(state) == before
    assert type(info.value) is expected
    return str(info.value)


PLAY = start(7, "speakeasy")
MOVER = PLAY.to_move


@pytest.mark.parametrize(
    "action",
    [
        None,
        "a6-a7",
        {},
        {"type": 3},
        {"type": "castle"},
        {"type": "move"},
        {"type": "move", "move": 12},
        {"type": "move", "move": "a6a7"},
        {"type": "move", "move": "a6-a6"},
        {"type": "move", "move": "z6-a7"},
        {"type": "move", "move": "a6-a7-a8"},
        {"type": "setup"},
    ],
)
def test_malformed_actions_are_invalid(action: Any) -> None:
    refuse(PLAY, MOVER, action, errors.InvalidAction)


@pytest.mark.parametrize("seat", [2, -1, True, "0", None])
def test_bad_seats_are_invalid(seat: Any) -> None:
    refuse(PLAY, seat, {"type": "move", "move": "a6-a7"}, errors.InvalidAction)


def test_out_of_turn() -> None:
    move = SPEAKEASY.legal_actions(PLAY, MOVER)[0]
    refuse(PLAY, MOVER ^ 1, move, errors.NotYourTurn)
    assert SPEAKEASY.legal_actions(PLAY, MOVER ^ 1) == []


def test_move_during_setup_and_setup_during_play() -> None:
    fresh = SPEAKEASY.new_game(1)
    refuse(fresh, 0, {"type": "move", "move": "a6-a7"}, errors.NotYourTurn)
    refuse(PLAY, MOVER, {"type": "setup", "position": opening_for("blitz", MOVER)}, errors.NotYourTurn)


def test_illegal_moves() -> None:
    st = state_of({"d1": "sS", "d12": "nS", "a3": "s5", "c4": "n2", "c3": "s8", "a1": "sB", "b1": "s4"})
    for move, reason in [
        ("b2-b3", "no piece on b2"),
        ("c4-c5", "no piece on c4"),
        ("a1-a2", "never moves"),
        ("d1-d2", "never moves"),
        ("c3-c4", "building"),
        ("b1-a1", "own piece"),
        ("a3-b2", "no line"),
        ("a3-e7", "no line"),
    ]:
        message = refuse(st, 0, {"type": "move", "move": move}, errors.IllegalAction)
        assert reason in message, (move, message)


def test_bar_exit_reason() -> None:
    st = state_of({"d1": "sS", "d12": "nS", "b1": "s4", "e2": "s3"}, preset="luzhanqi")
    message = refuse(st, 0, {"type": "move", "move": "b1-b2"}, errors.IllegalAction)
    assert "bar" in message


def test_after_the_end() -> None:
    game = random_game(3, "speakeasy")
    over = game.final
    assert over.result is not None
    for seat in (0, 1):
        refuse(over, seat, {"type": "move", "move": "a6-a7"}, errors.GameOver)
    with pytest.raises(errors.GameOver):
        SPEAKEASY.conclude(over, Result.win(0, "resign"))
    assert SPEAKEASY.legal_actions(over, over.to_move) == []


def test_conclude_from_outside() -> None:
    tr = SPEAKEASY.conclude(PLAY, Result.win(1, "resign"))
    assert tr.state.result == Result.win(1, "resign")
    assert [e.kind for e in tr.events] == ["end"]
    with pytest.raises(errors.InvalidAction):
        SPEAKEASY.conclude(PLAY, Result.win(1, "speakeasy"))
    with pytest.raises(ValueError):
        Result("win", "resign")  # a win needs a winner
    for bad in (Result.win(2, "resign"), Result("win", "resign", (0, 1))):
        with pytest.raises(errors.InvalidAction):
            SPEAKEASY.conclude(PLAY, bad)
    assert SPEAKEASY.result(PLAY) is None


def test_bad_viewer_and_bad_stored_state() -> None:
    with pytest.raises(errors.InvalidAction):
        SPEAKEASY.view(PLAY, 2)
    with pytest.raises(errors.InvalidAction):
        SPEAKEASY.from_dict({"game": "chess"})
    for seed in (-1, True, "1"):
        with pytest.raises(errors.InvalidAction):
            SPEAKEASY.new_game(seed)  # type: ignore[arg-type]
