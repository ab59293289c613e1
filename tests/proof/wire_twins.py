"""Secrecy at the wire for every registered game, through each game's own twin maker.

For a random game of a registered game (``bench/secrecy_engine.py`` plays it through the
protocol), one moment and one viewer — a seat or a spectator — are chosen, and the game's
``twin`` re-deals every value hidden from that viewer (hands, picks, deck order, setups, the
seed), and so does the engine proof's own re-deal of what a twin keeps (``se.HOOKS``: Spies!'
sealed bids, open offers, money in exchanges, pending placements); a game with an option
table (``se.TABLES``) gets its room options from it. Offline, the engine says for how many of
the next steps the twin follows the same public course (every step still legal, the
spectator's view the same, no text written to the viewer alone that differs, what he may see
unchanged).

The game is then played through two real servers (in-process uvicorn apps, each with its own
database and :class:`ManualClock`), every seat a socket of its own and a spectator beside
them. On the second server, at the chosen moment, the stored game is replaced by its twin
(the only test hook: the row's snapshot is rewritten, as of the row's version, and the
server's cache dropped). The viewer then reconnects twice — a replay of the last events,
then a fresh ``welcome`` — and the following steps are played on both. Every frame the viewer received must be
byte-identical on the two servers, but for the random identifiers (room, game, links), the
state commitment (salted by the secret seed: its bytes differ by design and tell nothing
before the seed is revealed at the end) and any frame carrying the finished game's reveal.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
for extra in (ROOT, ROOT / "tests" / "app", ROOT / "tests" / "proof"):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))  # last: bench/engine.py must not hide the engine package

import secrecy_engine as se  # noqa: E402  (bench/secrecy_engine.py)
import server_harness as harness  # noqa: E402  (tests/app/server_harness.py)
import wire_secrecy as ws  # noqa: E402
from sqlalchemy import update  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from app.games import frames  # noqa: E402
from app.identity import COOKIE_NAME  # noqa: E402
from app.models import GameRow  # noqa: E402
from engine.catalogue import GameEntry  # noqa: E402
from engine.core import SPECTATOR, Viewer  # noqa: E402
from engine.errors import GameError  # noqa: E402

FOLLOW = 12
"""Steps played and compared after the twin is put in place (while its course is the same)."""
EARLY = 40
"""The moment twinned is among the first ``EARLY`` steps (the slow suite goes anywhere)."""
TRIES = 8
"""Moments and viewers tried in turn until the twin re-deals something (nothing is hidden
from anyone while Prohibition's trucks are placed, say)."""


@dataclass
class TwinScript:
    entry: GameEntry
    number: int
    seed: str
    players: int
    preset: str
    steps: list[se.Step]
    """Every step played: ``steps[:at]`` before the twin is put in place, then the rest."""
    at: int
    viewer: Viewer
    twin: Any
    changed: bool
    """Whether the twin differs from the state at all (some hidden value was re-dealt)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The room's rule options beside the preset (the game's option table, if it has one)."""
    kinds: list[str] = field(default_factory=list)
    """The kinds of hidden values the twin re-dealt, where the game names them."""

    @property
    def label(self) -> str:
        return (
            f"{self.entry.name} game {self.number} ({self.players} seats) step {self.at} viewer {self.viewer}"
        )


def build(entry: GameEntry, number: int, early: int | None = EARLY) -> TwinScript:
    """The script of one random game of ``entry``, its moment, viewer and twin."""
    game = entry.game
    hooks = se.HOOKS.get(entry.name, se.Hooks())
    table = se.TABLES.get(entry.name)
    players, options = table(number) if table is not None else (None, {})
    rng = random.Random(f"wire twins {entry.name} {number}")
    limit = None if early is None else early + FOLLOW + 1
    played = se.play(entry, number, rng, max_steps=limit or se.MAX_STEPS, table=table)
    # Withdrawals are the server's (a flag fall, an abandonment) or hand the seat to the
    # autopilot, whose choices follow its own view: the script stops before the first one.
    cut = next((i for i, step in enumerate(played.steps) if step.kind != "apply"), len(played.steps))
    live = [i for i in range(cut + 1) if not game.is_over(played.states[i])]
    if early is not None:
        live = [i for i in live if i <= early] or live[:1]
    setup = [i for i in live if not game.is_started(played.states[i])]
    own = [i for i in (hooks.moments(played, rng) if hooks.moments is not None else []) if i in live]
    for _try in range(TRIES):  # a moment where something is hidden from the viewer, if any
        roll = rng.random()
        at = (
            rng.choice(setup)
            if setup and roll < 0.4
            else rng.choice(own)
            if own and roll < 0.7
            else rng.choice(live)
        )
        state = played.states[at]
        viewer = rng.choice(se.viewers(game, state))
        twin = game.twin(state, viewer, se.fresh_seed(rng))
        if hooks.redeal is not None:  # what the game's twin keeps and the proof re-deals
            twin = hooks.redeal(played, at, twin, viewer, rng)
        if game.to_dict(twin) != game.to_dict(state):
            break
    follow = 0
    mine, theirs = state, twin
    for step in played.steps[at : min(cut, at + FOLLOW)]:
        try:
            after, events = se.take(game, mine, step)
            theirs, twin_events = se.take(game, theirs, step)
        except GameError:
            break  # the twin's hidden values made the step illegal: what differs is public now
        if game.view(after, SPECTATOR) != game.view(theirs, SPECTATOR) or game.is_over(after):
            break
        if se.projected(game, events, viewer) != se.projected(game, twin_events, viewer) and se.revealed(
            game, hooks, events, twin_events, viewer
        ):
            break  # a text written to the viewer alone: he learns what he is entitled to
        if hooks.scope is not None and hooks.scope(mine, viewer) != hooks.scope(after, viewer):
            break  # what the viewer may see changes (Spies!: he takes control of Russia)
        mine = after
        follow += 1
    presets = list(entry.presets)
    return TwinScript(
        entry=entry,
        number=number,
        seed=game.seed_of(played.states[0]),
        players=players or game.players(state),
        preset=presets[number % len(presets)],
        steps=played.steps[: at + follow],
        at=at,
        viewer=viewer,
        twin=twin,
        changed=game.to_dict(twin) != game.to_dict(state),
        options=options,
        kinds=hooks.kinds(state, twin, viewer) if hooks.kinds is not None else [],
    )


class Run:
    """Plays one script on one lane; on the twin's lane, puts the twin in place at ``at``."""

    def __init__(self, lane: ws.Lane, script: TwinScript, seeds: ws.SeedBook, twinned: bool) -> None:
        self.lane = lane
        self.script = script
        self.seeds = seeds
        self.twinned = twinned
        self.browsers: list[ws.Browser] = []
        self.tabs: dict[Viewer, ws.Tab] = {}
        self.logs: dict[Viewer, list[str]] = {}
        self.ids: dict[str, str] = {}
        self.created: dict[str, Any] = {}

    async def play(self) -> list[str]:
        """The viewer's frames, comparable (``wire_secrecy.comparable``)."""
        script = self.script
        for _ in range(script.players + 1):  # the last one watches
            browser = ws.Browser(self.lane.base)
            await browser.http.get("/api/catalogue")  # mints the guest cookie
            self.browsers.append(browser)
        try:
            async with self.seeds.lock:
                self.seeds.pending.append([script.seed])
                self.created = await self.browsers[0].create_room(
                    game=script.entry.name,
                    players=script.players,
                    preset=script.preset,
                    spectators=True,
                    **({"options": script.options} if script.options else {}),
                )
            for key in ("room_id", "invite_url", "watch_url"):
                value = self.created.get(key)
                if value:
                    self.ids[value] = f"<{key}>"
                    if "/" in value:
                        self.ids[harness.token_of(value)] = f"<{key} token>"
            for browser in self.browsers[1:-1]:
                claimed = await browser.claim(self.created["invite_url"])
                if claimed.status_code != 200:
                    raise ws.Divergence(f"claim refused: {claimed.text}")
            for index, browser in enumerate(self.browsers):
                await self._connect(browser, watch=index == len(self.browsers) - 1)
            await self._barrier()
            for number, step in enumerate(script.steps):
                if number == script.at:
                    await self._twin_and_reconnect()
                await self._step(number, step)
            if script.at == len(script.steps):
                await self._twin_and_reconnect()
            await self._barrier()
        finally:
            for tab in self.tabs.values():
                with contextlib.suppress(Exception):
                    await tab.close()
            for browser in self.browsers:
                await browser.close()
        return ws.comparable(self.logs[script.viewer], self.ids)

    async def _connect(
        self,
        browser: ws.Browser,
        watch: bool,
        hello: dict[str, Any] | None = None,
        viewer: Viewer | None = None,
    ) -> None:
        url = self.lane.base.replace("http://", "ws://") + f"/ws/rooms/{self.created['room_id']}"
        if watch:
            url += f"?watch={harness.token_of(self.created['watch_url'])}"
        conn = await connect(
            url, additional_headers={"Cookie": f"{COOKIE_NAME}={browser.cookie}"}, compression=None
        )
        log: list[str] = []
        tab = ws.Tab(conn, log, self.ids)
        await tab.send(json.dumps(hello or {"type": "hello", "last_version": None}))
        first = await tab.wait(lambda f: f["type"] in ("welcome", "presence"), 0)
        if viewer is None:
            viewer = SPECTATOR if watch else first["you"]["seat"]
        if viewer in self.logs:  # a reconnection: one log per viewer
            self.logs[viewer].extend(log)
            tab.log = self.logs[viewer]
        else:
            self.logs[viewer] = log
        tab.browser = browser  # type: ignore[attr-defined]
        self.tabs[viewer] = tab

    async def _barrier(self) -> None:
        await asyncio.gather(*(tab.ping() for tab in self.tabs.values()))

    async def _step(self, number: int, step: se.Step) -> None:
        tab = self.tabs[step.seat]
        message = {"type": "act", "id": f"a{number}", "version": tab.version, "action": step.action}
        mark = len(tab.parsed)
        await tab.send(json.dumps(message))
        frame = await tab.wait(lambda f: f["type"] in ("ack", "error") and f.get("id") == message["id"], mark)
        if frame["type"] != "ack":
            raise ws.Divergence(f"step {number} {message} answered {frame}")
        version = frame["version"]
        await asyncio.gather(
            *(
                t.wait(lambda f: f["type"] == "event" and f["version"] >= version, 0)
                for t in self.tabs.values()
            )
        )

    async def _twin_and_reconnect(self) -> None:
        script, viewer = self.script, self.script.viewer
        tab = self.tabs[viewer]
        if self.twinned:
            game_id = tab.game_id
            snapshot = frames.dumps(script.entry.game.to_dict(script.twin))
            async with self.lane.app.state.engine.begin() as conn:
                await conn.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id)
                    .values(snapshot=snapshot, snapshot_version=GameRow.version)
                )
            # The twin's re-dealt values are not the generator's: no record replays to them.
            frames._STATE_COMMITMENTS.setdefault(str(game_id), "<state-commitment>")
            self.lane.app.state.service.invalidate(self.created["room_id"])
        browser = tab.browser  # type: ignore[attr-defined]
        watch = viewer == SPECTATOR
        version, game_id = tab.version, tab.game_id
        await tab.close()
        del self.tabs[viewer]
        await self._barrier()
        replay = {"type": "hello", "last_version": max(0, (version or 0) - 2), "game_id": game_id}
        await self._connect(browser, watch, replay, viewer)
        await self._barrier()
        again = self.tabs.pop(viewer)
        await again.close()
        await self._barrier()
        await self._connect(browser, watch, None, viewer)
        await self._barrier()


