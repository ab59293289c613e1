"""Load: N concurrent games of each registered game over real WebSockets against a real
server process (``python -m app serve``) on a fresh PostgreSQL database, open loop.

    python bench/load.py [--game NAME] [--games 100] [--rate 100] [--duration 30] [--warmup 5]
                         [--players K] [--drain 10] [--frame-limit F] [--clients 1]
                         [--env KEY=VALUE ...] [--seed S] [--json]

Without ``--game`` every registered game is measured in turn (``engine/catalogue.py``), each
on a server and database of its own. Each game is a room of K people (``--players``, the
game's minimum by default) and a spectator, each on his own socket; a scripted random
player per seat picks from his view's ``legal`` (:data:`ADAPTERS` turns a legal text into
the game's action). Several seats act at once where the rules let them (Speak Easy's setups,
Prohibition's secret picks).

Open loop. ``--rate`` moves per second in all are spread evenly over the games: every game
has a schedule of intended send times (one every ``games / rate`` seconds, from a random
offset). At each intended time the game owes one move; a seat that may act sends it (at
once, or as soon as one can: a backlog of owed moves builds up when the server falls
behind, and is played as fast as the turns allow). A move's latency runs from its intended
send time (not the actual one: no coordinated omission) to the moment every other seat has
received its event.

Finished games go on: after the result every person asks for a rematch and the next game
starts in the same room, so the offered load never drops. On any ``error`` frame the
player re-syncs (``hello`` with ``last_version``) and goes on; the owed move goes back to
the head of the backlog. A ``stale_version`` refusal names the game's version: the player
waits for the frames up to it (they are on their way, in order) and re-syncs only if they
do not come within 5 s. A closed socket reconnects the same way.

The server's per-socket frame limit (``SPEAKEASY_MAX_FRAMES_PER_SECOND``, 20 by default) is
respected: every socket is paced at 90 % of it (frames spaced evenly). ``--frame-limit``
sets the server's limit for the run instead (and the pace with it); the output says which.

Measured over ``--duration`` seconds after ``--warmup`` (then up to ``--drain`` seconds more,
load still offered, for the moves intended in the window to arrive):

* offered moves/s: intended send times in the window / duration (the schedule: ``--rate``);
* achieved moves/s: moves acknowledged in the window (an ack means committed) / duration;
* latency p50 / p99 / max over the moves intended in the window; a move still not delivered
  when the drain ends counts with its latency so far (a lower bound; ``incomplete`` says how
  many);
* server CPU ms per move: utime + stime (``/proc/<pid>/stat``) of the server process and its
  worker processes (plus reaped children) over the window / moves acknowledged; the same for
  the PostgreSQL backends of the run's database (``db CPU``);
* server KiB per game: (RSS of the server process with every game seated − RSS before) / N,
  and the same at the end of the window (games in play);
* bytes: each event frame's size on the wire (p50 / p90 / max; a frame carries a patch of
  the viewer's view, deflated when it is 1 KiB or more: the clients offer per-message
  deflate as browsers do), the bytes a viewer of a game receives per action, and per whole
  game (a person's frames from a game's welcome to the next game's);
* the machine's load average at the start and the end of the section (the machine is shared
  with the load generator, PostgreSQL and anything else running: read the figures with it).

The database is created for each section and dropped after it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import multiprocessing as mp
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.games.patches import ViewFollower, loads  # noqa: E402  (the client's copy of its view)

SECRET = "load-benchmark-secret-0123456789"
PG_ADMIN = os.environ.get("SPEAKEASY_TEST_PG_DSN", "postgresql://postgres@127.0.0.1:5432/postgres")
DEFAULT_FRAME_LIMIT = 20  # the server's SPEAKEASY_MAX_FRAMES_PER_SECOND default (app/config.py)
STALE = re.compile(r"at version (\d+)")  # app/games/commands.py's stale_version message
STALE_WAIT = 5.0  # seconds to wait for the version a stale_version names before a re-sync
PACE = 0.9  # each socket sends at most this share of the server's per-socket frame limit


# -- the scripted players: a legal text -> an action, per game -----------------------------
# (action, whether to send the version seen: turn moves carry it, simultaneous ones do not)
Choice = tuple[dict[str, Any], bool]


class Adapter:
    """How a scripted player of one game reads his view."""

    def can_act(self, view: dict[str, Any], seat: int) -> bool:
        raise NotImplementedError

    def choose(self, view: dict[str, Any], seat: int, rng: random.Random) -> Choice:
        """A random action among those the view offers (only when :meth:`can_act`)."""
        raise NotImplementedError


class SpeakEasyPlayer(Adapter):
    """Setup (both seats at once, a random legal setup), then ``legal`` moves in turn."""

    def can_act(self, view: dict[str, Any], seat: int) -> bool:
        if view.get("result") is not None:
            return False
        side = "sn"[seat]
        if view["phase"] == "setup":
            return not view["setup_done"].get(side, False)
        return view["phase"] == "play" and view["to_move"] == side and bool(view["legal"])

    def choose(self, view: dict[str, Any], seat: int, rng: random.Random) -> Choice:
        if view["phase"] == "setup":
            from engine.speakeasy.rules import options_from
            from engine.speakeasy.setup import random_setup

            position = random_setup(seat, rng.getrandbits(32), options_from(view["options"]))
            return {"type": "setup", "position": position}, False  # not a turn: no version
        return {"type": "move", "move": rng.choice(view["legal"])}, True


class ProhibitionPlayer(Adapter):
    """``legal`` is filled for the seats that owe a decision; the secret picks are
    simultaneous (responses: sent without a version)."""

    def can_act(self, view: dict[str, Any], seat: int) -> bool:
        return view.get("result") is None and bool(view.get("legal"))

    def choose(self, view: dict[str, Any], seat: int, rng: random.Random) -> Choice:
        text = rng.choice(view["legal"])
        return {"type": "act", "text": text}, not text.startswith("pick ")


class FlickagoPlayer(Adapter):
    """Both seats see ``legal``; the seat of the side to move shoots: a shot's text gets a
    random angle (0-3599) and power (150-900) appended, a return or an inspector is sent
    as is."""

    def can_act(self, view: dict[str, Any], seat: int) -> bool:
        to_move = view.get("to_move")
        return (
            view.get("result") is None
            and to_move is not None
            and view["seats"].get(to_move) == seat
            and bool(view.get("legal"))
        )

    def choose(self, view: dict[str, Any], seat: int, rng: random.Random) -> Choice:
        text = rng.choice(view["legal"])
        if not (text.startswith("^") or ">" in text):
            text = f"{text} {rng.randrange(3600)}/{rng.randint(150, 900)}"
        return {"type": "text", "text": text}, True


class SpiesPlayer(Adapter):
    """Every decision is a ``legal`` notation line, listed for each seat that owes one; sent
    without a version (several seats may owe one at once: responses, negotiations)."""

    def can_act(self, view: dict[str, Any], seat: int) -> bool:
        return view.get("result") is None and bool(view.get("legal"))

    def choose(self, view: dict[str, Any], seat: int, rng: random.Random) -> Choice:
        return {"type": "act", "text": rng.choice(view["legal"])}, False


ADAPTERS: dict[str, Adapter] = {
    "speakeasy": SpeakEasyPlayer(),
    "prohibition": ProhibitionPlayer(),
    "flickago": FlickagoPlayer(),
    "spies": SpiesPlayer(),
}


# -- the wire ------------------------------------------------------------------------------
def wire_meter() -> Any:
    """A browser's offer of per-message deflate (``client_max_window_bits``) that notes the
    bytes of each text frame as it came on the wire, compressed or not, in its ``sizes``: a
    frame's size is what the socket carried (``app/ws/deflate.py``). A server that does not
    accept the offer sends plain frames, and a frame's size is its text's. The bench's own
    messages go uncompressed (each message may choose): a browser compresses its few dozen
    bytes, which the server inflates in well under a microsecond, and the load generator
    shares the machine's cores with the server."""
    from websockets.extensions.permessage_deflate import ClientPerMessageDeflateFactory, PerMessageDeflate
    from websockets.frames import Opcode

    from app.ws.deflate import recast

    sizes: deque[int] = deque()

    class Metered(PerMessageDeflate):
        def encode(self, frame: Any) -> Any:
            return frame

        def decode(self, frame: Any, *, max_size: int | None = None) -> Any:
            if frame.opcode is Opcode.TEXT:
                sizes.append(len(frame.data))
            return super().decode(frame, max_size=max_size)

    class Offer(ClientPerMessageDeflateFactory):
        def process_response_params(self, params: Any, accepted_extensions: Any) -> Any:
            return recast(super().process_response_params(params, accepted_extensions), Metered)

    offer = Offer(client_max_window_bits=True)
    offer.sizes = sizes  # type: ignore[attr-defined]
    return offer


