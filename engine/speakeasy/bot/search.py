"""Move choice by determinized search (perfect-information Monte Carlo with pruning).

For each sampled world (``sampling.py``) every candidate move is played; at levels with
replies the opponent then answers with each of its captures or with a quiet move (stand
pat), and the bot keeps the worst. A world's opponent sees the bot's hidden pieces, which a
real one does not, so a capture of a hidden piece other than the Speakeasy counts only in
part. Scores are averaged over the worlds; after the first third of the worlds only the
best candidates stay (successive halving), so the strong level spends its worlds where the
choice is close.
"""

from __future__ import annotations

import random
import time

from engine.speakeasy.board import BARS
from engine.speakeasy.bot.beliefs import Beliefs
from engine.speakeasy.bot.evaluate import WIN, evaluate, terminal
from engine.speakeasy.bot.levels import Level
from engine.speakeasy.bot.paths import Paths
from engine.speakeasy.bot.sampling import assign, world
from engine.speakeasy.bot.threats import (
    approach_threat,
    approach_wins,
    rush_wins,
    speakeasy_of,
    standing_threat,
)
from engine.speakeasy.movegen import generate
from engine.speakeasy.pieces import REVEALED, SPEAKEASY
from engine.speakeasy.play import advance
from engine.speakeasy.state import State, fixed_pieces, occupancy

HIDDEN_THREAT = 0.6  # how much a world's capture of a hidden own piece is believed
RING_WIN = 0.8 * WIN  # a piece next to their Speakeasy that no capture removes
RUSH = 100.0  # the opponent reaches the bot's Speakeasy in two moves it cannot stop
APPROACH = 70.0  # ... in three moves it cannot stop
APPROACH_WIN = 0.6 * WIN  # the bot reaches theirs in two moves that no answer stops


def own_moves(beliefs: Beliefs) -> list[int]:
    """The bot's legal moves: they depend only on occupancy and its own pieces."""
    board = beliefs.board
    occ = occupancy(board)
    me = beliefs.me
    own = occ[me]
    return generate(board, own, occ[me ^ 1], beliefs.options.bar_exit, own & ~fixed_pieces(board)[me])


def movers(state: State, side: int) -> int:
    """The pieces of ``side`` that may ever move again (not Babes, not the Speakeasy, and,
    when pieces may not leave a bar, none on a bar)."""
    mask = state.occ[side] & ~state.fixed[side]
    return mask if state.options.bar_exit else mask & ~BARS


def move_value(
    state: State,
    move: int,
    me: int,
    reply: bool,
    paths: Paths | None = None,
    own_s: int = -1,
    foe_s: int = -1,
) -> float:
    """The candidate ``move``'s value in one world: its result, else the worst of the
    opponent's captures and a quiet answer, less a rush on the bot's Speakeasy (on
    ``own_s``) it cannot stop; a race to theirs (on ``foe_s`` in this world) it wins counts."""
    after = advance(state, move)
    if after.result is not None:
        return terminal(after.result, me)
    if not movers(after, me):
        return -WIN  # whatever they answer, the bot has no move next: it loses
    if not reply:
        return evaluate(after, me, paths=paths)
    base = evaluate(after, me, quiescence=False, paths=paths)
    # A quiet answer leaves a piece of the bot next to their Speakeasy (it is taken next),
    # or lets the bot put one there that they cannot remove.
    # The races are read with the world's faces, which referee mode (no faces shown) leaves
    # mostly guessed, and with where their Speakeasy stands in this world: there the bot
    # plays without its own races (they cost it games, bench/match.py).
    races = state.options.reveal_on_combat
    standing = races and standing_threat(after, me, foe_s)
    racing = standing or (races and approach_threat(after, me, foe_s))
    worst = RING_WIN if standing else APPROACH_WIN if racing else base
    board = after.board
    for answer in after.legal_cache or ():
        target = board[answer & 63]
        if not target:
            continue
        nxt = advance(after, answer)
        value = terminal(nxt.result, me) if nxt.result is not None else evaluate(nxt, me, paths=paths)
        if not target & REVEALED and target & 15 != SPEAKEASY:
            value = base + HIDDEN_THREAT * (value - base)
        if value < worst:
            worst = value
    # They reach the bot's Speakeasy first: its own threats are worth nothing then. The bot
    # knows where its own Speakeasy stands, so the rush on it is read in referee mode too
    # (against the frozen strong under luzhanqi, 100 games: 56.5 % with it, 51.0 % without).
    if worst > -WIN:
        if rush_wins(after, me, own_s):
            worst = min(worst, base) - RUSH
        elif races and not racing and approach_wins(after, me, own_s, foe_s):
            worst = min(worst, base) - APPROACH
    return worst


def choose(beliefs: Beliefs, level: Level, rng: random.Random, deadline: float) -> int:
    moves = own_moves(beliefs)
    if not moves:
        raise ValueError("the bot has no legal move")
    if len(moves) == 1:
        return moves[0]
    paths = Paths(beliefs.board, beliefs.me)
    own_s = speakeasy_of(beliefs.board, beliefs.me)
    totals = [0.0] * len(moves)
    candidates = list(range(len(moves)))
    done = 0
    prune_at = max(1, level.worlds // 3)
    for w in range(level.worlds):
        state = world(beliefs, assign(beliefs, rng))
        foe_s = speakeasy_of(state.board, beliefs.me ^ 1)
        scores = []
        for i in candidates:
            scores.append(move_value(state, moves[i], beliefs.me, level.reply, paths, own_s, foe_s))
            if done and time.perf_counter() > deadline:
                break  # an unfinished world is dropped; the first one always finishes
        else:
            for i, score in zip(candidates, scores, strict=True):
                totals[i] += score
            done += 1
        if len(scores) < len(candidates):
            break
        if w + 1 == prune_at and len(candidates) > level.keep:
            candidates.sort(key=lambda i: -totals[i])
            candidates = sorted(candidates[: level.keep])
        if time.perf_counter() > deadline:
            break
    best = candidates[0]
    best_score = float("-inf")
    for i in candidates:
        score = totals[i] / done
        if level.noise:
            score += rng.gauss(0.0, level.noise)
        if score > best_score:
            best, best_score = i, score
    return moves[best]
