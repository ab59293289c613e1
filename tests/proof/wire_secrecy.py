"""Secrecy at the wire: what a viewer receives must not depend on what he cannot know.

A *room script* is built offline with the engine: two games (the second one a rematch,
seats swapped), each with setups, random legal moves, and around them the other things a
viewer can do or see — illegal and out-of-turn moves, stale versions, malformed frames,
spectators acting, draw offers and refusals, a spectator joining mid-game, disconnects and
reconnects (replay, too-old version → resync, fresh hello), duplicate action ids, and an end
by resignation, draw agreement, abort, abandonment claim, flag fall or the rules; after the
end, the game record download and a move refused with ``game_over``.

For each game and each player we look, offline, for a *re-deal* of the opponent's setup
that the player cannot rule out: the setup stays legal, every move stays legal, every
illegal try of the re-dealt side stays illegal, and every public outcome (who survived
each combat, every face the rules show, every revealed square, the result) is the same
(``tests/proof/speakeasy_redeal.py`` supplies the engine-level pieces). The script is then played
through real servers three times, concurrently, each on its own app with its own
:class:`ManualClock` (clocks aligned at the start of each room and advanced identically):

* the original deal;
* Bob's setups re-dealt — Alice's and the spectator's frames must be byte-identical;
* Alice's setups re-dealt — Bob's and the spectator's frames must be byte-identical.

Every frame each viewer receives is recorded as raw text. Compared: every frame except
those carrying a finished game (the ``end`` event, and any ``welcome``/``event`` whose view
has a result) — that is the end-of-game reveal, which the rules allow. The random room and
game identifiers are replaced by placeholders (``<room>``, ``<game1>``…) before comparing,
and so is the state commitment: SHA-256 of the 32 secret seed bytes followed by the initial
state, its bytes differ with the hidden setups by design and tell nothing without the seed,
which is revealed only at the end (``engine/fairness.py``; what it commits to is checked by
``tests/engine/test_engine_fairness.py``). Any other difference is a leak. The game
record, downloaded after each end, must match except for the re-dealt side's ``setup`` line.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import random
import sys
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for extra in (ROOT, ROOT / "tests" / "app"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))  # last: bench/engine.py must not hide the engine package

import httpx  # noqa: E402
import server_harness as harness  # noqa: E402  (tests/app/server_harness.py)
import speakeasy_redeal as se  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from app.clocks import ManualClock  # noqa: E402
from app.games import commands  # noqa: E402
from app.games.patches import ViewFollower  # noqa: E402
from app.identity import COOKIE_NAME  # noqa: E402
from app.main import create_app  # noqa: E402
from engine.errors import GameError  # noqa: E402
from engine.speakeasy import SPEAKEASY  # noqa: E402
from engine.speakeasy.movegen import move_text  # noqa: E402
from engine.speakeasy.play import legal  # noqa: E402
from engine.speakeasy.rules import options_from  # noqa: E402
from engine.speakeasy.setup import random_setup  # noqa: E402

PRESETS = ("speakeasy", "luzhanqi")
WHO = ("alice", "bob", "spec")
GRACE_SECONDS = 30
REPLAY_LIMIT = 3
WAIT = 20.0
BAD_FRAMES = (
    "not json",
    '{"type":"teleport","id":"t1"}',
    '{"type":"move","id":"m1","move":"a6-a7","version":"0"}',
    '{"type":"resign","id":"r1","seat":1}',
    "[1,2]",
    '{"type":"setup","id":"big","position":"' + "x" * 17_000 + '"}',
)


# -- scripts (offline, engine only) -----------------------------------------------------
@dataclass
class Step:
    kind: str
    who: str = ""
    arg: Any = None
    expect: str = "ack"  # "ack", or the error code expected


@dataclass
class GameScript:
    seed: str
    preset: str
    alice_seat: int
    setups: tuple[str, str]  # by seat (0 = South)
    moves: list[str]
    steps: list[Step]
    tries: dict[int, list[tuple[int, str]]]  # ply -> illegal tries (seat, move) made before it
    ending: str

    def seat(self, who: str) -> int:
        return self.alice_seat if who == "alice" else 1 - self.alice_seat


@dataclass
class RoomScript:
    index: int
    timed: bool
    games: list[GameScript]


def seed_of(room_seed: int, number: int) -> str:
    """A game's seed (64 hex digits, as the server draws them), fixed by the script."""
    return hashlib.sha256(f"wire-secrecy:{room_seed}:{number}".encode()).hexdigest()


