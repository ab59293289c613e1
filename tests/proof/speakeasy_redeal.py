"""Speak Easy's re-deal for the wire secrecy proof (tests/proof/wire_secrecy.py): what a
viewer is sent must not depend on what he cannot know. (It began as bench/secrecy_engine.py,
which now runs every registered game through ``Game.twin``; the wire proof still drives
Speak Easy rooms by script and keeps these helpers.)

    python tests/proof/speakeasy_redeal.py [--games 10000] [--seed 0]

For random games of both presets, stopped at a random ply, and for each viewer (South, North,
a spectator): re-deal the pieces hidden from him (the opponent's, or both sides' for a
spectator) at the setup level, keeping each setup legal; replay the same moves; keep the
re-deal only if every move stays legal and every public outcome stays the same (who survived
each combat, and every face the rules reveal, on the board or in a combat). Then everything
the viewer is sent must be byte-identical: his view of every state (``json.dumps`` with
sorted keys), every event projected to him, the public lines of the game record, and the
error message of every illegal move he might try.

Prints games run, states compared and leaks found; exits 1 on a leak.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import SPECTATOR, Viewer
from engine.errors import GameError
from engine.speakeasy import SPEAKEASY
from engine.speakeasy.board import BACK_RANKS, FRONT_RANK, HOME_BARS, NAMES
from engine.speakeasy.movegen import move_text, parse_move
from engine.speakeasy.notation import parse_board
from engine.speakeasy.pieces import BABE, FBI, REVEALED
from engine.speakeasy.pieces import SPEAKEASY as SPEAKEASY_KIND
from engine.speakeasy.play import advance, legal
from engine.speakeasy.record import record_text
from engine.speakeasy.rules import RuleOptions, options_from
from engine.speakeasy.setup import random_setup, setup_text
from engine.speakeasy.state import State

PRESETS = ("speakeasy", "luzhanqi")
VIEWERS: tuple[Viewer, ...] = (0, 1, SPECTATOR)
TRIES = 8  # re-deal proposals per viewer and game
VIEW_SAMPLES = 6  # states (besides the setup phase and the last) whose views are compared


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


@dataclass
class Stats:
    games: int = 0
    redeals: int = 0
    states: int = 0
    events: int = 0
    errors: int = 0
    leaks: list[str] = field(default_factory=list)


@dataclass
class Played:
    """A game through the public protocol: states, transitions' events, moves."""

    setups: tuple[str, str]
    states: list[State]  # [new, after South's setup, after North's setup (start), after each move]
    events: list[tuple[Any, ...]]  # events of each of those steps (states[1:])
    moves: list[str]


def play_through(seed: int, preset: str, setups: tuple[str, str], moves: list[str]) -> Played | None:
    """Replay ``moves`` after ``setups`` through :meth:`Game.apply`; ``None`` if refused."""
    state = SPEAKEASY.new_game(seed, {"preset": preset})
    states, events = [state], []
    try:
        for side in (0, 1):
            tr = SPEAKEASY.apply(state, side, {"type": "setup", "position": setups[side]})
            state = tr.state
            states.append(state)
            events.append(tr.events)
        for move in moves:
            tr = SPEAKEASY.apply(state, state.to_move, {"type": "move", "move": move})
            state = tr.state
            states.append(state)
            events.append(tr.events)
    except GameError:
        return None
    return Played(setups, states, events, moves)


def public_facts(before: State, after: State) -> tuple[Any, ...]:
    """What everyone learns from a move: who survived, the faces the rules show in the
    combat, every revealed face on the board, and the result."""
    entry = after.last_entry()
    assert entry is not None
    faces = (entry.attacker, entry.defender) if before.options.reveal_on_combat and entry.survivor else None
    shown = tuple((sq, p) for sq, p in enumerate(after.board) if p & REVEALED)
    return entry.survivor, faces, shown, after.result


def fast_replay(start: State, moves: list[str]) -> list[tuple[Any, ...]] | None:
    """Public facts of each move, or ``None`` as soon as a move is illegal."""
    state, facts = start, []
    for text in moves:
        move = parse_move(text)
        if state.result is not None or move not in legal(state):
            return None
        after = advance(state, move)
        facts.append(public_facts(state, after))
        state = after
    return facts


