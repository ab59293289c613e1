"""The compiled core (``engine/speakeasy/_fast.c``) against the pure-Python engine it replaces.

On random positions (random playouts of both presets and of option mixes that reach every
branch: bars that hold their pieces, Babes that survive, referee mode, the Boss's fall that
shows the Speakeasy, a short no-combat limit; and random sparse boards with Kids, unknown
pieces and games about to end), the core's ``generate`` returns the very list of
``movegen.generate_python`` (same moves, same order) for both sides and several piece masks,
and its ``advance`` returns the very state of ``play.advance_python`` for the moves played
(every slot, the log entry by entry, the cached legal moves in order). A few thousand
positions here, about 100,000 under ``-m slow``. The engine without the core (``SPEAKEASY_PURE_PYTHON=1``)
plays the same games.
"""

from __future__ import annotations

import gc
import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_helpers import FILES, ROOT, state_of

from engine.speakeasy import SPEAKEASY, movegen, play, serialize
from engine.speakeasy.board import squares_of
from engine.speakeasy.movegen import FAST, generate_python
from engine.speakeasy.play import advance_python, legal
from engine.speakeasy.rules import options_from
from engine.speakeasy.setup import random_setup
from engine.speakeasy.state import LogEntry, State

needs_core = pytest.mark.skipif(FAST is None, reason="the compiled core is not built (or refused)")

# Option mixes: the two presets, and overrides that reach the branches the presets miss.
MIXES: tuple[dict[str, object], ...] = (
    {"preset": "speakeasy"},
    {"preset": "luzhanqi"},
    {"preset": "speakeasy", "boss_loss_reveals_speakeasy": True, "reveal_on_combat": False},
    {"preset": "luzhanqi", "bar_exit": True, "babe_survives": False, "no_combat_limit": 12},
    {"preset": "speakeasy", "babe_survives": True, "no_combat_limit": 30},
)


def started(seed: int, mix: dict[str, object]) -> State:
    options = options_from(mix)
    state = SPEAKEASY.new_game(seed, dict(mix))
    for side in (0, 1):
        setup = random_setup(side, seed * 2 + side + 7, options)
        state = SPEAKEASY.apply(state, side, {"type": "setup", "position": setup}).state
    return state


def assert_same_state(fast: State, slow: State, parent: State) -> None:
    assert type(fast) is State
    for name in State.__slots__:
        if name == "log":
            continue
        assert getattr(fast, name) == getattr(slow, name), name
    assert fast.entries() == slow.entries()
    assert fast.log is not None and slow.log is not None
    assert fast.log[1] is parent.log  # the history is shared, not copied
    assert fast.board is not parent.board and fast.occ is not parent.occ and fast.fixed is not parent.fixed


def check_generation(state: State, rng: random.Random) -> None:
    assert FAST is not None
    board, occ = state.board, state.occ
    for side in (0, 1):
        own, enemy = occ[side], occ[side ^ 1]
        masks = [own, own & ~state.fixed[side], rng.getrandbits(60)]  # the last holds empty squares
        if own:
            masks.append(1 << rng.choice(squares_of(own)))
        for bar_exit in (True, False):
            for pieces in masks:
                expected = generate_python(board, own, enemy, bar_exit, pieces)
                assert FAST.generate(board, own, enemy, bar_exit, pieces) == expected, (state.ply, side)


def check_advance(state: State, rng: random.Random, sample: int) -> None:
    """Every combat move of the side to move and ``sample`` of its quiet moves."""
    assert FAST is not None
    moves = legal(state)
    combats = [m for m in moves if state.board[m & 63]]
    quiet = [m for m in moves if not state.board[m & 63]]
    for move in combats + rng.sample(quiet, min(sample, len(quiet))):
        try:
            slow = advance_python(state, move)
        except KeyError as exc:  # a combat with an unknown ("?") piece has no outcome
            with pytest.raises(KeyError) as fast_error:
                FAST.advance(state, move)
            assert fast_error.value.args == exc.args
            continue
        assert_same_state(FAST.advance(state, move), slow, state)


def playout_positions(seed: int, mix: dict[str, object], sample: int) -> int:
    """Plays a random game with the core, comparing at every position; returns how many."""
    assert FAST is not None
    rng = random.Random(seed)
    state = started(seed, mix)
    count = 0
    while state.result is None:
        check_generation(state, rng)
        check_advance(state, rng, sample)
        count += 1
        state = FAST.advance(state, rng.choice(legal(state)))
    return count


def playouts(positions: int, seed0: int, sample: int) -> int:
    count, seed = 0, seed0
    while count < positions:
        count += playout_positions(seed, MIXES[seed % len(MIXES)], sample)
        seed += 1
    return count


ARMY = "S8766554433222111KKKBBBFF"


def sparse_states(count: int, seed: int) -> Iterator[State]:
    """Random sparse boards (both presets, either side to move, some unknown pieces, the
    no-combat count often one short of the limit)."""
    rng = random.Random(seed)
    names = [f"{f}{r}" for f in FILES for r in range(1, 13)]
    for i in range(count):
        pools = {side: rng.sample(ARMY, len(ARMY)) for side in "sn"}
        cells = {}
        for name in rng.sample(names, rng.randint(2, 30)):
            side = rng.choice("sn")
            code = pools[side].pop()
            cells[name] = side + ("?" if rng.random() < 0.05 else code)
        quiet = rng.choice((0, 5, 98, 99))
        yield state_of(
            cells, rng.choice("sn"), quiet=quiet, ply=quiet, preset=("speakeasy", "luzhanqi")[i % 2]
        )


