"""Secrecy at the engine, for every registered game: what a viewer is sent must not depend on
what he cannot know.

    python bench/secrecy_engine.py [--games 1000] [--seed 0] [--game speakeasy]

Random games of each game in the catalogue (its presets in turn, and each player count it
allows) are played through the protocol: ``legal_actions``, ``default_action`` now and then,
an occasional ``withdraw``, and the game's own bot (its first level) when a listed action is
only a template that ``apply`` refuses (a flick's free angle and power). At a few random
moments of each game, for every viewer (each seat and a spectator), the game's own twin maker
(``Game.twin``) re-deals what that viewer cannot see, and then:

* his view of the twin must be byte-identical to his view of the state (``json.dumps`` with
  sorted keys), with and without history;
* every action he might try now (the game's probes, and actions of his from elsewhere in the
  game) must be accepted by both or refused by both with the same message;
* the game's further actions are replayed on both: as long as a step's public outcome is the
  same (a spectator's view after it, history included, is identical), every event projected
  to him (a spectator included) and his view after the step must be identical. A step whose
  public outcome differs is where the viewer legitimately learns something: the comparison
  stops there. (A leak into the views themselves is caught at the twin moments, where views
  of the state and of its twin must match whatever the outcome of later steps.)

Prints the figures; exits 1 on a leak (listing the first 20).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import catalogue
from engine.catalogue import GameEntry
from engine.core import SPECTATOR, Event, Game, Viewer
from engine.errors import GameError

TWIN_POINTS = 3  # moments of each game at which twins are made (one in a setup phase if any)
FOLLOW = 30  # further steps replayed on a twin
MAX_STEPS = 600  # a game is cut after this many steps
WITHDRAW_CHANCE = 0.002  # per step: a seat resigns, times out or abandons
DEFAULT_CHANCE = 0.05  # per step: the seat plays its timeout default instead of a listed action


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


@dataclass
class Stats:
    games: int = 0
    twins: int = 0
    changed: int = 0  # twins that differ from their state (to_dict): the proof is not empty
    states: int = 0
    events: int = 0
    errors: int = 0
    followed: int = 0  # further steps compared on a twin
    by_game: dict[str, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Step:
    seat: int
    kind: str  # "apply" or "withdraw"
    action: Any  # the action dict, or the withdraw reason


@dataclass
class Played:
    game: Game[Any]
    states: list[Any]  # states[i + 1] follows steps[i] from states[i]
    steps: list[Step]
    events: list[tuple[Event, ...]]
    views: dict[tuple[int, Viewer], str] = field(default_factory=dict)

    def view(self, index: int, viewer: Viewer) -> str:
        """The viewer's view of ``states[index]``, serialised (computed once: every twin of
        the game compares against it)."""
        key = (index, viewer)
        if key not in self.views:
            self.views[key] = dumps(self.game.view(self.states[index], viewer))
        return self.views[key]


def take(game: Game[Any], state: Any, step: Step) -> tuple[Any, tuple[Event, ...]]:
    if step.kind == "withdraw":
        tr = game.withdraw(state, step.seat, step.action)
    else:
        tr = game.apply(state, step.seat, step.action)
    return tr.state, tr.events


def choose(game: Game[Any], state: Any, rng: random.Random) -> Step | None:
    """A random next step through the protocol, or ``None`` when nobody can act."""
    actors = sorted(game.actors(state))
    rng.shuffle(actors)
    for seat in actors:
        if rng.random() < WITHDRAW_CHANCE:
            return Step(seat, "withdraw", rng.choice(("resign", "timeout", "abandon")))
        actions = game.legal_actions(state, seat)
        default = game.default_action(state, seat) if not actions or rng.random() < DEFAULT_CHANCE else None
        if default is not None:
            return Step(seat, "apply", default)
        if actions:
            return Step(seat, "apply", rng.choice(actions))
    return None


def game_seed(name: str, number: int) -> str:
    return hashlib.sha256(f"secrecy {name} {number}".encode()).hexdigest()


def fresh_seed(rng: random.Random) -> str:
    return rng.getrandbits(256).to_bytes(32, "big").hex()


def bot_step(entry: GameEntry, state: Any, seat: int, rng: random.Random) -> Step | None:
    """The game's own bot, at its first level and a small budget, from the seat's view: for
    the seats whose listed actions are only templates (a flick's angle and power are free)."""
    try:
        action = entry.decider()(
            entry.game.view(state, seat), entry.bot_levels[0], rng.randrange(2**31), 0.05
        )
    except (GameError, ValueError):
        return None
    return Step(seat, "apply", action)


def play(
    entry: GameEntry, number: int, rng: random.Random, preset: str | None = None, max_steps: int = MAX_STEPS
) -> Played:
    game = entry.game
    presets = list(entry.presets)
    players = entry.min_players + number % (entry.max_players - entry.min_players + 1)
    options = {"preset": preset or presets[number % len(presets)]} if presets else None
    state = game.new_game(game_seed(entry.name, number), options, players)
    played = Played(game, [state], [], [])
    while not game.is_over(state) and len(played.steps) < max_steps:
        step = choose(game, state, rng)
        if step is None:
            break
        try:
            after, events = take(game, state, step)
        except GameError:
            # A listed action that needs more (free parameters): ask the game's bot instead.
            step = bot_step(entry, state, step.seat, rng)
            if step is None:
                break
            after, events = take(game, state, step)
        state = after
        played.states.append(state)
        played.steps.append(step)
        played.events.append(events)
    return played


# -- probes: actions a viewer might try -----------------------------------------------------------
def speakeasy_probes(game: Game[Any], state: Any, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Moves the seat might try that the rules refuse: from his own pieces onto occupied or
    random locations (their error messages must not depend on the hidden pieces)."""
    from engine.speakeasy.board import NAMES
    from engine.speakeasy.movegen import move_text
    from engine.speakeasy.play import legal

    if state.phase != "play" or state.to_move != seat:
        return []
    allowed = {move_text(m) for m in legal(state)}
    own = [sq for sq in range(60) if state.board[sq] and state.board[sq] >> 4 & 1 == seat]
    foes = [sq for sq in range(60) if state.board[sq] and state.board[sq] >> 4 & 1 != seat]
    out: list[dict[str, Any]] = []
    for _ in range(24):
        frm = rng.choice(own)
        to = rng.choice(foes) if foes and rng.random() < 0.6 else rng.randrange(60)
        text = f"{NAMES[frm]}-{NAMES[to]}"
        if frm != to and text not in allowed:
            out.append({"type": "move", "move": text})
        if len(out) == 6:
            break
    return out


Probe = Callable[[Game[Any], Any, int, random.Random], list[dict[str, Any]]]
PROBES: dict[str, Probe] = {"speakeasy": speakeasy_probes}


def borrowed_probes(played: Played, seat: int, rng: random.Random, count: int = 4) -> list[Any]:
    """The seat's own actions from elsewhere in the game (often illegal now)."""
    mine = [step.action for step in played.steps if step.seat == seat and step.kind == "apply"]
    return rng.sample(mine, min(count, len(mine)))


def outcome_of(game: Game[Any], state: Any, seat: int, action: Any) -> str:
    try:
        game.apply(state, seat, action)
    except GameError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "accepted"


# -- the proof ------------------------------------------------------------------------------------
def projected(game: Game[Any], events: Sequence[Event], viewer: Viewer) -> str:
    return dumps([game.project(event, viewer) for event in events])


def viewers(game: Game[Any], state: Any) -> list[Viewer]:
    return [*range(game.players(state)), SPECTATOR]


def twin_points(game: Game[Any], played: Played, rng: random.Random) -> list[int]:
    """State indices to twin: one before play proper starts (when there is a setup phase),
    the others at random before the end."""
    live = [i for i, state in enumerate(played.states) if not game.is_over(state)]
    setup = [i for i in live if not game.is_started(played.states[i])]
    points = set(rng.sample(setup, 1)) if setup else set()
    rest = [i for i in live if i not in points]
    points.update(rng.sample(rest, min(TWIN_POINTS - len(points), len(rest))))
    return sorted(points)


def check_twin(
    entry: GameEntry, played: Played, index: int, viewer: Viewer, rng: random.Random, stats: Stats, tag: str
) -> None:
    game = entry.game
    state = played.states[index]

    def leak(what: str) -> None:
        stats.leaks.append(f"{tag} step={index} viewer={viewer}: {what}")

    twin = game.twin(state, viewer, fresh_seed(rng))
    stats.twins += 1
    stats.changed += dumps(game.to_dict(twin)) != dumps(game.to_dict(state))
    stats.states += 1
    if dumps(game.view(twin, viewer)) != played.view(index, viewer):
        leak("view differs")
        return
    if dumps(game.view(twin, viewer, False)) != dumps(game.view(state, viewer, False)):
        leak("view differs (history=False)")
        return
    if isinstance(viewer, int) and viewer in game.actors(state):
        probes = PROBES.get(entry.name)
        tries = [*(probes(game, state, viewer, rng) if probes else []), *borrowed_probes(played, viewer, rng)]
        for action in tries:
            stats.errors += 1
            if outcome_of(game, state, viewer, action) != outcome_of(game, twin, viewer, action):
                leak(f"trying {action!r} is answered differently")
    for i in range(index, min(index + FOLLOW, len(played.steps))):
        step = played.steps[i]
        try:
            twin, events = take(game, twin, step)
        except GameError:
            return  # the step is illegal in the twin: its hidden part differs from here on
        original = played.events[i]
        if dumps(game.view(twin, SPECTATOR)) != played.view(i + 1, SPECTATOR):
            return  # a different public outcome: the viewer learns something here, legitimately
        stats.followed += 1
        stats.events += len(original)
        if projected(game, events, viewer) != projected(game, original, viewer):
            leak(f"the events of step {i + 1} differ")
            return
        stats.states += 1
        if viewer != SPECTATOR and dumps(game.view(twin, viewer)) != played.view(i + 1, viewer):
            leak(f"the view after step {i + 1} differs")
            return


def check_game(
    entry: GameEntry,
    number: int,
    stats: Stats,
    preset: str | None = None,
    max_steps: int = MAX_STEPS,
    deadline: float | None = None,
) -> None:
    """One game and its twins. Past ``deadline`` (``time.monotonic``), the remaining twin
    moments are left out (the first one always runs)."""
    rng = random.Random(f"{entry.name} {number}")
    played = play(entry, number, rng, preset, max_steps)
    stats.games += 1
    stats.by_game[entry.name] = stats.by_game.get(entry.name, 0) + 1
    tag = f"{entry.name} game={number}"
    for count, index in enumerate(twin_points(entry.game, played, rng)):
        if count and deadline is not None and time.monotonic() > deadline:
            return
        for viewer in viewers(entry.game, played.states[index]):
            check_twin(entry, played, index, viewer, rng, stats, tag)


def run(
    games: int,
    seed0: int = 0,
    names: Sequence[str] | None = None,
    preset: str | None = None,
    progress: Callable[[Stats], None] | None = None,
    stop_at_leak: bool = False,
    seconds: float | None = None,
    max_steps: int = MAX_STEPS,
) -> Stats:
    """``games`` games of each registered game (or of ``names``), numbered from ``seed0``, each
    cut after ``max_steps``; with ``stop_at_leak``, stop after the first game that leaks (to
    prove a planted leak is found without running the rest); with ``seconds``, each game of
    the catalogue gets that much time: no new game or twin moment starts after it (the first
    game and its first moment always run), so a slow game cannot stall a quick run."""
    stats = Stats()
    chosen = [catalogue.entry(name) for name in names] if names else list(catalogue.entries())
    for entry in chosen:
        deadline = None if seconds is None else time.monotonic() + seconds
        for number in range(seed0, seed0 + games):
            if deadline is not None and number > seed0 and time.monotonic() > deadline:
                break
            check_game(entry, number, stats, preset, max_steps, deadline)
            if progress is not None and stats.games % 100 == 0:
                progress(stats)
            if stop_at_leak and stats.leaks:
                return stats
    return stats


def report(stats: Stats) -> str:
    games = ", ".join(f"{name} {count}" for name, count in stats.by_game.items())
    return (
        f"games run: {stats.games} ({games})\ntwins made: {stats.twins}\n"
        f"twins that differ from their state: {stats.changed}\nstates compared: {stats.states}\n"
        f"further steps followed: {stats.followed}\nevents compared: {stats.events}\n"
        f"actions tried: {stats.errors}\nleaks found: {len(stats.leaks)}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games of each registered game")
    parser.add_argument("--seed", type=int, default=0, help="number of the first game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()

    def progress(stats: Stats) -> None:
        if not args.quiet:
            print(f"... {stats.games} games, {time.perf_counter() - t0:.0f}s", file=sys.stderr)

    stats = run(args.games, args.seed, args.game, progress=progress)
    print(report(stats))
    for line in stats.leaks[:20]:
        print(f"LEAK {line}")
    return 1 if stats.leaks else 0


if __name__ == "__main__":
    sys.exit(main())
