"""What a command does to a game, decided without I/O.

:func:`plan` takes a fresh room and game, the seat the credential proves, one parsed
command and the time, and returns the :class:`Change` to persist, or raises
:class:`AppError`. The checks come in a fixed order: game open → turn → expected version →
engine. :func:`due` is the server's own command: what the clocks force at ``now`` (a flag
fall, an expired setup timer). Both go through the same commit and broadcast path.

Nothing here names a game: the rulebook is ``game.rules`` (from the catalogue), and what
resigning, running out of time or abandoning means is the game's ``withdraw`` (with two
seats the other one wins; with more, the seat is played by the game's autopilot).
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from app.clocks import GameClocks
from app.errors import AppError
from app.games.deadlines import next_deadline as next_deadline  # its home before durable deadlines
from app.games.runtime import LoadedGame, Offers, RoomInfo
from app.games.store import LogEntry
from app.records import replace
from app.ws.messages import Abort, Act, Claim, Command, DrawAccept, DrawDecline, DrawOffer, Rematch, Resign
from engine.core import Event, Game, Offload, Result, Transition, WithdrawReason
from engine.errors import GameError, GameOver, NotYourTurn
from engine.rng import new_seed


@dataclass(frozen=True, slots=True)
class Change:
    """A game's next row, the log entries that explain it, and (for a rematch) the room's
    next game."""

    after: LoadedGame
    entries: tuple[LogEntry, ...]
    next_game: LoadedGame | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(event for entry in self.entries for event in entry.events)

    def then(self, other: Change) -> Change:
        """This change followed by ``other`` (computed from this one's ``after``)."""
        return Change(other.after, self.entries + other.entries, other.next_game)


@dataclass(frozen=True, slots=True)
class Offloaded:
    """What an action's offloaded work (:meth:`engine.core.Game.offload`) computed, for one
    exact game row: after any other change to the game it must be computed again."""

    game_id: str
    seq: int
    computed: Any

    def fits(self, game: LoadedGame) -> bool:
        return (self.game_id, self.seq) == (game.id, game.seq)


def engine_error(error: GameError) -> AppError:
    """Engine messages are safe for the seat that caused them (engine/errors.py)."""
    if isinstance(error, NotYourTurn):
        return AppError("not_your_turn", str(error))
    if isinstance(error, GameOver):
        return AppError("game_over", str(error))
    return AppError("illegal", str(error))


def draw_seed(room_id: str, number: int) -> str:
    """The seed of game ``number`` of a room: 32 bytes from the OS's CSPRNG as 64 hex digits,
    for the platform generator (``engine/rng.py``). Tests and benchmarks that replay a game
    with the same seed replace this function (a test hook; production never does)."""
    return new_seed()


def new_game(room: RoomInfo, number: int, seat_slots: tuple[int, ...], now: int) -> LoadedGame:
    """A fresh game for ``room``; its setup timer runs only once every chair is taken, and so
    do the clocks of a game whose play begins at once (no setup phase)."""
    lesson = room.entry.tutorial if room.tutorial else None
    seed = lesson.seed if lesson is not None else draw_seed(room.id, number)  # a lesson's is fixed
    options = {"preset": room.preset, **room.options}
    rules = room.entry.game
    deadline = now + room.setup_seconds * 1000 if room.setup_seconds and room.full else None
    state = rules.new_game(seed, options, room.players)
    clocks = GameClocks.fresh(
        room.players, room.time_initial_ms, room.time_increment_ms or 0, deadline, room.turn_based
    )
    if room.full:
        clocks = clocks_at_start(rules, state, clocks, now)
    return LoadedGame(
        id=uuid.uuid4().hex,
        room_id=room.id,
        game=room.game,
        number=number,
        seed=seed,
        options=options,
        seat_slots=seat_slots,
        version=0,
        seq=0,
        state=state,
        clocks=clocks.with_limits(limits(rules, state, (), now, clocks.limit_scale)),
        setup_seconds=room.setup_seconds,
    )


def opening(room: RoomInfo, game: LoadedGame, now: int) -> Change | None:
    """A tutorial room's first game: the tutorial's opening actions (both Speak Easy setups,
    say) played through the engine and logged like any action, before the learner's first
    step (``None``: not a tutorial room, or no opening)."""
    lesson = room.entry.tutorial if room.tutorial else None
    change: Change | None = None
    for seat, action in lesson.opening if lesson is not None else ():
        current = game if change is None else change.after
        step = _apply(current, seat, action, "apply", None, now)
        change = step if change is None else change.then(step)
    return change


def owing(rules: Game[Any], state: Any) -> frozenset[int]:
    """The seats whose clocks run in ``state``: those that owe a decision and whose clocks
    the rules run (:meth:`engine.core.Game.clocked`), except seats the autopilot plays (it
    answers at once)."""
    return frozenset(rules.clocked(state)) - rules.withdrawn(state)


def earning(rules: Game[Any], before: Any, after: Any, seat: int | None) -> frozenset[int]:
    """The seats whose clocks get the increment for the change from ``before`` to ``after``
    (``seat``: whose decision it was, ``None``: the server's own): the game says when a seat
    earns it (:meth:`engine.core.Game.increments`: per move, per turn, per turn of one of
    its powers), except seats the autopilot plays (their clocks no longer run)."""
    return rules.increments(before, after, seat) - rules.withdrawn(after)


def clocks_at_start(rules: Game[Any], state: Any, clocks: GameClocks, now: int) -> GameClocks:
    """Every chair is taken: a game whose play begins at once (no setup phase: Flickago,
    Spies!) starts the clocks of the seats owing its first decision; otherwise ``clocks``
    (the same object) as they are."""
    if clocks.since is None and rules.is_started(state) and rules.result(state) is None:
        return clocks.start(owing(rules, state), now)
    return clocks


def limits(
    rules: Game[Any], state: Any, before: tuple[tuple[int, str, int], ...], now: int, scale: int = 1
) -> tuple[tuple[int, str, int], ...]:
    """The decision limits of ``state`` (:meth:`engine.core.Game.decision_limit`): a limit
    the game names as in ``before`` keeps its deadline, a new one runs from ``now``, for
    ``scale`` times the game's length (the room's pace: :attr:`GameClocks.limit_scale`). The
    seats the autopilot plays have them too: if it fails to answer, the default still
    comes."""
    kept = {(seat, window): deadline for seat, window, deadline in before}
    out = []
    for seat in sorted(rules.actors(state)):
        limit = rules.decision_limit(state, seat)
        if limit is not None:
            out.append((seat, limit.window, kept.get((seat, limit.window), now + limit.ms * scale)))
    return tuple(out)


def _advance(game: LoadedGame, seat: int | None, transition: Transition[Any], now: int) -> LoadedGame:
    """The game after an engine transition: version, clocks, offers, result. ``seat`` is
    the seat whose decision it was (``None``: the server's own)."""
    rules = game.rules
    state = transition.state
    clocks = game.clocks
    result = rules.result(state)
    offers = game.offers
    was_started = rules.is_started(game.state)
    if result is not None:
        clocks = clocks.stop(now)
        offers = replace(offers, draw=frozenset()) if offers.draw else offers
    elif not was_started and rules.is_started(state):
        clocks = clocks.start(owing(rules, state), now)
    elif was_started:
        credit = earning(rules, game.state, state, seat) if clocks.timed else frozenset()
        clocks = clocks.run(owing(rules, state), now, credit, rules.playback_ms(transition.events))
        if seat is not None and offers.draw:
            offers = replace(offers, draw=frozenset())
    if result is None:
        clocks = clocks.with_limits(limits(rules, state, clocks.limits, now, clocks.limit_scale))
    return game.evolve(
        state=state,
        version=game.version + len(transition.events),
        seq=game.seq + 1,
        clocks=clocks,
        offers=offers,
        result=result,
    )


def _conclude(game: LoadedGame, seat: int | None, result: Result, client_id: str | None, now: int) -> Change:
    try:
        transition = game.rules.conclude(game.state, result)
    except GameError as error:
        raise engine_error(error) from None
    after = _advance(game, None, transition, now)
    entry = LogEntry(seat, "conclude", result.to_dict(), client_id, transition.events, now)
    return Change(after, (entry,))


def _expire(game: LoadedGame, seat: int, now: int) -> Change:
    """``seat``'s decision ran past its limit: the game plays its default (the server's own
    command, logged as ``expire``)."""
    try:
        transition = game.rules.expire(game.state, seat)
    except GameError as error:
        raise engine_error(error) from None
    after = _advance(game, None, transition, now)
    action = {"type": "expire", "seat": seat}
    return Change(after, (LogEntry(None, "expire", action, None, transition.events, now),))


def _withdraw(
    game: LoadedGame, seat: int, reason: WithdrawReason, client_id: str | None, by: int | None, now: int
) -> Change:
    """``seat`` leaves the game (``reason``: resign, timeout, abandon); ``by`` is the seat
    whose command it was (``None``: the server's clocks)."""
    try:
        transition = game.rules.withdraw(game.state, seat, reason)
    except GameError as error:
        raise engine_error(error) from None
    after = _advance(game, None, transition, now)
    action = {"type": "withdraw", "seat": seat, "reason": reason}
    return Change(after, (LogEntry(by, "withdraw", action, client_id, transition.events, now),))


def _apply(
    game: LoadedGame,
    seat: int,
    action: Mapping[str, Any],
    kind: str,
    client_id: str | None,
    now: int,
    offloaded: Offloaded | None = None,
) -> Change:
    try:
        if offloaded is not None and offloaded.fits(game):
            transition = game.rules.apply_offloaded(game.state, seat, action, offloaded.computed)
        else:
            transition = game.rules.apply(game.state, seat, action)
    except GameError as error:
        raise engine_error(error) from None
    entry = LogEntry(seat, kind, dict(action), client_id, transition.events, now)
    return Change(_advance(game, seat, transition, now), (entry,))


def _offer(game: LoadedGame, seat: int, kind: str, client_id: str, now: int, offers: Offers) -> Change:
    after = game.evolve(seq=game.seq + 1, offers=offers)
    return Change(after, (LogEntry(seat, "offer", {"type": kind}, client_id, (), now),))


def _require_open(game: LoadedGame) -> None:
    if game.result is not None:
        raise AppError("game_over", "the game is over")


def command_digest(command: Command) -> str:
    """What a client sent under an action id, as a digest kept beside the id in the log: a
    retry of the same command is acknowledged again, another command under the same id is
    refused (it used to be acknowledged and silently not applied)."""
    return hashlib.sha256(_canonical(command.model_dump(mode="json"))).hexdigest()


def _canonical(value: Any) -> bytes:
    """JSON ``value`` as ``json.dumps(value, sort_keys=True, separators=(",", ":"))`` writes
    it, the text the digests in the log were made of. orjson writes the same bytes fifteen
    times faster when the value holds no float (the two write some exponents differently),
    no integer beyond 64 bits, and only ASCII text without DEL (``json`` escapes that and
    every other character past ``~``); for any other value, ``json`` itself."""
    if not _holds_float(value):
        try:
            text = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except orjson.JSONEncodeError:  # an integer beyond 64 bits
            pass
        else:
            if text.isascii() and b"\x7f" not in text:
                return text
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def _holds_float(value: Any) -> bool:
    waiting = [value]
    while waiting:
        item = waiting.pop()
        kind = type(item)
        if kind is float:
            return True
        if kind is dict:
            waiting.extend(item.values())
        elif kind is list:
            waiting.extend(item)
    return False


def reused_id(applied_digest: str | None, command: Command) -> AppError | None:
    """The refusal for ``command`` whose id is already in the log, or ``None`` when it is
    the same command again (or was logged before digests were kept)."""
    if applied_digest is None or applied_digest == command_digest(command):
        return None
    return AppError("id_reused", f"the action id {command.id!r} was already used for another action")


def _checked_act(game: LoadedGame, seat: int, command: Act) -> dict[str, Any]:
    """The action of an ``act`` command, once the game is open, it is ``seat``'s turn (or the
    action is a response) and the version it was sent against is current."""
    _require_open(game)
    rules = game.rules
    action = dict(command.action)
    response = rules.is_response(game.state, seat, action)
    if seat not in rules.actors(game.state) and not response:
        raise AppError("not_your_turn", "it is not your turn")
    if command.version is not None and command.version != game.version and not response:
        raise AppError("stale_version", f"the game is at version {game.version}, not {command.version}")
    return action


def offload(game: LoadedGame, seat: int, command: Command) -> Offload | None:
    """The heavy work ``command`` needs before :func:`plan` can apply it (a simulation), or
    ``None``. Refuses, as :func:`plan` would, a command that could not be applied."""
    if not isinstance(command, Act):
        return None
    action = _checked_act(game, seat, command)
    try:
        return game.rules.offload(game.state, seat, action)
    except GameError as error:
        raise engine_error(error) from None


def plan(
    room: RoomInfo,
    game: LoadedGame,
    seat: int,
    command: Command,
    now: int,
    gone_ms: Mapping[int, int | None],
    grace_ms: int,
    offloaded: Offloaded | None = None,
) -> Change:
    """The change ``command`` from ``seat`` makes, or the refusal. ``gone_ms`` says, for
    each other seat held by a person, how long he has been disconnected (``None``:
    connected); ``offloaded`` is what :func:`offload`'s work computed for this game row.
    The log entry that carries the command's id also carries its digest."""
    change = _plan(room, game, seat, command, now, gone_ms, grace_ms, offloaded)
    digest = command_digest(command)
    entries = tuple(
        replace(entry, command_digest=digest) if entry.client_id == command.id else entry
        for entry in change.entries
    )
    return replace(change, entries=entries)


def _plan(
    room: RoomInfo,
    game: LoadedGame,
    seat: int,
    command: Command,
    now: int,
    gone_ms: Mapping[int, int | None],
    grace_ms: int,
    offloaded: Offloaded | None,
) -> Change:
    rules = game.rules
    if isinstance(command, Rematch):
        return _rematch(room, game, seat, command.id, now)
    _require_open(game)
    active = frozenset(range(game.players)) - rules.withdrawn(game.state)
    match command:
        case Act():
            action = _checked_act(game, seat, command)
            return _apply(game, seat, action, "apply", command.id, now, offloaded)
        case Resign():
            return _withdraw(game, seat, "resign", command.id, seat, now)
        case Abort():
            if rules.moves_played(game.state) > 0:
                raise AppError("illegal", "a game can be aborted only before the first move")
            return _conclude(game, seat, Result.aborted(), command.id, now)
        case Claim():
            return _claim(room, game, seat, command.id, now, gone_ms, grace_ms)
        case DrawOffer() | DrawAccept():
            if not room.entry.agreed_draws:
                raise AppError("illegal", f"{room.entry.title} has no draw by agreement")
            if not rules.is_started(game.state):
                raise AppError("illegal", "a draw can be offered only once play has begun")
            if isinstance(command, DrawAccept) and not game.offers.draw - {seat}:
                raise AppError("illegal", "there is no draw offer to accept")
            offering = game.offers.draw | {seat}
            if active <= offering:
                return _conclude(game, seat, Result.draw("agreement"), command.id, now)
            return _offer(game, seat, "draw_offer", command.id, now, replace(game.offers, draw=offering))
        case DrawDecline():
            if not game.offers.draw - {seat}:
                raise AppError("illegal", "there is no draw offer to decline")
            return _offer(game, seat, "draw_decline", command.id, now, replace(game.offers, draw=frozenset()))
    raise AppError("bad_message", f"unknown command {command.type!r}")


def _claim(
    room: RoomInfo,
    game: LoadedGame,
    seat: int,
    client_id: str,
    now: int,
    gone_ms: Mapping[int, int | None],
    grace_ms: int,
) -> Change:
    """Every other person gone longer than the grace period leaves the game (abandon). Not
    in a turn-based room, where absence is normal: there the clocks decide."""
    if room.turn_based:
        raise AppError("illegal", "in a turn-based room nobody is expected to stay: the clocks decide")
    if not room.full:
        raise AppError("illegal", "there is no opponent to claim against yet")
    others = {other: gone for other, gone in gone_ms.items() if other != seat}
    if not others or all(gone is None for gone in others.values()):
        raise AppError(
            "illegal", "your opponent is connected" if game.players == 2 else "everyone is connected"
        )
    leaving = sorted(other for other, gone in others.items() if gone is not None and gone >= grace_ms)
    if not leaving:
        wait = min((grace_ms - gone + 999) // 1000 for gone in others.values() if gone is not None)
        raise AppError("illegal", f"your opponent may still come back: wait {wait} s more")
    change: Change | None = None
    for other in leaving:
        current = game if change is None else change.after
        if current.result is not None:
            break
        step = _withdraw(current, other, "abandon", client_id if change is None else None, seat, now)
        change = step if change is None else change.then(step)
    assert change is not None
    return change


def _rematch(room: RoomInfo, game: LoadedGame, seat: int, client_id: str, now: int) -> Change:
    """A rematch starts once every seat held by a person asks for it (bots always agree);
    the chairs move one seat on (with two, they swap)."""
    if game.result is None:
        raise AppError("illegal", "a rematch can be offered only after the game")
    if not room.full:
        raise AppError("illegal", "there is no opponent for a rematch")
    if room.tutorial:
        raise AppError("illegal", "a guided game is played once: start a real game from the lesson's end")
    asking = game.offers.rematch | {seat}
    people = {game.seat_of_slot(slot) for slot, holder in enumerate(room.slots) if holder.bot_level is None}
    if people <= asking:
        number = room.game_number + 1
        slots = game.seat_slots
        following = new_game(room, number, slots[1:] + slots[:1], now)
        after = game.evolve(seq=game.seq + 1, offers=replace(game.offers, rematch=frozenset()))
        entry = LogEntry(seat, "offer", {"type": "rematch", "next_game": following.id}, client_id, (), now)
        return Change(after, (entry,), next_game=following)
    return _offer(game, seat, "rematch", client_id, now, replace(game.offers, rematch=asking))


def due(game: LoadedGame, now: int) -> Change | None:
    """What the clocks force at ``now``: default setups for whoever missed the setup timer;
    then, in the order of their instants (exact ties in seat order), each decision limit
    that ran out (the game plays that decision's default) and each flag that fell (the
    game's timeout rule, ``withdraw``: with two seats the other wins; with more, the game
    plays the default for the decision the seat owed and the autopilot plays the seat from
    then on). ``None`` when nothing is due."""
    if game.result is not None:
        return None
    rules = game.rules
    deadline = game.clocks.setup_deadline
    if deadline is not None and now >= deadline and not rules.is_started(game.state):
        change: Change | None = None
        for seat in sorted(rules.actors(game.state)):
            current = game if change is None else change.after
            action = rules.default_action(current.state, seat)
            if action is None:
                continue
            step = _apply(current, seat, action, "auto", None, now)
            change = step if change is None else change.then(step)
        if change is not None:
            return replace(change, after=change.after.evolve(seq=game.seq + 1))
    change = None
    for _step in range(_MOST_EXPIRIES):
        current = game if change is None else change.after
        if current.result is not None:
            break
        item = _first_due(current, now)
        if item is None:
            break
        _instant, seat, kind = item
        step = (
            _expire(current, seat, now)
            if kind == "limit"
            else _withdraw(current, seat, "timeout", None, None, now)
        )
        change = step if change is None else change.then(step)
    if change is not None:
        return replace(change, after=change.after.evolve(seq=game.seq + 1))
    return None


_MOST_EXPIRIES = 64
"""A bound on the expiries one call applies (each opens the next decision)."""


def _first_due(game: LoadedGame, now: int) -> tuple[int, int, str] | None:
    """The first limit or flag due at ``now``: ``(instant, seat, "limit" | "flag")``. A flag
    counts only once play proper has begun (the setup timer rules before)."""
    items = [(deadline, seat, "limit") for seat, _window, deadline in game.clocks.limits if deadline <= now]
    if game.rules.is_started(game.state):
        for seat in game.clocks.flagged(now):
            instant = game.clocks.seat_flag(seat)
            assert instant is not None
            items.append((instant, seat, "flag"))
    return min(items, default=None)