def wire_size(ws: Any, text: str) -> int:
    """The bytes ``text``'s frame took on ``ws``'s wire (its payload; see :func:`wire_meter`)."""
    return ws.wire_sizes.popleft() if ws.protocol.extensions else len(text.encode())


# -- the load generator (one process) ------------------------------------------------------
KEPT_ARRIVALS = 128
"""Arrivals a person keeps: a move's latency looks for the first at or past its version,
and a move is never that many versions behind; scanning a whole game's made the load
generator slower as games grew (its latency counted as the server's)."""


@dataclass
class Window:
    """Absolute ``time.monotonic()`` instants (the same clock in every process)."""

    start: float  # the schedules begin
    measure_from: float
    measure_to: float
    drain_until: float  # the latest the load goes on for the window's moves to arrive

    def inside(self, instant: float) -> bool:
        return self.measure_from <= instant < self.measure_to


@dataclass
class Stats:
    offered: int = 0  # intended send times in the window
    sent: int = 0  # moves sent in the window
    acked: int = 0  # moves acknowledged in the window
    latencies: list[float] = field(default_factory=list)  # moves intended in the window
    incomplete: int = 0  # of those, still not delivered when the drain ended
    lost: int = 0  # of those, never delivered to some seat (he moved on to the next game)
    no_event: int = 0  # acknowledged moves that produced no event
    errors: Counter[str] = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)  # the first few, with what was sent
    reconnects: int = 0
    games_finished: int = 0  # results seen in the window
    rematches: int = 0  # next games started in the window
    player_frames: int = 0
    spectator_frames: int = 0
    viewer_bytes: int = 0  # every frame's bytes received by the people and spectators in the window
    event_bytes: list[int] = field(default_factory=list)  # each event frame's bytes in the window
    game_bytes: list[int] = field(default_factory=list)  # a person's bytes over one whole game
    client_cpu: float = 0.0  # CPU seconds of this process over the window

    def to_dict(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        out["errors"] = dict(self.errors)
        return out


@dataclass
class Person:
    index: int  # the chair he claimed (seat in the first game)
    cookie: str
    ws: Any = None
    seat: int | None = None  # seat in the current game (rematches move the chairs on)
    game_id: str | None = None
    version: int = 0
    view: dict[str, Any] | None = None
    arrivals: dict[int, float] = field(default_factory=dict)  # version -> when received (the latest)
    welcomed: asyncio.Event = field(default_factory=asyncio.Event)
    busy: bool = False  # a move chosen or in flight
    syncing: bool = True  # waiting for a welcome or a replay
    action_id: str | None = None
    intended: float = 0.0
    base_version: int = 0
    rematch_for: str | None = None
    await_version: int = 0  # refused as stale: the version the server named
    last_sent: str | None = None  # the last move sent (for the error samples)
    next_send: float = 0.0
    follower: ViewFollower = field(default_factory=ViewFollower)  # the view, from the frames' patches
    game_bytes: int = 0  # received since this game's welcome
    whole_game: bool = False  # this game's bytes are counted from its first frame


@dataclass
class Pending:
    """A move acknowledged, waiting for every other seat to receive its event."""

    game_id: str
    version: int
    intended: float
    mover: int
    measured: bool


class Table:
    """One room: K people and a spectator, a schedule of intended send times."""

    def __init__(
        self,
        index: int,
        game: str,
        players: int,
        base: str,
        http: Any,
        rng: random.Random,
        stats: Stats,
        interval: float,
    ) -> None:
        self.index = index
        self.game = game
        self.adapter = ADAPTERS[game]
        self.players = players
        self.base = base
        self.http = http
        self.rng = rng
        self.stats = stats
        self.interval = interval  # seconds between two frames of one socket
        self.people: list[Person] = []
        self.spectator: Any = None
        self.room_id = ""
        self.watch = ""
        self.backlog: deque[float] = deque()
        self.pending: list[Pending] = []
        self.window: Window | None = None
        self.closing = False
        self.ids = 0
        self.finished: set[str] = set()
        self.tasks: list[asyncio.Task[None]] = []

    # -- seating ---------------------------------------------------------------------------
    async def seat(self) -> None:
        from app.identity import COOKIE_NAME, new_guest_id, sign_guest

        cookies = [f"{COOKIE_NAME}={sign_guest(SECRET, new_guest_id())}" for _ in range(self.players + 1)]
        body = {
            "game": self.game,
            "players": self.players,
            "time_control": None,
            "setup_seconds": None,
            "spectators": True,
        }
        created = await self.http.post(f"{self.base}/api/rooms", json=body, headers={"Cookie": cookies[0]})
        created.raise_for_status()
        room = created.json()
        self.room_id = room["room_id"]
        self.watch = room["watch_url"].rsplit("/", 1)[1]
        token = room["invite_url"].rsplit("/", 1)[1]
        for chair in range(1, self.players):
            claimed = await self.http.post(
                f"{self.base}/api/invites/{token}/claim", headers={"Cookie": cookies[chair]}
            )
            claimed.raise_for_status()
        self.people = [Person(chair, cookies[chair]) for chair in range(self.players)]
        for person in self.people:
            self.tasks.append(asyncio.create_task(self._life(person)))
        self.tasks.append(asyncio.create_task(self._watch(cookies[-1])))
        for person in self.people:
            await asyncio.wait_for(person.welcomed.wait(), 120)

    async def _connect(self, cookie: str, query: str = "") -> Any:
        from websockets.asyncio.client import connect

        url = f"{self.base.replace('http://', 'ws://')}/ws/rooms/{self.room_id}{query}"
        meter = wire_meter()
        ws = await connect(
            url,
            additional_headers={"Cookie": cookie},
            compression=None,
            extensions=[meter],
            max_queue=None,
            open_timeout=60,
        )
        ws.wire_sizes = meter.sizes
        return ws

    async def _life(self, person: Person) -> None:
        """Connect, say hello (resuming from the last version after a reconnect), read."""
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        while not self.closing:
            try:
                person.ws = await self._connect(person.cookie)
                person.syncing = True
                await self._hello(person)
                await self._read(person)
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                pass
            except Exception as error:  # a bug of the bench: counted and printed, never silent
                if not self.closing:
                    self.stats.errors[f"client:{type(error).__name__}"] += 1
            if self.closing:
                return
            self.stats.reconnects += 1
            with contextlib.suppress(Exception):
                await person.ws.close()
            self._give_back(person)
            await asyncio.sleep(0.5)

    async def _watch(self, cookie: str) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        while not self.closing:
            with contextlib.suppress(ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                self.spectator = await self._connect(cookie, f"?watch={self.watch}")
                await self.spectator.send('{"type":"hello","last_version":null}')
                async for text in self.spectator:
                    self.stats.spectator_frames += 1
                    size = wire_size(self.spectator, text)
                    if self._measuring(asyncio.get_running_loop().time()):
                        self.stats.viewer_bytes += size
                        if text.startswith('{"type":"event"'):
                            self.stats.event_bytes.append(size)
            if self.closing:
                return
            self.stats.reconnects += 1
            await asyncio.sleep(0.5)

    # -- sending (paced: never faster than the server's per-socket frame limit) ------------
    async def _send(self, person: Person, message: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        at = max(now, person.next_send)
        person.next_send = at + self.interval
        if at > now:
            await asyncio.sleep(at - now)
        await person.ws.send(json.dumps(message))

    async def _hello(self, person: Person) -> None:
        if person.game_id is None:
            await self._send(person, {"type": "hello", "last_version": None})
        else:
            hello = {"type": "hello", "last_version": person.version, "game_id": person.game_id}
            await self._send(person, hello)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.append(task)
        task.add_done_callback(self._forget)

    def _forget(self, task: asyncio.Task[None]) -> None:
        with contextlib.suppress(ValueError):
            self.tasks.remove(task)
        if not task.cancelled() and task.exception() is not None and not self.closing:
            self.stats.errors[f"client:{type(task.exception()).__name__}"] += 1

    async def _quietly(self, coroutine: Any) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            await coroutine

    # -- the schedule and the moves --------------------------------------------------------
    async def schedule(self, window: Window, period: float) -> None:
        """Owe one move at each intended send time, from a random offset, until the drain
        ends; the moves are sent by :meth:`pump`."""
        self.window = window
        loop = asyncio.get_running_loop()
        due = window.start + self.rng.uniform(0, period)
        while due < window.drain_until and not self.closing:
            delay = due - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            if self.closing:
                return
            if window.inside(due):
                self.stats.offered += 1
            self.backlog.append(due)
            self.pump()
            due += period

    def pump(self) -> None:
        """Hand each owed move (oldest first) to a seat that may act now."""
        if self.closing:
            return
        while self.backlog:
            ready = [
                person
                for person in self.people
                if not person.busy
                and not person.syncing
                and person.version >= person.await_version
                and person.view is not None
                and person.seat is not None
                and self.adapter.can_act(person.view, person.seat)
            ]
            if not ready:
                return
            person = self.rng.choice(ready)
            person.busy = True
            self._spawn(self._quietly(self._act(person, self.backlog.popleft())))

    async def _act(self, person: Person, intended: float) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        at = max(now, person.next_send)  # paced: wait for the socket's turn, then choose
        if at > now:
            await asyncio.sleep(at - now)
        view, seat = person.view, person.seat
        if person.syncing or view is None or seat is None or not self.adapter.can_act(view, seat):
            person.busy = False
            self.backlog.appendleft(intended)
            self.pump()
            return
        action, versioned = self.adapter.choose(view, seat, self.rng)
        self.ids += 1
        message: dict[str, Any] = {"type": "act", "id": f"m{self.index}-{self.ids}", "action": action}
        if versioned:
            message["version"] = person.version
        person.action_id = message["id"]
        person.last_sent = json.dumps(message)
        person.intended = intended
        person.base_version = person.version
        assert self.window is not None
        if self.window.inside(loop.time()):
            self.stats.sent += 1
        await self._send(person, message)

    def _give_back(self, person: Person) -> None:
        """The person's move was refused or lost: it is owed again, first."""
        if person.action_id is not None:
            self.backlog.appendleft(person.intended)
            person.action_id = None
        person.busy = False

    # -- reading ---------------------------------------------------------------------------
    async def _read(self, person: Person) -> None:
        loop = asyncio.get_running_loop()
        async for text in person.ws:
            now = loop.time()
            self.stats.player_frames += 1
            size = wire_size(person.ws, text)
            person.game_bytes += size
            frame = person.follower.take(loads(text))  # orjson: the generator shares the cores
            kind = frame["type"]
            if self._measuring(now):
                self.stats.viewer_bytes += size
                if kind == "event":
                    self.stats.event_bytes.append(size)
            if kind == "event":
                if frame["game_id"] != person.game_id:
                    continue
                if not person.follower.in_step:  # a patch of a view this person does not hold
                    person.syncing = True
                    self._spawn(self._quietly(self._hello(person)))
                    continue
                person.version = frame["version"]
                person.view = frame["view"]
                person.arrivals[person.version] = now
                if len(person.arrivals) > KEPT_ARRIVALS:  # a long game: keep the scan short
                    person.arrivals = dict(list(person.arrivals.items())[-KEPT_ARRIVALS // 2 :])
                self._resolve()
                # One change's events come as consecutive frames, each with the view after
                # the whole change: act once the frames already received are read, so the
                # move carries the last version (else stale_version, then a re-sync).
                loop.call_soon(self._after_view, person, now)
            elif kind == "welcome":
                if frame["game_id"] != person.game_id:
                    if person.game_id is not None and person.index == 0 and self._measuring(now):
                        self.stats.rematches += 1
                    if person.whole_game and person.game_id in self.finished:
                        self.stats.game_bytes.append(person.game_bytes - size)
                    person.whole_game = person.game_id is not None  # a rematch: its first frame
                    person.game_bytes = size
                    person.game_id = frame["game_id"]
                    person.arrivals = {}
                    person.rematch_for = None
                    person.await_version = 0
                person.seat = frame["you"]["seat"]
                person.version = frame["version"]
                person.view = frame["view"]
                person.arrivals[person.version] = now
                person.syncing = False
                person.welcomed.set()
                self._resolve()
                self._after_view(person, now)
            elif kind == "ack":
                if frame["id"] == person.action_id:
                    self._acked(person, frame["version"], now)
            elif kind == "error":
                self.stats.errors[frame["code"]] += 1
                if len(self.stats.error_samples) < 5:
                    sent = person.last_sent if frame.get("id") == person.action_id else None
                    seen = person.version
                    self.stats.error_samples.append(
                        f"{frame['code']}: {frame.get('message')} (sent {sent}; seen version {seen})"
                    )
                if frame.get("id") == person.action_id:
                    self._give_back(person)
                elif (frame.get("id") or "").startswith("r"):
                    person.rematch_for = None  # ask again once in sync
                ahead = STALE.search(frame.get("message") or "") if frame["code"] == "stale_version" else None
                if ahead is not None:
                    # The frames up to that version are on their way on this socket, in
                    # order: wait for them (re-sync only if they do not come).
                    person.await_version = int(ahead.group(1))
                    self._spawn(self._quietly(self._catch_up(person, person.game_id, person.await_version)))
                else:
                    person.syncing = True
                    self._spawn(self._quietly(self._hello(person)))
            elif kind == "presence" and person.syncing and person.view is not None:
                person.syncing = False  # a replay ends with offers and presence
                self._after_view(person, now)

    async def _catch_up(self, person: Person, game_id: str | None, version: int) -> None:
        await asyncio.sleep(STALE_WAIT)
        if person.game_id == game_id and person.version < version and not self.closing:
            person.syncing = True
            await self._hello(person)

    def _measuring(self, instant: float) -> bool:
        return self.window is not None and self.window.inside(instant)

    def _after_view(self, person: Person, now: float) -> None:
        view = person.view
        if view is not None and view.get("result") is not None and person.game_id is not None:
            if person.game_id not in self.finished:
                self.finished.add(person.game_id)
                if self._measuring(now):
                    self.stats.games_finished += 1
            if person.rematch_for != person.game_id and not person.syncing:
                person.rematch_for = person.game_id
                self.ids += 1
                self._spawn(self._quietly(self._send(person, {"type": "rematch", "id": f"r{self.ids}"})))
        self.pump()

    def _acked(self, person: Person, version: int, now: float) -> None:
        person.action_id = None
        person.busy = False
        if self._measuring(now):
            self.stats.acked += 1
        measured = self._measuring(person.intended)
        if version <= person.base_version:
            self.stats.no_event += 1
            if measured:
                self.stats.latencies.append(now - person.intended)
        elif person.game_id is not None:
            self.pending.append(Pending(person.game_id, version, person.intended, person.index, measured))
            self._resolve()
        self.pump()

    def _resolve(self) -> None:
        """Latency of each acknowledged move once every other seat holds its event."""
        waiting = []
        for move in self.pending:
            latest = move.intended
            done = True
            for other in self.people:
                if other.index == move.mover:
                    continue
                if other.game_id != move.game_id:
                    if other.game_id is not None and move.game_id in self.finished:
                        latest = -1.0  # he moved on without this event (a resync): lost
                        break
                    done = False
                    break
                arrived = [at for version, at in other.arrivals.items() if version >= move.version]
                if not arrived:
                    done = False
                    break
                latest = max(latest, min(arrived))
            if not done:
                waiting.append(move)
            elif move.measured:
                if latest < 0:
                    self.stats.lost += 1
                else:
                    self.stats.latencies.append(latest - move.intended)
        self.pending = waiting

    def outstanding(self) -> list[float]:
        """Intended times of the window's moves not yet delivered everywhere."""
        assert self.window is not None
        owed = [due for due in self.backlog if self.window.inside(due)]
        owed += [
            p.intended for p in self.people if p.action_id is not None and self.window.inside(p.intended)
        ]
        owed += [move.intended for move in self.pending if move.measured]
        return owed

    async def close(self) -> None:
        self.closing = True
        for task in list(self.tasks):
            task.cancel()
        for ws in [p.ws for p in self.people] + [self.spectator]:
            if ws is not None:
                with contextlib.suppress(Exception):
                    await ws.close()


async def seat_tables(
    game: str, players: int, count: int, offset: int, base: str, http: Any, seed: int, interval: float
) -> tuple[list[Table], Stats]:
    stats = Stats()
    rng = random.Random(seed)
    tables = [
        Table(offset + i, game, players, base, http, random.Random(rng.getrandbits(64)), stats, interval)
        for i in range(count)
    ]
    gate = asyncio.Semaphore(20)

    async def seat(table: Table) -> None:
        async with gate:
            await table.seat()

    await asyncio.gather(*(seat(table) for table in tables))
    return tables, stats


async def client_main(spec: dict[str, Any], conn: Any) -> None:
    import httpx

    limits = httpx.Limits(max_connections=20, max_keepalive_connections=0)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        tables, stats = await seat_tables(
            spec["game"],
            spec["players"],
            spec["count"],
            spec["offset"],
            spec["base"],
            http,
            spec["seed"],
            spec["interval"],
        )
        conn.send(("ready", None))
        _command, window_fields = conn.recv()
        window = Window(*window_fields)
        period = spec["count"] / spec["rate"]
        schedules = [asyncio.create_task(table.schedule(window, period)) for table in tables]
        loop = asyncio.get_running_loop()
        await asyncio.sleep(max(0.0, window.measure_from - loop.time()))
        cpu = time.process_time()
        await asyncio.sleep(max(0.0, window.measure_to - loop.time()))
        stats.client_cpu = time.process_time() - cpu
        while loop.time() < window.drain_until:  # the load goes on until the window's moves arrive
            if not any(table.outstanding() for table in tables):
                break
            await asyncio.sleep(0.05)
        end = loop.time()
        for table in tables:
            for intended in table.outstanding():
                stats.incomplete += 1
                stats.latencies.append(end - intended)
        for task in schedules:
            task.cancel()
        for table in tables:
            table.closing = True
        conn.send(("done", stats.to_dict()))
        await asyncio.gather(*(table.close() for table in tables), return_exceptions=True)


def client_process(spec: dict[str, Any], conn: Any) -> None:
    asyncio.run(client_main(spec, conn))


# -- the server, the database and what they cost ------------------------------------------
async def _admin(sql: str, *args: Any) -> list[Any]:
    import asyncpg

    conn = await asyncpg.connect(PG_ADMIN)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


SERVER_ENV = {
    "SPEAKEASY_SECRET": SECRET,
    "SPEAKEASY_ENV": "production",
    "SPEAKEASY_LOG_LEVEL": "WARNING",
    # Every simulated player comes from 127.0.0.1: lift the per-address limits.
    "SPEAKEASY_ROOMS_PER_MINUTE": "1000000",
    "SPEAKEASY_ROOM_BURST": "1000000",
    "SPEAKEASY_MAX_SOCKETS_PER_ADDRESS": "1000000",
}


def database_url(database: str) -> str:
    """The server's ``DATABASE_URL`` for the run's database."""
    return PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1) + "/" + database


def start_server(
    database: str,
    port: int,
    extra_env: dict[str, str],
    root: Path = ROOT,
    workers: int = 1,
    profile: Path | None = None,
) -> subprocess.Popen[bytes]:
    """``python -m app serve`` from the source tree ``root`` (this one, or a baseline's); with
    ``workers`` > 1, that many server processes on the port, handing each other their rooms'
    events through Redis (``REDIS_URL``, default ``redis://127.0.0.1:6379/0``). With
    ``profile``, the server runs under ``bench/profiled_serve.py``, which profiles it between
    SIGUSR1 and SIGUSR2 and writes the figures there."""
    env = {**os.environ, "DATABASE_URL": database_url(database), **SERVER_ENV, **extra_env}
    redis = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    env.pop("REDIS_URL", None)
    command = [sys.executable, "-m", "app", "serve", "--port", str(port)]
    if profile is not None:
        command[1:3] = [str(ROOT / "bench" / "profiled_serve.py"), str(profile)]
    if workers > 1:
        env["REDIS_URL"] = extra_env.get("REDIS_URL", redis)
        command += ["--workers", str(workers)]
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), extra_env.get("PYTHONPATH")]))
    process = subprocess.Popen(command, cwd=root, env=env)
    wait_until_up(process, port)
    return process


