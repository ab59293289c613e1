"""The N-seat protocol of engine/core.py: results for any number of seats (and their two-seat
wire form), and the Game additions as Speak Easy implements them (players, withdraw, twin,
seed_of)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from engine_helpers import random_game

from engine.core import EVERYONE, SPECTATOR, Result
from engine.errors import GameOver, InvalidAction
from engine.rng import new_seed
from engine.speakeasy import SPEAKEASY, SpeakEasy
from engine.speakeasy.state import State


# -- Result ----------------------------------------------------------------------------------
def test_two_seat_results_keep_the_old_wire_form() -> None:
    assert Result.win(1, "resign").to_dict() == {"outcome": "win", "reason": "resign", "winner": 1}
    assert Result.draw("agreement").to_dict() == {"outcome": "draw", "reason": "agreement", "winner": None}
    assert Result.aborted().to_dict() == {"outcome": "aborted", "reason": "aborted", "winner": None}
    assert Result.win(0, "capture").winners == (0,) and Result.win(0, "capture").winner == 0


def test_standings_results_carry_every_field() -> None:
    result = Result.standings("score", scores=(23, 17, 23, 9), ranks=(1, 3, 1, 4))
    assert result.outcome == "win" and result.winners == (0, 2) and result.winner is None
    data = result.to_dict()
    assert data == {
        "outcome": "win",
        "reason": "score",
        "winner": None,
        "winners": [0, 2],
        "scores": [23, 17, 23, 9],
        "ranks": [1, 3, 1, 4],
        "withdrawn": [],
    }
    assert Result.from_dict(json.loads(json.dumps(data))) == result
    assert [result.seat_outcome(seat) for seat in range(4)] == ["win", "loss", "win", "loss"]


def test_a_withdrawn_seat_keeps_its_place_but_cannot_win() -> None:
    result = Result.standings("score", scores=(30, 20, 25), ranks=(1, 3, 2), withdrawn=(0,))
    assert result.winners == (2,) and result.winner == 2 and result.withdrawn == (0,)
    assert result.to_dict()["withdrawn"] == [0]  # not the plain form: it says who left
    assert [result.seat_outcome(seat) for seat in range(3)] == ["loss", "loss", "win"]
    nobody = Result.standings("abandon", scores=None, ranks=(1, 1, 1), withdrawn=(0, 1, 2))
    assert nobody.outcome == "draw" and nobody.winners == ()
    assert [nobody.seat_outcome(seat) for seat in range(3)] == ["loss"] * 3


def test_seat_outcomes_of_the_two_seat_endings() -> None:
    assert [Result.win(1, "timeout").seat_outcome(s) for s in (0, 1)] == ["loss", "win"]
    assert [Result.draw("agreement").seat_outcome(s) for s in (0, 1)] == ["draw", "draw"]
    assert [Result.aborted().seat_outcome(s) for s in (0, 1)] == ["aborted", "aborted"]


@pytest.mark.parametrize(
    "stored",
    [
        {"outcome": "win", "reason": "speakeasy", "winner": 1},
        {"outcome": "draw", "reason": "no_combat", "winner": None},
        {"outcome": "aborted", "reason": "aborted"},
    ],
)
def test_from_dict_reads_the_old_form(stored: dict[str, Any]) -> None:
    result = Result.from_dict(stored)
    assert result.winners == (() if stored.get("winner") is None else (stored["winner"],))
    assert result.to_dict() == {"winner": None, **stored}


@pytest.mark.parametrize(
    "args",
    [
        ("win", "resign"),  # a win needs winners
        ("draw", "agreement", (0,)),  # only a win has winners
        ("lost", "resign", (0,)),
        ("win", "", (0,)),
        ("win", "resign", (True,)),
        ("win", "resign", (-1,)),
        ("win", "score", (0,), (1, 2), (1,)),  # scores and ranks of different lengths
        ("win", "score", (0,), None, None, (0,)),  # a withdrawn seat cannot win
    ],
)
def test_malformed_results_are_refused(args: tuple[Any, ...]) -> None:
    with pytest.raises(ValueError):
        Result(*args)


def test_results_are_values() -> None:
    a = Result("win", "score", [0], [3, 1], [1, 2])  # type: ignore[arg-type]
    b = Result("win", "score", (0,), (3, 1), (1, 2))
    assert a == b and hash(a) == hash(b)


# -- Game additions, on Speak Easy --------------------------------------------------------------
def test_players_seed_and_the_defaults() -> None:
    seed = new_seed()
    state = SPEAKEASY.new_game(seed)
    assert SPEAKEASY.players(state) == 2
    assert SPEAKEASY.seed_of(state) == seed
    assert SPEAKEASY.seed_of(SPEAKEASY.new_game(12)) == "12"  # legacy stream: its integer
    assert SPEAKEASY.withdrawn(state) == frozenset()
    assert SPEAKEASY.is_response(state, 0, {"type": "setup", "position": "x"}) is False


@pytest.mark.parametrize("reason", ["resign", "timeout", "abandon"])
def test_withdraw_with_two_seats_is_a_win_for_the_other(reason: str) -> None:
    game = random_game(5, "speakeasy", max_plies=6)
    state = game.final
    for seat in (0, 1):
        tr = SPEAKEASY.withdraw(state, seat, reason)  # type: ignore[arg-type]
        assert tr.state.result == Result.win(1 - seat, reason)
        assert [e.kind for e in tr.events] == ["end"]
        with pytest.raises(GameOver):
            SPEAKEASY.withdraw(tr.state, 1 - seat, reason)  # type: ignore[arg-type]
    fresh = SPEAKEASY.new_game(new_seed())  # also during the secret setup
    assert SPEAKEASY.withdraw(fresh, 0, reason).state.result == Result.win(1, reason)  # type: ignore[arg-type]


def test_withdraw_refuses_bad_input() -> None:
    state = SPEAKEASY.new_game(new_seed())
    with pytest.raises(InvalidAction):
        SPEAKEASY.withdraw(state, 0, "agreement")  # type: ignore[arg-type]
    for seat in (2, -1, True):
        with pytest.raises(InvalidAction):
            SPEAKEASY.withdraw(state, seat, "resign")


def test_a_game_for_more_seats_must_define_withdraw() -> None:
    class ThreeSeats(SpeakEasy):
        def players(self, state: State) -> int:
            return 3

    with pytest.raises(NotImplementedError):
        ThreeSeats().withdraw(SPEAKEASY.new_game(new_seed()), 2, "resign")


# -- Speak Easy's twin maker -------------------------------------------------------------------
def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def test_twin_in_setup_redeals_the_hidden_setups() -> None:
    state = SPEAKEASY.new_game(new_seed())
    state = SPEAKEASY.apply(state, 0, SPEAKEASY.default_action(state, 0) or {}).state
    for viewer in (1, SPECTATOR):  # South's setup is hidden from both
        other = SPEAKEASY.twin(state, viewer, new_seed())
        assert dumps(SPEAKEASY.view(other, viewer)) == dumps(SPEAKEASY.view(state, viewer))
        assert other.setups[0] != state.setups[0] and other.setups[1] is None
    mine = SPEAKEASY.twin(state, 0, new_seed())  # nothing of South's own is re-dealt
    assert SPEAKEASY.to_dict(mine) == SPEAKEASY.to_dict(state)


def test_twin_in_play_keeps_the_view_and_changes_the_hidden() -> None:
    changed = made = 0
    for seed in range(6):
        game = random_game(seed, ("speakeasy", "luzhanqi")[seed % 2], max_plies=60)
        for state in game.states[2::15]:
            for viewer in (0, 1, SPECTATOR):
                made += 1
                other = SPEAKEASY.twin(state, viewer, hashlib.sha256(bytes([made])).hexdigest())
                assert dumps(SPEAKEASY.view(other, viewer)) == dumps(SPEAKEASY.view(state, viewer))
                assert other.first == state.first and other.rng == state.rng
                if viewer != SPECTATOR:  # the viewer's own pieces stay where they are
                    own = [p if p and p >> 4 & 1 == viewer else 0 for p in state.board]
                    assert [p if p and p >> 4 & 1 == viewer else 0 for p in other.board] == own
                changed += SPEAKEASY.to_dict(other) != SPEAKEASY.to_dict(state)
    assert changed >= made * 3 // 4, (changed, made)


def test_twin_is_the_state_when_nothing_is_hidden() -> None:
    game = random_game(2, "speakeasy")
    assert SPEAKEASY.twin(game.final, 0, new_seed()) is game.final  # over: all shown
    assert SPEAKEASY.twin(game.states[5], EVERYONE, new_seed()) is game.states[5]
    with pytest.raises(InvalidAction):
        SPEAKEASY.twin(game.states[5], 2, new_seed())
    with pytest.raises(ValueError):
        SPEAKEASY.twin(game.states[5], 0, "not a seed")
