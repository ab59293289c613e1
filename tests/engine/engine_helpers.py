"""Shared helpers for the engine's proof suite: positions written as cell maps, random legal
games, and a slow reference move generator written straight from the spec.

The reference deliberately shares no code with ``engine.speakeasy.board`` or ``movegen``: it
works on location names and (file, rank) pairs, and finds moves by walking lines.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.cli import state_from_position
from engine.speakeasy.movegen import move_text
from engine.speakeasy.play import advance, legal
from engine.speakeasy.rules import RuleOptions, options_from
from engine.speakeasy.setup import random_setup
from engine.speakeasy.state import State

ROOT = Path(__file__).resolve().parents[2]
PRESETS = ("speakeasy", "luzhanqi")
FILES = "abcde"


# -- positions in notation -----------------------------------------------------------------
def position(cells: Mapping[str, str], to_move: str = "s", quiet: int = 0, ply: int = 0) -> str:
    """``{"c4": "sK", "c8": "n8"}`` -> a position in notation (spec section 9)."""
    for name in cells:
        assert name[0] in FILES and 1 <= int(name[1:]) <= 12, name
    rows = []
    for rank in range(12, 0, -1):
        rows.append("".join(cells.get(f"{f}{rank}", "..") for f in FILES))
    return f"{'/'.join(rows)} {to_move} {quiet} {max(ply, quiet)}"


def rules(preset: str = "speakeasy", **overrides: object) -> RuleOptions:
    return options_from({"preset": preset, **overrides})


def state_of(
    cells: Mapping[str, str],
    to_move: str = "s",
    *,
    quiet: int = 0,
    ply: int = 0,
    preset: str = "speakeasy",
    **overrides: object,
) -> State:
    """A play-phase state from a cell map (through the notation and the CLI's builder)."""
    return state_from_position(position(cells, to_move, quiet, ply), rules(preset, **overrides))


def targets(state: State, frm: str) -> set[str]:
    """Where the piece on ``frm`` may go, by the engine."""
    return {m.split("-")[1] for m in map(move_text, legal(state)) if m.split("-")[0] == frm}


def legal_texts(state: State) -> set[str]:
    return set(map(move_text, legal(state)))


# -- random legal games --------------------------------------------------------------------
def setups_for(seed: int, preset: str) -> tuple[str, str]:
    options = rules(preset)
    return random_setup(0, seed * 2 + 11, options), random_setup(1, seed * 2 + 12, options)


def start(seed: int, preset: str, setups: tuple[str, str] | None = None) -> State:
    """A game past setup, through the public protocol."""
    south, north = setups or setups_for(seed, preset)
    state = SPEAKEASY.new_game(seed, {"preset": preset})
    state = SPEAKEASY.apply(state, 0, {"type": "setup", "position": south}).state
    return SPEAKEASY.apply(state, 1, {"type": "setup", "position": north}).state


@dataclass
class Game:
    seed: int
    preset: str
    setups: tuple[str, str]
    states: list[State] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)

    @property
    def final(self) -> State:
        return self.states[-1]


def random_game(seed: int, preset: str, max_plies: int | None = None) -> Game:
    """Random legal moves (fast path) from random setups, to the end or ``max_plies``."""
    setups = setups_for(seed, preset)
    state = start(seed, preset, setups)
    game = Game(seed, preset, setups, [state])
    rng = random.Random(seed)
    while state.result is None and (max_plies is None or len(game.moves) < max_plies):
        move = rng.choice(legal(state))
        state = advance(state, move)
        game.states.append(state)
        game.moves.append(move_text(move))
    return game


def games(count: int, seed0: int = 0, max_plies: int | None = None) -> Iterator[Game]:
    for i in range(count):
        yield random_game(seed0 + i, PRESETS[i % 2], max_plies)


# -- the reference move generator (spec sections 2 and 5, nothing shared) ------------------
Loc = tuple[int, int]  # (file 0..4, rank 1..12)

REF_BARS = {"b1", "d1", "b12", "d12"}
REF_BUILDINGS = {"b3", "d3", "c4", "b5", "d5", "b8", "d8", "c9", "b10", "d10"}
REF_ALLEYS = {"a1", "c1", "e1", "c3", "b4", "d4", "c5", "a12", "c12", "e12", "c10", "b9", "d9", "c8"}


def ref_name(loc: Loc) -> str:
    return f"{FILES[loc[0]]}{loc[1]}"