def wait_until_up(process: subprocess.Popen[bytes], port: int) -> None:
    """Until the server on ``port`` answers ``/healthz`` (a minute at most)."""
    import httpx

    for _ in range(600):
        if process.poll() is not None:
            raise RuntimeError("server exited")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("server did not start")


_TICK = os.sysconf("SC_CLK_TCK")


def _stat_cpu(pid: int, reaped: bool = False) -> float:
    """CPU seconds (user + system) of one process from ``/proc/<pid>/stat``; with ``reaped``
    also those of its children it has waited for (a worker that died)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    if reaped:
        ticks += int(fields[13]) + int(fields[14])  # cutime, cstime
    return ticks / _TICK


def _run_queue(pid: int) -> float:
    """Seconds the process's threads have waited for a CPU (``/proc/<pid>/task/*/schedstat``)."""
    total = 0
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with contextlib.suppress(OSError), open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[1])
    return total / 1e9


@dataclass
class ServerCpu:
    main: float  # CPU seconds of the server process (and the children it reaped)
    workers: float  # of its live worker processes
    waited: float  # seconds its threads and its workers' waited for a CPU

    def __sub__(self, other: ServerCpu) -> ServerCpu:
        return ServerCpu(self.main - other.main, self.workers - other.workers, self.waited - other.waited)


