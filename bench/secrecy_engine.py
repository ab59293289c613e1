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

A game may give the proof more than the protocol says (:data:`HOOKS`): which events are
written privately to a viewer (where such a text differs between the runs and the public
outcome is the same, the viewer learns what he is entitled to: the comparison stops there,
counted as a reveal; any other difference is a leak), what the viewer may see at all (when
that changes, as when a seat takes control of Russia, the comparison stops), hidden values
its ``twin`` keeps that the proof re-deals itself, the kinds of hidden values a twin re-dealt
(counted, so a kind never re-dealt shows), and moments worth twinning.

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
    reveals: int = 0  # comparisons stopped at a text written privately to the viewer
    scopes: int = 0  # comparisons stopped where what the viewer may see changed
    kinds: dict[str, int] = field(default_factory=dict)  # twins that re-dealt each kind of value
    by_game: dict[str, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)

    def count(self, kinds: Sequence[str]) -> None:
        for kind in kinds:
            self.kinds[kind] = self.kinds.get(kind, 0) + 1


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
    dicts: dict[int, str] = field(default_factory=dict)

    def to_dict(self, index: int) -> str:
        """``states[index]`` serialised (computed once for every twin of it)."""
        if index not in self.dicts:
            self.dicts[index] = dumps(self.game.to_dict(self.states[index]))
        return self.dicts[index]

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


Table = Callable[[int], tuple[int, dict[str, Any]]]
"""Game number -> (players, rule options beside the preset): a game's option variety."""


def play(
    entry: GameEntry,
    number: int,
    rng: random.Random,
    preset: str | None = None,
    max_steps: int = MAX_STEPS,
    table: Table | None = None,
) -> Played:
    game = entry.game
    presets = list(entry.presets)
    players = entry.min_players + number % (entry.max_players - entry.min_players + 1)
    options: dict[str, Any] | None = {"preset": preset or presets[number % len(presets)]} if presets else None
    if table is not None:
        players, extra = table(number)
        options = {**(options or {}), **extra}
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


@dataclass(frozen=True)
class Hooks:
    """What the proof may know of one game beyond the protocol (every part optional)."""

    addressed: Callable[[Event, Viewer], bool] | None = None
    """Whether ``event`` is written privately to ``viewer`` (a text only he is sent)."""
    scope: Callable[[Any, Viewer], Any] | None = None
    """What ``viewer`` may see in ``state`` (compared before and after each step)."""
    redeal: Callable[[Played, int, Any, Viewer, random.Random], Any] | None = None
    """Re-deal, in the twin of ``played.states[index]``, hidden values ``Game.twin`` keeps."""
    kinds: Callable[[Any, Any, Viewer], list[str]] | None = None
    """The kinds of hidden values that differ between a state and its twin."""
    followed: Callable[[Sequence[Event], Viewer], list[str]] | None = None
    """The kinds of hidden matters in events the viewer was compared on (sent alike)."""
    moments: Callable[[Played, random.Random], list[int]] | None = None
    """State indices worth twinning, beside the random ones."""


HOOKS: dict[str, Hooks] = {}  # filled below, per game


def twin_points(game: Game[Any], played: Played, rng: random.Random, points: int = TWIN_POINTS) -> list[int]:
    """State indices to twin: one before play proper starts (when there is a setup phase),
    the others at random before the end."""
    live = [i for i, state in enumerate(played.states) if not game.is_over(state)]
    setup = [i for i in live if not game.is_started(played.states[i])]
    chosen = set(rng.sample(setup, 1)) if setup else set()
    rest = [i for i in live if i not in chosen]
    chosen.update(rng.sample(rest, min(points - len(chosen), len(rest))))
    return sorted(chosen)


def check_twin(
    entry: GameEntry,
    played: Played,
    index: int,
    viewer: Viewer,
    rng: random.Random,
    stats: Stats,
    tag: str,
    follow: int = FOLLOW,
) -> None:
    game = entry.game
    hooks = HOOKS.get(entry.name, Hooks())
    state = played.states[index]

    def leak(what: str) -> None:
        stats.leaks.append(f"{tag} step={index} viewer={viewer}: {what}")

    twin = game.twin(state, viewer, fresh_seed(rng))
    if hooks.redeal is not None:
        twin = hooks.redeal(played, index, twin, viewer, rng)
    stats.twins += 1
    stats.changed += dumps(game.to_dict(twin)) != played.to_dict(index)
    if hooks.kinds is not None:
        stats.count(hooks.kinds(state, twin, viewer))
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
    for i in range(index, min(index + follow, len(played.steps))):
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
            if revealed(game, hooks, original, events, viewer):
                stats.reveals += 1
                return  # a text written to him alone: he learns what he is entitled to
            leak(f"the events of step {i + 1} differ")
            return
        if hooks.followed is not None:
            stats.count(hooks.followed(original, viewer))
        stats.states += 1
        if hooks.scope is not None and hooks.scope(played.states[i], viewer) != hooks.scope(
            played.states[i + 1], viewer
        ):
            stats.scopes += 1
            return  # he may see more (or less) from here on: his views may differ, rightly
        if viewer != SPECTATOR and dumps(game.view(twin, viewer)) != played.view(i + 1, viewer):
            leak(f"the view after step {i + 1} differs")
            return


