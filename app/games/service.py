"""The one authoritative command path, and the game runtime of this process.

Every change to a game — a player's command, a flag fall, an expired setup timer, a bot's
move — goes through :meth:`GameService.execute` or :meth:`GameService.tick`:

    seat from the credential (the caller passes the chair the cookie proved, never a
    payload) → clocks settled (:func:`commands.due`) → game open → turn → expected version
    → engine (:func:`commands.plan`) → one transaction: guarded update + log row
    (:func:`store.commit`) → frames per viewer class, published once (:class:`Hub`).

Commands for one room are serialised by a per-room lock in this process; across processes
the ``seq`` guard in the database lets exactly one of two conflicting commands commit, and
the loser is re-checked against the fresh game, so it is told why (``stale_version``,
``not_your_turn``, ``game_over``…). A client action id already in the log is answered with
the version it was first acknowledged with, and applied nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncEngine

from app import chat
from app.broadcast import Hub, Message
from app.clocks import Clock, GameClocks
from app.config import Settings
from app.errors import UNAVAILABLE, AppError, Conflict, unavailable
from app.games import frames, hints, store
from app.games.commands import Change, Offloaded, due, next_deadline, offload, plan, reused_id
from app.games.groupcommit import GroupCommit
from app.games.runtime import RoomRuntime
from app.games.workers import Workers
from app.metrics import Metrics
from app.outage import OUTAGES, Backoff, report
from app.records import replace
from app.ws.messages import Act, Command
from engine.catalogue import entry
from engine.core import SPECTATOR, Viewer
from engine.tutorial import TUTORIAL_LEVEL

if TYPE_CHECKING:
    from app.notify.dispatch import Notifier

log = logging.getLogger("speakeasy.games")

_ATTEMPTS = 5
_BOT_ASKS = 2  # a bot whose action is refused is asked once more before its seat's default
BotDecide = Callable[[dict[str, Any], str, int, float | None], dict[str, Any]]


def bot_budget(clocks: GameClocks, seat: int, now: int) -> float | None:
    """Seconds the bot may think for this move: ``None`` (its level's own pace) in an
    untimed game, else a thirtieth of what is left on its clock plus most of the increment,
    so it never thinks its way into a flag fall; in a turn-based room (days per move) also
    its level's own pace."""
    if not clocks.timed or clocks.turn_based:
        return None
    left = max(0, clocks.left(seat, now))
    return max(0.05, (left / 30 + clocks.increment * 0.8) / 1000)


def bot_seed(game_id: str, version: int) -> int:
    """The bot's seed for one decision, from public values only: the bot must know nothing a
    human in its seat does not (the game's own seed drives its secret chance draws)."""
    digest = hashlib.sha256(f"{game_id}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _acknowledged(applied: store.Applied, command: Command) -> int:
    """The version to acknowledge a command whose id is already in the log with."""
    refusal = reused_id(applied.command_digest, command)
    if refusal is not None:
        raise refusal
    return applied.version


class GameService:
    def __init__(
        self,
        engine: AsyncEngine,
        clock: Clock,
        hub: Hub,
        metrics: Metrics,
        settings: Settings,
        bots: bool = True,
        thinkers: Workers | None = None,
        workers: Workers | None = None,
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.hub = hub
        self.metrics = metrics
        self.settings = settings
        self._bots = bots
        self._deciders: dict[str, BotDecide] = {}
        self._thinkers = thinkers or Workers()
        """Where bots think."""
        self._workers = workers or Workers()
        """Where actions' heavy work runs (a shot's simulation): not the bots' pool, so a
        player's shot never waits behind a bot's thinking."""
        self._runtimes: dict[str, RoomRuntime] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[Any]] = set()
        self._bot_turns: set[tuple[str, int, int]] = set()
        self._committer = GroupCommit(engine, flushers=settings.commit_flushers, metrics=metrics)
        self.notices: Notifier | None = None
        """Told of every committed change, to notify the seats it concerns (issue 27; set
        by the app factory)."""
        hub.observe(self._on_remote)
        hub.heal_with(self.heal)

    # -- the cache ----------------------------------------------------------------------
    def _lock(self, room_id: str) -> asyncio.Lock:
        lock = self._locks.get(room_id)
        if lock is None:
            lock = self._locks[room_id] = asyncio.Lock()
        return lock

    async def runtime(self, room_id: str) -> RoomRuntime:
        runtime = self._runtimes.get(room_id)
        if runtime is None:
            async with self.engine.connect() as conn:
                runtime = await store.load_room(conn, room_id)
            if runtime is None:
                raise AppError("not_found", "no such room", 404)
            if self.hub.is_local(room_id):
                # Only rooms a socket of this process watches are kept (and released when
                # the last one closes): a summary request or a refused socket caches nothing.
                self._runtimes[room_id] = runtime
                self.metrics.games_active.set(len(self._runtimes))
        return runtime

    def invalidate(self, room_id: str) -> None:
        self._runtimes.pop(room_id, None)
        self.metrics.games_active.set(len(self._runtimes))

    async def _is_stale(self, runtime: RoomRuntime) -> bool:
        async with self.engine.connect() as conn:
            game_id, seq = await store.current_seq(conn, runtime.room.id)
        return game_id != runtime.game.id or seq != runtime.game.seq

    async def heal(self, room_id: str) -> tuple[str, int]:
        """After a bus outage (or while it lasts): the room's current game and version, as
        the database has them. A cached runtime that is behind is dropped and the room's
        timer armed again (the hub then has each viewer behind them catch up). Raises a
        dependency outage while the database is away, ``not_found`` for a room gone."""
        cached = self._runtimes.get(room_id)
        if cached is None or await self._is_stale(cached):
            self.invalidate(room_id)
            cached = await self.runtime(room_id)
            self.schedule(room_id)
        return cached.game.id, cached.game.version

    def _on_remote(self, message: Message) -> None:
        if message["kind"] in ("events", "text", "room_changed"):
            self.invalidate(message["room"])
            self.schedule(message["room"])

    def release(self, room_id: str) -> None:
        """No one here watches the room any more: forget it."""
        if self.hub.is_local(room_id):
            return
        timer = self._timers.pop(room_id, None)
        if timer is not None:
            timer.cancel()
        self._drop_idle_lock(room_id)
        self.hub.presence.forget(room_id)
        self.invalidate(room_id)

    def _drop_idle_lock(self, room_id: str) -> None:
        """A room no socket here watches keeps no lock once no command holds or awaits it
        (a bot's move in a room nobody watches would leave one behind)."""
        lock = self._locks.get(room_id)
        if lock is not None and not lock.locked() and not self.hub.is_local(room_id):
            del self._locks[room_id]

    # -- the command path -----------------------------------------------------------------
    async def execute(self, room_id: str, slot: int, command: Command) -> int:
        """Apply ``command`` from the guest (or bot) in chair ``slot``; the version to
        acknowledge, or :class:`AppError` saying why nothing changed."""
        started = time.perf_counter()
        outcome = "ok"
        try:
            async with self._lock(room_id):
                return await self._execute_locked(room_id, slot, command)
        except AppError as error:
            outcome = error.code
            raise
        except OUTAGES as error:
            # Whether a commit in flight landed is unknown: the cache is dropped, and the
            # client's retry under the same id is acknowledged if it did (the log's ids).
            outcome = UNAVAILABLE.code
            self.invalidate(room_id)
            report(log, "command refused: database unavailable", error, room=room_id)
            raise unavailable() from None
        finally:
            self._drop_idle_lock(room_id)
            self.metrics.command_handled(command.type, outcome, time.perf_counter() - started)

    async def _execute_locked(self, room_id: str, slot: int, command: Command) -> int:
        rechecked = False
        offloaded: Offloaded | None = None
        for _attempt in range(_ATTEMPTS):
            runtime = await self.runtime(room_id)
            now = self.clock.now_ms()
            try:
                forced = due(runtime.game, now)
                if forced is not None:
                    await self._commit(runtime, forced, now)
                    continue
                seat = runtime.game.seat_of_slot(slot)
                if offloaded is None or not offloaded.fits(runtime.game):
                    offloaded = await self._offload(runtime, seat, command)
                    if offloaded is not None:
                        now = self.clock.now_ms()  # the clocks count the work's time
                gone = self.hub.presence.gone_by_seat(runtime.room, runtime.game, now)
                change = plan(
                    runtime.room,
                    runtime.game,
                    seat,
                    command,
                    now,
                    gone,
                    self.settings.grace_seconds * 1000,
                    offloaded,
                )
                await self._commit(runtime, change, now, heavy=offloaded is not None)
                return change.after.version
            except Conflict:
                self.metrics.conflicts.inc()
                self.invalidate(room_id)
            except store.DuplicateAction as duplicate:
                self.invalidate(room_id)
                return _acknowledged(duplicate.applied, command)
            except AppError as error:
                if not rechecked and await self._is_stale(runtime):
                    rechecked = True
                    self.invalidate(room_id)
                    continue
                seat = runtime.game.seat_of_slot(slot)
                applied = await store.applied_action(self.engine, runtime.game.id, seat, command.id)
                if applied is not None:
                    return _acknowledged(applied, command)
                raise error from None
        raise Conflict()

    async def _offload(self, runtime: RoomRuntime, seat: int, command: Command) -> Offloaded | None:
        """Run the heavy work ``command`` needs in a worker process, never on the event loop
        (the room's lock is held meanwhile: its commands wait, other rooms do not). Nothing
        is stored until the action commits with what the work computed: a server that dies
        meanwhile has committed nothing, and the client's retry (same action id) computes it
        again, to the same bytes."""
        game = runtime.game
        work = offload(game, seat, command)
        if work is None:
            return None
        started = time.perf_counter()
        try:
            computed = await asyncio.wait_for(
                self._workers.run(work.run, work.job), self.settings.offload_seconds
            )
        except TimeoutError:
            raise AppError("unavailable", "the server is too busy to play that now; try again", 503) from None
        except BrokenExecutor:
            log.error("a worker process died; the pool starts again", extra={"room": runtime.room.id})
            raise AppError("unavailable", "the server could not play that now; try again", 503) from None
        finally:
            self.metrics.offload_latency.labels(game.game).observe(time.perf_counter() - started)
        return Offloaded(game.id, game.seq, computed)

    async def tick(self, room_id: str) -> None:
        """The server's own command: apply whatever the clocks force now."""
        async with self._lock(room_id):
            for _attempt in range(_ATTEMPTS):
                runtime = await self.runtime(room_id)
                now = self.clock.now_ms()
                forced = due(runtime.game, now)
                if forced is None:
                    self.schedule(room_id)
                    return
                try:
                    await self._commit(runtime, forced, now)
                except Conflict:
                    self.metrics.conflicts.inc()
                    self.invalidate(room_id)

    async def _commit(self, runtime: RoomRuntime, change: Change, now: int, heavy: bool = False) -> None:
        """Persist ``change`` (with a snapshot of the state when one is due: ``heavy`` work
        is never done twice), then tell every viewer."""
        before = runtime.game
        change = replace(change, after=store.checkpoint(change.after, heavy))
        await self._committer.commit(before, change.after, change.entries, now, change.next_game)
        room_id = runtime.room.id
        if change.next_game is not None:
            runtime.room = replace(
                runtime.room, current_game_id=change.next_game.id, game_number=change.next_game.number
            )
            runtime.game = change.next_game
            self.metrics.games_started.inc()
        else:
            runtime.game = change.after
        self._count(change)
        await self._broadcast(runtime, before, change, now)
        self.schedule(room_id)
        self._maybe_bot(runtime)
        if self.notices is not None:
            self.notices.committed(runtime.room, before, change, now)

    def _count(self, change: Change) -> None:
        moves = sum(1 for entry in change.entries if entry.kind == "apply")
        if moves:
            self.metrics.moves.inc(moves)
        if change.after.result is not None and change.entries and change.events:
            self.metrics.games_finished.labels(change.after.result.outcome).inc()

    async def _broadcast(self, runtime: RoomRuntime, before: Any, change: Change, now: int) -> None:
        room_id = runtime.room.id
        events = change.events
        if events:
            viewers = frames.viewers(change.after, runtime.room.spectators)
            sent = runtime.sent
            texts, runtime.sent = frames.event_frames(change.after, before, events, now, viewers, sent)
            await self.hub.publish(
                {
                    "kind": "events",
                    "room": room_id,
                    "game": before.id,
                    "from": before.version + 1,
                    "to": change.after.version,
                    "frames": texts,
                }
            )
        after = change.after
        rules = after.rules
        started = not rules.is_started(before.state) and rules.is_started(after.state)
        if started or (before.result is None and after.result is not None):
            await self.hub.publish(
                {"kind": "text", "room": room_id, "game": before.id, "text": frames.fairness_frame(after)}
            )
        if rules.withdrawn(before.state) != rules.withdrawn(after.state):  # a seat's autopilot
            presence = self.hub.presence.payload(runtime.room, after, now)
            await self.hub.publish(
                {"kind": "text", "room": room_id, "game": before.id, "text": frames.presence_frame(presence)}
            )
        if before.offers != change.after.offers:
            await self.hub.publish(
                {
                    "kind": "text",
                    "room": room_id,
                    "game": before.id,
                    "text": frames.offers_frame(change.after),
                }
            )
        if change.next_game is not None:
            await self.hub.publish({"kind": "room_changed", "room": room_id})

    # -- what a connection asks for -------------------------------------------------------
    async def welcome(self, room_id: str, slot: int | None) -> tuple[str, RoomRuntime]:
        """A fresh ``welcome`` frame (from the database, after settling the clocks)."""
        self.invalidate(room_id)
        await self.tick(room_id)
        runtime = await self.runtime(room_id)
        self._maybe_bot(runtime)  # after a restart the bot may owe a move
        now = self.clock.now_ms()
        presence = self.hub.presence.payload(runtime.room, runtime.game, now)
        async with self.engine.connect() as conn:
            lines = await chat.history(conn, room_id)
        key = "spectator" if slot is None else str(runtime.game.seat_of_slot(slot))
        seen = chat.visible(lines, runtime.game, key)
        welcome = frames.welcome_frame(
            runtime.room, runtime.game, slot, presence, now, seen, self.settings.grace_seconds
        )
        return welcome, runtime

    async def chat(self, room_id: str, slot: int | None, channel: str, text: str) -> int:
        """Store a chat line and deliver it to whoever may read it; the game's version to
        acknowledge it with. Refused (changing nothing) where the writer may not write."""
        try:
            runtime = await self.runtime(room_id)
            line = chat.address(runtime.room, runtime.game, slot, channel, text, self.clock.now_ms())
            async with self.engine.begin() as conn:
                await chat.store(conn, room_id, line)
        except OUTAGES as error:
            report(log, "chat refused: database unavailable", error, room=room_id)
            raise unavailable() from None
        await self.hub.publish(
            {"kind": "chat", "room": room_id, "from_slot": slot, "frames": chat.frames(line, runtime.game)}
        )
        return runtime.game.version

    async def replay(
        self, room_id: str, slot: int | None, game_id: str | None, since: int
    ) -> tuple[RoomRuntime, list[str]] | None:
        """The ``event`` frames after version ``since`` for this viewer, or ``None`` when a
        fresh ``welcome`` is due instead (another game, a version from the future, or more
        missed events than ``replay_limit``)."""
        runtime = await self.runtime(room_id)
        if game_id is not None and game_id != runtime.game.id:
            return None
        async with self.engine.connect() as conn:
            game = await store.load_game(conn, runtime.game.id)
            if game is None:
                return None
            if since > game.version or game.version - since > self.settings.replay_limit:
                return None
            actions = await store.actions_since(conn, game.id, since)
        numbered = [
            (action.first_version + index, event)
            for action in actions
            if action.last_version <= game.version
            for index, event in enumerate(action.events)
            if action.first_version + index > since
        ]
        if len(numbered) != game.version - since:
            return None
        viewer: Viewer = SPECTATOR if slot is None else game.seat_of_slot(slot)
        runtime = RoomRuntime(room=runtime.room, game=game)
        return runtime, frames.replay_frames(game, numbered, viewer, self.clock.now_ms())

    async def hint(self, room_id: str, slot: int, action_id: str) -> str:
        """The ``hint`` frame for the seat in chair ``slot`` (:mod:`app.games.hints`), or
        :class:`AppError` saying why there is none. Nothing changes."""
        if not self._bots:
            raise AppError("unavailable", "this server runs no computer players, so it gives no hints", 503)
        try:
            runtime = await self.runtime(room_id)
        except OUTAGES as error:
            report(log, "hint refused: database unavailable", error, room=room_id)
            raise unavailable() from None
        game = runtime.game
        seat = game.seat_of_slot(slot)
        hints.owed(game, seat)
        seconds = hints.budget(game.clocks, seat, self.clock.now_ms())
        hint = await hints.think(self._thinkers, game, seat, bot_seed(game.id, game.version), seconds)
        return frames.hint_frame(action_id, game, hint)

    def presence_frame(self, runtime: RoomRuntime) -> str:
        return frames.presence_frame(
            self.hub.presence.payload(runtime.room, runtime.game, self.clock.now_ms())
        )

    # -- timers -------------------------------------------------------------------------
    def schedule(self, room_id: str) -> None:
        """(Re)arm the room's timer for its next deadline, while someone here watches it."""
        timer = self._timers.pop(room_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        if self.hub.is_local(room_id):
            cached = self._runtimes.get(room_id)
            if cached is not None and next_deadline(cached.game) is None:
                return  # nothing will fall due (an untimed game in play): no timer task per move
            self._timers[room_id] = asyncio.create_task(self._timer(room_id), name=f"timer:{room_id}")

    async def _timer(self, room_id: str) -> None:
        backoff = Backoff(0.1, 2.0)
        while True:
            try:
                runtime = await self.runtime(room_id)
                break
            except AppError:
                return
            except OUTAGES as error:
                report(log, "timer waits for the database", error, room=room_id)
                await asyncio.sleep(backoff.next())
        deadline = next_deadline(runtime.game)
        if deadline is None:
            return
        await self.clock.sleep_until(deadline)
        # The tick runs as a task of its own so that re-arming this timer never cancels a
        # commit half-way.
        self._spawn(self._safe_tick(room_id))

    async def _safe_tick(self, room_id: str) -> None:
        """Tick; while the database is away, again with backoff (a flag that fell during
        an outage falls once it is back), as long as someone here watches the room."""
        backoff = Backoff(0.1, 2.0)
        while True:
            try:
                await self.tick(room_id)
                return
            except OUTAGES as error:
                report(log, "tick waits for the database", error, room=room_id)
            except Exception:
                log.exception("timer tick failed", extra={"room": room_id})
                return
            await asyncio.sleep(backoff.next())
            if not self.hub.is_local(room_id):
                return

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        for task in [*self._timers.values(), *self._background]:
            task.cancel()
        for task in [*self._timers.values(), *self._background]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._timers.clear()
        await self._committer.close()
        self._thinkers.shutdown()
        self._workers.shutdown()

    # -- bot seats and the autopilot -----------------------------------------------------
    @property
    def bots_available(self) -> bool:
        return self._bots

    async def start_bot(self, room_id: str) -> None:
        """A room with bots was created: let them make their opening decisions."""
        self._maybe_bot(await self.runtime(room_id))

    def _maybe_bot(self, runtime: RoomRuntime) -> None:
        """Spawn a decision for every seat that owes one and is played by the computer: a
        bot's chair, or (3+ seats) a seat that left and is played by the game's autopilot."""
        game = runtime.game
        if not self._bots or game.result is not None:
            return
        rules = game.rules
        actors = rules.actors(game.state)
        withdrawn = rules.withdrawn(game.state)
        for slot, holder in enumerate(runtime.room.slots):
            seat = game.seat_of_slot(slot)
            level = holder.bot_level or (runtime.room.entry.autopilot_level if seat in withdrawn else None)
            turn = (game.id, game.version, seat)
            if level is not None and seat in actors and turn not in self._bot_turns:
                self._bot_turns.add(turn)
                self._spawn(self._bot_turn(runtime.room.id, slot, seat, level, game))

    async def _bot_turn(self, room_id: str, slot: int, seat: int, level: str, game: Any) -> None:
        """Think off the event loop, then act through the same command path as anyone. The
        turn is marked as being thought about until the action was tried, no longer. While
        the database is away the whole turn is tried again with backoff: the bot decides
        the same (its seed is the game's id and version), under the same action id, so an
        action whose commit landed unseen is acknowledged, not played twice."""
        backoff = Backoff(0.1, 2.0)
        try:
            while True:
                try:
                    await self._bot_act(room_id, slot, seat, level, game)
                    return
                except OUTAGES as error:
                    report(log, "bot waits for the database", error, room=room_id)
                except AppError as error:
                    if error.code != UNAVAILABLE.code:
                        log.warning("bot turn ended: %s", error.message, extra={"room": room_id})
                        return
                await asyncio.sleep(backoff.next())
        finally:
            self._bot_turns.discard((game.id, game.version, seat))

    def _decider(self, name: str, level: str) -> BotDecide:
        """The game's bot, or for level ``"tutorial"`` its tutorial's script."""
        key = f"{name}:{level}" if level == TUTORIAL_LEVEL else name
        decide = self._deciders.get(key)
        if decide is None:
            decide = self._deciders[key] = entry(name).decider(level)
        return decide

    async def _bot_act(self, room_id: str, slot: int, seat: int, level: str, game: Any) -> None:
        """Ask the bot and play its action. If it is refused while the game still waits for
        this seat at the version the bot saw (the game did not move on: the bot chose what
        the rules refuse here), the bot is asked once more with another seed; refused again,
        or unable to decide, its seat plays the game's default for the decision, so that no
        game, timed or not, waits for ever on a bot. When the game moved on meanwhile, the
        change that moved it has asked the bot again (:meth:`_maybe_bot`)."""
        view = frames.seat_view(game, seat)
        name = f"bot-{game.id[:8]}-{game.version}-{seat}"
        for attempt in range(_BOT_ASKS):
            action = await self._bot_decide(room_id, game, seat, view, level, attempt)
            if action is None:
                break
            command = _bot_command(game, seat, name if attempt == 0 else f"{name}-again{attempt}", action)
            try:
                await self.execute(room_id, slot, command)
                return
            except AppError as error:
                if error.code == UNAVAILABLE.code:
                    raise
                log.warning("bot action refused: %s", error.message, extra={"room": room_id})
            if not await self._still_owed(room_id, game, seat):
                return
        await self._bot_default(room_id, slot, seat, game, f"{name}-default")

    async def _bot_decide(
        self, room_id: str, game: Any, seat: int, view: Any, level: str, attempt: int
    ) -> Any:
        """The bot's action for ``view``, thought out in the bots' pool (``None``: it could
        not decide). Each attempt at one decision has a seed of its own."""
        for retry in range(2):  # a worker that died is replaced once
            try:
                return await self._thinkers.run(
                    self._decider(game.game, level),
                    view,
                    level,
                    bot_seed(game.id, game.version) + attempt,
                    bot_budget(game.clocks, seat, self.clock.now_ms()),
                )
            except BrokenExecutor:
                log.error("a bot's worker process died", extra={"room": room_id, "attempt": retry})
            except Exception:
                log.exception("bot failed to decide", extra={"room": room_id})
                return None
        return None

    async def _still_owed(self, room_id: str, game: Any, seat: int) -> bool:
        """Whether the room's game is still ``game``, at its version, waiting for ``seat``."""
        try:
            current = (await self.runtime(room_id)).game
        except AppError:
            return False
        return (
            current.id == game.id
            and current.version == game.version
            and seat in current.rules.actors(current.state)
        )

    async def _bot_default(self, room_id: str, slot: int, seat: int, game: Any, name: str) -> None:
        """Play for the bot, if the game still waits for it: the game's default for the
        decision (what a timeout plays: a random legal setup, say), else, or if the rules
        take that only after a timeout, one of the seat's own legal actions at random (from
        the bot's public seed: the first one every time could go round in circles)."""
        rules = game.rules
        legal = rules.legal_actions(game.state, seat)
        pick = random.Random(bot_seed(game.id, game.version)).choice(legal) if legal else None
        choices = [rules.default_action(game.state, seat), pick]
        for index, action in enumerate(choice for choice in choices if choice is not None):
            if not await self._still_owed(room_id, game, seat):
                return
            command = _bot_command(game, seat, f"{name}{index}", action)
            try:
                await self.execute(room_id, slot, command)
                return
            except AppError as error:
                if error.code == UNAVAILABLE.code:
                    raise
                log.warning("a bot's seat could not play: %s", error.message, extra={"room": room_id})
        if await self._still_owed(room_id, game, seat):
            log.error("a bot's seat has no action to play", extra={"room": room_id, "seat": seat})


def _bot_command(game: Any, seat: int, command_id: str, action: Any) -> Act:
    """What a bot's seat sends for ``game`` as it was when the bot was asked. A decision of
    the only seat to act is tied to that version; in a simultaneous phase the others may act
    meanwhile, and the game itself checks what still holds."""
    alone = game.rules.actors(game.state) == {seat}
    return Act(type="act", id=command_id, version=game.version if alone else None, action=action)