def started(seed: int, preset: str, setups: tuple[str, str]) -> State:
    state = SPEAKEASY.new_game(seed, {"preset": preset})
    for side in (0, 1):
        state = SPEAKEASY.apply(state, side, {"type": "setup", "position": setups[side]}).state
    return state


# -- re-dealing a setup --------------------------------------------------------------------
def allowed(kind: int, sq: int, side: int, options: RuleOptions) -> bool:
    if kind == SPEAKEASY_KIND:
        return bool(HOME_BARS[side] >> sq & 1)
    if kind == BABE:
        return bool(BACK_RANKS[side] >> sq & 1)
    if kind == FBI and not options.fbi_front_row:
        return not FRONT_RANK[side] >> sq & 1
    return True


def involved(played: Played, side: int) -> set[int]:
    """Setup locations of ``side``'s pieces that moved or fought, followed through the game."""
    start = played.states[2]
    where = {sq: sq for sq in range(60) if start.board[sq] and start.board[sq] >> 4 & 1 == side}
    out: set[int] = set()
    for after, text in zip(played.states[3:], played.moves, strict=True):
        move = parse_move(text)
        frm, to = move >> 6, move & 63
        mover = where.pop(frm, None)
        defender = where.pop(to, None)
        out.update(x for x in (mover, defender) if x is not None)
        holder = after.board[to]
        if holder and holder >> 4 & 1 == side:
            where[to] = mover if mover is not None else defender  # type: ignore[assignment]
    return out


def redeal(
    setup: str, side: int, options: RuleOptions, rng: random.Random, frozen: set[int], touched: set[int]
) -> str:
    """``setup`` with some pieces swapped, never breaking a setup rule. Pieces on ``frozen``
    locations stay put. With ``touched`` (pieces that moved or fought), make one or two
    swaps, the first one moving a touched piece: such re-deals pass the public-outcome
    filter less often, but test more (a piece that moved, a survivor in referee mode)."""
    board = parse_board(setup)
    squares = [sq for sq in range(60) if board[sq] and sq not in frozen]
    if len(squares) < 2:
        return setup
    first = sorted(touched)
    for step in range(rng.randint(1, 2) if first else rng.randint(1, 40)):
        a = rng.choice(first) if first and step == 0 else rng.choice(squares)
        b = rng.choice(squares)
        ka, kb = board[a] & 15, board[b] & 15
        if ka != kb and allowed(ka, b, side, options) and allowed(kb, a, side, options):
            board[a], board[b] = board[b], board[a]
    return setup_text(board, side)


# -- comparing what a viewer is sent -------------------------------------------------------
def projected(events: tuple[Any, ...], viewer: Viewer) -> str:
    out = []
    for event in events:
        data = SPEAKEASY.project(event, viewer)
        if event.kind == "end" and data is not None:
            data = {"result": data["result"]}  # after the end the whole board is everyone's
        out.append(data)
    return dumps(out)


def record_public(state: State) -> list[str]:
    return [line for line in record_text(state).splitlines() if not line.startswith("setup ")]


def illegal_tries(state: State, rng: random.Random, count: int = 6) -> list[str]:
    """Moves the side to move might try that the rules refuse (from his own pieces)."""
    allowed_moves = {move_text(m) for m in legal(state)}
    own = [sq for sq in range(60) if state.board[sq] and state.board[sq] >> 4 & 1 == state.to_move]
    foes = [sq for sq in range(60) if state.board[sq] and state.board[sq] >> 4 & 1 != state.to_move]
    out = []
    for _ in range(count * 4):
        frm = rng.choice(own)
        to = rng.choice(foes) if rng.random() < 0.6 else rng.randrange(60)
        text = f"{NAMES[frm]}-{NAMES[to]}"
        if frm != to and text not in allowed_moves:
            out.append(text)
        if len(out) == count:
            break
    return out


def error_of(state: State, seat: int, move: str) -> str:
    try:
        SPEAKEASY.apply(state, seat, {"type": "move", "move": move})
    except GameError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "accepted"


