"""The bot's own setups: sound principles, drawn at random so that they cannot be read.

Principles (rulebook advice and Lu Zhan Qi practice):

* the Speakeasy stands on a bar, walled in: most often all three of its neighbours are
  Babes (only a Kid gets through a Babe), else two Babes and a strong guard, and the other
  bar often holds a Babe or a cheap piece as a decoy;
* one FBI agent waits near home to meet a raider, the other in the middle;
* the Boss and the Successor stand in the middle ranks, ready but hidden, not in front;
* the front rank holds cheap probes (Thugs, Henchmen, a Kid or two) and a Car or Gunner;
* the rest is dealt with cheap pieces forward and the valuable behind, with noise.

Everything is drawn for South and turned for North; the result is checked by the engine's
own setup rules (a broken draw falls back to a uniformly random legal setup).
"""

from __future__ import annotations

import random

from bench.baseline_bot.evaluate import VALUE
from engine.errors import GameError
from engine.rng_legacy import LegacyRng as Rng
from engine.speakeasy.board import mirror, square
from engine.speakeasy.pieces import (
    ACCOUNTANT,
    ARMY,
    BABE,
    BOSS,
    CAR,
    COP,
    FBI,
    GUNNER,
    HENCHMAN,
    KID,
    SPEAKEASY,
    SUCCESSOR,
    THUG,
    make,
)
from engine.speakeasy.rules import RuleOptions
from engine.speakeasy.setup import check_setup, random_setup, setup_squares, setup_text

_BAR_NEIGHBOURS = {"b1": ("a1", "c1", "b2"), "d1": ("c1", "e1", "d2")}
_MIDDLE = ("a3", "c3", "e3", "a4", "b4", "d4", "e4", "a5", "c5", "e5")
_FRONT = ("a6", "b6", "c6", "d6", "e6")
_HOME = ("a2", "b2", "c2", "d2", "e2", "a3", "c3", "e3")


def _south_setup(options: RuleOptions, rng: random.Random) -> dict[int, int]:
    placed: dict[int, int] = {}
    left = dict(ARMY)

    def put(name: str, kind: int) -> None:
        sq = square(name)
        assert sq not in placed and left[kind] > 0
        placed[sq] = kind
        left[kind] -= 1

    def free(names: tuple[str, ...] | list[str]) -> list[str]:
        return [n for n in names if square(n) not in placed]

    bar = rng.choice(["b1", "d1"])
    other = "d1" if bar == "b1" else "b1"
    put(bar, SPEAKEASY)
    walls = list(_BAR_NEIGHBOURS[bar])
    rng.shuffle(walls)
    style = rng.random()
    babes_at_home = 3 if style < 0.5 else 2 if style < 0.85 else 1
    for name in walls[:babes_at_home]:
        put(name, BABE)
    for name in walls[babes_at_home:]:
        put(name, rng.choice([k for k in (COP, ACCOUNTANT, FBI) if left[k]]))
    if left[BABE]:
        spots = free(["a1", "c1", "e1", "a2", "b2", "c2", "d2", "e2", other])
        if not options.bar_exit or rng.random() < 0.5:
            spots = free([other]) or spots
        for _ in range(left[BABE]):
            put(rng.choice(free(spots)), BABE)
    if not options.bar_exit and square(other) not in placed:
        put(other, THUG)  # a piece on a bar never moves again here: spend a cheap one
    # FBI: one near home, one in the middle.
    if left[FBI]:
        put(rng.choice(free(_HOME)), FBI)
    while left[FBI]:
        put(rng.choice(free(_MIDDLE + (_FRONT if options.fbi_front_row else ()))), FBI)
    for kind in (BOSS, SUCCESSOR):
        put(rng.choice(free(_MIDDLE)), kind)
    # Front: probes.
    front = free(_FRONT)
    rng.shuffle(front)
    probes = [THUG, THUG, HENCHMAN, KID, KID, GUNNER, CAR, HENCHMAN]
    rng.shuffle(probes)
    for name in front[: rng.randint(3, 5)]:
        probe = next((k for k in probes if left[k]), None)
        if probe is None:
            break
        probes.remove(probe)
        put(name, probe)
    # The rest: cheap forward, valuable behind, with noise.
    rest = [kind for kind, count in left.items() for _ in range(count)]
    squares = [sq for sq in setup_squares(0) if sq not in placed]
    squares.sort(key=lambda sq: -(sq // 5) + rng.uniform(-1.6, 1.6))
    rest.sort(key=lambda k: VALUE[k] + rng.uniform(-1.5, 1.5))
    for sq, kind in zip(squares, rest, strict=True):
        placed[sq] = kind
    return placed


def bot_setup(side: int, options: RuleOptions, rng: random.Random) -> str:
    """A setup for ``side`` in notation (a board holding only its 25 pieces)."""
    for _ in range(5):
        try:
            placed = _south_setup(options, rng)
        except (AssertionError, IndexError, StopIteration, ValueError):
            continue
        board = [0] * 60
        for sq, kind in placed.items():
            board[sq if side == 0 else mirror(sq)] = make(kind, side)
        try:
            check_setup(board, side, options)
        except GameError:
            continue
        return setup_text(board, side)
    return random_setup(side, Rng(rng.getrandbits(62)), options)