def build_room(index: int, room_seed: int, max_plies: int) -> RoomScript:
    rng = random.Random(room_seed)
    timed = rng.random() < 0.75
    games = []
    spectator_in = False
    for number in (1, 2):
        game, spectator_in = _build_game(
            rng,
            seed_of(room_seed, number),
            PRESETS[room_seed % 2],
            number,
            timed,
            max_plies,
            spectator_in,
        )
        games.append(game)
    return RoomScript(index, timed, games)


def _build_game(
    rng: random.Random, seed: str, preset: str, number: int, timed: bool, max_plies: int, spectator_in: bool
) -> tuple[GameScript, bool]:
    options = options_from({"preset": preset})
    alice_seat = 0 if number == 1 else 1
    setups = (random_setup(0, rng.getrandbits(32), options), random_setup(1, rng.getrandbits(32), options))
    who_of = {alice_seat: "alice", 1 - alice_seat: "bob"}
    steps: list[Step] = []
    tries: dict[int, list[tuple[int, str]]] = {}
    if number == 1:
        steps += [Step("connect", "alice", "new"), Step("claim", "bob"), Step("connect", "bob", "new")]
        if rng.random() < 0.5:
            steps.append(Step("connect", "spec", "new"))
            spectator_in = True
    # The secret setup, with refusals around it.
    if rng.random() < 0.3:
        steps.append(Step("cmd", rng.choice(("alice", "bob")), "draw_offer", "illegal"))
    if rng.random() < 0.3:
        steps.append(Step("setup", rng.choice(("alice", "bob")), "nonsense", "illegal"))
    if rng.random() < 0.2:
        steps.append(Step("move", rng.choice(("alice", "bob")), "a6-a7", "not_your_turn"))
    order = ["alice", "bob"] if rng.random() < 0.5 else ["bob", "alice"]
    for who in order:
        steps.append(Step("setup", who, setups[alice_seat if who == "alice" else 1 - alice_seat]))
        if rng.random() < 0.15:
            steps.append(Step("resend", who))
    state = se.started(seed, preset, setups)
    plies = rng.randint(0, max_plies)
    moves: list[str] = []
    dropped: str | None = None

    def back(who: str) -> None:
        steps.append(
            Step("back", who, rng.choice(("replay", "replay", "old", "future", "wrong_game", "new")))
        )

    while state.result is None and len(moves) < plies:
        mover = state.to_move
        me, other = who_of[mover], who_of[1 - mover]
        if not spectator_in and rng.random() < 0.15:
            steps.append(Step("connect", "spec", "new"))
            spectator_in = True
        roll = rng.random()
        if roll < 0.12:
            bad = se.illegal_tries(state, rng, 1)
            if bad:
                steps.append(Step("move", me, bad[0], "illegal"))
                tries.setdefault(len(moves), []).append((mover, bad[0]))
        elif roll < 0.18:
            steps.append(Step("move", other, move_text(rng.choice(legal(state))), "not_your_turn"))
        elif roll < 0.23:
            steps.append(Step("stale", me, move_text(rng.choice(legal(state))), "stale_version"))
        elif roll < 0.28:
            steps.append(Step("raw", rng.choice(WHO if spectator_in else WHO[:2]), rng.choice(BAD_FRAMES)))
        elif roll < 0.31 and spectator_in:
            steps.append(Step("cmd", "spec", "resign", "not_player"))
        elif roll < 0.34:
            steps.append(Step("cmd", rng.choice((me, other)), "draw_accept", "illegal"))
        elif roll < 0.37 and moves:
            steps.append(Step("cmd", rng.choice((me, other)), "abort", "illegal"))
        elif roll < 0.40:
            steps.append(Step("cmd", rng.choice((me, other)), "claim", "illegal"))  # opponent connected
        elif roll < 0.46:
            offerer = rng.choice((me, other))
            steps.append(Step("cmd", offerer, "draw_offer"))
            steps.append(Step("cmd", "bob" if offerer == "alice" else "alice", "draw_decline"))
        elif roll < 0.56 and dropped is None:
            dropped = other if rng.random() < 0.6 or not spectator_in else "spec"
            steps.append(Step("drop", dropped))
            if dropped != "spec" and rng.random() < 0.5:
                steps.append(Step("advance", arg=rng.randint(1000, 20_000)))
                steps.append(Step("cmd", me, "claim", "illegal"))
        steps.append(Step("advance", arg=rng.randint(100, 6000)))
        move = rng.choice(legal(state))
        steps.append(Step("move", me, move_text(move)))
        if rng.random() < 0.08:
            steps.append(Step("resend", me))
        moves.append(move_text(move))
        state = SPEAKEASY.apply(state, mover, {"type": "move", "move": move_text(move)}).state
        if dropped is not None and (
            dropped == "spec" or who_of[state.to_move] == dropped or rng.random() < 0.5
        ):
            back(dropped)
            dropped = None
    if dropped is not None:
        back(dropped)
        dropped = None
    ending = "rules"
    if state.result is None:
        choices = (
            ["resign", "draw", "claim"] + (["timeout"] if timed else []) + (["abort"] if not moves else [])
        )
        ending = rng.choice(choices)
        a, b = rng.sample(["alice", "bob"], 2)
        if ending == "resign":
            steps.append(Step("cmd", a, "resign"))
        elif ending == "draw":
            steps.append(Step("cmd", a, "draw_offer"))
            steps.append(Step("cmd", b, "draw_accept"))
        elif ending == "abort":
            steps.append(Step("cmd", a, "abort"))
        elif ending == "claim":
            steps.append(Step("drop", b))
            steps.append(Step("advance", arg=(GRACE_SECONDS + 1) * 1000))
            steps.append(Step("cmd", a, "claim"))
        elif ending == "timeout":
            steps.append(Step("timeout"))
    late = a if ending == "claim" else rng.choice(("alice", "bob"))
    steps.append(Step("record", late))
    steps.append(Step("move", late, "a6-a7", "game_over"))
    if ending == "claim":
        steps.append(Step("back", b, rng.choice(("replay", "new"))))
    if number == 1:
        a, b = rng.sample(["alice", "bob"], 2)
        steps.append(Step("cmd", a, "rematch"))
        steps.append(Step("cmd", b, "rematch"))
    return GameScript(seed, preset, alice_seat, setups, moves, steps, tries, ending), spectator_in