def revealed(
    game: Game[Any], hooks: Hooks, original: Sequence[Event], twin: Sequence[Event], viewer: Viewer
) -> bool:
    """Whether the viewer's events of a step differ only in texts written privately to him
    in both runs (the public texts of every event, and every other event, alike)."""
    if hooks.addressed is None or len(original) != len(twin):
        return False
    for a, b in zip(original, twin, strict=True):
        if game.project(a, SPECTATOR) != game.project(b, SPECTATOR):
            return False
        if game.project(a, viewer) != game.project(b, viewer) and not (
            hooks.addressed(a, viewer) and hooks.addressed(b, viewer)
        ):
            return False
    return True


def check_game(
    entry: GameEntry,
    number: int,
    stats: Stats,
    preset: str | None = None,
    max_steps: int = MAX_STEPS,
    deadline: float | None = None,
    table: Table | None = None,
    points: int = TWIN_POINTS,
    follow: int = FOLLOW,
    seats: int | None = None,
) -> None:
    """One game and its twins. Past ``deadline`` (``time.monotonic``), the remaining twin
    moments are left out (the first one always runs). With ``seats``, each moment is twinned
    for the spectator and that many seats drawn at random (else for every viewer)."""
    rng = random.Random(f"{entry.name} {number}")
    played = play(entry, number, rng, preset, max_steps, table)
    stats.games += 1
    stats.by_game[entry.name] = stats.by_game.get(entry.name, 0) + 1
    tag = f"{entry.name} game={number}"
    indices = twin_points(entry.game, played, rng, points)
    hooks = HOOKS.get(entry.name)
    if hooks is not None and hooks.moments is not None:
        indices = sorted({*indices, *hooks.moments(played, rng)})
    for count, index in enumerate(indices):
        if count and deadline is not None and time.monotonic() > deadline:
            return
        chosen = viewers(entry.game, played.states[index])
        if seats is not None and len(chosen) > seats + 1:  # the spectator and some seats
            chosen = [*sorted(rng.sample(chosen[:-1], seats)), SPECTATOR]
        for viewer in chosen:
            check_twin(entry, played, index, viewer, rng, stats, tag, follow)


def run(
    games: int,
    seed0: int = 0,
    names: Sequence[str] | None = None,
    preset: str | None = None,
    progress: Callable[[Stats], None] | None = None,
    stop_at_leak: bool = False,
    seconds: float | None = None,
    max_steps: int = MAX_STEPS,
    table: Table | None = None,
    points: int = TWIN_POINTS,
    follow: int = FOLLOW,
    seats: int | None = None,
) -> Stats:
    """``games`` games of each registered game (or of ``names``), numbered from ``seed0``, each
    cut after ``max_steps``; with ``stop_at_leak``, stop after the first game that leaks (to
    prove a planted leak is found without running the rest); with ``seconds``, each game of
    the catalogue gets that much time: no new game or twin moment starts after it (the first
    game and its first moment always run), so a slow game cannot stall a quick run. ``table``
    gives each game's players and options (else the game's own variety: its presets and
    player counts in turn, or :data:`TABLES`); ``points`` random moments are twinned (and the
    game's own, :class:`Hooks`), each followed ``follow`` steps, for every viewer or for the
    spectator and ``seats`` seats drawn at random."""
    stats = Stats()
    chosen = [catalogue.entry(name) for name in names] if names else list(catalogue.entries())
    for entry in chosen:
        deadline = None if seconds is None else time.monotonic() + seconds
        for number in range(seed0, seed0 + games):
            if deadline is not None and number > seed0 and time.monotonic() > deadline:
                break
            check_game(
                entry,
                number,
                stats,
                preset,
                max_steps,
                deadline,
                table or TABLES.get(entry.name),
                points,
                follow,
                seats,
            )
            if progress is not None and stats.games % 100 == 0:
                progress(stats)
            if stop_at_leak and stats.leaks:
                return stats
    return stats


