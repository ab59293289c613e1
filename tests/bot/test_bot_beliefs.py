"""Belief tracking: each kind of public evidence narrows what it should, and never rules
out the truth."""

from __future__ import annotations

import random

import pytest
from conftest import random_states, started

from engine.speakeasy import SPEAKEASY
from engine.speakeasy.board import BACK_RANKS, FRONT_RANK, HOME_BARS
from engine.speakeasy.bot.beliefs import ALL_KINDS, MOVERS, from_view, kinds_of
from engine.speakeasy.bot.sampling import assign, marginals, world
from engine.speakeasy.movegen import piece_moves
from engine.speakeasy.pieces import ARMY, BABE, FBI, KID, REVEALED, THUG
from engine.speakeasy.pieces import SPEAKEASY as SPEAK
from engine.speakeasy.state import ATTACKER, State


def _truth(state: State, foe: int) -> dict[int, int]:
    return {sq: p & 15 for sq, p in enumerate(state.board) if p and p >> 4 & 1 == foe}


def test_setup_rules_narrow_the_start(rules: str) -> None:
    state = started(3, rules)
    beliefs = from_view(SPEAKEASY.view(state, 0))
    assert beliefs.exact
    for sq in range(60):
        if beliefs.ids[sq] < 0:
            continue
        kinds = set(beliefs.possible(sq))
        assert (SPEAK in kinds) == bool(HOME_BARS[1] >> sq & 1)
        assert (BABE in kinds) == bool(BACK_RANKS[1] >> sq & 1)
        if rules == "luzhanqi" and FRONT_RANK[1] >> sq & 1:
            assert FBI not in kinds
        else:
            assert FBI in kinds


def test_a_piece_that_moved_is_no_babe_or_speakeasy() -> None:
    for state in random_states(11, plies=60):
        if state.to_move != 0:
            continue
        beliefs = from_view(SPEAKEASY.view(state, 0))
        for entry in state.entries():
            if entry.side == 1 and entry.survivor is None and beliefs.ids[entry.to] >= 0:
                mask = beliefs.allowed[beliefs.ids[entry.to]]
                assert not mask & (1 << BABE | 1 << SPEAK)
                assert mask & ~MOVERS == 0


def _turned(before: State, frm: int, to: int) -> bool:
    """Whether no piece but a Kid could have gone ``frm``-``to`` (a turn on the streets)."""
    board = before.board[:]
    board[frm] = (board[frm] & ~15) | THUG
    reach = piece_moves(board, before.occ, before.to_move, True, frm)
    return (frm << 6 | to) not in reach


def test_a_turn_on_the_streets_proves_a_kid() -> None:
    seen = 0
    for seed in range(40):
        before = None
        for state in random_states(seed, plies=300):
            last = state.last_entry()
            if (
                before is not None
                and last is not None
                and last.side == 1
                and last.survivor is None
                and state.board[last.to] & 15 == KID
                and _turned(before, last.frm, last.to)
            ):
                beliefs = from_view(SPEAKEASY.view(state, 0))
                assert beliefs.possible(last.to) == [KID]
                seen += 1
                break
            before = state
        if seen >= 3:
            break
    assert seen >= 3


def test_revealed_combat_faces_are_known() -> None:
    """Default rules: a survivor's face is public; the dead are accounted for by kind."""
    *_, state = random_states(5, "speakeasy", plies=250)
    beliefs = from_view(SPEAKEASY.view(state, 0))
    for sq, kind in _truth(state, 1).items():
        if state.board[sq] & REVEALED:
            assert beliefs.possible(sq) == [kind]
    dead_faces = [c.opp_kind for c in beliefs.combats if c.opp_kind]
    assert dead_faces, "a 250-ply random game has combats"


def test_referee_mode_combat_outcomes_narrow() -> None:
    """Lu Zhan Qi referee mode: only who survived is shown; the own piece's kind and the
    combat table narrow the opposing one (own Thug attacks and survives: a Kid)."""
    narrowed = 0
    for seed in range(30):
        for state in random_states(seed, "luzhanqi", plies=300):
            last = state.last_entry()
            if last is None or last.survivor is None or state.result is not None:
                continue
            beliefs = from_view(SPEAKEASY.view(state, 0))
            truth = _truth(state, 1)
            for sq, kind in truth.items():
                assert kind in beliefs.possible(sq)
            if last.side == 0 and last.attacker == THUG and last.survivor == ATTACKER:
                # the Kid is dead; its identity must be known as a Kid
                assert any(beliefs.allowed[c.opp_id] == 1 << KID for c in beliefs.combats)
                narrowed += 1
            if last.side == 1 and last.survivor == ATTACKER:
                size = len(beliefs.possible(last.to))
                assert size < len(kinds_of(MOVERS))
                narrowed += 1
    assert narrowed >= 3