def find_redeal(game: GameScript, hidden: int, rng: random.Random, tries: int = 24) -> str | None:
    """A setup for seat ``hidden`` that its opponent cannot tell from the real one, or
    ``None``. Checked with the engine before any server run."""
    options = options_from({"preset": game.preset})
    played = se.play_through(game.seed, game.preset, game.setups, game.moves)
    assert played is not None
    base = se.fast_replay(played.states[2], game.moves)
    touched = se.involved(played, hidden)
    for attempt in range(tries):
        if attempt % 2:
            candidate = se.redeal(game.setups[hidden], hidden, options, rng, set(), touched)
        else:
            candidate = se.redeal(game.setups[hidden], hidden, options, rng, touched, set())
        if candidate == game.setups[hidden]:
            continue
        setups = list(game.setups)
        setups[hidden] = candidate
        other = se.play_through(game.seed, game.preset, (setups[0], setups[1]), game.moves)
        if other is None or se.fast_replay(other.states[2], game.moves) != base:
            continue
        if all(
            _refused(other.states[2 + ply], seat, move) for ply, ts in game.tries.items() for seat, move in ts
        ):
            return candidate
    return None


def _refused(state: Any, seat: int, move: str) -> bool:
    try:
        SPEAKEASY.apply(state, seat, {"type": "move", "move": move})
    except GameError:
        return True
    return False


@dataclass
class Variant:
    """One run of a room: which browser's setups are re-dealt (``None``: the original)."""

    redealt: str | None
    setups: list[tuple[str, str]]  # per game, by seat
    compared: list[bool]  # per game: was a re-deal found (else the original is replayed)

    @property
    def viewers(self) -> tuple[str, ...]:
        if self.redealt is None:
            return ()
        return ("bob", "spec") if self.redealt == "alice" else ("alice", "spec")


def variants(room: RoomScript, rng: random.Random) -> list[Variant]:
    out = [Variant(None, [g.setups for g in room.games], [True] * len(room.games))]
    for who in ("bob", "alice"):
        setups, compared = [], []
        for game in room.games:
            seat = game.seat(who)
            new = find_redeal(game, seat, rng)
            compared.append(new is not None)
            pair = list(game.setups)
            if new is not None:
                pair[seat] = new
            setups.append((pair[0], pair[1]))
        out.append(Variant(who, setups, compared))
    return out


