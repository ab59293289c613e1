"""The autopilot (section 12): legal answers from the view alone, deterministic, within its
budget; stronger levels beat weaker ones (the long measurement is marked slow)."""

from __future__ import annotations

import multiprocessing
import random
from dataclasses import replace
from typing import Any

import pytest
from flickago_helpers import CROWDED, SEED, state_with

from engine.core import SPECTATOR
from engine.errors import NotYourTurn
from engine.flickago import FLICKAGO
from engine.flickago.bot import decide
from engine.flickago.bot.baselines import random_shooter
from engine.flickago.match import Match
from engine.flickago.selfplay import Player, level_player, play_match


def match_of(state: dict[str, Any]) -> Match:
    return replace(FLICKAGO.new_game(SEED, {"first_player": "host"}), state=state)


def random_player(view: Any, seed: int) -> dict[str, Any]:
    return random_shooter(view, random.Random(seed))


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_each_level_answers_a_legal_action(level: str) -> None:
    for match in (FLICKAGO.new_game(SEED, {"first_player": "host"}), match_of(CROWDED)):
        (seat,) = FLICKAGO.actors(match)
        action = decide(FLICKAGO.view(match, seat), level, seed=1, budget=3.0)
        FLICKAGO.apply(match, seat, action)  # raises if illegal


def test_the_chooser_puts_the_inspector_near_the_opponents_best_disc() -> None:
    state = state_with({"bT2": [250.0, 150.0], "wT5": [40.0, 520.0]}, waiting=("I1",))
    state.update(phase="place_inspector", to_move="b")
    # White's best disc scores 3 in N.W3, near S1 (90, 300); S2 is the other free star
    assert decide(FLICKAGO.view(match_of(state), 1), "easy", 0) == {
        "type": "place",
        "inspector": "I1",
        "star": "S1",
    }


def test_a_forced_return_when_no_shot_is_left() -> None:
    gone = tuple(f"wT{n}" for n in range(1, 8)) + tuple(f"wF{n}" for n in range(2, 6))
    state = state_with({"wF1": [210.0, 450.0]}, flicks={"wF1": 2}, eliminated=gone)
    assert decide(FLICKAGO.view(match_of(state), 0), "normal", 0) == {"type": "return", "piece": "wF1"}


def test_same_view_level_and_seed_give_the_same_action_and_seeds_vary() -> None:
    view = FLICKAGO.view(match_of(CROWDED), 0)
    first = decide(view, "normal", seed=5, budget=60)
    assert decide(view, "normal", seed=5, budget=60) == first
    assert len({str(decide(view, "easy", seed=s, budget=60)) for s in range(4)}) > 1


def test_the_bot_reads_only_the_view() -> None:
    match = match_of(CROWDED)
    twin = FLICKAGO.twin(match, SPECTATOR, "77" * 32)
    assert decide(FLICKAGO.view(twin, 0), "easy", 3, 60) == decide(FLICKAGO.view(match, 0), "easy", 3, 60)


def test_trials_in_a_process_pool_choose_the_same_shot() -> None:
    view = FLICKAGO.view(match_of(CROWDED), 0)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pooled = decide(view, "normal", seed=9, budget=60, mapper=pool.map)
    assert pooled == decide(view, "normal", seed=9, budget=60)


class _Ticking:
    """A stand-in for the bot's clock (its ``time`` module): every reading is ``step``
    seconds after the one before, however fast or slow the machine runs."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize(("budget", "most"), [(0.0, 0), (0.05, 3), (0.2, 12)])
def test_the_budget_caps_the_work(budget: float, most: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong level's search stops at its deadline (85 % of the budget): with a clock that
    moves 20 ms a reading, a budget of 0 simulates no trial shot (it aims without one), and a
    small budget only the few trials begun before the deadline; the shot is legal either way.
    No wall-clock bound: the clock is the test's."""
    from engine.flickago.bot import search

    clock = _Ticking(0.02)
    monkeypatch.setattr("engine.flickago.bot.time", clock)
    monkeypatch.setattr(search, "time", clock)
    simulated: list[int] = []
    real_run = search._run
    monkeypatch.setattr(
        search, "_run", lambda jobs, mapper: simulated.append(len(jobs)) or real_run(jobs, mapper)
    )
    match = match_of(CROWDED)
    action = decide(FLICKAGO.view(match, 0), "strong", seed=2, budget=budget)
    assert sum(simulated) <= most, simulated
    if budget:
        assert simulated, "no trial at all: the budget was not what stopped the search"
    FLICKAGO.apply(match, 0, action)


def test_no_decision_when_the_game_is_over() -> None:
    over = FLICKAGO.withdraw(FLICKAGO.new_game(SEED), 0, "resign").state
    with pytest.raises(NotYourTurn):
        decide(FLICKAGO.view(over, 0), "easy")


def score_margin(first: Player, second: Player, game: int, max_shots: int) -> int:
    """``first``'s margin over ``second`` in one game; seats (and so White) alternate."""
    swap = game % 2 == 1
    players = (second, first) if swap else (first, second)
    match = play_match(f"{game + 1:064x}", {"first_player": "host", "max_shots": max_shots}, players, game)
    score = match.state["result"]["score"]
    mine = match.side_of_seat(1 if swap else 0)
    return int(score[mine] - score["b" if mine == "w" else "w"])


def test_easy_beats_the_random_shooter_in_short_games() -> None:
    assert all(score_margin(level_player("easy"), random_player, game, 8) > 0 for game in range(2))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("strong", "weak"), [("normal", "easy"), ("strong", "normal"), ("easy", "random"), ("normal", "random")]
)
def test_stronger_level_wins_at_least_70_percent(strong: str, weak: str) -> None:
    players = {"random": random_player}
    first = players.get(strong) or level_player(strong)
    second = players.get(weak) or level_player(weak)
    games = 10
    wins = sum(score_margin(first, second, game, 40) > 0 for game in range(games))
    assert wins >= 0.7 * games