def compare(
    original: Played,
    other: Played,
    viewer: Viewer,
    plies: list[int],
    tries: dict[int, list[str]],
    stats: Stats,
    tag: str,
) -> None:
    def leak(what: str) -> None:
        stats.leaks.append(f"{tag} viewer={viewer} {what}")

    for index in plies:
        a, b = original.states[index], other.states[index]
        stats.states += 1
        if dumps(SPEAKEASY.view(a, viewer)) != dumps(SPEAKEASY.view(b, viewer)):
            leak(f"view differs at state {index} (ply {a.ply})")
        if isinstance(viewer, int) and a.result is None and a.phase == "play" and a.to_move == viewer:
            for move in tries.get(index, []):
                stats.errors += 1
                if error_of(a, viewer, move) != error_of(b, viewer, move):
                    leak(f"error for {move} differs at ply {a.ply}")
    for index, (ea, eb) in enumerate(zip(original.events, other.events, strict=True)):
        stats.events += len(ea)
        if projected(ea, viewer) != projected(eb, viewer):
            leak(f"events of step {index + 1} differ")
    if record_public(original.states[-1]) != record_public(other.states[-1]):
        leak("public record differs")


def check_game(seed: int, stats: Stats, tries_per_viewer: int = TRIES) -> None:
    preset = PRESETS[seed % 2]
    options = options_from({"preset": preset})
    rng = random.Random(seed)
    setups = (random_setup(0, rng.getrandbits(32), options), random_setup(1, rng.getrandbits(32), options))
    # A random game, stopped at a random ply (or at its end).
    state = started(seed, preset, setups)
    stop = rng.choice((rng.randint(0, 40), rng.randint(0, 250), 10_000))
    moves: list[str] = []
    while state.result is None and len(moves) < stop:
        move = rng.choice(legal(state))
        moves.append(move_text(move))
        state = advance(state, move)
    original = play_through(seed, preset, setups, moves)
    assert original is not None, "the original game must replay"
    stats.games += 1
    base_facts = fast_replay(original.states[2], moves)
    # States to compare: the setup phase, a sample of play, the last one still in play.
    in_play = [i for i in range(2, len(original.states)) if original.states[i].result is None]
    plies = sorted({0, 1, *rng.sample(in_play, min(VIEW_SAMPLES, len(in_play))), *in_play[-1:]})
    tries = {i: illegal_tries(original.states[i], rng) for i in plies if i in in_play}
    for viewer in VIEWERS:
        hidden = (0, 1) if viewer == SPECTATOR else (1 - viewer,)  # type: ignore[operator]
        frozen = {side: involved(original, side) for side in hidden}
        for attempt in range(tries_per_viewer):
            # Proposals alternate: shuffle the pieces that neither moved nor fought, or swap a
            # piece that did. Half the games start with each kind.
            bold = (attempt + seed // 2) % 2 == 1
            new = list(setups)
            for side in hidden:
                if bold:
                    new[side] = redeal(setups[side], side, options, rng, set(), frozen[side])
                else:
                    new[side] = redeal(setups[side], side, options, rng, frozen[side], set())
            if tuple(new) == setups:
                continue
            if fast_replay(started(seed, preset, (new[0], new[1])), moves) != base_facts:
                continue
            other = play_through(seed, preset, (new[0], new[1]), moves)
            if other is None:
                stats.leaks.append(f"seed={seed} a re-deal accepted by the fast path was refused")
                continue
            stats.redeals += 1
            compare(original, other, viewer, plies, tries, stats, f"seed={seed} preset={preset}")
            break


def run(games: int, seed0: int = 0, progress: Callable[[Stats], None] | None = None) -> Stats:
    stats = Stats()
    for seed in range(seed0, seed0 + games):
        check_game(seed, stats)
        if progress is not None and stats.games % 500 == 0:
            progress(stats)
    return stats


def report(stats: Stats) -> str:
    return (
        f"games run: {stats.games}\nre-deals compared: {stats.redeals}\nstates compared: {stats.states}\n"
        f"events compared: {stats.events}\nerror messages compared: {stats.errors}\n"
        f"leaks found: {len(stats.leaks)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args()
    t0 = time.perf_counter()

    def progress(stats: Stats) -> None:
        if not args.quiet:
            print(f"... {stats.games} games, {time.perf_counter() - t0:.0f}s", file=sys.stderr)

    stats = run(args.games, args.seed, progress)
    print(report(stats))
    for line in stats.leaks[:20]:
        print(f"LEAK {line}")
    return 1 if stats.leaks else 0


if __name__ == "__main__":
    sys.exit(main())
