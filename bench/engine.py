"""Engine speed as ratios to a plain reference, measured side by side in one run.

    python bench/engine.py [--rounds 7] [--positions 1500] [--games 6] [--seed 1] [--clock cpu|wall]

Absolute rates on a shared machine say more about the neighbours than about the engine, so
this bench times, in the same process and in alternating rounds (the order swapped every
round), three implementations on the same work:

* the reference: ``ref_moves`` of ``tests/engine/engine_helpers.py``, the plain move
  generator written from the spec that the engine's tests compare with (location names,
  line walks, a breadth-first search for the Kid; no shared code), and for playouts a plain
  move application on its cell map (the combat outcome from ``combat.survivor``);
* the engine as it runs (``movegen.legal_moves`` / ``play.advance``): the compiled core
  when it is built;
* the pure-Python engine (``generate_python`` with its memo tables, ``advance_python``), the
  fallback where the core is not built.

Generation: every round takes positions never seen before in the run (sampled from random
playouts of both presets from random setups), empties the Python engine's memo tables, times
each implementation once over them (**cold**), then once more over the same positions
(**warm**: only the Python engine's memo tables make a difference). Every position's moves
are checked equal to the reference's before timing. Playouts: each round plays random games
from fresh setups to the end, one generation per ply for every implementation (the engine's
``advance`` generates the next side's moves once; the reference calls ``ref_moves`` once).
The figures are medians over rounds of µs per call or per ply, and the median of the
per-round ratios (reference time / engine time, both from the same round and load), with the
machine's load average before and after. Times are the process's CPU time by default (on a
busy machine the wall clock mostly measures the other processes' turns); ``--clock wall``
times by the wall clock instead.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests" / "engine"))

from engine_helpers import cells_of, ref_moves  # noqa: E402

from engine.speakeasy import SPEAKEASY, movegen  # noqa: E402
from engine.speakeasy.combat import survivor  # noqa: E402
from engine.speakeasy.movegen import generate_python, legal_moves, move_text  # noqa: E402
from engine.speakeasy.play import advance, advance_python, legal  # noqa: E402
from engine.speakeasy.rules import RuleOptions, options_from  # noqa: E402
from engine.speakeasy.setup import random_setup  # noqa: E402
from engine.speakeasy.state import ATTACKER, DEFENDER, State  # noqa: E402

PRESETS = ("speakeasy", "luzhanqi")
Cells = dict[str, str]


def start(seed: int) -> State:
    preset = PRESETS[seed % 2]
    options = options_from({"preset": preset})
    state = SPEAKEASY.new_game(seed, {"preset": preset})
    for side in (0, 1):
        setup = random_setup(side, seed * 2 + side, options)
        state = SPEAKEASY.apply(state, side, {"type": "setup", "position": setup}).state
    return state


# -- the three implementations ---------------------------------------------------------------
def clear_memos() -> None:
    for memo in (*movegen._REACH_MEMO, *movegen._STEP_MEMO):
        memo.clear()


@contextmanager
def python_engine() -> Iterator[None]:
    """The engine without its compiled core: ``legal_moves`` (and so ``advance_python``'s
    settling) calls ``generate_python``."""
    saved = movegen.generate
    movegen.generate = generate_python
    try:
        yield
    finally:
        movegen.generate = saved


def engine_generation(states: list[State]) -> None:
    for s in states:
        legal_moves(s.board, s.occ, s.to_move, s.options.bar_exit, s.fixed[s.to_move])


def python_generation(states: list[State]) -> None:
    with python_engine():
        engine_generation(states)


def reference_generation(cases: list[tuple[Cells, str, RuleOptions]]) -> None:
    for cells, side, options in cases:
        ref_moves(cells, side, options)


def engine_playout(state: State, rng: random.Random, step: Callable[[State, int], State]) -> int:
    plies = 0
    while state.result is None:
        state = step(state, rng.choice(legal(state)))
        plies += 1
    return plies


def reference_playout(cells: Cells, side: str, options: RuleOptions, rng: random.Random) -> int:
    """A random game on a cell map: one ``ref_moves`` per ply, the move applied plainly; ends
    when the Speakeasy is taken, the side to move has no move or the no-combat limit is met."""
    cells = dict(cells)
    quiet = plies = 0
    while True:
        moves = sorted(ref_moves(cells, side, options))
        if not moves or quiet >= options.no_combat_limit:
            return plies
        frm, to = rng.choice(moves).split("-")
        piece = cells.pop(frm)
        target = cells.get(to)
        plies += 1
        if target is None:
            cells[to] = piece
            quiet += 1
        else:
            quiet = 0
            if target[1] == "S":
                return plies
            outcome = survivor(KIND[piece[1]], KIND[target[1]], options.babe_survives)
            if outcome == ATTACKER:
                cells[to] = piece
            elif outcome != DEFENDER:
                del cells[to]
        side = "n" if side == "s" else "s"


KIND = {**{str(k): k for k in range(1, 9)}, "K": 9, "B": 10, "F": 11, "S": 12}


# -- the rounds --------------------------------------------------------------------------------
@dataclass
class Figures:
    """µs per call or ply for each round, and the per-round ratios to the reference."""

    times: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, micros: float) -> None:
        self.times.setdefault(name, []).append(micros)

    def median(self, name: str) -> float:
        return statistics.median(self.times[name])

    def ratio(self, name: str) -> tuple[float, float, float]:
        ratios = [r / e for r, e in zip(self.times["reference"], self.times[name], strict=True)]
        return statistics.median(ratios), min(ratios), max(ratios)


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


def timed(work: Callable[[], object]) -> float:
    t0 = clock()
    work()
    return clock() - t0


def sample_positions(count: int, seed: int) -> list[State]:
    """``count`` positions from random playouts (about 40 from each game)."""
    rng = random.Random(seed)
    out: list[State] = []
    game = 0
    while len(out) < count:
        state = start(seed * 100_000 + game)
        game += 1
        seen = []
        while state.result is None:
            seen.append(state)
            state = advance(state, rng.choice(legal(state)))
        out.extend(seen[:: max(1, len(seen) // 40)])
    rng.shuffle(out)
    return out[:count]


def generation_round(states: list[State], order: int, cold: Figures, warm: Figures) -> None:
    cases = [(cells_of(s), "sn"[s.to_move], s.options) for s in states]
    for s, (cells, side, options) in zip(states, cases, strict=True):  # the same work, checked
        engine_moves = legal_moves(s.board, s.occ, s.to_move, s.options.bar_exit, s.fixed[s.to_move])
        assert set(map(move_text, engine_moves)) == ref_moves(cells, side, options)
    runs: list[tuple[str, Callable[[], object]]] = [
        ("reference", lambda: reference_generation(cases)),
        ("engine", lambda: engine_generation(states)),
        ("python", lambda: python_generation(states)),
    ]
    if order % 2:
        runs.reverse()
    per_call = 1e6 / len(states)
    clear_memos()
    for name, work in runs:
        cold.add(name, timed(work) * per_call)
    for name, work in runs:
        warm.add(name, timed(work) * per_call)


def playout_round(starts: list[State], seed: int, order: int, figures: Figures) -> None:
    cases = [(cells_of(s), "sn"[s.to_move], s.options) for s in starts]

    def reference() -> int:
        rng = random.Random(seed)
        return sum(reference_playout(c, side, o, rng) for c, side, o in cases)

    def engine() -> int:
        rng = random.Random(seed)
        return sum(engine_playout(s, rng, advance) for s in starts)

    def python() -> int:
        rng = random.Random(seed)
        with python_engine():
            return sum(engine_playout(s, rng, advance_python) for s in starts)

    runs: list[tuple[str, Callable[[], int]]] = [
        ("reference", reference),
        ("engine", engine),
        ("python", python),
    ]
    if order % 2:
        runs.reverse()
    clear_memos()
    for name, work in runs:
        t0 = clock()
        plies = work()
        figures.add(name, (clock() - t0) * 1e6 / plies)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} cores)"


def line(title: str, figures: Figures) -> str:
    out = [f"{title}: reference {figures.median('reference'):.2f} µs"]
    for name, label in (("engine", "engine"), ("python", "python engine")):
        mid, low, high = figures.ratio(name)
        out.append(f"{label} {figures.median(name):.2f} µs = {mid:.1f}x (rounds {low:.1f}-{high:.1f}x)")
    return "; ".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--positions", type=int, default=1500, help="fresh positions per round")
    parser.add_argument("--games", type=int, default=6, help="playouts per round and implementation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="what the times measure")
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    core = (
        "compiled (engine/speakeasy/_fast.c)"
        if movegen.FAST is not None
        else "pure Python (no compiled core)"
    )
    print(f"load average before: {load()}; engine core: {core}; clock: {args.clock}")
    positions = sample_positions(args.rounds * args.positions, args.seed)
    cold, warm, plies = Figures(), Figures(), Figures()
    for r in range(args.rounds):
        generation_round(positions[r * args.positions : (r + 1) * args.positions], r, cold, warm)
        starts = [start(10_000_000 + args.seed * 1000 + r * args.games + g) for g in range(args.games)]
        playout_round(starts, args.seed + r, r, plies)
    print(f"rounds {args.rounds}: {args.positions} fresh positions, {args.games} playouts each")
    print(line("legal-move generation, cold (µs/call)", cold))
    print(line("legal-move generation, warm (µs/call)", warm))
    print(line("random-playout plies, one generation per ply (µs/ply)", plies))
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