def server_cpu(pid: int) -> ServerCpu:
    """The server process and its worker pools."""
    import psutil

    workers = waited = 0.0
    with contextlib.suppress(psutil.Error):
        for child in psutil.Process(pid).children(recursive=True):
            workers += _stat_cpu(child.pid)
            waited += _run_queue(child.pid)
    return ServerCpu(_stat_cpu(pid, reaped=True), workers, waited + _run_queue(pid))


def server_rss(pid: int) -> tuple[int, int]:
    """RSS of the server process, and of it with its worker processes."""
    import psutil

    proc = psutil.Process(pid)
    own = int(proc.memory_info().rss)
    total = own
    with contextlib.suppress(psutil.Error):
        for child in proc.children(recursive=True):
            total += int(child.memory_info().rss)
    return own, total


def db_cpu(database: str) -> float:
    """CPU seconds of the PostgreSQL backends serving ``database`` now (same machine)."""
    rows = asyncio.run(_admin("SELECT pid FROM pg_stat_activity WHERE datname = $1", database))
    return sum(_stat_cpu(int(row["pid"])) for row in rows)


def server_metrics(base: str) -> str | None:
    """The server's ``/metrics`` text now (with several worker processes, one process's,
    whichever answers); ``None`` if it does not answer."""
    import httpx

    try:
        return httpx.get(f"{base}/metrics", timeout=10).text
    except httpx.HTTPError:
        return None