# -- Spies! -----------------------------------------------------------------------------------------
# Its twin maker re-deals faces, secrets, chit types and tiles; the proof re-deals here what it
# keeps that a viewer cannot see either: other seats' sealed bids in an open round, an open
# offer's amounts and chits between two other seats, the split of money in an exchange between
# two other seats under hidden_money, and other seats' pending placements in a simultaneous
# setup, rewriting their private texts to match (the viewer never reads them, but the twin must
# stay a game that could have been). A value of Russia stays while Russia has no seat of its
# own: the viewer may take control of it and then see it with no event to tell him.


def spies_table(number: int) -> tuple[int, dict[str, Any]]:
    """Players 2-5 in turn; every fifth game whole (to 1939), the others cut after 1933 or 1934;
    hidden money, a simultaneous setup, Russia by bids (2 and 4 seats), the alternative
    allocation (3 and 4 seats) and a secret manifest in turn."""
    players = 2 + number % 4
    k = number // 4
    options: dict[str, Any] = {
        "hidden_money": k % 2 == 1,
        "setup_order": ("sequential", "simultaneous")[k // 2 % 2],
        "manifest_public": k % 3 != 2,
    }
    if players in (2, 4) and k // 4 % 2 == 1:
        options["russia_control"] = "bidding"
    elif players in (3, 4) and k // 8 % 2 == 1:
        options["allocation"] = "alternative"
    if number % 5 != 4:
        options["last_year"] = 1933 + number // 5 % 2
    return players, options


def _spies_kept(state: Any, seat: int | None) -> set[str]:
    """Powers whose values the viewer may come to see: his own, and Russia without a seat."""
    if seat is None:
        return set()
    kept = set(state.powers_of(seat))
    if not state.russia_seated:
        kept.add("R")
    return kept


def _replace_private(state: Any, index: int, texts: dict[int, str]) -> None:
    from engine.spies.state import Entry

    line = state.log[index]
    state.log[index] = Entry(line.by, line.text, {**line.private, **texts}, line.header, line.seat)


def _last_entry(state: Any, test: Callable[[Any], bool], before: int | None = None) -> int | None:
    end = len(state.log) if before is None else before
    return next((i for i in range(end - 1, -1, -1) if test(state.log[i])), None)


def _bid_of(seat: int) -> Callable[[Any], bool]:
    return lambda line: seat in line.private and (line.text or "").endswith(" bid ?")


def _spies_bids(twin: Any, seat: int | None, rng: random.Random) -> None:
    from engine.spies import auction

    task = next((t for t in reversed(twin.tasks) if t["t"] == "auction" and t.get("bids")), None)
    if task is None:
        return
    for key in list(task["bids"]):
        other = int(key)
        if other == seat:
            continue
        funds, tied = auction.purse(twin, other), task["tied"]
        choices = list(range(funds + 1)) if tied is None else list(range(tied + 1, funds + 1)) or [0]
        amount = rng.choice(choices)
        task["bids"][key] = [amount, {}]
        where = _last_entry(twin, _bid_of(other))
        if where is not None:
            _replace_private(twin, where, {other: f"{auction.line_power(twin, other)} bid {amount}"})


def _offer_text(offer: dict[str, Any]) -> str:
    text = f"{offer['from']} offer {offer['n']} {offer['to']}"
    for section in ("give", "get"):
        if offer[section]:
            text += f" {section} " + " ".join(offer[section])
    return text


def _spies_offer(twin: Any, seat: int | None, rng: random.Random) -> None:
    from engine.spies import pieces

    task = next((t for t in reversed(twin.tasks) if t["t"] == "offer"), None)
    if task is None:
        return
    offer = task["offer"]
    parties = {offer["from"], offer["to"]}
    if parties & _spies_kept(twin, seat):
        return
    for section, giver in (("give", offer["from"]), ("get", offer["to"])):
        items = offer[section]
        for n, token in enumerate(items):
            if token.startswith(("£", "L")):
                others = sum(int(t[1:]) for t in items if t.startswith(("£", "L")) and t != token)
                top = (
                    twin.money[giver] - others
                    if section == "give"
                    else max(int(token[1:]), twin.money[giver])
                )
                if top >= 1:
                    items[n] = f"£{rng.randint(1, top)}"
            elif token.startswith("c") and token[1:].isdigit():
                spare = [h for h, _t in twin.hands[giver] if h not in items]
                if spare:
                    items[n] = rng.choice(spare)
    posted = _last_entry(twin, lambda e: e.text == f"{offer['from']} offer {offer['n']} {offer['to']} ?")
    if posted is None:
        return
    full = _offer_text(offer)
    _replace_private(twin, posted, dict.fromkeys(twin.log[posted].private, full))
    told = _last_entry(
        twin, lambda e: any(t.startswith(f"= chits {offer['n']} ") for t in e.private.values()), None
    )
    chits = [h for h in offer["give"] if h.startswith("c") and h[1:].isdigit()]
    if told is not None and told > posted and chits:
        types = " ".join(f"{h}={pieces.chit_type(twin, offer['from'], h)}" for h in chits)
        _replace_private(twin, told, dict.fromkeys(twin.log[told].private, f"= chits {offer['n']} {types}"))


def _spies_exchange(played: Played, index: int, twin: Any, seat: int | None, rng: random.Random) -> None:
    """Under hidden_money: one exchange between two other seats whose money the viewer never
    saw is given another amount (``k`` less or more, no more than the side that would have
    less held at any moment since), the offer's and the exchange's private texts rewritten."""
    if not twin.options["hidden_money"]:
        return
    kept = _spies_kept(twin, seat)
    found: list[tuple[int, str, str, int, int]] = []  # entry, giver, receiver, amount, token index
    for where, line in enumerate(twin.log):
        if not (line.text or "").startswith("= exchange ") or "£?" not in (line.text or ""):
            continue
        if seat in line.private or not line.private:
            continue
        words = next(iter(line.private.values())).split(" ")
        giver = receiver = ""
        for n, token in enumerate(words[3:], start=3):
            if ">" in token and token[:1].isalpha() and ":" not in token:
                giver, receiver = token.split(">", 1)
            elif token.startswith(("£", "L")) and token[1:].isdigit() and not {giver, receiver} & kept:
                found.append((where, giver, receiver, int(token[1:]), n))
    if not found:
        return
    where, giver, receiver, amount, n = rng.choice(found)
    after = next(i for i, state in enumerate(played.states) if len(state.log) > where)
    since = played.states[after : index + 1]
    less = min(amount - 1, *(state.money[receiver] for state in since))  # it was given less
    more = min(state.money[giver] for state in since)  # or more
    if max(less, more) < 1:
        return
    k = rng.randint(1, less) if less >= 1 and (more < 1 or rng.random() < 0.5) else -rng.randint(1, more)
    twin.money[receiver] -= k
    twin.money[giver] += k
    words = next(iter(twin.log[where].private.values())).split(" ")
    words[n] = f"£{amount - k}"
    _replace_private(twin, where, dict.fromkeys(twin.log[where].private, " ".join(words)))
    number = words[2]
    posted = _last_entry(
        twin,
        lambda e: (e.text or "").split(" ")[1:3] == ["offer", number] and (e.text or "").endswith(" ?"),
        where,
    )
    if posted is None:
        return
    full = next(iter(twin.log[posted].private.values())).split(" ")
    section = "give" if full[0] == giver else "get"
    start = full.index(section) if section in full else len(full)
    for m in range(start + 1, len(full)):
        if full[m] in ("give", "get"):
            break
        if full[m].startswith(("£", "L")) and full[m][1:] == str(amount):
            full[m] = f"£{amount - k}"
            break
    _replace_private(twin, posted, dict.fromkeys(twin.log[posted].private, " ".join(full)))


def _spies_placements(twin: Any, seat: int | None, rng: random.Random) -> None:
    """Other seats' pending placements of a simultaneous setup: other legal ones, the same
    power and kind in the same order (the public record says which power placed)."""
    from engine.spies import setup, together, words

    task = twin.tasks[-1] if twin.tasks else None
    if task is None or task["t"] != "together" or not task.get("pending"):
        return
    for key, lines in task["pending"].items():
        other = int(key)
        if other == seat or set(twin.powers_of(other)) & _spies_kept(twin, seat):
            continue
        task["pending"][key] = []
        fresh: list[str] = []
        for line in lines:
            power, _verb, args = words.split(line)
            mine = together.scratch(twin, other)
            choice = rng.choice(setup.legal_places(mine, power, args[0][:1]))
            fresh.append(choice)
            task["pending"][key].append(choice)
        entries = [
            i for i, e in enumerate(twin.log) if other in e.private and (e.text or "").endswith(" place ?")
        ]
        for i, text in zip(entries[-len(fresh) :], fresh, strict=True):
            _replace_private(twin, i, {other: text})


def spies_redeal(played: Played, index: int, twin: Any, viewer: Viewer, rng: random.Random) -> Any:
    if twin.result is not None:
        return twin
    seat = viewer if isinstance(viewer, int) else None
    _spies_bids(twin, seat, rng)
    _spies_offer(twin, seat, rng)
    _spies_exchange(played, index, twin, seat, rng)
    _spies_placements(twin, seat, rng)
    return twin


def _spies_compared(state: Any, viewer: Viewer) -> set[str]:
    """Spies whose strength was compared in a text not written to the viewer."""
    out: set[str] = set()
    for line in state.log:
        for text in line.private.values():
            if text.startswith("= compare ") and viewer not in line.private:
                out.add(text.split(" ")[2])
    return out


def spies_kinds(state: Any, twin: Any, viewer: Viewer) -> list[str]:
    def faces(table: str) -> bool:
        a, b = getattr(state, table), getattr(twin, table)
        return any(a[i].face != b[i].face for i in a)

    def task(kind: str, key: str) -> Any:
        return [t.get(key) for t in state.tasks if t["t"] == kind], [
            t.get(key) for t in twin.tasks if t["t"] == kind
        ]

    out = []
    for name, differs in (
        ("spy faces", faces("spies")),
        ("police faces", faces("police")),
        ("secret faces", faces("secrets")),
        ("tiles", state.tiles != twin.tiles or state.discards != twin.discards),
        ("chit types", state.hands != twin.hands or state.cup != twin.cup),
        ("money (hidden_money)", state.money != twin.money),
        ("sealed bids", task("auction", "bids")[0] != task("auction", "bids")[1]),
        ("offers", task("offer", "offer")[0] != task("offer", "offer")[1]),
        ("pending placements", task("together", "pending")[0] != task("together", "pending")[1]),
        ("private texts", any(a.private != b.private for a, b in zip(state.log, twin.log, strict=True))),
        (
            "compared strengths",
            any(state.spies[s].face != twin.spies[s].face for s in _spies_compared(state, viewer)),
        ),
    ):
        if differs:
            out.append(name)
    return out


def spies_followed(events: Sequence[Event], viewer: Viewer) -> list[str]:
    """Hidden matters the viewer was sent alike in both runs (as ``~`` or as a public text)."""
    out = []
    for event in events:
        private, public = event.data["private"], event.data["public"] or ""
        if viewer in private or not private:
            if "£?" in public:
                out.append("followed: exchange with hidden money")
            continue
        text = next(iter(private.values()))
        if text.startswith("= compare "):
            out.append("followed: comparison between others")
        elif public.endswith(" bid ?"):
            out.append("followed: sealed bid")
        elif " offer " in public and public.endswith(" ?"):
            out.append("followed: offer between others")
        elif public.endswith(" place ?"):
            out.append("followed: simultaneous placement")
    return out


def spies_moments(played: Played, rng: random.Random) -> list[int]:
    """Two moments of the kinds the random ones may miss (of those the game went through): a
    round of sealed bids partly in, an open offer, a simultaneous setup partly placed, a
    moment after an exchange."""
    out = []
    tests: list[Callable[[Any], bool]] = [
        lambda s: any(t["t"] == "auction" and t.get("bids") for t in s.tasks),
        lambda s: any(t["t"] == "offer" for t in s.tasks),
        lambda s: any(t["t"] == "together" and t.get("pending") for t in s.tasks),
        lambda s: any((e.text or "").startswith("= exchange ") for e in s.log[-40:]),
    ]
    for test in tests:
        found = [i for i, s in enumerate(played.states) if s.result is None and test(s)]
        if found:
            out.append(rng.choice(found))
    return rng.sample(out, min(2, len(out)))


HOOKS["spies"] = Hooks(
    addressed=lambda event, viewer: isinstance(viewer, int) and viewer in event.data["private"],
    scope=lambda state, viewer: state.powers_of(viewer) if isinstance(viewer, int) else (),
    redeal=spies_redeal,
    kinds=spies_kinds,
    followed=spies_followed,
    moments=spies_moments,
)
TABLES: dict[str, Table] = {"spies": spies_table}


def report(stats: Stats) -> str:
    games = ", ".join(f"{name} {count}" for name, count in stats.by_game.items())
    return (
        f"games run: {stats.games} ({games})\ntwins made: {stats.twins}\n"
        f"twins that differ from their state: {stats.changed}\nstates compared: {stats.states}\n"
        f"further steps followed: {stats.followed}\nevents compared: {stats.events}\n"
        f"actions tried: {stats.errors}\n"
        f"stopped at a text written to the viewer alone: {stats.reveals}; where what he may see "
        f"changed: {stats.scopes}\n"
        + "".join(f"re-dealt or followed, {kind}: {count}\n" for kind, count in sorted(stats.kinds.items()))
        + f"leaks found: {len(stats.leaks)}"
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
