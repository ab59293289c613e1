"""Prohibition's browser modules (static/games/prohibition) agree with the engine.

The client ships a copy of the data pack, animates moves along paths it finds itself, names
every legal action in words and cuts the history into truck-turns to tell what happened.
These tests run the real modules in Node (tests/client/prohibition_probe.mjs) on views the
engine produced in random games, and check their answers against the engine: the copy is
byte-identical, every path is one the rules allow, every label is translated, and the turns
are exactly the lines of the engine's text export.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import node_probe
import pytest

from engine.core import EVERYONE
from engine.prohibition.board import INTER_INDEX, STREET_ENDS, STREET_IDS, STREET_INDEX
from engine.prohibition.data import CUBES
from engine.prohibition.entry import PROHIBITION
from engine.prohibition.record import record_text
from engine.prohibition.state import State

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("prohibition_probe.mjs")
OPTION_SETS: tuple[dict[str, str], ...] = (
    {},
    {"layout": "inverted", "special_placement": "random"},
    {"delivery_distance": "at_most", "two_player_p1_order": "fixed", "load_window": "parked"},
)


def run_probe(request: dict[str, Any]) -> dict[str, Any]:
    return node_probe.run_probe(PROBE, request)


def play(players: int, seed: int, options: dict[str, str]) -> tuple[list[State], State]:
    """A random game: every state where a seat owed a decision, and the final state."""
    rng = random.Random(seed)
    state = PROHIBITION.new_game(f"{seed:064x}", options, players)
    states = []
    while PROHIBITION.result(state) is None:
        states.append(state)
        seat = min(PROHIBITION.actors(state))
        legal = PROHIBITION.legal_actions(state, seat)
        state = PROHIBITION.apply(state, seat, rng.choice(legal)).state
    return states, state


def acting_view(state: State) -> dict[str, Any]:
    return PROHIBITION.view(state, min(PROHIBITION.actors(state)))


GAMES = [(players, 1000 + 10 * players + k, OPTION_SETS[k]) for players in (2, 3, 4) for k in range(3)]


@pytest.fixture(scope="module")
def games() -> list[tuple[list[State], State]]:
    return [play(*game) for game in GAMES]


def test_the_shipped_data_pack_is_the_engines() -> None:
    assert run_probe({})["dataSame"], (
        "static/games/prohibition/data.json differs from engine/prohibition/data.json"
    )
    shipped = (ROOT / "static/games/prohibition/data.json").read_bytes()
    assert shipped == (ROOT / "engine/prohibition/data.json").read_bytes()


def street_of(a: str, b: str) -> str | None:
    ia, ib = INTER_INDEX[a], INTER_INDEX[b]
    for s, ends in enumerate(STREET_ENDS):
        if set(ends) == {ia, ib}:
            name: str = STREET_IDS[s]
            return name
    return None


def check_truck_chain(view: dict[str, Any], text: str, chain: list[str]) -> None:
    """The engine's movement rules (spec 6.1) on the chain the client found."""
    active = next(tr for tr in view["trucks"] if tr["id"] == view["active"])
    start, dest = active["street"], text[3:].split("=")[0]
    others = {tr["street"] for tr in view["trucks"] if tr["id"] != active["id"] and tr["street"]}
    chars = {c["at"] for c in view["characters"].values() if c["at"]}
    n = len(chain)
    if "=" in text:
        colour = text[-1]
        streets = next(c.streets for c in CUBES if c.code == colour)
        ok = n <= streets if view["options"]["delivery_distance"] == "at_most" else n == streets
        assert ok, (text, chain)
    else:
        assert 1 <= n <= 4, (text, chain)
    ends = [STREET_IDS[s] for s in range(len(STREET_IDS)) if INTER_INDEX[chain[0]] in STREET_ENDS[s]]
    assert start in ends, (text, start, chain)
    used = [start]
    for v, w in itertools.pairwise(chain):
        s = street_of(v, w)
        assert s is not None, (text, chain)
        used.append(s)
    assert INTER_INDEX[chain[-1]] in STREET_ENDS[STREET_INDEX[dest]], (text, chain)
    used.append(dest)
    assert len(set(used)) == len(used), ("a street twice", text, used)
    assert not set(used[1:]) & others, ("through another truck", text, used)
    assert not set(chain) & chars, ("through a character", text, chain)