def commit_batches(metrics: str | None) -> tuple[float, float] | None:
    """(changes, commits) the server's group commit has made so far (``None`` from a server
    without the figure, or from SQLite)."""
    found = dict(re.findall(r"^speakeasy_commit_batch_changes_(sum|count) (\S+)$", metrics or "", re.M))
    if "sum" not in found or "count" not in found:
        return None
    return float(found["sum"]), float(found["count"])


GcFigures = dict[str, tuple[float, float, dict[float, float]]]


def gc_pauses(metrics: str | None) -> GcFigures | None:
    """Per generation, (pauses, seconds, {bucket bound: pauses at most that long}) of the
    server's garbage collections so far (``None`` from a server without the figure)."""
    found: dict[str, tuple[list[float], dict[float, float]]] = {}
    for kind, generation, value in re.findall(
        r'^speakeasy_gc_pause_seconds_(count|sum)\{generation="(\d)"\} (\S+)$', metrics or "", re.M
    ):
        found.setdefault(generation, ([0.0, 0.0], {}))[0][0 if kind == "count" else 1] = float(value)
    for generation, bound, value in re.findall(
        r'^speakeasy_gc_pause_seconds_bucket\{generation="(\d)",le="([^"]+)"\} (\S+)$', metrics or "", re.M
    ):
        if generation in found:
            found[generation][1][float(bound)] = float(value)
    return {generation: (pair[0], pair[1], buckets) for generation, (pair, buckets) in found.items()} or None


