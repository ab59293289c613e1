"""The bot only ever plays legal setups and moves, through the same command path as a
human (``SPEAKEASY.apply`` refuses anything illegal), under both rule presets."""

from __future__ import annotations

import random

import pytest

from engine.errors import NotYourTurn
from engine.speakeasy import SPEAKEASY
from engine.speakeasy.bot import decide
from engine.speakeasy.bot.baselines import greedy_player, random_player
from engine.speakeasy.rules import PRESETS
from engine.speakeasy.setup import check_setup, parse_setup


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_setups_are_legal_and_walled(preset: str) -> None:
    options = PRESETS[preset]
    for seed in range(40):
        for side in (0, 1):
            view = SPEAKEASY.view(SPEAKEASY.new_game(seed, {"preset": preset}), side)
            action = decide(view, "normal", seed=seed)
            assert action["type"] == "setup"
            board = parse_setup(action["position"], side, options)
            check_setup(board, side, options)
            speakeasy = next(sq for sq, p in enumerate(board) if p & 15 == 12)
            babes_next = sum(
                1
                for n in (speakeasy - 1, speakeasy + 1, speakeasy + (5 if side == 0 else -5))
                if board[n] & 15 == 10
            )
            assert babes_next >= 1


def play(level: str, preset: str, seed: int, opponent=random_player, max_plies: int = 160) -> None:
    rng = random.Random(seed)
    state = SPEAKEASY.new_game(seed, {"preset": preset})
    bot = seed % 2
    for side in (0, 1):
        view = SPEAKEASY.view(state, side)
        action = decide(view, level, seed=seed) if side == bot else opponent(view, rng)
        state = SPEAKEASY.apply(state, side, action).state
    while state.result is None and state.ply < max_plies:
        seat = state.to_move
        view = SPEAKEASY.view(state, seat)
        if seat == bot:
            action = decide(view, level, seed=seed, budget=0.3)
            assert action["move"] in view["legal"]
        else:
            with pytest.raises(NotYourTurn):
                decide(SPEAKEASY.view(state, bot), level, seed=seed)
            action = opponent(view, rng)
        state = SPEAKEASY.apply(state, seat, action).state


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_bot_moves_are_legal(level: str, preset: str) -> None:
    play(level, preset, seed=len(level) * 7 + len(preset), max_plies=60)


def test_bot_cannot_act_after_its_setup_or_the_end() -> None:
    state = SPEAKEASY.new_game(1)
    state = SPEAKEASY.apply(state, 0, decide(SPEAKEASY.view(state, 0), seed=1)).state
    with pytest.raises(NotYourTurn):
        decide(SPEAKEASY.view(state, 0), seed=1)
    with pytest.raises(ValueError):
        decide(SPEAKEASY.view(state, "spectator"), seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_strong_bot_beats_greedy_and_random(seed: int) -> None:
    """A short strength smoke test (the real figures come from bench/bot.py)."""
    for opponent in (random_player, greedy_player):
        rng = random.Random(seed)
        state = SPEAKEASY.new_game(seed)
        bot = seed % 2
        for side in (0, 1):
            view = SPEAKEASY.view(state, side)
            action = decide(view, "strong", seed=seed) if side == bot else opponent(view, rng)
            state = SPEAKEASY.apply(state, side, action).state
        while state.result is None:
            seat = state.to_move
            view = SPEAKEASY.view(state, seat)
            action = decide(view, "strong", seed=seed) if seat == bot else opponent(view, rng)
            state = SPEAKEASY.apply(state, seat, action).state
        assert state.result.winner == bot