def sparse(count: int, seed: int) -> None:
    rng = random.Random(seed)
    for state in sparse_states(count, seed):
        check_generation(state, rng)
        if state.result is None:
            check_advance(state, rng, sample=6)


@needs_core
def test_playouts_agree_with_the_python_engine() -> None:
    assert playouts(3_000, seed0=1, sample=3) >= 3_000


@needs_core
def test_sparse_boards_agree_with_the_python_engine() -> None:
    sparse(1_500, seed=2)


@needs_core
@pytest.mark.slow
def test_playouts_agree_with_the_python_engine_at_length() -> None:
    assert playouts(80_000, seed0=10_000, sample=2) >= 80_000


@needs_core
@pytest.mark.slow
def test_sparse_boards_agree_with_the_python_engine_at_length() -> None:
    sparse(20_000, seed=3)


@needs_core
def test_inputs_off_the_fast_path_get_what_the_python_generator_does() -> None:
    assert FAST is not None
    state = started(5, {"preset": "speakeasy"})
    board, (own, enemy) = state.board, state.occ
    as_tuple = tuple(board)
    assert FAST.generate(as_tuple, own, enemy, True, own) == generate_python(as_tuple, own, enemy, True, own)  # type: ignore[arg-type]
    for pieces in (1 << 60, -1):
        with pytest.raises(IndexError):
            generate_python(board, own, enemy, True, pieces)
        with pytest.raises(IndexError):
            FAST.generate(board, own, enemy, True, pieces)
    with pytest.raises(TypeError):
        FAST.generate(["x"] * 60, own, enemy, True, own)


@needs_core
def test_the_engine_uses_the_core() -> None:
    assert FAST is not None
    assert movegen.generate is FAST.generate
    assert play.advance is FAST.advance


def _links(state: State) -> list[tuple[object, object]]:
    links, log = [], state.log
    while log is not None:
        links.append(log)
        log = log[1]
    return links


@needs_core
def test_a_games_log_is_not_walked_by_the_cycle_collector() -> None:
    """A log entry (numbers, a str or None, frozen) and the pair that links it cannot be in a
    reference cycle, and a log lives as long as its game: the core's entries, the Python
    engine's and those read back from storage are out of the collector's lists, so that a
    thousand games' logs do not lengthen every collection (docs/server.md, "Garbage
    collection")."""
    rng = random.Random(11)
    fast = slow = started(11, {"preset": "luzhanqi"})
    while fast.result is None and fast.ply < 120:
        move = rng.choice(legal(fast))
        fast, slow = FAST.advance(fast, move), advance_python(slow, move)
    stored = serialize.from_dict(json.loads(json.dumps(serialize.to_dict(fast))))
    for state in (fast, slow, stored):
        links = _links(state)
        assert len(links) == len(fast.entries()) > 60
        assert not any(gc.is_tracked(link) or gc.is_tracked(link[0]) for link in links)
    assert stored.entries() == fast.entries() == slow.entries()


@needs_core
def test_the_core_links_only_log_entries() -> None:
    first = play.linked(LogEntry(1, 0, 2, 3), None)
    for entry, rest in (("not an entry", None), (first[0], ("a", None)), (first[0], [first[0], None])):
        with pytest.raises(TypeError):
            FAST.linked(entry, rest)
    assert FAST.linked(first[0], first) == (first[0], first)


PLAY_A_GAME = """
import json, random, sys
sys.path.insert(0, {tests!r})
from test_engine_fast_core import started
from engine.speakeasy import movegen, play
from engine.speakeasy.play import advance, legal
rng = random.Random(3)
state = started(3, {{"preset": "luzhanqi"}})
moves = []
while state.result is None:
    move = rng.choice(legal(state))
    moves.append(move)
    state = advance(state, move)
print(json.dumps({{"fast": movegen.FAST is not None, "moves": moves,
                   "python": play.advance is play.advance_python,
                   "end": state.result.to_dict()}}))
"""


def play_a_game(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != movegen.PURE_PYTHON_VARIABLE}
    if pure:
        env[movegen.PURE_PYTHON_VARIABLE] = "1"
    code = PLAY_A_GAME.format(tests=str(Path(__file__).parent))
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_the_variable_forces_the_python_engine_and_it_plays_the_same_game() -> None:
    pure = play_a_game(pure=True)
    assert pure["fast"] is False and pure["python"] is True
    default = play_a_game(pure=False)  # the core when it is built (whatever this process runs)
    assert default["python"] is not default["fast"]
    assert pure["moves"] == default["moves"] and pure["end"] == default["end"]


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def test_the_core_is_built_and_current_where_a_compiler_is() -> None:
    """Where the install could compile it, a missing or stale core is a broken install (run
    ``pip install --no-deps --no-build-isolation -e .`` again)."""
    if os.environ.get(movegen.PURE_PYTHON_VARIABLE, "") not in ("", "0") or _compiler() is None:
        pytest.skip("no C compiler here, or the Python engine was asked for")
    assert FAST is not None, "engine.speakeasy._fast is not built: reinstall the project"
    source = Path(movegen.__file__).with_name("_fast.c")
    built = Path(str(FAST.__file__))
    assert built.stat().st_mtime >= source.stat().st_mtime, f"{built.name} is older than _fast.c: reinstall"