def _gc_window(before: GcFigures | None, after: GcFigures | None) -> dict[str, dict[str, float]] | None:
    """The collections inside the window, per generation: how many, their total ms, how many
    took more than 20 ms (the goal, issue 28) and the bound the longest stayed under (a
    bucket of the server's histogram; ``inf`` past its last)."""
    if before is None or after is None:
        return None
    out = {}
    for generation, (count, seconds, buckets) in sorted(after.items()):
        was_count, was_seconds, was_buckets = before.get(generation, (0.0, 0.0, {}))
        n = int(count - was_count)
        within = {bound: int(total - was_buckets.get(bound, 0.0)) for bound, total in buckets.items()}
        longest = min((bound for bound, k in within.items() if k >= n), default=math.inf) if n else 0.0
        out[generation] = {
            "n": n,
            "ms": round((seconds - was_seconds) * 1000, 1),
            "over_20ms": n - within.get(0.02, n),
            "longest_under_ms": round(longest * 1000, 1),
        }
    return out


def _byte_text(figures: dict[str, Any] | None) -> str:
    if not figures or figures["event_frame_p50"] is None:
        return f"{'-':>10}"
    game = figures["per_viewer_per_game_p50"]
    counted = figures["games_counted"]
    whole = f"; a whole game {game / 1024:.1f} KiB a viewer (median of {counted})" if game else ""
    return (
        f"{figures['event_frame_p50']:>10} / {figures['event_frame_p90']}   "
        f"(max {figures['event_frame_max']}; {figures['per_viewer_per_action']} B a viewer per action{whole})"
    )


def _bound_text(bound: float | None) -> str:
    return "?" if bound is None else ("∞" if math.isinf(bound) else f"{bound:g} ms")


def _gc_text(pauses: dict[str, dict[str, float]] | None) -> str:
    if pauses is None:
        return "-"
    names = {"0": "young", "1": "middle", "2": "full"}
    return (
        "; ".join(
            f"{names.get(generation, generation)} {figure['n']} ({figure['ms']} ms"
            f"{'; longest ≤ ' + _bound_text(figure.get('longest_under_ms')) if figure['n'] else ''})"
            for generation, figure in pauses.items()
        )
        + "   (collections in the window, the time the server stood still in them; the longest under)"
    )


def _per_commit(before: tuple[float, float] | None, after: tuple[float, float] | None) -> float | None:
    if before is None or after is None or after[1] <= before[1]:
        return None
    return round((after[0] - before[0]) / (after[1] - before[1]), 2)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def warm_up_server(game: str, players: int, base: str, interval: float) -> None:
    """Seat one room and play nothing: the server imports and caches what every room needs
    before its memory is read, so the per-game figure holds no one-off cost."""

    async def run() -> None:
        import httpx

        async with httpx.AsyncClient(timeout=120) as http:
            tables, _stats = await seat_tables(game, players, 1, 10**6, base, http, 0, interval)
            await asyncio.gather(*(table.close() for table in tables))

    asyncio.run(run())


def run_section(
    game: str, players: int, args: argparse.Namespace, server_tree: tuple[str, Path] = ("working tree", ROOT)
) -> dict[str, Any]:
    """One game: a fresh database and a server run from ``server_tree`` (a label and a source
    tree), the load, the figures."""
    load_start = os.getloadavg()
    limit = args.frame_limit or DEFAULT_FRAME_LIMIT
    interval = 1 / (limit * PACE)
    extra = dict(item.split("=", 1) for item in args.env)
    if args.frame_limit:
        extra["SPEAKEASY_MAX_FRAMES_PER_SECOND"] = str(args.frame_limit)
    database = f"speakeasy_load_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(f'CREATE DATABASE "{database}"'))
    server = None
    clients: list[tuple[Any, Any]] = []
    try:
        port = _free_port()
        profile = profile_path(args.profile, server_tree[0])
        server = start_server(database, port, extra, server_tree[1], args.workers, profile)
        base = f"http://127.0.0.1:{port}"
        warm_up_server(game, players, base, interval)
        time.sleep(0.5)
        rss_before, tree_before = server_rss(server.pid)
        t_seat = time.monotonic()
        ctx = mp.get_context("spawn")
        share = [args.games // args.clients + (i < args.games % args.clients) for i in range(args.clients)]
        offset = 0
        for count in share:
            if count == 0:
                continue
            parent, child = ctx.Pipe()
            spec = {
                "game": game,
                "players": players,
                "count": count,
                "offset": offset,
                "base": base,
                "seed": args.seed * 1000 + offset,
                "interval": interval,
                "rate": args.rate * count / args.games,
            }
            worker = ctx.Process(target=client_process, args=(spec, child))
            worker.start()
            clients.append((worker, parent))
            offset += count
        for _, parent in clients:
            kind, _ = parent.recv()
            assert kind == "ready"
        seat_time = time.monotonic() - t_seat
        rss_seated, tree_seated = server_rss(server.pid)
        start = time.monotonic() + 0.5
        window = Window(
            start,
            start + args.warmup,
            start + args.warmup + args.duration,
            start + args.warmup + args.duration + args.drain,
        )
        for _, parent in clients:
            parent.send(("go", (window.start, window.measure_from, window.measure_to, window.drain_until)))
        time.sleep(max(0.0, window.measure_from - time.monotonic()))
        if profile is not None:
            server.send_signal(signal.SIGUSR1)
        cpu0, db0, t0 = server_cpu(server.pid), db_cpu(database), time.monotonic()
        metrics0 = server_metrics(base)
        time.sleep(max(0.0, window.measure_to - time.monotonic()))
        cpu1, db1, t1 = server_cpu(server.pid), db_cpu(database), time.monotonic()
        if profile is not None:
            server.send_signal(signal.SIGUSR2)
        metrics1 = server_metrics(base)
        rss_end, tree_end = server_rss(server.pid)
        results = [parent.recv()[1] for _, parent in clients]
        load_end = os.getloadavg()
    finally:
        for worker, _ in clients:
            worker.join(30)
            if worker.is_alive():
                worker.kill()
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))
    merged: dict[str, Any] = {"latencies": [], "error_samples": [], "errors": Counter()}
    for result in results:
        for key, value in result.items():
            if key in ("latencies", "error_samples", "event_bytes", "game_bytes"):
                merged[key] = merged.get(key, []) + value
            elif key == "errors":
                merged["errors"].update(value)
            else:
                merged[key] = merged.get(key, 0) + value
    latencies = merged["latencies"]
    measured = t1 - t0
    cpu = cpu1 - cpu0
    acked = merged["acked"]

    def ms(value: float) -> float:
        return round(value * 1000, 1)

    many = args.workers > 1

    def per_game(grown: int) -> float:
        return round(grown / args.games / 1024, 1)

    return {
        "game": game,
        "server": server_tree[0],
        "players": players,
        "games": args.games,
        "sockets": args.games * (players + 1),
        "seated_s": round(seat_time, 1),
        "warmup_s": args.warmup,
        "duration_s": args.duration,
        "rate_target": args.rate,
        "offered_per_s": round(merged["offered"] / args.duration, 1),
        "sent_per_s": round(merged["sent"] / args.duration, 1),
        "achieved_per_s": round(acked / args.duration, 1),
        "acked": acked,
        "latency_ms": {
            "p50": ms(percentile(latencies, 0.5)) if latencies else None,
            "p99": ms(percentile(latencies, 0.99)) if latencies else None,
            "max": ms(max(latencies)) if latencies else None,
            "mean": ms(statistics.fmean(latencies)) if latencies else None,
            "n": len(latencies),
        },
        "incomplete": merged["incomplete"],
        "lost": merged["lost"],
        "no_event": merged["no_event"],
        "server_cpu_ms_per_move": round((cpu.main + cpu.workers) / acked * 1000, 2) if acked else None,
        "server_cpu_share": round(cpu.main / measured, 3),
        "workers_cpu_share": round(cpu.workers / measured, 3),
        "server_cpu_wait_share": round(cpu.waited / measured, 3),
        "db_cpu_ms_per_move": round((db1 - db0) / acked * 1000, 2) if acked else None,
        "changes_per_commit": _per_commit(commit_batches(metrics0), commit_batches(metrics1)),
        "gc_pauses": _gc_window(gc_pauses(metrics0), gc_pauses(metrics1)),
        "client_cpu_share": round(merged["client_cpu"] / args.duration, 3),
        "rss_mib": {
            "before": round(rss_before / 2**20, 1),
            "seated": round(rss_seated / 2**20, 1),
            "end": round(rss_end / 2**20, 1),
            "seated_with_workers": round(tree_seated / 2**20, 1),
            "end_with_workers": round(tree_end / 2**20, 1),
        },
        # With several server processes the games live in the workers: count them all.
        "kib_per_game_seated": per_game(tree_seated - tree_before if many else rss_seated - rss_before),
        "kib_per_game_playing": per_game(tree_end - tree_before if many else rss_end - rss_before),
        "workers": args.workers,
        "load_avg_start": [round(x, 2) for x in load_start],
        "load_avg_end": [round(x, 2) for x in load_end],
        "cpus": os.cpu_count(),
        "games_finished": merged["games_finished"],
        "rematches": merged["rematches"],
        "reconnects": merged["reconnects"],
        "errors": dict(merged["errors"]),
        "error_samples": merged["error_samples"][:5],
        "frames": {"players": merged["player_frames"], "spectators": merged["spectator_frames"]},
        "bytes": _bytes(merged, acked, players + 1),
        "frame_limit": {
            "server_per_socket": limit,
            "set_by_bench": bool(args.frame_limit),
            "paced_per_socket": round(limit * PACE, 1),
        },
        "clients": args.clients,
    }


