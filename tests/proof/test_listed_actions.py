"""No listed action is ever refused, every game ends, every record verifies: for every game
in the catalogue (issue 26), through the game-agnostic protocol only (``engine/core.py``).

Random games of each registered game (``engine.catalogue.entries()``; no game is named here)
are played for every seat count from its ``min_players`` to its ``max_players`` and under
every option of its ``option_schema``: each value of an enum, both booleans, a few integers in
range (the minimum, the maximum or one past the minimum when there is none, the default and
one between), and each preset. Every option value is played at least once (a value no seat
count accepts fails the plan); the other options take values at random (a combination the
game refuses is brought back towards the defaults until it is accepted).

Each step plays a random legal choice: one of the seat's listed actions (``legal_actions``),
half of the time uniformly, half of the time after first picking a *kind* of action (its type
and the lowercase words of its text, "offer give get", so that rare kinds such as an offer
and its answer are reached as often as common ones), now and then the seat's timeout default
(``default_action``, where ``apply`` takes it then), and in some games a seat withdraws
(resigns, times out or abandons).
At sampled states, **every** action listed for **every** seat is applied to the state (which
must not change: ``apply`` works on a copy) and must be accepted. A listed action that is a
template (:data:`TEMPLATES`: Flickago's shot, which any angle and power completes) is
completed at random, and only a sample of them is tried at a state (each is a physics
simulation). Every game must end within :data:`ACTION_LIMIT` actions; then nothing is listed
for anyone, and the game's record (``entry.record``, through JSON) verifies
(``entry.verify``: a replay from the seed).

Self-play: the game's own bot (``entry.decider()``), at each of its levels, plays every seat
from that seat's view; each answer must be accepted, the game must end and its record verify.
Where a game's command line has a ``selfplay`` command (``python -m engine.<game> selfplay``),
it is run in-process too, at every level.

The default suite plays :data:`GAMES` random games a game and :data:`SELFPLAY` self-played
ones a level (Prohibition's games and records cost the most, Flickago's bots simulate many
shots); ``-m slow`` plays :data:`SLOW_GAMES` and :data:`SLOW_SELFPLAY`, in chunks that each
stay far below the suite's per-test timeout.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import random
from collections.abc import Callable, Mapping
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

import pytest

from engine.catalogue import GameEntry, entries, entry
from engine.errors import GameError

ACTION_LIMIT = 20_000
"""A game that has not ended after this many actions fails (the longest random games of the
registered games take about a thousand)."""
CHECK_CHANCE = 0.02
"""The share of states at which every listed action of every seat is tried (about ten a game:
a Spies! state lists some eighty actions, each tried on a copy)."""
TEMPLATE_SAMPLE = 3
"""How many listed templates (shots) are completed and tried at such a state."""
DEFAULT_CHANCE = 0.03
"""The share of steps at which the seat plays its timeout default instead."""
WITHDRAW_CHANCE = 0.15
"""The share of games in which a seat leaves the game at a random moment."""

GAMES: dict[str, int] = {"speakeasy": 100, "prohibition": 24, "flickago": 40, "spies": 20}
"""Random games a game in the default suite (more when the plan needs them to play every
option value; 20 for a game not named). A game's cost sets its number: a random game takes
about 0.02 s of CPU to play, check and verify for Speak Easy, 0.07 s for Flickago, 0.12 s
for Prohibition, 0.25 s for Spies! (whose states list some eighty actions)."""
SLOW_GAMES: dict[str, tuple[int, int]] = {
    "speakeasy": (4, 1000),
    "prohibition": (10, 200),
    "flickago": (3, 300),
    "spies": (10, 200),
}
"""Under ``-m slow``: (chunks, games a chunk) for each game, a chunk under a minute of CPU;
(4, 250) for a game not named."""
SELFPLAY = 2
"""Self-played games a bot level in the default suite: one at the fewest seats with every
integer option at its shortest (a one-year Spies!), one at the most seats under the plan's
options (a whole game: about 1 s of CPU for Flickago's bots, 3 s for Prohibition's normal)."""
SLOW_SELFPLAY = 12
BOT_BUDGET = 0.01
"""Seconds of thought a bot move: the proof is that every answer is accepted, not how good."""


# -- templates --------------------------------------------------------------------------------
def _shot(action: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    return {**action, "angle": rng.randrange(3600), "power": rng.randint(1, 1000)}


TEMPLATES: dict[str, Callable[[Mapping[str, Any], random.Random], dict[str, Any]]] = {"shot": _shot}
"""Listed actions that name a choice which free parameters complete, by action type: a
Flickago shot is listed as ``{"type": "shot", "piece", "from"}`` that any angle (0-3599) and
power (1-1000) completes (``Flickago.legal_actions``)."""


def is_template(action: Mapping[str, Any]) -> bool:
    return action.get("type") in TEMPLATES


def complete(action: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    make = TEMPLATES.get(str(action.get("type")))
    return make(action, rng) if make else dict(action)


def kind(action: Mapping[str, Any]) -> tuple[str, ...]:
    """An action's kind: its type and the lowercase words of its texts ("G offer o3 F give
    £5 get c7" -> ("act", "offer", "give", "get"))."""
    words = [str(action.get("type"))]
    for key, value in sorted(action.items()):
        if key != "type" and isinstance(value, str):
            words += [w for w in value.split() if w.isalpha() and w.islower()]
    return tuple(words)


