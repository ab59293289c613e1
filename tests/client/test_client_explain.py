"""The explanations while playing (static/games/speakeasy/explain.js and
static/games/prohibition/explain.js) agree with the engine.

They run in Node (tests/client/explain_probe.mjs) on views the engine produced in random
games: a Speak Easy piece's reach is exactly the engine's legal moves, and every other
location gets a reason; every Prohibition street's control is the engine's; every crossing or
street a click cannot choose gets a specific reason; each truck's score rebuilt from the
history by the rules that made it is the engine's final score; and every popover, choice help
and end explanation is written out in both languages (no key or placeholder left).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import node_probe
import pytest

from engine.core import EVERYONE
from engine.prohibition.board import STREET_IDS
from engine.prohibition.entry import PROHIBITION
from engine.prohibition.moves import control
from engine.prohibition.state import State
from engine.speakeasy.game import SpeakEasy

PROBE = Path(__file__).with_name("explain_probe.mjs")
SPEAKEASY = SpeakEasy()


def run_probe(request: dict[str, Any]) -> dict[str, Any]:
    return node_probe.run_probe(PROBE, request)


def leaks(texts: list[str]) -> list[str]:
    """Words that still hold a key or a placeholder."""
    return [x for x in texts if x and ("{" in x or "pz.x." in x or "se.x." in x or "pz." in x.split(" ")[0])]


# ------------------------------------------------------------------ Speak Easy


def speakeasy_views(preset: str, seed: int, plies: int = 60) -> list[dict[str, Any]]:
    """The mover's view at each ply of a random game (random setups, random legal moves)."""
    rng = random.Random(seed)
    state = SPEAKEASY.new_game(f"{seed:064x}", {"preset": preset})
    for seat in (0, 1):
        action = SPEAKEASY.default_action(state, seat)
        assert action is not None
        state = SPEAKEASY.apply(state, seat, action).state
    views = []
    for _ in range(plies):
        if SPEAKEASY.result(state) is not None:
            break
        seat = min(SPEAKEASY.actors(state))
        views.append(SPEAKEASY.view(state, seat))
        legal = SPEAKEASY.legal_actions(state, seat)
        state = SPEAKEASY.apply(state, seat, rng.choice(legal)).state
    return views


@pytest.mark.parametrize("preset", ["speakeasy", "luzhanqi"])
def test_speak_easy_reach_is_the_engines_and_every_other_location_has_a_reason(preset: str) -> None:
    views = [v for seed in (3, 17, 29) for v in speakeasy_views(preset, seed)]
    answer = run_probe({"speakeasy": views})
    pieces = 0
    for view, got in zip(views, answer["speakeasy"], strict=True):
        legal: dict[str, set[str]] = {}
        for move in view["legal"]:
            frm, to = move.split("-")
            legal.setdefault(frm, set()).add(to)
        for frm, reach in got["reach"].items():
            assert set(reach) == legal.get(frm, set()), (preset, view["position"], frm)
            assert bool(got["stuck"][frm]) == (not legal.get(frm)), (view["position"], frm, got["stuck"][frm])
            pieces += 1
        # whyNot is empty exactly for the reachable locations.
        assert got["missing"] == [], got["missing"][:5]
    assert pieces > 1000


def test_speak_easy_words_are_written_out() -> None:
    views = speakeasy_views("speakeasy", 5, plies=30)
    over = None
    state = SPEAKEASY.new_game(f"{5:064x}", {"preset": "speakeasy", "no_combat_limit": 4})
    for seat in (0, 1):
        action = SPEAKEASY.default_action(state, seat)
        assert action is not None
        state = SPEAKEASY.apply(state, seat, action).state
    rng = random.Random(1)
    while SPEAKEASY.result(state) is None:
        seat = min(SPEAKEASY.actors(state))
        state = SPEAKEASY.apply(state, seat, rng.choice(SPEAKEASY.legal_actions(state, seat))).state
    over = SPEAKEASY.view(state, 0)
    answer = run_probe({"speakeasyWords": [views[0], views[-1], over]})
    for words in answer["speakeasyWords"]:
        assert words and not leaks(words), leaks(words)[:5]
    assert any("combat" in w for w in answer["speakeasyWords"][-1]), answer["speakeasyWords"][-1][-12:]


