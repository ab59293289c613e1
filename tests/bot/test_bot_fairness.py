"""Fair by construction: the bot reads a view, and any re-deal of the opponent's hidden
pieces that leaves the view unchanged leaves the bot's choice unchanged."""

from __future__ import annotations

import ast
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import random_states

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.bot import decide
from engine.speakeasy.pieces import REVEALED
from engine.speakeasy.state import State

BIG = 60.0  # seconds: a cap never reached, so only counts decide (as in a quiet machine)
BOT_DIR = Path(__file__).resolve().parents[2] / "engine" / "speakeasy" / "bot"


def redeal(state: State, seat: int, rng: random.Random) -> State:
    """The same game with the opponent's unrevealed living pieces' kinds shuffled."""
    foe = seat ^ 1
    hidden = [sq for sq, p in enumerate(state.board) if p and p >> 4 & 1 == foe and not p & REVEALED]
    kinds = [state.board[sq] & 15 for sq in hidden]
    rng.shuffle(kinds)
    new = state.copy()
    for sq, kind in zip(hidden, kinds, strict=True):
        new.board[sq] = (new.board[sq] & ~15) | kind
    return new


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
@pytest.mark.parametrize("game", [2])
def test_same_choice_for_every_redeal_the_bot_cannot_tell_apart(level: str, game: int, rules: str) -> None:
    rng = random.Random(game)
    states = [s for s in random_states(game, rules, plies=120) if s.ply in (1, 40, 90)]
    assert states
    for state in states:
        seat = state.to_move
        view = SPEAKEASY.view(state, seat)
        choice = decide(view, level, seed=7, budget=BIG)
        changed = 0
        for _ in range(4):
            other = redeal(state, seat, rng)
            changed += other.board != state.board
            other_view = SPEAKEASY.view(other, seat)
            assert other_view == view  # the bot cannot tell them apart...
            assert decide(other_view, level, seed=7, budget=BIG) == choice  # ...and plays the same
        assert changed  # the re-deals did change the hidden truth


def test_decide_is_deterministic_and_seeded() -> None:
    state = next(s for s in random_states(9, plies=30) if s.ply == 20)
    view = SPEAKEASY.view(state, state.to_move)
    assert decide(view, "normal", seed=3, budget=BIG) == decide(view, "normal", seed=3, budget=BIG)
    setup_view = SPEAKEASY.view(SPEAKEASY.new_game(1), 0)
    setups = {decide(setup_view, "normal", seed=s)["position"] for s in range(12)}
    assert len(setups) >= 10  # setups vary with the seed: they cannot be read


def test_decide_is_picklable_for_a_process_pool() -> None:
    assert pickle.loads(pickle.dumps(decide)) is decide


def test_the_bot_imports_only_the_standard_library_and_the_engine() -> None:
    allowed_roots = {"engine", "__future__"} | set(sys.stdlib_module_names)
    for path in BOT_DIR.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            assert set(roots) <= allowed_roots, (path.name, roots)
    code = (
        "import sys, engine.speakeasy.bot; print(sorted(m for m in sys.modules if m.split('.')[0] == 'app'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_bot_never_reaches_for_a_state() -> None:
    """No bot module imports what turns a state into anything (the views, storage, the
    game object): its only input is the view dict it is handed."""
    forbidden = {
        "engine.speakeasy.view",
        "engine.speakeasy.serialize",
        "engine.speakeasy.record",
        "engine.speakeasy.game",
        "engine.speakeasy.cli",
    }
    for path in BOT_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                assert node.module not in forbidden, (path.name, node.module)
                if node.module == "engine.speakeasy":
                    assert all(alias.name != "SPEAKEASY" for alias in node.names), path.name
            elif isinstance(node, ast.Import):
                assert not {alias.name for alias in node.names} & forbidden, path.name