def check_walk(view: dict[str, Any], text: str, walk: list[str]) -> None:
    """The engine's character movement (spec 7) on the walk the client found."""
    char, dest = text[0], text[2:]
    assert walk[0] == view["characters"][char]["at"] and walk[-1] == dest
    assert len(walk) == view["dice"]["number"] + 1
    assert len(set(walk)) == len(walk)
    trucks = {tr["street"] for tr in view["trucks"] if tr["street"]}
    others = {c["at"] for k, c in view["characters"].items() if k != char and c["at"]}
    for v, w in itertools.pairwise(walk):
        s = street_of(v, w)
        assert s is not None and s not in trucks, (text, walk)
        assert w not in others, (text, walk)


def test_every_legal_move_is_animated_along_a_legal_path(games: list[tuple[list[State], State]]) -> None:
    rng = random.Random(7)
    views = []
    for states, _ in games:
        movable = [s for s in states if s.phase in ("truck", "character")]
        views += [acting_view(s) for s in rng.sample(movable, min(25, len(movable)))]
    answer = run_probe({"paths": views})
    checked = 0
    for view, found in zip(views, answer["paths"], strict=True):
        for text, path in found.items():
            assert path is not None, ("no path for a legal action", text, view["phase"])
            if text.startswith("go:"):
                check_truck_chain(view, text, path)
            else:
                check_walk(view, text, path)
            checked += 1
    assert checked > 1000


def test_every_legal_action_is_named_and_placed(games: list[tuple[list[State], State]]) -> None:
    views = []
    for states, _ in games:
        seen: set[str] = set()
        for state in states:
            if state.phase not in seen or len(seen) < 40:
                seen.add(state.phase)
                views.append(acting_view(state))
    answer = run_probe({"labels": views})
    kinds = set()
    for view, got in zip(views, answer["labels"], strict=True):
        assert sorted(got["order"]) == sorted(view["legal"])
        for item in got["actions"]:
            assert item["kind"] is not None, item
            kinds.add(item["kind"])
            for lang in ("en", "fr"):
                assert "{" not in item[lang] and "pz." not in item[lang] and item[lang] != item["text"], item
            on_map = item["kind"] in ("go", "placeChar", "moveChar", "use", "place")
            assert (item["key"] is not None) == on_map, item
        deliveries = [x for x in got["order"] if "=" in x]
        assert got["order"][: len(deliveries)] == deliveries, "deliveries come first"
    assert kinds >= {"place", "pick", "roll", "placeChar", "moveChar", "go", "pass", "end", "load", "use"}


def export_lines(state: State) -> list[str]:
    return [line for line in record_text(state).splitlines() if line.strip()]


def test_the_history_is_cut_into_the_text_exports_turns(games: list[tuple[list[State], State]]) -> None:
    finals = [final for _, final in games]
    views = [PROHIBITION.view(final, EVERYONE) for final in finals]
    answer = run_probe({"chronicles": views})
    for final, got in zip(finals, answer["chronicles"], strict=True):
        assert got["lines"] == export_lines(final)
        for en, fr in got["words"]:
            for text in (en, fr):
                assert "{" not in text and "pz." not in text, text


def test_a_players_history_with_stubs_is_cut_the_same_way(games: list[tuple[list[State], State]]) -> None:
    """Mid-game, as a seat sees it (the others' deals and picks are stubs): the same turns."""
    rng = random.Random(11)
    cases = []
    for states, _ in games:
        for state in rng.sample(states, 4):
            cases.append((state, PROHIBITION.view(state, min(PROHIBITION.actors(state)))))
    answer = run_probe({"chronicles": [view for _, view in cases]})
    for (state, _), got in zip(cases, answer["chronicles"], strict=True):
        labels = [" ".join(line.split(" ")[:2]) for line in got["lines"][1:]]
        expected = [" ".join(line.split(" ")[:2]) for line in export_lines(state)[1:]]
        assert labels == expected
