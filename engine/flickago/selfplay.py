"""Whole games between two players that read views (autopilot levels, or any function):
``python -m engine.flickago selfplay``, the benchmark and the tests."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping
from typing import Any

from engine.flickago import FLICKAGO
from engine.flickago.match import Match
from engine.flickago.record import record

Player = Callable[[Mapping[str, Any], int], dict[str, Any]]


def level_player(level: str, budget: float | None = None) -> Player:
    """A player that asks the autopilot at ``level`` (``seed``: the bot's own seed)."""
    from engine.flickago.bot import decide

    def play(view: Mapping[str, Any], seed: int) -> dict[str, Any]:
        return decide(view, level, seed, budget)

    return play


def play_match(
    seed: str, options: Mapping[str, Any], players: tuple[Player, Player], bot_seed: int = 0
) -> Match:
    """One complete game from a 64-hex seed; ``players[seat]`` moves for that seat."""
    match = FLICKAGO.new_game(seed, options)
    moves = 0
    while FLICKAGO.result(match) is None:
        (seat,) = FLICKAGO.actors(match)
        view = FLICKAGO.view(match, seat, history=False)
        action = players[seat](view, bot_seed * 1_000_003 + moves * 2 + seat)
        match = FLICKAGO.apply(match, seat, action).state
        moves += 1
    return match


def play_game(seed: str, options: Mapping[str, Any], level_host: str, level_guest: str) -> dict[str, Any]:
    """The record (seed revealed) of one game between two autopilot levels."""
    bot_seed = zlib.crc32(seed.encode())
    match = play_match(seed, options, (level_player(level_host), level_player(level_guest)), bot_seed)
    return record(match)
