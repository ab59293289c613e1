"""The cunning level (issue 29): it reads only the view, guards its secrets, and stays legal."""

from __future__ import annotations

import time

import pytest

from engine.spies import board, rules
from engine.spies.bot import LEVELS, decide, decide_text
from engine.spies.game import SPIES
from engine.spies.pieces import is_counterspy
from engine.spies.state import State


def _play(state: State, level: str, until_year: int = 9999) -> State:
    while state.result is None and state.year < until_year:
        seat = min(rules.actors(state))
        state = rules.apply(state, seat, decide_text(SPIES.view(state, seat), level, 7))
    return state


def test_the_bot_reads_only_the_view_a_twin_gets_the_same_action() -> None:
    state = rules.new_state("4d" * 32, {"russia_control": "bidding"}, 4)
    checked: set[str] = set()
    step = 0
    while state.result is None:
        seat = min(rules.actors(state))
        view = SPIES.view(state, seat)
        if step % 23 == 0:
            twin = SPIES.twin(state, seat, f"{step:064x}")
            for level in LEVELS:
                assert decide(SPIES.view(twin, seat), level, 3) == decide(view, level, 3), (step, level)
            checked.add(view["decision"]["kind"])
        state = rules.apply(state, seat, decide_text(view, "cunning", 5))
        step += 1
    assert {"place", "turn"} <= checked


def test_same_view_and_seed_give_the_same_line_and_it_is_quick() -> None:
    state = _play(rules.new_state("34" * 32, {}, 5), "basic", until_year=1934)
    view = SPIES.view(state, min(rules.actors(state)))
    start = time.process_time()
    assert decide(view, "cunning", 5) == decide(view, "cunning", 5)
    assert time.process_time() - start < 0.5


@pytest.mark.parametrize("players", [2, 5])
def test_cunning_setup_guards_real_secrets_and_leaves_counterspies_as_bait(players: int) -> None:
    state = _play(rules.new_state("5c" * 32, {}, players), "cunning", until_year=1933)
    for power in "GIRFB":
        posts = set(board.police_posts(power, state.annexed))
        units = [u for u in state.police.values() if u.power == power]
        guarded = [state.secrets[u.secret] for u in units if u.secret is not None]
        assert guarded and all(not is_counterspy(state, x.id) for x in guarded)
        baits = [x for x in state.secrets.values() if x.original == power and is_counterspy(state, x.id)]
        homes = set(board.home_cities(power, state.annexed))
        if len(homes - posts) >= len(baits):
            assert all(x.city not in posts for x in baits)


def test_cunning_police_take_back_an_own_secret_left_uncontrolled() -> None:
    state = _play(rules.new_state("6b" * 32, {}, 3), "cunning", until_year=1933)
    guard = next(u for u in state.police.values() if u.power == "G" and u.secret is not None)
    secret = guard.secret
    assert secret is not None
    guard.secret = None
    state.secrets[secret].holder = None
    while not (
        state.active == "G" and state.phase <= 2 and state.decision and state.decision["kind"] == "turn"
    ):
        seat = min(rules.actors(state))
        state = rules.apply(state, seat, decide_text(SPIES.view(state, seat), "cunning", 7))
    seat = state.seat_of("G")
    line = decide_text(SPIES.view(state, seat), "cunning", 7)
    assert line == f"G police {guard.id}+{secret}"
    after = rules.apply(state, seat, line)
    assert after.secrets[secret].holder == guard.id


@pytest.mark.parametrize("players", [2, 3, 5])
def test_cunning_plays_whole_games_to_the_end(players: int) -> None:
    state = _play(rules.new_state(f"{players:x}7" * 32, {"setup_order": "simultaneous"}, players), "cunning")
    assert state.result is not None
