"""What a command does to a game, decided without I/O.

:func:`plan` takes a fresh room and game, the seat the credential proves, one parsed
command and the time, and returns the :class:`Change` to persist, or raises
:class:`AppError`. The checks come in a fixed order: game open → turn → expected version →
engine. :func:`due` is the server's own command: what the clocks force at ``now`` (a flag
fall, an expired setup timer). Both go through the same commit and broadcast path.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass, replace
from typing import Any

from app.clocks import GameClocks
from app.errors import AppError
from app.games.rules import GAME
from app.games.runtime import LoadedGame, RoomInfo
from app.games.store import LogEntry
from app.ws.messages import (
    Abort,
    Claim,
    Command,
    DrawAccept,
    DrawDecline,
    DrawOffer,
    Move,
    Rematch,
    Resign,
    Setup,
)
from engine.core import Event, Result, Transition
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


def new_game(room: RoomInfo, number: int, south_slot: int, now: int) -> LoadedGame:
    """A fresh game for ``room``; its setup timer runs only once both chairs are taken."""
    seed = draw_seed(room.id, number)
    options = {"preset": room.preset}
    remaining = None if room.time_initial_ms is None else (room.time_initial_ms, room.time_initial_ms)
    deadline = now + room.setup_seconds * 1000 if room.setup_seconds and room.full else None
    return LoadedGame(
        id=uuid.uuid4().hex,
        room_id=room.id,
        number=number,
        seed=seed,
        options=options,
        south_slot=south_slot,
        version=0,
        seq=0,
        state=GAME.new_game(seed, options),
        clocks=GameClocks(
            remaining=remaining,
            increment=room.time_increment_ms or 0,
            running=None,
            since=None,
            setup_deadline=deadline,
        ),
        setup_seconds=room.setup_seconds,
    )


def _advance(game: LoadedGame, seat: int | None, transition: Transition[Any], now: int) -> LoadedGame:
    """The game after an engine transition: version, clocks, offers, result."""
    state = transition.state
    clocks = game.clocks
    result = GAME.result(state)
    draw_offer = game.draw_offer
    if result is not None:
        clocks = clocks.stop(now)
        draw_offer = None
    elif not GAME.is_started(game.state) and GAME.is_started(state):
        clocks = clocks.start(_single_actor(state), now)
    elif GAME.is_started(game.state) and seat is not None:
        clocks = clocks.after_move(seat, _single_actor(state), now)
        draw_offer = None
    return game.evolve(
        state=state,
        version=game.version + len(transition.events),
        seq=game.seq + 1,
        clocks=clocks,
        draw_offer=draw_offer,
        result=result,
    )


def _single_actor(state: Any) -> int:
    actors = GAME.actors(state)
    if len(actors) != 1:
        raise RuntimeError(f"expected one seat to move, the engine says {sorted(actors)}")
    return next(iter(actors))


def _conclude(game: LoadedGame, seat: int | None, result: Result, client_id: str | None, now: int) -> Change:
    try:
        transition = GAME.conclude(game.state, result)
    except GameError as error:
        raise engine_error(error) from None
    after = _advance(game, None, transition, now)
    entry = LogEntry(seat, "conclude", result.to_dict(), client_id, transition.events, now)
    return Change(after, (entry,))


def _apply(
    game: LoadedGame, seat: int, action: dict[str, Any], kind: str, client_id: str | None, now: int
) -> tuple[LoadedGame, LogEntry]:
    try:
        transition = GAME.apply(game.state, seat, action)
    except GameError as error:
        raise engine_error(error) from None
    entry = LogEntry(seat, kind, action, client_id, transition.events, now)
    return _advance(game, seat, transition, now), entry


def _offer(game: LoadedGame, seat: int, kind: str, client_id: str, now: int, **offers: int | None) -> Change:
    after = game.evolve(seq=game.seq + 1, **offers)
    return Change(after, (LogEntry(seat, "offer", {"type": kind}, client_id, (), now),))


def _require_open(game: LoadedGame) -> None:
    if game.result is not None:
        raise AppError("game_over", "the game is over")


def command_digest(command: Command) -> str:
    """What a client sent under an action id, as a digest kept beside the id in the log: a
    retry of the same command is acknowledged again, another command under the same id is
    refused (it used to be acknowledged and silently not applied)."""
    canonical = json.dumps(command.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def reused_id(applied_digest: str | None, command: Command) -> AppError | None:
    """The refusal for ``command`` whose id is already in the log, or ``None`` when it is
    the same command again (or was logged before digests were kept)."""
    if applied_digest is None or applied_digest == command_digest(command):
        return None
    return AppError("id_reused", f"the action id {command.id!r} was already used for another action")


def plan(
    room: RoomInfo,
    game: LoadedGame,
    seat: int,
    command: Command,
    now: int,
    opponent_gone_ms: int | None,
    grace_ms: int,
) -> Change:
    """The change ``command`` from ``seat`` makes, or the refusal. ``opponent_gone_ms`` is
    how long the other seat has been disconnected (``None``: connected, or no one there).
    The log entry that carries the command's id also carries its digest."""
    change = _plan(room, game, seat, command, now, opponent_gone_ms, grace_ms)
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
    opponent_gone_ms: int | None,
    grace_ms: int,
) -> Change:
    opponent = 1 - seat
    match command:
        case Rematch():
            return _rematch(room, game, seat, command.id, now)
        case _:
            _require_open(game)
    match command:
        case Setup():
            if GAME.is_started(game.state):
                raise AppError("illegal", "the setup phase is over")
            if seat not in GAME.actors(game.state):
                raise AppError("not_your_turn", "your setup is already in")
            after, entry = _apply(
                game, seat, {"type": "setup", "position": command.position}, "apply", command.id, now
            )
            return Change(after, (entry,))
        case Move():
            if seat not in GAME.actors(game.state):
                raise AppError("not_your_turn", "it is not your turn")
            if command.version != game.version:
                raise AppError(
                    "stale_version", f"the game is at version {game.version}, not {command.version}"
                )
            after, entry = _apply(
                game, seat, {"type": "move", "move": command.move}, "apply", command.id, now
            )
            return Change(after, (entry,))
        case Resign():
            return _conclude(game, seat, Result.win(opponent, "resign"), command.id, now)
        case Abort():
            if GAME.moves_played(game.state) > 0:
                raise AppError("illegal", "a game can be aborted only before the first move")
            return _conclude(game, seat, Result.aborted(), command.id, now)
        case Claim():
            if not room.full:
                raise AppError("illegal", "there is no opponent to claim against yet")
            if opponent_gone_ms is None:
                raise AppError("illegal", "your opponent is connected")
            if opponent_gone_ms < grace_ms:
                wait = (grace_ms - opponent_gone_ms + 999) // 1000
                raise AppError("illegal", f"your opponent may still come back: wait {wait} s more")
            return _conclude(game, seat, Result.win(seat, "abandon"), command.id, now)
        case DrawOffer():
            if not GAME.is_started(game.state):
                raise AppError("illegal", "a draw can be offered only once play has begun")
            if game.draw_offer == opponent:
                return _conclude(game, seat, Result.draw("agreement"), command.id, now)
            return _offer(game, seat, "draw_offer", command.id, now, draw_offer=seat)
        case DrawAccept():
            if game.draw_offer != opponent:
                raise AppError("illegal", "there is no draw offer to accept")
            return _conclude(game, seat, Result.draw("agreement"), command.id, now)
        case DrawDecline():
            if game.draw_offer != opponent:
                raise AppError("illegal", "there is no draw offer to decline")
            return _offer(game, seat, "draw_decline", command.id, now, draw_offer=None)
    raise AppError("bad_message", f"unknown command {command.type!r}")


