"""The engine secrecy proof for every registered game (protocol.md, ``Game.twin``).

Random games through the protocol alone (``legal_actions``, ``default_action``, the odd
``withdraw``); at a few moments of each, for each seat and a spectator, the game's twin maker
re-deals what that viewer cannot see; his views of the state and of the twin must be
byte-identical (``json.dumps`` with sorted keys), the actions he might try must be answered
alike, and after the same further actions (while their public outcome is the same) his events
and views must stay identical. The machinery is bench/secrecy_engine.py; a game added to the
catalogue is covered here without a line of its own."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType
from typing import Any

import pytest
from engine_helpers import ROOT

from engine import catalogue

# The default suite: up to 12 games of each registered game, cut at 150 steps, within about 6 s
# per game (Speak Easy runs all 12 in ~3 s; a game whose views or physics are slow runs fewer,
# always at least one). Under -m slow: 300 whole games each, no time limit.
QUICK_GAMES, QUICK_STEPS, QUICK_SECONDS = 12, 150, 6.0
LONG_GAMES = 300


def load_bench() -> ModuleType:
    name = "secrecy_engine"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "secrecy_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


SECRECY = load_bench()
NAMES = catalogue.names()


def check(stats: Any, games: int) -> None:
    assert stats.leaks == [], "\n".join(stats.leaks[:10])
    assert 1 <= stats.games <= games
    assert stats.twins >= 3  # every viewer of a moment at least
    assert stats.changed > 0, "the twin maker never re-dealt anything"
    assert stats.states > stats.twins


@pytest.mark.parametrize("name", NAMES)
def test_views_of_a_state_and_its_twins_are_identical(name: str) -> None:
    stats = SECRECY.run(QUICK_GAMES, seed0=0, names=[name], seconds=QUICK_SECONDS, max_steps=QUICK_STEPS)
    check(stats, QUICK_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_views_of_a_state_and_its_twins_are_identical_long_run(name: str) -> None:
    stats = SECRECY.run(LONG_GAMES, seed0=100_000, names=[name])
    check(stats, LONG_GAMES)
    assert stats.games == LONG_GAMES


def test_every_registered_game_is_covered() -> None:
    assert set(NAMES) == {entry.name for entry in catalogue.entries()} and "speakeasy" in NAMES