def ref_terrain(name: str) -> str:
    if name in REF_BARS:
        return "bar"
    if name in REF_BUILDINGS:
        return "building"
    if name in REF_ALLEYS:
        return "alley"
    rank, file = int(name[1:]), name[0]
    # Streets: ranks 2, 6, 7, 11 and files a, e from rank 2 to 11.
    assert rank in (2, 6, 7, 11) or (file in "ae" and 2 <= rank <= 11), name
    return "street"


REF_ALL = [ref_name((f, r)) for r in range(1, 13) for f in range(5)]


def _ref_lines() -> tuple[set[frozenset[str]], set[frozenset[str]]]:
    lines: set[frozenset[str]] = set()
    mountains = {frozenset({"b6", "b7"}), frozenset({"d6", "d7"})}
    for f in range(5):
        for r in range(1, 13):
            here = ref_name((f, r))
            for df, dr in ((1, 0), (0, 1)):
                if f + df < 5 and r + dr <= 12:
                    pair = frozenset({here, ref_name((f + df, r + dr))})
                    if pair not in mountains:
                        lines.add(pair)
            if here in REF_BUILDINGS:
                for df in (-1, 1):
                    for dr in (-1, 1):
                        if 0 <= f + df < 5 and 1 <= r + dr <= 12:
                            lines.add(frozenset({here, ref_name((f + df, r + dr))}))
    streets = {
        line
        for line in lines
        if all(ref_terrain(n) == "street" for n in line)
        and len({n[0] for n in line}) + len({n[1:] for n in line}) == 3  # orthogonal
    }
    return lines, streets


REF_LINES, REF_STREET_LINES = _ref_lines()


def _ref_neighbour_table(pool: set[frozenset[str]]) -> dict[str, list[str]]:
    return {name: sorted(next(iter(line - {name})) for line in pool if name in line) for name in REF_ALL}


_REF_NEIGHBOURS = (_ref_neighbour_table(REF_LINES), _ref_neighbour_table(REF_STREET_LINES))


def ref_neighbours(name: str, street_only: bool = False) -> list[str]:
    return _REF_NEIGHBOURS[street_only][name]


def ref_moves(cells: Mapping[str, str], side: str, options: RuleOptions) -> set[str]:
    """Every legal move of ``side`` (``"s"``/``"n"``) on a board of cells, by the spec."""

    def owner(name: str) -> str | None:
        cell = cells.get(name, "..")
        return None if cell == ".." else cell[0].lower()

    def may_end(name: str) -> bool:
        who = owner(name)
        if who is None:
            return True
        return who != side and ref_terrain(name) != "building"

    out: set[str] = set()
    for frm in REF_ALL:
        if owner(frm) != side:
            continue
        code = cells[frm][1]
        if code in "BS?":
            continue
        if not options.bar_exit and ref_terrain(frm) == "bar":
            continue
        ends: set[str] = {n for n in ref_neighbours(frm) if may_end(n)}
        if ref_terrain(frm) == "street":
            f0, r0 = FILES.index(frm[0]), int(frm[1:])
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                here, (f, r) = frm, (f0, r0)
                while True:
                    f, r = f + df, r + dr
                    if not (0 <= f < 5 and 1 <= r <= 12):
                        break
                    nxt = ref_name((f, r))
                    if frozenset({here, nxt}) not in REF_STREET_LINES:
                        break
                    if owner(nxt) is None:
                        ends.add(nxt)
                        here = nxt
                        continue
                    if owner(nxt) != side:
                        ends.add(nxt)
                    break
            if code == "K":
                seen = {frm}
                queue = deque([frm])
                while queue:
                    here = queue.popleft()
                    for nxt in ref_neighbours(here, street_only=True):
                        if nxt in seen:
                            continue
                        if owner(nxt) is None:
                            seen.add(nxt)
                            ends.add(nxt)
                            queue.append(nxt)
                        elif owner(nxt) != side:
                            ends.add(nxt)
        out |= {f"{frm}-{to}" for to in ends}
    return out


def cells_of(state: State) -> dict[str, str]:
    """The full board of a state as a cell map (from its notation)."""
    from engine.speakeasy.notation import format_board

    text = format_board(state.board, [True] * 60)
    out = {}
    for index, row in enumerate(text.split("/")):
        rank = 12 - index
        for f in range(5):
            cell = row[2 * f : 2 * f + 2]
            if cell != "..":
                out[f"{FILES[f]}{rank}"] = cell
    return out