def _rematch(room: RoomInfo, game: LoadedGame, seat: int, client_id: str, now: int) -> Change:
    if game.result is None:
        raise AppError("illegal", "a rematch can be offered only after the game")
    if not room.full:
        raise AppError("illegal", "there is no opponent for a rematch")
    if game.rematch_offer == 1 - seat:
        number = room.game_number + 1
        following = new_game(room, number, game.south_slot ^ 1, now)
        after = game.evolve(seq=game.seq + 1, rematch_offer=None)
        entry = LogEntry(seat, "offer", {"type": "rematch", "next_game": following.id}, client_id, (), now)
        return Change(after, (entry,), next_game=following)
    return _offer(game, seat, "rematch", client_id, now, rematch_offer=seat)


def due(game: LoadedGame, now: int) -> Change | None:
    """What the clocks force at ``now``: random setups for whoever missed the setup timer,
    or the loss of the seat whose flag fell. ``None`` when nothing is due."""
    if game.result is not None:
        return None
    deadline = game.clocks.setup_deadline
    if deadline is not None and now >= deadline and not GAME.is_started(game.state):
        entries: list[LogEntry] = []
        current = game
        for seat in sorted(GAME.actors(game.state)):
            action = GAME.default_action(current.state, seat)
            if action is None:
                continue
            current, entry = _apply(current, seat, action, "auto", None, now)
            entries.append(entry)
        if entries:
            return Change(current.evolve(seq=game.seq + 1), tuple(entries))
    flagged = game.clocks.flagged(now)
    if flagged is not None and GAME.is_started(game.state):
        return _conclude(game, None, Result.win(1 - flagged, "timeout"), None, now)
    return None


def next_deadline(game: LoadedGame) -> int | None:
    """When :func:`due` will next have something to do."""
    if game.result is not None:
        return None
    if game.clocks.setup_deadline is not None and not GAME.is_started(game.state):
        return game.clocks.setup_deadline
    return game.clocks.flag_deadline()
