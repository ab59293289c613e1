"""Properties of random games (issue 13): 2- to 5-seat games end, every listed action is
accepted, the state stays consistent, illegal lines are refused without change, and the
same seed and lines replay to the same state."""

from __future__ import annotations

import json
import random

import pytest

from engine.errors import GameError
from engine.spies import rules
from engine.spies.serialize import from_dict, to_dict
from engine.spies.state import State


def random_game(
    players: int, seed: int, end_bias: float = 0.05, options: dict[str, object] | None = None
) -> tuple[State, list[tuple[int, str]]]:
    rnd = random.Random(seed)
    state = rules.new_state(f"{seed:064x}", options or {}, players)
    lines: list[tuple[int, str]] = []
    while state.result is None:
        seat = rnd.choice(sorted(rules.actors(state)))
        options = rules.legal(state, seat)
        assert options, state.decision
        text = rnd.choice(options)
        d = state.decision
        assert d is not None
        if d["kind"] == "turn" and rnd.random() < end_bias:
            text = f"{d['power']} end"
        state = rules.apply(state, seat, text)
        rules.check_consistency(state)
        lines.append((seat, text))
    return state, lines


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_a_result(players: int) -> None:
    state, _lines = random_game(players, 1000 + players)
    assert state.result is not None and state.result.scores is not None
    assert state.year == 1939 or state.early_end


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {"setup_order": "simultaneous", "russia_control": "bidding", "hidden_money": True}),
        (2, {"russia_control": "bidding", "multi_country_score": "combined"}),
        (3, {"allocation": "alternative", "multi_country_score": "lower"}),
        (5, {"historical_alliances": True, "setup_order": "simultaneous"}),
    ],
)
def test_random_games_under_options_end_and_their_records_verify(
    players: int, options: dict[str, object]
) -> None:
    from engine.spies.record import record, verify

    state, _lines = random_game(players, 2000 + players, options=options)
    assert state.result is not None
    assert verify(json.loads(json.dumps(record(state)))) == []


def test_replay_is_exact() -> None:
    state, lines = random_game(4, 77)
    again = rules.new_state(f"{77:064x}", {}, 4)
    for seat, text in lines:
        again = rules.apply(again, seat, text)
    assert to_dict(again) == to_dict(state)


def test_illegal_lines_are_refused_and_change_nothing() -> None:
    fresh = rules.new_state(f"{5:064x}", {}, 3)
    before = to_dict(fresh)
    for text in (
        "G place x09 BER",
        "G go s01 PAR",
        "G end",
        "I place x01 ROM",
        "G place x01 XXX",
        "G  place",
    ):
        with pytest.raises(GameError):
            rules.apply(fresh, 0, text)
    assert to_dict(fresh) == before


def test_storage_round_trip_mid_game() -> None:
    state, lines = random_game(5, 9)
    replay = rules.new_state(f"{9:064x}", {}, 5)
    for seat, text in lines[: len(lines) // 2]:
        replay = rules.apply(replay, seat, text)
    stored = to_dict(replay)
    assert json.loads(json.dumps(stored)) == stored
    back = from_dict(json.loads(json.dumps(stored)))
    assert to_dict(back) == stored
    for seat, text in lines[len(lines) // 2 :]:
        back = rules.apply(back, seat, text)
    assert to_dict(back) == to_dict(state)


def test_listed_placements_are_exactly_the_accepted_ones() -> None:
    from engine.spies import board, setup

    rnd = random.Random(3)
    state = rules.new_state(f"{3:064x}", {}, 4)
    checked = 0
    while state.decision is not None and state.decision["kind"] in ("place", "ready"):
        d = state.decision
        seat = min(rules.actors(state))
        if d["kind"] == "place" and rnd.random() < 0.3:
            power, what = d["power"], d["what"]
            listed = set(setup.legal_places(state, power, what))
            accepted = set()
            for piece in setup.unplaced(state, power, what):
                for city in board.NEIGHBOURS:
                    for extra in ([], *([x.id] for x in state.secrets_in(city))):
                        try:
                            setup.check_place(state, power, what, [piece, city, *extra])
                        except GameError:
                            continue
                        accepted.add(" ".join([power, "place", piece, city, *extra]))
            assert listed == accepted
            checked += 1
        state = rules.apply(state, seat, rnd.choice(rules.legal(state, seat)))
    assert checked > 5
