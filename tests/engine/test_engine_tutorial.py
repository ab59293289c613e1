"""Guided first games (engine/tutorial.py): every game's tutorial fits its game (its preset,
players, seed, and an opening that applies), the computer's seats resolve to its script, and
the script reads only its own view: a twin of the state, every value hidden from that seat
re-dealt, gets the same action. Speak Easy's taught line ends in the learner's win."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

import pytest

from engine.catalogue import CatalogueError, GameEntry, entries, entry
from engine.rng import new_seed
from engine.speakeasy.tutorial import PLAN
from engine.tutorial import LEARNER, TUTORIAL_LEVEL, Tutorial, TutorialError

WITH_TUTORIAL = [found for found in entries() if found.tutorial is not None]
COMPUTER_TURNS = 6
"""Decisions of the computer's seats checked against twins, per game."""
TWINS = 2


def _lesson(found: GameEntry) -> Tutorial:
    assert found.tutorial is not None
    return found.tutorial


def test_speakeasy_has_a_tutorial() -> None:
    assert "speakeasy" in [found.name for found in WITH_TUTORIAL]


@pytest.mark.parametrize("found", WITH_TUTORIAL, ids=lambda found: found.name)
def test_the_tutorial_fits_its_game(found: GameEntry) -> None:
    lesson = _lesson(found)
    lesson.check(found.game)
    found.check()
    assert TUTORIAL_LEVEL not in found.bot_levels
    assert found.decider(TUTORIAL_LEVEL) is lesson.decider()
    state = lesson.start(found.game)
    assert found.game.result(state) is None
    assert found.game.players(state) == lesson.players


@pytest.mark.heavy
@pytest.mark.parametrize("found", WITH_TUTORIAL, ids=lambda found: found.name)
def test_the_script_reads_only_its_view(found: GameEntry) -> None:
    """Play the tutorial on (the learner by the game's own bot), and at each decision of a
    computer seat ask the script on the state and on twins of it for that seat: the same
    action every time (and the twins' views are the seat's view, as the twin maker promises)."""
    lesson = _lesson(found)
    game = found.game
    script = lesson.decider()
    learner_bot = found.decider()
    state = lesson.start(game)
    checked = 0
    for step in range(200):
        if game.result(state) is not None or checked >= COMPUTER_TURNS:
            break
        seat = min(game.actors(state))
        view = game.view(state, seat, history=True)
        seed = int.from_bytes(hashlib.sha256(f"{found.name}:{step}".encode()).digest()[:8], "big")
        if seat == LEARNER:
            action = learner_bot(view, found.autopilot_level, seed, 0.05)
        else:
            action = script(view, TUTORIAL_LEVEL, seed, None)
            for twin_number in range(TWINS):
                twin = game.twin(state, seat, new_seed())
                twin_view = game.view(twin, seat, history=True)
                assert json.dumps(twin_view, sort_keys=True) == json.dumps(view, sort_keys=True)
                again = script(twin_view, TUTORIAL_LEVEL, seed, None)
                assert again == action, f"step {step}, twin {twin_number}: {again} != {action}"
            checked += 1
        state = game.apply(state, seat, action).state
    assert checked, "the computer never had a decision to make"


def test_speakeasy_taught_line_wins_against_the_script() -> None:
    """The moves static/games/speakeasy/tutorial.js teaches, answered by the script's plan,
    end with the learner's Kid on North's Speakeasy."""
    found = entry("speakeasy")
    lesson = _lesson(found)
    game = found.game
    script = lesson.decider()
    state = lesson.start(game)
    taught = ["b6-b5", "c6-c7", "e6-e7", "a6-c6", "d6-d11", "d11-d12"]
    for number, move in enumerate(taught):
        view = game.view(state, 0)
        assert (view["to_move"], view["ply"]) == ("s", 2 * number)
        assert move in view["legal"]
        state = game.apply(state, 0, {"type": "move", "move": move}).state
        if game.result(state) is not None:
            break
        answer = script(game.view(state, 1), TUTORIAL_LEVEL, 0, None)
        assert answer == {"type": "move", "move": PLAN[2 * number + 1]}
        state = game.apply(state, 1, answer).state
    result = game.result(state)
    assert result is not None and result.winners == (0,) and result.reason == "speakeasy"
    assert game.moves_played(state) == 11
    record = found.record(state)  # the seed revealed at the end, like any game's
    assert record["seed"] == lesson.seed and found.verify(record) == []


def test_a_tutorial_that_does_not_fit_is_named_in_words() -> None:
    found = entry("speakeasy")
    lesson = _lesson(found)
    with pytest.raises(TutorialError, match="no preset 'chess'"):
        dataclasses.replace(lesson, preset="chess").check(found.game)
    with pytest.raises(TutorialError, match="for 2 to 2 players, not 3"):
        dataclasses.replace(lesson, players=3).check(found.game)
    with pytest.raises(TutorialError, match="seed is not 64"):
        dataclasses.replace(lesson, seed="abc").check(found.game)
    with pytest.raises(TutorialError, match="script is 'module:function'"):
        dataclasses.replace(lesson, script="nowhere").check(found.game)
    twice = (*lesson.opening, lesson.opening[0])
    with pytest.raises(TutorialError, match="opening action 3 \\(setup\\) does not apply"):
        dataclasses.replace(lesson, opening=twice).check(found.game)
    with pytest.raises(TutorialError, match="opening action 1 names no seat"):
        dataclasses.replace(lesson, opening=((5, {"type": "setup"}),)).check(found.game)
    with pytest.raises(CatalogueError, match="tutorial"):
        dataclasses.replace(found, tutorial=dataclasses.replace(lesson, preset="chess")).check()
    without: Any = dataclasses.replace(found, tutorial=None)
    with pytest.raises(CatalogueError, match="no tutorial"):
        without.decider(TUTORIAL_LEVEL)