def _bytes(merged: dict[str, Any], acked: int, viewers: int) -> dict[str, Any]:
    """What a viewer receives: event frames' sizes, bytes per viewer per action (every frame
    to every person and spectator in the window / actions acknowledged / a game's viewers:
    what each viewer of a game receives for one of its actions) and per
    whole game (a person's frames from a game's welcome to the next game's, for games he saw
    from their first frame)."""
    sizes, games = merged["event_bytes"], merged["game_bytes"]
    return {
        "event_frame_p50": round(percentile(sizes, 0.5)) if sizes else None,
        "event_frame_p90": round(percentile(sizes, 0.9)) if sizes else None,
        "event_frame_max": max(sizes) if sizes else None,
        "per_viewer_per_action": round(merged["viewer_bytes"] / viewers / acked) if acked else None,
        "per_viewer_per_game_p50": round(percentile(games, 0.5)) if games else None,
        "games_counted": len(games),
    }


def report(section: dict[str, Any]) -> str:
    lat = section["latency_ms"]
    limit = section["frame_limit"]
    rss = section["rss_mib"]
    lines = [
        f"== {section['game']} ({section['server']}"
        + (f", {section['workers']} processes" if section.get("workers", 1) > 1 else "")
        + f"): {section['games']} games x {section['players']} "
        "players + 1 spectator "
        f"({section['sockets']} sockets), seated in {section['seated_s']} s; "
        f"{section['duration_s']} s measured after {section['warmup_s']} s warm-up",
        f"frame limit per socket: {limit['server_per_socket']}/s "
        + ("(SET BY THE BENCH for this run)" if limit["set_by_bench"] else "(the server's default)")
        + f"; every socket paced at {limit['paced_per_socket']}/s",
        f"{'moves/s offered':<28}{section['offered_per_s']:>10}   (target {section['rate_target']})",
        f"{'moves/s achieved (acks)':<28}{section['achieved_per_s']:>10}   "
        f"({section['acked']} acked; sent {section['sent_per_s']}/s)",
        f"{'latency p50 / p99 / max ms':<28}{lat['p50']!s:>10} / {lat['p99']} / {lat['max']}   "
        f"(n={lat['n']}, from the intended send time; incomplete {section['incomplete']}, "
        f"lost {section['lost']})",
        f"{'server CPU ms per move':<28}{section['server_cpu_ms_per_move']!s:>10}   "
        f"(server and its workers; PostgreSQL backends {section['db_cpu_ms_per_move']} ms per move)",
        f"{'changes per group commit':<28}{section.get('changes_per_commit')!s:>10}   "
        "(mean over the window: moves and the game's own changes that shared one commit)",
        f"{'event frame bytes p50 / p90':<28}{_byte_text(section.get('bytes'))}",
        f"{'server GC pauses':<28}{_gc_text(section.get('gc_pauses'))}",
        f"{'server CPU use':<28}{section['server_cpu_share'] * 100:>9.0f}%   "
        f"of one core, workers {section['workers_cpu_share'] * 100:.0f}%; "
        f"they waited for a CPU {section['server_cpu_wait_share'] * 100:.0f}% of the time (run queue)",
        f"{'server KiB per game':<28}{section['kib_per_game_seated']:>10}   "
        f"(seated; {section['kib_per_game_playing']} at the end; RSS {rss['before']} -> {rss['seated']} "
        f"-> {rss['end']} MiB, with workers {rss['end_with_workers']} MiB)",
        f"{'load average start / end':<28}{' '.join(map(str, section['load_avg_start'])):>10} / "
        f"{' '.join(map(str, section['load_avg_end']))}   ({section['cpus']} CPUs, shared; "
        f"load generator {section['client_cpu_share'] * 100:.0f}% of one core)",
        f"{'games finished / rematches':<28}{section['games_finished']:>10} / {section['rematches']}   "
        f"(reconnects {section['reconnects']})",
        f"{'errors':<28}{json.dumps(section['errors']) if section['errors'] else 'none':>10}",
    ]
    lines += [f"  e.g. {sample}" for sample in section["error_samples"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from engine.catalogue import names

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", choices=names(), help="default: every registered game")
    parser.add_argument("--games", type=int, default=100, help="concurrent games (rooms)")
    parser.add_argument("--rate", type=float, default=100, help="offered moves/s, all games together")
    parser.add_argument("--duration", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--drain", type=float, default=10, help="longest wait for the window's moves")
    parser.add_argument("--players", type=int, help="seats per game (default: the game's minimum)")
    parser.add_argument("--frame-limit", type=int, help="set the server's per-socket frame limit for the run")
    parser.add_argument("--clients", type=int, default=1, help="load-generator processes")
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (speakeasy serve --workers; Redis fan-out)"
    )
    parser.add_argument("--env", action="append", default=[], help="KEY=VALUE for the server process")
    parser.add_argument("--seed", type=int, default=1, help="the scripted players' choices")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of tables")
    parser.add_argument(
        "--baseline", metavar="REF", help="also run the server of this git commit, alternating with this tree"
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="sections per game and server (medians compared)"
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        type=Path,
        help="cProfile the server over the measured window into FILE (one file per server and "
        "section: FILE's name gets their labels); its CPU figures then include the profiler's cost",
    )
    args = parser.parse_args(argv)
    if args.profile and args.workers > 1:
        parser.error("--profile profiles one server process: leave --workers at 1")
    games = args.game or list(names())
    sections: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        trees = [("working tree", ROOT)]
        if args.baseline:
            trees.append((f"baseline {args.baseline}", stack.enter_context(baseline_tree(args.baseline))))
        run_games(parser, args, games, trees, sections)
    comparison = compare(sections, trees) if args.baseline else []
    if args.json:
        print(json.dumps({"sections": sections, "comparison": comparison}, indent=2))
    elif comparison:
        print(comparison_report(comparison, args.rounds), flush=True)
    return 0


def profile_path(requested: Path | None, server: str) -> Path | None:
    """Where a section's profile goes: ``requested`` with the server's label and a counter
    added to its name, so that alternating servers and rounds never overwrite each other."""
    if requested is None:
        return None
    label = re.sub(r"[^A-Za-z0-9]+", "-", server).strip("-")
    for number in itertools.count(1):
        path = requested.with_name(f"{requested.stem}.{label}.{number}{requested.suffix or '.prof'}")
        if not path.exists():
            return path
    raise AssertionError("unreachable")


@contextlib.contextmanager
def baseline_tree(ref: str) -> Any:
    """The source tree of commit ``ref`` (``git archive``) in a temporary directory; the same
    virtual environment runs it, with its own compiled core built in place where it has one
    (``setup.py``): without it the baseline would play Speak Easy in pure Python."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="speakeasy-baseline-") as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        if (Path(folder) / "setup.py").exists():
            subprocess.run(
                [sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                cwd=folder,
                check=True,
                capture_output=True,
            )
        yield Path(folder)


COMPARED = (
    ("server_cpu_ms_per_move", "server CPU ms per move"),
    ("db_cpu_ms_per_move", "PostgreSQL CPU ms per move"),
    ("kib_per_game_seated", "server KiB per game, seated"),
    ("kib_per_game_playing", "server KiB per game, at the end"),
    ("achieved_per_s", "moves/s achieved"),
    ("p50", "latency p50 ms"),
    ("p99", "latency p99 ms"),
    ("event_frame_p50", "event frame bytes, median"),
    ("per_viewer_per_action", "bytes a viewer per action"),
    ("per_viewer_per_game_p50", "bytes a viewer per whole game"),
)


def _figure(section: dict[str, Any], key: str) -> float | None:
    if key in ("p50", "p99"):
        value = section["latency_ms"][key]
    elif key in section.get("bytes", {}):
        value = section["bytes"][key]
    else:
        value = section[key]
    return None if value is None else float(value)


def compare(sections: list[dict[str, Any]], trees: list[tuple[str, Path]]) -> list[dict[str, Any]]:
    """Per game, the median of each figure over the rounds for each server, and the ratio
    working tree / baseline."""
    out = []
    for game in dict.fromkeys(section["game"] for section in sections):
        row: dict[str, Any] = {"game": game, "figures": {}}
        for key, _label in COMPARED:
            medians = []
            for label, _root in trees:
                values = [
                    value
                    for section in sections
                    if section["game"] == game and section["server"] == label
                    for value in [_figure(section, key)]
                    if value is not None
                ]
                medians.append(statistics.median(values) if values else None)
            new, old = medians[0], medians[1]
            ratio = round(new / old, 3) if new is not None and old else None
            row["figures"][key] = {
                "working": None if new is None else round(new, 2),
                "baseline": None if old is None else round(old, 2),
                "ratio": ratio,
            }
        row["load_avg"] = [section["load_avg_start"][0] for section in sections if section["game"] == game]
        out.append(row)
    return out


def comparison_report(comparison: list[dict[str, Any]], rounds: int) -> str:
    lines = [f"== working tree against the baseline, medians of {rounds} round(s) each, alternating"]
    for row in comparison:
        lines.append(f"{row['game']} (1-minute load average at each section's start: {row['load_avg']})")
        for key, label in COMPARED:
            figure = row["figures"][key]
            lines.append(
                f"  {label:<34}{figure['working']!s:>10} vs {figure['baseline']!s:>10}   "
                f"ratio {figure['ratio']}"
            )
    return "\n".join(lines)


def run_games(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    games: list[str],
    trees: list[tuple[str, Path]],
    sections: list[dict[str, Any]],
) -> None:
    """Each game, ``--rounds`` times on each server (the order alternates round by round)."""
    from engine.catalogue import entry

    for game in games:
        known = entry(game)
        players = args.players or known.min_players
        if not known.min_players <= players <= known.max_players:
            if args.game:
                parser.error(f"{game} takes {known.min_players} to {known.max_players} players")
            players = max(known.min_players, min(known.max_players, players))
        if game not in ADAPTERS:
            if args.game:
                parser.error(f"no scripted player for {game}: add one to ADAPTERS in bench/load.py")
            print(f"load: {game} skipped: no scripted player (ADAPTERS in bench/load.py)", file=sys.stderr)
            continue
        per_socket = args.rate / args.games
        print(f"load: {game}, {args.games} games x {players} players at {args.rate} moves/s", file=sys.stderr)
        if per_socket > (args.frame_limit or DEFAULT_FRAME_LIMIT) * PACE:
            print(
                f"note: {per_socket:.1f} moves/s per game is more than one socket may send "
                "(the frame limit); turns may cap it",
                file=sys.stderr,
            )
        for round_ in range(args.rounds):
            for tree in trees if round_ % 2 == 0 else trees[::-1]:
                section = run_section(game, players, args, tree)
                sections.append(section)
                if not args.json:
                    print(report(section), flush=True)


if __name__ == "__main__":
    sys.exit(main())
