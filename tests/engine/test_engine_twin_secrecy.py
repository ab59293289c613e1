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

import pytest
from engine_helpers import ROOT

from engine import catalogue

QUICK_GAMES = 12  # per registered game, in the default suite (Speak Easy: ~2 s)
LONG_GAMES = 300  # per registered game, under -m slow


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


def check(name: str, games: int, seed0: int) -> None:
    stats = SECRECY.run(games, seed0=seed0, names=[name])
    assert stats.leaks == [], "\n".join(stats.leaks[:10])
    assert stats.games == games
    assert stats.twins >= games  # every game had a moment to twin, for every viewer
    assert stats.changed > 0, "the twin maker never re-dealt anything: the proof would be empty"
    assert stats.states > stats.twins


@pytest.mark.parametrize("name", NAMES)
def test_views_of_a_state_and_its_twins_are_identical(name: str) -> None:
    check(name, QUICK_GAMES, seed0=0)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_views_of_a_state_and_its_twins_are_identical_long_run(name: str) -> None:
    check(name, LONG_GAMES, seed0=100_000)


def test_every_registered_game_is_covered() -> None:
    assert set(NAMES) == {entry.name for entry in catalogue.entries()} and "speakeasy" in NAMES