# ------------------------------------------------------------------ Prohibition


def play(players: int, seed: int, options: dict[str, str]) -> tuple[list[State], State]:
    rng = random.Random(seed)
    state = PROHIBITION.new_game(f"{seed:064x}", options, players)
    states = []
    while PROHIBITION.result(state) is None:
        states.append(state)
        seat = min(PROHIBITION.actors(state))
        state = PROHIBITION.apply(state, seat, rng.choice(PROHIBITION.legal_actions(state, seat))).state
    return states, state


OPTIONS: tuple[dict[str, str], ...] = (
    {},
    {"control_range": "touching", "repeat_contact": "allowed"},
    {"layout": "inverted", "special_placement": "random"},
)
GAMES = [(players, 700 + 10 * players + k, OPTIONS[k]) for players in (2, 3, 4) for k in range(3)]


@pytest.fixture(scope="module")
def games() -> list[tuple[list[State], State]]:
    return [play(*game) for game in GAMES]


def acting_view(state: State) -> dict[str, Any]:
    return PROHIBITION.view(state, min(PROHIBITION.actors(state)))


def test_prohibition_street_control_is_the_engines(games: list[tuple[list[State], State]]) -> None:
    rng = random.Random(3)
    states = [s for states, _ in games for s in rng.sample(states, min(12, len(states)))]
    answer = run_probe({"control": [PROHIBITION.view(s, EVERYONE) for s in states]})
    kinds = set()
    for state, got in zip(states, answer["control"], strict=True):
        for s, street in enumerate(STREET_IDS):
            assert got[street] == control(state, s), (street, state.chars)
            kinds.add(got[street])
    assert kinds == {0, 1, 2}


def test_prohibition_map_refusals_are_specific(games: list[tuple[list[State], State]]) -> None:
    rng = random.Random(5)
    views = []
    for states, _ in games:
        for phase in ("character", "truck"):
            picked = [s for s in states if s.phase == phase]
            views += [acting_view(s) for s in rng.sample(picked, min(8, len(picked)))]
    answer = run_probe({"refusals": views})
    counted = 0
    for view, got in zip(views, answer["refusals"], strict=True):
        assert got["missing"] == [], (view["phase"], got["missing"][:5])
        # A reason more precise than "not now" for every refused place: the client's own
        # reading of the rules finds why, and never thinks a refused place allowed.
        assert got["generic"] == [], (view["phase"], view["legal"][:6], got["generic"][:3])
        counted += got["count"]
    assert counted > 3000


def test_prohibition_score_breakdown_adds_up_to_the_engines(games: list[tuple[list[State], State]]) -> None:
    finals = [final for _, final in games]
    views = [PROHIBITION.view(final, EVERYONE) for final in finals]
    views += [PROHIBITION.view(final, 0) for final in finals]
    answer = run_probe({"breakdown": views})
    for view, got in zip(views, answer["breakdown"], strict=True):
        assert got == {tr["id"]: tr["score"] for tr in view["trucks"]}, (got, view["result"])


def test_prohibition_words_are_written_out(games: list[tuple[list[State], State]]) -> None:
    rng = random.Random(9)
    views = []
    for states, final in games[:5]:
        views += [acting_view(s) for s in rng.sample(states, 6)]
        views.append(PROHIBITION.view(final, EVERYONE))
    answer = run_probe({"prohibitionWords": views})
    for view, words in zip(views, answer["prohibitionWords"], strict=True):
        assert words and not leaks(words), (view["phase"], leaks(words)[:5])
        if view["legal"]:
            assert all(words), view["phase"]