@dataclass
class Tally:
    games: int = 0
    changed: int = 0
    frames: int = 0
    steps: int = 0
    followed: int = 0
    by_game: dict[str, int] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)

    def summary(self) -> str:
        kinds = ", ".join(f"{kind} {count}" for kind, count in sorted(self.kinds.items()))
        return (
            f"games: {self.games} {dict(sorted(self.by_game.items()))}, twins that re-dealt something: "
            f"{self.changed}, steps played: {self.steps} ({self.followed} after the twin), "
            f"viewer frames compared byte for byte: {self.frames}, leaks: {len(self.leaks)}"
            + (f"\nhidden values re-dealt (twins): {kinds}" if kinds else "")
        )


async def check(pair: list[ws.Lane], script: TwinScript, seeds: ws.SeedBook, tally: Tally) -> None:
    target = max(lane.clock.now_ms() for lane in pair) + 1000
    for lane in pair:
        lane.clock.advance(target - lane.clock.now_ms())
    original, twinned = await asyncio.gather(
        Run(pair[0], script, seeds, False).play(),
        Run(pair[1], script, seeds, True).play(),
        return_exceptions=True,
    )
    if isinstance(original, BaseException):
        raise original
    tally.games += 1
    tally.by_game[script.entry.name] = tally.by_game.get(script.entry.name, 0) + 1
    tally.changed += script.changed
    for kind in script.kinds:
        tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
    tally.steps += len(script.steps)
    tally.followed += len(script.steps) - script.at
    if isinstance(twinned, BaseException):
        tally.leaks.append(f"{script.label}: the twin's run diverged: {twinned!r}")
        return
    tally.frames += len(original)
    if original != twinned:
        first = next(
            (i for i, (a, b) in enumerate(zip(original, twinned, strict=False)) if a != b),
            min(len(original), len(twinned)),
        )
        tally.leaks.append(
            f"{script.label} frame {first}:\n"
            f"  original: {original[first][:600] if first < len(original) else '<none>'}\n"
            f"  twin:     {twinned[first][:600] if first < len(twinned) else '<none>'}"
        )


async def run_games(
    database_urls: list[str],
    scripts: list[TwinScript],
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    """Play every script on ``len(database_urls) // 2`` pairs of lanes, concurrently."""
    assert len(database_urls) >= 2 and len(database_urls) % 2 == 0
    tally = Tally()
    seeds = ws.SeedBook()
    seeds.install()
    try:
        async with ws.lanes(database_urls, replay_limit=200) as apps:
            pairs = [apps[i : i + 2] for i in range(0, len(apps), 2)]
            queue = list(reversed(scripts))

            async def worker(pair: list[ws.Lane]) -> None:
                while queue:
                    await check(pair, queue.pop(), seeds, tally)
                    if progress is not None:
                        progress(tally)

            await asyncio.gather(*(worker(pair) for pair in pairs))
    finally:
        seeds.uninstall()
    return tally