@pytest.mark.parametrize("seed", range(6))
def test_the_truth_is_never_ruled_out(seed: int, rules: str) -> None:
    for state in random_states(seed, rules, plies=400):
        if state.ply % 7:
            continue
        for me in (0, 1):
            beliefs = from_view(SPEAKEASY.view(state, me))
            assert beliefs.exact
            for sq, kind in _truth(state, me ^ 1).items():
                assert kind in beliefs.possible(sq), (state.ply, sq)


def test_eliminations_bind_the_living() -> None:
    """Once both FBI agents are dead face up, no living piece may be an FBI agent; every
    sampled world has exactly the army and respects every identity's kinds."""
    checked = 0
    rng = random.Random(1)
    for seed in range(60):
        for state in random_states(seed, plies=500):
            beliefs = from_view(SPEAKEASY.view(state, 0))
            dead_fbi = sum(1 for c in beliefs.combats if c.opp_kind == FBI and not beliefs.alive[c.opp_id])
            if dead_fbi < ARMY[FBI]:
                continue
            for _ in range(20):
                kinds = assign(beliefs, rng)
                assert sorted(kinds) == sorted(k for k, n in ARMY.items() for _ in range(n))
                assert all(beliefs.allowed[i] >> k & 1 for i, k in enumerate(kinds))
                sampled = world(beliefs, kinds)
                living = [p & 15 for p in sampled.board if p and p >> 4 & 1 == 1]
                assert FBI not in living
            checked += 1
            break
        if checked >= 2:
            break
    assert checked >= 2


def test_marginals_follow_the_evidence() -> None:
    state = started(8)
    beliefs = from_view(SPEAKEASY.view(state, 0))
    probs = marginals(beliefs, random.Random(0), samples=300)
    bars = [sq for sq in probs if HOME_BARS[1] >> sq & 1]
    assert len(bars) == 2
    assert sum(probs[sq].get(SPEAK, 0.0) for sq in bars) == pytest.approx(1.0)
    front = [sq for sq in probs if FRONT_RANK[1] >> sq & 1]
    assert all(BABE not in probs[sq] and SPEAK not in probs[sq] for sq in front)


def test_without_history_only_the_board_is_used() -> None:
    *_, state = random_states(4, plies=80)
    view = SPEAKEASY.view(state, 0)
    view["history"] = []
    beliefs = from_view(view)
    assert not beliefs.exact
    assert all(mask & ALL_KINDS for mask in beliefs.allowed)
    kinds = assign(beliefs, random.Random(0))
    assert len(kinds) == len(beliefs.allowed)


def _after_fbi_meets_babe(seed: int, attacker_side: int) -> State:
    """The first state of a random Lu Zhan Qi game right after an FBI agent of
    ``attacker_side`` attacked a Babe."""
    before = None
    for state in random_states(seed, "luzhanqi", plies=400):
        last = state.last_entry()
        if before is not None and last is not None and last.survivor is not None:
            kinds = before.board[last.frm] & 15, before.board[last.to] & 15
            if last.side == attacker_side and kinds == (FBI, BABE):
                return state
        before = state
    raise AssertionError(f"seed {seed}: no FBI agent attacked a Babe")


def test_referee_mode_an_fbi_agent_and_a_babe_both_go() -> None:
    """Spec section 8 (``luzhanqi``): an FBI agent attacking a Babe removes both. The bot's
    combat knowledge follows: when its Babe and the attacker both go, the attacker can only
    have been an FBI agent; when its FBI agent and the defender both go, she may be a Babe."""
    state = _after_fbi_meets_babe(10, attacker_side=1)
    last = state.last_entry()
    assert last is not None and last.survivor == "none"
    beliefs = from_view(SPEAKEASY.view(state, 0))
    fallen = beliefs.combats[-1]
    assert not fallen.own_attacks and fallen.own_kind == BABE
    assert beliefs.allowed[fallen.opp_id] == 1 << FBI
    state = _after_fbi_meets_babe(24, attacker_side=0)
    beliefs = from_view(SPEAKEASY.view(state, 0))
    fallen = beliefs.combats[-1]
    assert fallen.own_attacks and fallen.own_kind == FBI
    assert BABE in kinds_of(beliefs.allowed[fallen.opp_id])
