"""Sampling hidden worlds consistent with the beliefs (determinization).

A world gives every opposing identity a kind so that each identity's kind is one it may be
(``Beliefs.allowed``) and the army's counts hold. Sampling is an assignment problem:

1. a constrained random assignment, most constrained identity first, each kind drawn in
   proportion to how many of it remain, restarted on a dead end;
2. then random swaps of two identities' kinds, kept when both stay allowed. Swaps are a
   symmetric Markov chain over consistent assignments, so they wash out the bias of step 1
   towards the uniform distribution over worlds the bot cannot tell apart.
"""

from __future__ import annotations

import random

from bench.baseline_bot.beliefs import Beliefs, kinds_of
from engine.speakeasy.board import SIZE
from engine.speakeasy.pieces import ARMY, REVEALED
from engine.speakeasy.state import PLAY, State

_RESTARTS = 40


def assign(beliefs: Beliefs, rng: random.Random, swaps: int = 60) -> list[int]:
    """A kind for each identity (index = identity)."""
    allowed = beliefs.allowed
    n = len(allowed)
    options = [kinds_of(mask) for mask in allowed]
    kinds = _draw(options, beliefs.counts, rng)
    if kinds is None:
        kinds = _relaxed(options, beliefs.counts, rng)
    for _ in range(swaps):
        i = rng.randrange(n)
        j = rng.randrange(n)
        ki, kj = kinds[i], kinds[j]
        if ki != kj and allowed[i] >> kj & 1 and allowed[j] >> ki & 1:
            kinds[i], kinds[j] = kj, ki
    if not beliefs.exact:
        _swap_with_pool(kinds, beliefs, rng, swaps)
    return kinds


def _draw(options: list[list[int]], counts: dict[int, int], rng: random.Random) -> list[int] | None:
    n = len(options)
    order = sorted(range(n), key=lambda i: (len(options[i]), rng.random()))
    for _ in range(_RESTARTS):
        left = dict(counts)
        kinds = [0] * n
        for i in order:
            choices = [k for k in options[i] if left[k] > 0]
            if not choices:
                break
            total = sum(left[k] for k in choices)
            pick = rng.random() * total
            for kind in choices:
                pick -= left[kind]
                if pick < 0:
                    break
            kinds[i] = kind
            left[kind] -= 1
        else:
            return kinds
        rng.shuffle(order)
        order.sort(key=lambda i: len(options[i]))
    return None


def _relaxed(options: list[list[int]], counts: dict[int, int], rng: random.Random) -> list[int]:
    """Best effort for a record that admits no world: counts first, then any allowed kind."""
    left = dict(counts)
    kinds = []
    for opts in options:
        choices = [k for k in opts if left.get(k, 0) > 0] or opts or list(ARMY)
        kind = rng.choice(choices)
        left[kind] = left.get(kind, 0) - 1
        kinds.append(kind)
    return kinds


def _swap_with_pool(kinds: list[int], beliefs: Beliefs, rng: random.Random, swaps: int) -> None:
    """Without the history some pieces are unaccounted for (the dead): exchange a living
    identity's kind with one still in the pool, keeping the chain symmetric."""
    left = dict(beliefs.counts)
    for kind in kinds:
        left[kind] = left.get(kind, 0) - 1
    pool = [k for k, c in left.items() for _ in range(max(c, 0))]
    if not pool:
        return
    for _ in range(swaps):
        i = rng.randrange(len(kinds))
        p = rng.randrange(len(pool))
        if beliefs.allowed[i] >> pool[p] & 1:
            kinds[i], pool[p] = pool[p], kinds[i]


def world(beliefs: Beliefs, kinds: list[int]) -> State:
    """The full state of one sampled world (play phase, no log)."""
    board = beliefs.board[:]
    ids = beliefs.ids
    for sq in range(SIZE):
        if ids[sq] >= 0:
            board[sq] = kinds[ids[sq]] | beliefs.foe << 4 | (board[sq] & REVEALED)
    return State(
        options=beliefs.options,
        seed=0,
        rng=0,
        phase=PLAY,
        board=board,
        to_move=beliefs.to_move,
        quiet=beliefs.quiet,
        ply=beliefs.ply,
        setups=("", ""),
    )


def marginals(beliefs: Beliefs, rng: random.Random, samples: int = 200) -> dict[int, dict[int, float]]:
    """Estimated probability of each kind for each living opposing piece, by square."""
    tally: dict[int, dict[int, int]] = {sq: {} for sq in range(SIZE) if beliefs.ids[sq] >= 0}
    for _ in range(samples):
        kinds = assign(beliefs, rng)
        for sq, counts in tally.items():
            kind = kinds[beliefs.ids[sq]]
            counts[kind] = counts.get(kind, 0) + 1
    return {sq: {k: c / samples for k, c in counts.items()} for sq, counts in tally.items()}
