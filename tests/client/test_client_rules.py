"""The browser client's rule modules (static/games/speakeasy) agree with the engine.

The client checks setups before sending them, draws the board, and explains combat and the
rule options in its rules (rules.js, shown at /rules/speakeasy); each of those repeats a
little of the spec in JavaScript. These tests run the real modules in Node and compare their
answers with the Python engine's on the same cases, so the two cannot drift apart.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import node_probe

from engine.core import EVERYONE
from engine.errors import GameError
from engine.speakeasy import ENTRY, SPEAKEASY
from engine.speakeasy.board import LINES, SIZE, STREET_LINES, TERRAIN, square
from engine.speakeasy.combat import TABLES
from engine.speakeasy.notation import format_board, parse_board
from engine.speakeasy.pieces import CODE, KID, KIND_OF_CODE
from engine.speakeasy.rules import PRESETS, RuleOptions
from engine.speakeasy.setup import opening_for, opening_names, parse_setup, random_setup, setup_squares
from engine.speakeasy.state import ATTACKER, DEFENDER, NEITHER

PROBE = Path(__file__).with_name("rules_probe.mjs")
SIDES = ("s", "n")
MOVERS = [*"12345678", "K", "F"]
TARGETS = [*"12345678", "K", "B", "F", "S"]
STREET_PAIRS = frozenset(STREET_LINES)


def run_probe(request: dict[str, Any]) -> dict[str, Any]:
    return node_probe.run_probe(PROBE, request, ("--experimental-default-type=module",), 60)


def engine_accepts(text: str, side: int, preset: str) -> bool:
    try:
        parse_setup(text, side, PRESETS[preset])
    except GameError:
        return False
    return True


def mutated_setups(rng: random.Random, count: int) -> list[tuple[str, int, str]]:
    """Legal setups and small corruptions of them: swaps (often breaking a rule), a piece
    moved into a building or across the front, a piece removed."""
    out = []
    for i in range(count):
        side = i % 2
        preset = ("speakeasy", "luzhanqi")[(i // 2) % 2]
        board = parse_board(random_setup(side, rng.randrange(1 << 30), PRESETS[preset]).split()[0])
        squares = setup_squares(side)
        kind = i % 4
        if kind == 1:
            a, b = rng.sample(squares, 2)
            board[a], board[b] = board[b], board[a]
        elif kind == 2:
            a = rng.choice(squares)
            b = rng.choice([sq for sq in range(SIZE) if sq not in squares])
            board[b], board[a] = board[a], 0
        elif kind == 3:
            board[rng.choice(squares)] = 0
        out.append((format_board(board, [True] * SIZE), side, preset))
    return out


def test_board_geometry_matches_the_engine() -> None:
    answer = run_probe({"combat": [], "setups": [], "positions": [], "random": []})
    assert answer["terrain"] == [t.value for t in TERRAIN]
    lines = {(a, b): kind for a, b, kind in answer["lines"]}
    assert set(lines) == set(LINES)
    assert {pair for pair, kind in lines.items() if kind == "street"} == set(STREET_LINES)


def test_the_rules_state_every_option_as_the_presets_set_it() -> None:
    """The rules' table of options: every option of the engine, with each rule set's value."""
    answer = run_probe({"combat": [], "setups": [], "positions": [], "random": []})["rules"]
    options = {name: values for name, *values in answer["options"]}
    assert list(options) == list(RuleOptions.__dataclass_fields__)
    assert list(PRESETS) == ["speakeasy", "luzhanqi"]  # the table's two columns, in this order
    for name, values in options.items():
        assert values == [getattr(PRESETS[preset], name) for preset in PRESETS], name
    assert answer["titles"]["en"].endswith(ENTRY.title) and answer["titles"]["fr"].endswith(ENTRY.title)
    assert answer["titles"]["en"] != answer["titles"]["fr"]


def test_combat_explained_as_the_engine_decides() -> None:
    cases = [(a, d, flag) for flag in (False, True) for a in MOVERS for d in TARGETS]
    answer = run_probe(
        {
            "combat": [[a, d, {"babe_survives": flag}] for a, d, flag in cases],
            "setups": [],
            "positions": [],
            "random": [],
        }
    )
    expected = {ATTACKER: "attacker", DEFENDER: "defender", NEITHER: "none"}
    for (a, d, flag), said in zip(cases, answer["combat"], strict=True):
        engine = TABLES[flag][KIND_OF_CODE[a], KIND_OF_CODE[d]]
        want = "win" if d == "S" else expected[engine]
        assert said == want, f"{a} attacks {d} (babe_survives={flag}): client {said}, engine {want}"


def test_setup_checks_agree_with_the_engine() -> None:
    rng = random.Random(7)
    cases = mutated_setups(rng, 400)
    cases += [
        (opening_for(name, side), side, preset)
        for name in opening_names()
        for side in (0, 1)
        for preset in PRESETS
    ]
    answer = run_probe(
        {
            "combat": [],
            "setups": [
                [f"{text} s 0 0", SIDES[side], PRESETS[preset].to_dict()] for text, side, preset in cases
            ],
            "positions": [],
            "random": [],
        }
    )
    verdicts = [engine_accepts(text, side, preset) for text, side, preset in cases]
    assert any(verdicts) and not all(verdicts)
    for (text, side, preset), client, engine in zip(cases, answer["setups"], verdicts, strict=True):
        assert client == engine, f"{SIDES[side]} {preset} {text}: client {client}, engine {engine}"


def test_client_random_setups_are_legal_for_the_engine() -> None:
    cases = [(side, preset) for side in (0, 1) for preset in PRESETS for _ in range(25)]
    answer = run_probe(
        {
            "combat": [],
            "setups": [],
            "positions": [],
            "random": [[SIDES[side], PRESETS[preset].to_dict()] for side, preset in cases],
        }
    )
    for (side, preset), text in zip(cases, answer["random"], strict=True):
        parse_setup(text, side, PRESETS[preset])


def test_positions_round_trip_through_the_client() -> None:
    rng = random.Random(3)
    positions = []
    for _ in range(50):
        cells = []
        for _sq in range(SIZE):
            if rng.random() < 0.5:
                cells.append("..")
            else:
                letter = rng.choice("sSnN")
                code = rng.choice([c for c in CODE.values() if c != "?" or letter.islower()])
                cells.append(letter + code)
        ranks = ["".join(cells[(r - 1) * 5 : r * 5]) for r in range(12, 0, -1)]
        positions.append("/".join(ranks))
    answer = run_probe(
        {"combat": [], "setups": [], "positions": [f"{p} n 3 17" for p in positions], "random": []}
    )
    assert answer["positions"] == positions


def moves_of_random_games(games: int, plies: int) -> list[tuple[str, int, int, bool]]:
    """(position after the move, from, to, whether a Kid moved) for every move of a few
    random games played by the engine."""
    rng = random.Random(11)
    out = []
    for _ in range(games):
        state = SPEAKEASY.new_game(f"{rng.getrandbits(256):064x}")
        for seat in (0, 1):
            action = SPEAKEASY.default_action(state, seat)
            assert action is not None
            state = SPEAKEASY.apply(state, seat, action).state
        for _ply in range(plies):
            seat = state.to_move
            actions = SPEAKEASY.legal_actions(state, seat)
            if not actions or SPEAKEASY.result(state) is not None:
                break
            action = rng.choice(actions)
            frm, to = (square(name) for name in action["move"].split("-"))
            kid = state.board[frm] & 15 == KID
            state = SPEAKEASY.apply(state, seat, action).state
            position = SPEAKEASY.view(state, EVERYONE, history=False)["position"]
            out.append((position, frm, to, kid))
    return out


def straight_run(a: int, b: int, empty: set[int]) -> bool:
    """Whether a piece can go from a to b straight along street lines over empty locations."""
    for step in (1, -1, 5, -5):
        sq = a
        while (min(sq, sq + step), max(sq, sq + step)) in STREET_PAIRS:
            sq += step
            if sq == b:
                return True
            if sq not in empty:
                break
    return False


def test_move_paths_follow_the_streets_a_kid_turns_along() -> None:
    """The client draws each move along its way: a straight line for every piece but a Kid
    who turned, whose path goes corner by corner along empty streets (never across the
    mountain, nor through a piece)."""
    moves = moves_of_random_games(games=12, plies=160)
    answer = run_probe(
        {
            "combat": [],
            "setups": [],
            "positions": [],
            "random": [],
            "paths": [[p, a, b] for p, a, b, _ in moves],
        }
    )
    neighbours = {pair for pair in LINES} | {(b, a) for a, b in LINES}
    turning = 0
    for (position, frm, to, kid), path in zip(moves, answer["paths"], strict=True):
        board = parse_board(position.split()[0])
        empty = {sq for sq in range(SIZE) if not board[sq]} | {frm}
        assert path[0] == frm and path[-1] == to, (position, frm, to, path)
        if (frm, to) in neighbours or straight_run(frm, to, empty):
            assert path == [frm, to], (position, frm, to, path)
            continue
        assert kid, f"only a Kid turns: {position} {frm}-{to}"
        turning += 1
        assert len(path) >= 3, (position, frm, to, path)
        for i, (a, b) in enumerate(itertools.pairwise(path)):
            last = i == len(path) - 2
            assert straight_run(a, b, empty), (position, frm, to, path)
            if not last:
                assert b in empty, f"a corner of the path holds a piece: {position} {path}"
    assert turning >= 5, "the random games hold several turning Kid moves"