# -- options ------------------------------------------------------------------------------------
def option_values(spec: Mapping[str, Any]) -> list[Any]:
    """The values of one option to play: each enum value, both booleans, a few integers in
    range; nothing for a free-form option (the platform's clock)."""
    if "enum" in spec:
        return list(spec["enum"])
    kind_ = spec.get("type")
    if kind_ == "boolean":
        return [False, True]
    if kind_ == "integer":
        low, high, default = spec.get("minimum"), spec.get("maximum"), spec.get("default")
        values = [v for v in (low, default, high) if isinstance(v, int)]
        if isinstance(low, int) and isinstance(high, int):
            values.append((low + high) // 2)
        elif isinstance(low, int):
            values.append(low + 1)
        return sorted(set(values))
    return []


def option_table(game: GameEntry) -> dict[str, list[Any]]:
    """Every option to play and its values; the presets too when the schema names none."""
    table = {name: option_values(spec) for name, spec in game.option_schema.items()}
    if "preset" not in table and len(game.presets) > 1:
        table["preset"] = list(game.presets)
    return {name: values for name, values in table.items() if values}


def accepts(game: GameEntry, players: int, options: Mapping[str, Any]) -> bool:
    try:
        game.game.new_game(seed_for(game.name, "probe", 0), dict(options), players)
    except GameError:
        return False
    return True


@dataclass(frozen=True)
class Setting:
    players: int
    options: dict[str, Any]


def plan(game: GameEntry, count: int, salt: str) -> list[Setting]:
    """``count`` settings (more if needed) that together play every seat count and every
    option value the game accepts with some seat count."""
    rng = random.Random(f"{game.name} {salt}")
    table = option_table(game)
    seats = list(range(game.min_players, game.max_players + 1))
    out: list[Setting] = []
    for i in range(count):
        players = seats[i % len(seats)]
        # Option k takes its values in turn, shifted by k; the first rounds cover them all.
        wanted = {
            name: values[(i + k) % len(values)] if i < 2 * len(values) else rng.choice(values)
            for k, (name, values) in enumerate(sorted(table.items()))
        }
        out.append(Setting(players, _accepted(game, players, wanted, rng)))
    played = {(name, _key(value)) for s in out for name, value in s.options.items()}
    for name, values in sorted(table.items()):
        for value in values:
            if (name, _key(value)) in played:
                continue
            players = next((n for n in seats if accepts(game, n, {name: value})), None)
            assert players is not None, f"{game.name}: no seat count accepts option {name}={value!r}"
            out.append(Setting(players, {name: value}))
    return out


def _key(value: Any) -> str:
    return json.dumps(value)


def _accepted(game: GameEntry, players: int, wanted: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``wanted``, with options dropped (back to their defaults) in random order until the
    game accepts the combination for ``players`` seats."""
    options = dict(wanted)
    names = sorted(options)
    rng.shuffle(names)
    while not accepts(game, players, options):
        options.pop(names.pop())
    return options


def seed_for(name: str, salt: str, number: int) -> str:
    return hashlib.sha256(f"listed actions {name} {salt} {number}".encode()).hexdigest()


def shortest(game: GameEntry) -> dict[str, Any]:
    """Every integer option at its minimum (the shortest games: a one-year Spies!, a one-shot
    Flickago...), where the game accepts it."""
    options = {
        name: spec["minimum"]
        for name, spec in game.option_schema.items()
        if spec.get("type") == "integer" and isinstance(spec.get("minimum"), int)
    }
    return _accepted(game, game.min_players, options, random.Random(game.name))


# -- random games ---------------------------------------------------------------------------------
@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    tried: int = 0  # listed actions tried at sampled states
    withdrawals: int = 0
    defaults: int = 0
    seats: set[int] = field(default_factory=set)
    kinds: set[tuple[str, ...]] = field(default_factory=set)


def snapshot(game: GameEntry, state: Any) -> str:
    return json.dumps(game.game.to_dict(state), sort_keys=True)


def try_every_listed(game: GameEntry, state: Any, rng: random.Random, tally: Tally, where: str) -> None:
    """Every action listed now for every seat is accepted (templates: a sample, completed),
    and trying them leaves the state as it was."""
    rules = game.game
    before = snapshot(game, state)
    for seat in range(rules.players(state)):
        listed = rules.legal_actions(state, seat)
        templates = [a for a in listed if is_template(a)]
        chosen = [a for a in listed if not is_template(a)]
        chosen += rng.sample(templates, min(TEMPLATE_SAMPLE, len(templates)))
        for action in chosen:
            full = complete(action, rng)
            try:
                rules.apply(state, seat, full)
            except GameError as exc:
                pytest.fail(f"{where}: seat {seat} was listed {full} and apply refused it: {exc}")
            tally.tried += 1
    assert snapshot(game, state) == before, f"{where}: trying the listed actions changed the state"


def choose(game: GameEntry, state: Any, seat: int, rng: random.Random, tally: Tally) -> Mapping[str, Any]:
    """The seat's default when nothing is listed (a free-form setup), or now and then; else
    a listed action (completed when it is a template)."""
    rules = game.game
    listed = rules.legal_actions(state, seat)
    if not listed or rng.random() < DEFAULT_CHANCE:
        default = rules.default_action(state, seat)
        if default is not None and (not listed or _accepted_now(rules, state, seat, default)):
            tally.defaults += 1
            return default
        assert listed, "a seat that may act has nothing listed and no default"
    if rng.random() < 0.5:
        kinds: dict[tuple[str, ...], list[Mapping[str, Any]]] = {}
        for action in listed:
            kinds.setdefault(kind(action), []).append(action)
        listed = kinds[rng.choice(sorted(kinds))]
    action = rng.choice(listed)
    tally.kinds.add(kind(action))
    return complete(action, rng)


def _accepted_now(rules: Any, state: Any, seat: int, action: Mapping[str, Any]) -> bool:
    """Whether ``apply`` takes ``action`` now. A game may take its timeout default only after
    the timeout itself (Prohibition's ``skip`` of a character step, played by ``withdraw``):
    such a default is not listed, and the server then plays a listed action instead."""
    try:
        rules.apply(state, seat, action)
    except GameError:
        return False
    return True


def play_random(game: GameEntry, setting: Setting, number: int, salt: str, tally: Tally) -> None:
    """One random game (module docstring); fails at the first refused listed action."""
    rules = game.game
    seed = seed_for(game.name, salt, number)
    rng = random.Random(seed)
    where = f"{game.name} game {number} ({setting.players} seats, options {setting.options}, seed {seed})"
    state = rules.new_game(seed, dict(setting.options), setting.players)
    leave_at = rng.choice((rng.randrange(40), rng.randrange(400))) if rng.random() < WITHDRAW_CHANCE else -1
    check_at = {0, rng.randrange(1, 40)}  # short games (a few Flickago shots) are checked too
    for step in range(ACTION_LIMIT):
        if rules.is_over(state):
            break
        actors = sorted(rules.actors(state))
        assert actors, f"{where}, step {step}: the game is not over and nobody may act"
        if step in check_at or rng.random() < CHECK_CHANCE:
            try_every_listed(game, state, rng, tally, f"{where}, step {step}")
        staying = [s for s in range(setting.players) if s not in rules.withdrawn(state)]
        if step == leave_at and staying:
            seat = rng.choice(staying)
            state = rules.withdraw(state, seat, rng.choice(("resign", "timeout", "abandon"))).state
            tally.withdrawals += 1
            continue
        seat = rng.choice(actors)
        action = choose(game, state, seat, rng, tally)
        try:
            state = rules.apply(state, seat, action).state
        except GameError as exc:
            pytest.fail(f"{where}, step {step}: seat {seat} played {action} and apply refused it: {exc}")
        tally.actions += 1
    else:
        pytest.fail(f"{where}: the game did not end within {ACTION_LIMIT} actions")
    assert rules.result(state) is not None
    for seat in range(setting.players):
        assert rules.legal_actions(state, seat) == [], f"{where}: actions listed after the end"
    check_record(game, state, where)
    tally.games += 1
    tally.seats.add(setting.players)


def check_record(game: GameEntry, state: Any, where: str) -> None:
    data = json.loads(json.dumps(game.record(state)))
    assert game.verify(data) == [], f"{where}: its record does not verify"


def run_random_games(game: GameEntry, count: int, salt: str, first: int = 0) -> Tally:
    tally = Tally()
    settings = plan(game, count, salt)
    for number, setting in enumerate(settings[first:], start=first):
        play_random(game, setting, number, salt, tally)
    return tally


@pytest.mark.parametrize("name", [e.name for e in entries()])
def test_every_listed_action_is_accepted_and_every_random_game_ends_and_verifies(name: str) -> None:
    game = entry(name)
    count = GAMES.get(name, 20)
    tally = run_random_games(game, count, "default")
    assert tally.games >= count
    assert tally.seats == set(range(game.min_players, game.max_players + 1))
    assert tally.tried > tally.games, "hardly any state was checked"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "chunk"),
    [(e.name, c) for e in entries() for c in range(SLOW_GAMES.get(e.name, (4, 250))[0])],
)
def test_many_random_games_accept_every_listed_action(name: str, chunk: int) -> None:
    game = entry(name)
    _chunks, size = SLOW_GAMES.get(name, (4, 250))
    tally = run_random_games(game, size, f"slow {chunk}")
    assert tally.games >= size and tally.withdrawals > 0


def test_the_plan_plays_every_seat_count_and_option_value() -> None:
    for game in entries():
        settings = plan(game, GAMES.get(game.name, 20), "default")
        assert {s.players for s in settings} == set(range(game.min_players, game.max_players + 1))
        played = {(name, _key(value)) for s in settings for name, value in s.options.items()}
        for name, values in option_table(game).items():
            for value in values:
                assert (name, _key(value)) in played, (game.name, name, value)
        assert all(accepts(game, s.players, s.options) for s in settings)


def test_a_listed_action_that_apply_refuses_is_caught() -> None:
    """The check can fail: a game whose apply refuses one of its listed actions is reported."""
    game = entry(entries()[0].name)
    rules = game.game
    state = rules.new_game(seed_for(game.name, "planted", 0), None, game.min_players)
    while not any(rules.legal_actions(state, s) for s in rules.actors(state)):
        seat = min(rules.actors(state))
        default = rules.default_action(state, seat)
        assert default is not None
        state = rules.apply(state, seat, default).state

    class Refusing(type(rules)):  # type: ignore[misc]
        def apply(self, state: Any, seat: int, action: Mapping[str, Any]) -> Any:
            raise GameError("planted refusal")

    planted = dataclasses.replace(game, game=Refusing())
    with pytest.raises(pytest.fail.Exception, match="apply refused it: planted refusal"):
        try_every_listed(planted, state, random.Random(0), Tally(), "planted")


# -- self-play ------------------------------------------------------------------------------------
def selfplay(game: GameEntry, setting: Setting, level: str, seed: str) -> Any:
    """The game's bot at ``level`` in every seat, each answer from its seat's view."""
    rules = game.game
    decide = game.decider()
    bot_seed = int(seed[:12], 16)
    where = (
        f"{game.name} selfplay at {level} ({setting.players} seats, options {setting.options}, seed {seed})"
    )
    state = rules.new_game(seed, dict(setting.options), setting.players)
    for step in range(ACTION_LIMIT):
        if rules.is_over(state):
            break
        seat = min(rules.actors(state))
        action = decide(rules.view(state, seat), level, bot_seed + step, BOT_BUDGET)
        try:
            state = rules.apply(state, seat, action).state
        except GameError as exc:
            pytest.fail(f"{where}, step {step}: the bot of seat {seat} answered {action}, refused: {exc}")
    else:
        pytest.fail(f"{where}: the game did not end within {ACTION_LIMIT} actions")
    check_record(game, state, where)
    return state


def selfplay_settings(game: GameEntry, count: int, salt: str) -> list[Setting]:
    """``count`` settings: the fewest seats with every integer option at its shortest, then
    the plan's settings, the first of them at the most seats and with the default lengths."""
    settings = plan(game, count, salt)[: count - 1]
    if settings:  # a whole game: integer options (a length, a limit) at their defaults
        most = game.max_players
        wanted = {
            k: v for k, v in settings[0].options.items() if not isinstance(v, int) or isinstance(v, bool)
        }
        settings[0] = Setting(most, _accepted(game, most, wanted, random.Random(salt)))
    return [Setting(game.min_players, shortest(game)), *settings]


@pytest.mark.parametrize("name", [e.name for e in entries()])
def test_selfplay_at_every_level_is_accepted_ends_and_verifies(name: str) -> None:
    game = entry(name)
    for level in game.bot_levels:
        for number, setting in enumerate(selfplay_settings(game, SELFPLAY, f"selfplay {level}")):
            selfplay(game, setting, level, seed_for(name, f"selfplay {level}", number))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "level"), [(e.name, level) for e in entries() for level in e.bot_levels])
def test_many_selfplay_games_at_every_level(name: str, level: str) -> None:
    game = entry(name)
    settings = selfplay_settings(game, SLOW_SELFPLAY, f"slow selfplay {level}")
    for number, setting in enumerate(settings):
        selfplay(game, setting, level, seed_for(name, f"slow selfplay {level}", number))


def cli_main(name: str) -> Callable[[list[str]], int] | None:
    """The game's command line ``main``, if its package has one (``engine/<game>/cli.py``)."""
    try:
        module = import_module(f"engine.{name}.cli")
    except ModuleNotFoundError:
        return None
    main = getattr(module, "main", None)
    return main if callable(main) else None


def run_cli(main: Callable[[list[str]], int], argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def option_word(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("name", [e.name for e in entries()])
def test_the_command_line_selfplay_ends_at_every_level(name: str) -> None:
    """``python -m engine.<game> selfplay`` (in-process) exits 0 with a record, at every
    level, where the command exists: its usage error says which arguments it needs."""
    game = entry(name)
    main = cli_main(name)
    if main is None:
        pytest.skip(f"{name} has no command line")
    code, _out, usage = run_cli(main, ["selfplay"])
    if "invalid choice" in usage:
        pytest.skip(f"{name}'s command line has no selfplay")
    assert code == 2 and "--seed" in usage
    options = [f"--option={k}={option_word(v)}" for k, v in shortest(game).items()]
    for number, level in enumerate(game.bot_levels):
        players = game.min_players + number % (game.max_players - game.min_players + 1)
        argv = ["selfplay", "--seed", seed_for(name, "cli", number), "--level", level, *options]
        if "--players" in usage:
            argv += ["--players", str(players)]
        code, out, err = run_cli(main, argv)
        assert (code, err) == (0, ""), f"{name} {argv}: {err}"
        assert out.strip()
        if out.lstrip().startswith("{"):
            data = json.loads(out)
            assert game.verify(data) == [], f"{name} {argv}: the record does not verify"