# -- seeds: the server's draw, replaced for the runs --------------------------------------
class SeedBook:
    """Stands in for :func:`app.games.commands.draw_seed`: a room's first game takes the
    seed pushed just before it was created (creations are serialised), later games follow
    from the room's script."""

    def __init__(self) -> None:
        self.pending: deque[list[str]] = deque()
        self.by_room: dict[str, list[str]] = {}
        self.lock = asyncio.Lock()
        self._original = commands.draw_seed

    def __call__(self, room_id: str, number: int) -> str:
        if room_id not in self.by_room:
            self.by_room[room_id] = self.pending.popleft()
        return self.by_room[room_id][number - 1]

    def install(self) -> None:
        commands.draw_seed = self  # type: ignore[assignment]

    def uninstall(self) -> None:
        commands.draw_seed = self._original  # type: ignore[assignment]


# -- the wire ---------------------------------------------------------------------------
class Browser(harness.Player):
    """:class:`harness.Player` without building a TLS context per client (plain HTTP to
    127.0.0.1; loading the CA bundle costs ~40 ms of CPU each time), and without keeping
    idle connections (uvicorn closes them after 5 s; reusing one just then is a
    ``ReadError`` that has nothing to do with the server under test)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.AsyncClient(
            base_url=base, timeout=15, verify=False, limits=httpx.Limits(max_keepalive_connections=0)
        )
        self.sockets = []


class Divergence(Exception):
    """A run did not answer a step as the script expects."""


class Tab:
    """One viewer's socket; every frame is kept as raw text."""

    def __init__(self, conn: ClientConnection, log: list[str], ids: dict[str, str]) -> None:
        self.conn = conn
        self.log = log  # shared by every socket this viewer opens
        self.ids = ids
        self.start = len(log)
        self.version: int | None = None
        self.game_id: str | None = None
        self.view: dict[str, Any] | None = None
        self.closed = asyncio.Event()
        self._new = asyncio.Event()
        self.parsed: list[dict[str, Any]] = []
        self.follower = ViewFollower()
        self._task = asyncio.create_task(self._pump())

    async def _pump(self) -> None:
        try:
            async for text in self.conn:
                assert isinstance(text, str)
                frame = json.loads(text)
                self.log.append(text)
                self.parsed.append(frame)
                self.follower.take(frame)  # an event's view: the previous one patched, as a browser
                if frame["type"] == "welcome":
                    self.version, self.game_id, self.view = frame["version"], frame["game_id"], frame["view"]
                    self.ids.setdefault(frame["game_id"], f"<game{frame['room']['game_number']}>")
                elif frame["type"] == "event":
                    assert self.follower.in_step, f"frame {frame['version']} does not follow the view held"
                    self.version, self.game_id, self.view = frame["version"], frame["game_id"], frame["view"]
                self._new.set()
        except ConnectionClosed:
            pass
        finally:
            self.closed.set()
            self._new.set()

    async def wait(self, match: Callable[[dict[str, Any]], bool], after: int) -> dict[str, Any]:
        """The first frame at index ``after`` or later that matches."""
        loop = asyncio.get_running_loop()
        end = loop.time() + WAIT
        index = after
        while True:
            while index < len(self.parsed):
                if match(self.parsed[index]):
                    return self.parsed[index]
                index += 1
            if self.closed.is_set():
                raise Divergence("socket closed while waiting")
            self._new.clear()
            left = end - loop.time()
            if left <= 0:
                raise Divergence(f"timed out; last frames {[f['type'] for f in self.parsed[-5:]]}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def send(self, text: str) -> None:
        await self.conn.send(text)

    async def ping(self) -> None:
        mark = len(self.parsed)
        await self.conn.send('{"type":"ping"}')
        await self.wait(lambda f: f["type"] == "pong", mark)

    async def close(self) -> None:
        await self.conn.close()
        await self.closed.wait()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


@dataclass
class Lane:
    """One app (uvicorn in this process) with its own database and clock."""

    base: str
    clock: ManualClock
    app: Any = None
    """The app itself, for a proof that reaches into its database (``wire_twins.py``)."""


@dataclass
class RunResult:
    logs: dict[str, list[str]]
    ids: dict[str, str]  # identifier -> placeholder
    records: list[str]
    steps: int = 0


class Run:
    """Plays one room script with one variant's setups on one lane."""

    def __init__(self, lane: Lane, room: RoomScript, variant: Variant, seeds: SeedBook) -> None:
        self.lane = lane
        self.room = room
        self.variant = variant
        self.seeds = seeds
        self.players: dict[str, Browser] = {}
        self.tabs: dict[str, Tab] = {}
        self.logs: dict[str, list[str]] = {who: [] for who in WHO}
        self.ids: dict[str, str] = {}
        self.records: list[str] = []
        self.created: dict[str, Any] = {}
        self.last_action: dict[str, str] = {}
        self._gone: Tab | None = None
        self._counter = 0
        self.steps = 0

    def _id(self, who: str) -> str:
        self._counter += 1
        return f"{who[0]}{self._counter}"

    async def play(self) -> RunResult:
        for who in WHO:
            player = Browser(self.lane.base)
            await player.http.get("/api/catalogue")  # mints the guest cookie
            self.players[who] = player
        try:
            async with self.seeds.lock:
                self.seeds.pending.append([game.seed for game in self.room.games])
                self.created = await self.players["alice"].create_room(
                    preset=self.room.games[0].preset,
                    time_control={"initial": 600, "increment": 2} if self.room.timed else None,
                    setup_seconds=900,
                    spectators=True,
                )
            self.ids[self.created["room_id"]] = "<room>"
            for number, game in enumerate(self.room.games):
                for step in game.steps:
                    await self._step(number, game, step)
                    self.steps += 1
            await self._barrier()
        finally:
            for tab in self.tabs.values():
                with contextlib.suppress(Exception):
                    await tab.close()
            for player in self.players.values():
                await player.close()
        return RunResult(self.logs, self.ids, self.records, self.steps)

    async def _barrier(self) -> None:
        await asyncio.gather(*(tab.ping() for tab in self.tabs.values()))

    async def _connect(self, who: str, hello: dict[str, Any]) -> None:
        player = self.players[who]
        url = self.lane.base.replace("http://", "ws://") + f"/ws/rooms/{self.created['room_id']}"
        if who == "spec":
            url += f"?watch={harness.token_of(self.created['watch_url'])}"
        conn = await connect(
            url, additional_headers={"Cookie": f"{COOKIE_NAME}={player.cookie}"}, compression=None
        )
        tab = Tab(conn, self.logs[who], self.ids)
        self.tabs[who] = tab
        await tab.send(json.dumps(hello))
        # A welcome, or a replay (which ends with a presence frame).
        await tab.wait(lambda f: f["type"] in ("welcome", "presence"), 0)

    async def _act(self, who: str, message: dict[str, Any], expect: str) -> dict[str, Any]:
        tab = self.tabs[who]
        mark = len(tab.parsed)
        await tab.send(json.dumps(message))
        frame = await tab.wait(lambda f: f["type"] in ("ack", "error") and f.get("id") == message["id"], mark)
        got = "ack" if frame["type"] == "ack" else frame["code"]
        if got != expect:
            raise Divergence(f"{who} {message} answered {frame}, expected {expect}")
        return frame

    async def _step(self, number: int, game: GameScript, step: Step) -> None:
        kind, who = step.kind, step.who
        if kind == "advance":
            self.lane.clock.advance(step.arg)
            return
        if kind == "connect":
            await self._connect(who, {"type": "hello", "last_version": None})
        elif kind == "claim":
            mark = len(self.tabs["alice"].parsed)
            claimed = await self.players[who].claim(self.created["invite_url"])
            if claimed.status_code != 200:
                raise Divergence(f"claim refused: {claimed.text}")
            await self.tabs["alice"].wait(lambda f: f["type"] == "welcome", mark)
        elif kind == "drop":
            tab = self.tabs.pop(who)
            await tab.close()
            others = list(self.tabs.values())
            marks = [len(other.parsed) for other in others]
            await asyncio.gather(
                *(
                    other.wait(lambda f: f["type"] == "presence", m)
                    for other, m in zip(others, marks, strict=True)
                )
            )
            self._gone = tab
        elif kind == "back":
            old = self._gone
            assert old is not None
            hello: dict[str, Any] = {"type": "hello", "last_version": old.version}
            if step.arg == "replay":
                hello["game_id"] = old.game_id
            elif step.arg == "old":
                hello.update(last_version=0, game_id=old.game_id)
            elif step.arg == "future":
                hello.update(last_version=(old.version or 0) + 50, game_id=old.game_id)
            elif step.arg == "wrong_game":
                hello["game_id"] = "0" * 32
            else:
                hello["last_version"] = None
            await self._connect(who, hello)
        elif kind == "setup":
            position = self.variant.setups[number][game.seat(who)] if step.arg != "nonsense" else "nonsense"
            message = {"type": "setup", "id": self._id(who), "position": position}
            await self._act(who, message, step.expect)
            if step.expect == "ack":
                self.last_action[who] = json.dumps(message)
        elif kind in ("move", "stale"):
            tab = self.tabs[who]
            version = (tab.version or 0) - (1 if kind == "stale" else 0)
            message = {"type": "move", "id": self._id(who), "move": step.arg, "version": version}
            await self._act(who, message, step.expect)
            if step.expect == "ack":
                self.last_action[who] = json.dumps(message)
        elif kind == "resend":
            await self._act(who, json.loads(self.last_action[who]), "ack")
        elif kind == "raw":
            tab = self.tabs[who]
            mark = len(tab.parsed)
            await tab.send(step.arg)
            await tab.wait(lambda f: f["type"] == "error", mark)
        elif kind == "cmd":
            await self._act(who, {"type": step.arg, "id": self._id(who)}, step.expect)
        elif kind == "timeout":
            view_tab = self.tabs["alice"]
            clocks = next(f["clocks"] for f in reversed(view_tab.parsed) if f["type"] in ("event", "welcome"))
            [running] = clocks["running"]
            marks = {w: len(t.parsed) for w, t in self.tabs.items()}
            spent = self.lane.clock.now_ms() - clocks["server_now"]
            self.lane.clock.advance(clocks["remaining"][running] - spent + 1)
            await asyncio.gather(
                *(
                    t.wait(
                        lambda f: f["type"] == "event" and (f["event"] or {}).get("type") == "end", marks[w]
                    )
                    for w, t in self.tabs.items()
                )
            )
        elif kind == "record":
            game_id = self.tabs[who].game_id
            response = await self.players[who].http.get(f"/api/games/{game_id}/record")
            if response.status_code != 200:
                raise Divergence(f"record: {response.status_code} {response.text}")
            self.records.append(response.text)
        else:
            raise AssertionError(kind)
        # Frames built when a socket's writer gets to them (presence, the welcome after a
        # claim or a rematch) read the clock and the game then: let every writer drain
        # before anything else happens. Other frames are built at commit time and queued
        # in order, so they need no wait.
        if kind in ("connect", "claim", "drop", "back") or step.arg == "rematch":
            await self._barrier()


# -- comparing --------------------------------------------------------------------------
def comparable(log: list[str], ids: dict[str, str]) -> list[str]:
    """A viewer's frames up to each end-of-game reveal, identifiers replaced."""
    out = []
    follower = ViewFollower()
    for text in log:
        frame = follower.take(json.loads(text))
        if frame["type"] in ("welcome", "event"):
            event = frame.get("event") or {}
            if event.get("type") == "end" or frame["view"]["result"] is not None:
                continue
        fairness = frame if frame["type"] == "fairness" else frame.get("fairness") or {}
        if fairness.get("seed") is not None:
            continue  # the seed revealed: the end of the game
        commitment = fairness.get("state_commitment")
        if commitment is not None:
            text = text.replace(commitment, "<state-commitment>")
        for value, placeholder in ids.items():
            text = text.replace(value, placeholder)
        out.append(text)
    return out


def record_lines(record: str, hidden_side: str) -> list[str]:
    return [line for line in record.splitlines() if not line.startswith(f"setup {hidden_side} ")]


@dataclass
class Tally:
    rooms: int = 0
    games: int = 0
    runs: int = 0
    comparisons: int = 0  # (game, viewer) pairs compared against a re-deal
    no_redeal: int = 0
    frames: int = 0
    steps: int = 0
    records: int = 0
    leaks: list[str] = field(default_factory=list)
    endings: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        return (
            f"rooms: {self.rooms}, games: {self.games}, server runs: {self.runs}, steps: {self.steps}\n"
            f"viewer-game comparisons against a re-deal: {self.comparisons} "
            f"(no re-deal found: {self.no_redeal})\n"
            f"frames compared byte for byte: {self.frames}, records compared: {self.records}\n"
            f"endings: {dict(sorted(self.endings.items()))}\n"
            f"leaks found: {len(self.leaks)}"
        )


def compare(room: RoomScript, base: RunResult, variant: Variant, other: RunResult, tally: Tally) -> None:
    assert variant.redealt is not None
    if not any(variant.compared):
        return
    for who in variant.viewers:
        a = comparable(base.logs[who], base.ids)
        b = comparable(other.logs[who], other.ids)
        tally.frames += len(a)
        if a != b:
            first = next(
                (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
            )
            tally.leaks.append(
                f"room {room.index} redealt={variant.redealt} viewer={who} frame {first}:\n"
                f"  original: {a[first][:600] if first < len(a) else '<none>'}\n"
                f"  re-dealt: {b[first][:600] if first < len(b) else '<none>'}"
            )
    for number, (ra, rb) in enumerate(zip(base.records, other.records, strict=True)):
        hidden = "sn"[room.games[number].seat(variant.redealt)]
        tally.records += 1
        if record_lines(ra, hidden) != record_lines(rb, hidden):
            tally.leaks.append(f"room {room.index} game {number + 1} record differs")
    tally.comparisons += sum(len(variant.viewers) for ok in variant.compared if ok)
    tally.no_redeal += sum(len(variant.viewers) for ok in variant.compared if not ok)


# -- driving many rooms -----------------------------------------------------------------
@contextlib.asynccontextmanager
async def lanes(database_urls: list[str], **settings: Any) -> AsyncIterator[list[Lane]]:
    """One in-process uvicorn app per database URL, each with its own ManualClock."""
    values = {
        "grace_seconds": GRACE_SECONDS,
        "replay_limit": REPLAY_LIMIT,
        # The rate limit reads real time; scripted clients are faster than people, so it is
        # lifted here (and tested on its own in test_hostile.py).
        "max_frames_per_second": 1_000_000,
        **settings,
    }
    async with contextlib.AsyncExitStack() as stack:
        out = []
        for url in database_urls:
            clock = ManualClock()
            app = create_app(harness.settings_for(url, **values), clock)
            base = await stack.enter_async_context(harness.serving(app))
            out.append(Lane(base, clock, app))
        yield out


async def check_room(
    trio: list[Lane], room: RoomScript, seeds: SeedBook, tally: Tally, rng: random.Random
) -> None:
    runs = variants(room, rng)
    target = max(lane.clock.now_ms() for lane in trio) + 1000
    for lane in trio:
        lane.clock.advance(target - lane.clock.now_ms())
    results = await asyncio.gather(
        *(Run(lane, room, variant, seeds).play() for lane, variant in zip(trio, runs, strict=True)),
        return_exceptions=True,
    )
    tally.rooms += 1
    tally.runs += len(runs)
    for game in room.games:
        tally.games += 1
        tally.endings[game.ending] = tally.endings.get(game.ending, 0) + 1
    base = results[0]
    if isinstance(base, BaseException):
        raise base
    tally.steps += base.steps
    for variant, other in zip(runs[1:], results[1:], strict=True):
        if isinstance(other, Divergence):
            tally.leaks.append(f"room {room.index} redealt={variant.redealt}: the run diverged: {other}")
            continue
        if isinstance(other, BaseException):
            raise other
        compare(room, base, variant, other, tally)


async def run_rooms(
    database_urls: list[str],
    rooms: int,
    seed0: int = 0,
    max_plies: int = 12,
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    """Play ``rooms`` room scripts (two games each) on ``len(database_urls) // 3`` trios of
    lanes."""
    assert len(database_urls) >= 3 and len(database_urls) % 3 == 0
    tally = Tally()
    seeds = SeedBook()
    seeds.install()
    try:
        async with lanes(database_urls) as apps:
            trios = [apps[i : i + 3] for i in range(0, len(apps), 3)]
            queue: deque[int] = deque(range(seed0, seed0 + rooms))

            async def worker(trio: list[Lane]) -> None:
                while queue:
                    room_seed = queue.popleft()
                    room = build_room(room_seed - seed0, room_seed, max_plies)
                    await check_room(trio, room, seeds, tally, random.Random(room_seed ^ 0x5EC))
                    if progress is not None:
                        progress(tally)

            await asyncio.gather(*(worker(trio) for trio in trios))
    finally:
        seeds.uninstall()
    return tally
