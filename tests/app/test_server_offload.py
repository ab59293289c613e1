"""Actions with heavy work (issue 12: a Flickago shot's physics) through the server.

The work runs in the server's worker pool (:meth:`engine.core.Game.offload`), never on its
event loop; nothing is stored until the action commits with what the work computed, so a
shot cut off by a restart is either committed with its result or not at all, and the
client's retry after the restart is applied exactly once.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest
from conftest import Server
from server_harness import Player, Socket, serving, settings_for, token_of
from sqlalchemy import func, select

from app.db import make_engine
from app.games.workers import Workers
from app.main import create_app
from app.models import GameAction
from engine.catalogue import entry

FLICKAGO = "flickago"


def _shot(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random shot (or the first other legal action) as notation text, as a player sends it."""
    choice = rng.choice(view["legal"])
    if choice.startswith("^") or ">" in choice:  # a return to the reserve, an inspector placed
        return {"type": "text", "text": choice}
    return {"type": "text", "text": f"{choice} {rng.randrange(3600)}/{rng.randint(150, 900)}"}


async def _play_to_the_end(people: dict[int, Socket], rng: random.Random, limit: int = 400) -> int:
    """The two people shoot in turn until the result; returns how many actions they sent."""
    sent = 0
    while True:
        views = {seat: sock.view or {} for seat, sock in people.items()}
        if all(view.get("result") is not None for view in views.values()):
            return sent
        owing = [
            seat
            for seat, view in views.items()
            if view.get("legal") and view.get("result") is None and view["seats"][view["to_move"]] == seat
        ]
        if not owing:
            for sock in people.values():
                await sock.recv(skip=("presence", "offers", "ack"))
            continue
        sock = people[owing[0]]
        ack = await sock.act(
            {
                "type": "act",
                "id": f"s{sent}",
                "version": sock.last_version,
                "action": _shot(sock.view or {}, rng),
            }
        )
        assert ack["type"] == "ack", ack
        sent += 1
        assert sent < limit, "the game did not end"
        for other in people.values():
            await other.events_until(ack["version"])


async def _offloaded(player: Player) -> float:
    text = (await player.http.get("/metrics")).text
    lines = [line for line in text.splitlines() if line.startswith("speakeasy_offload_seconds_count")]
    return sum(float(line.rsplit(" ", 1)[1]) for line in lines if 'game="flickago"' in line)


async def test_two_people_and_a_spectator_play_flickago_with_every_shot_simulated_in_the_pool(
    server: Server,
) -> None:
    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room(game=FLICKAGO, players=2)
    assert (await bob.claim(room["invite_url"])).status_code == 200
    sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
    watcher = await carol.connect(room["room_id"], watch=token_of(room["watch_url"]))
    assert sa.frames[-1]["game"]["name"] == FLICKAGO
    sent = await _play_to_the_end({sa.seat: sa, sb.seat: sb}, random.Random(7))  # type: ignore[dict-item]
    await watcher.events_until(sa.last_version or 0)
    assert watcher.view is not None and watcher.view["result"] == sa.view["result"]  # type: ignore[index]
    shots = sum(
        1
        for frame in sa.frames
        if frame["type"] == "event" and (frame.get("event") or {}).get("type") == "shot"
    )
    assert shots > 0 and await _offloaded(alice) == shots <= sent
    record = (await alice.http.get(f"/api/games/{sa.game_id}/record.json")).json()
    assert entry(FLICKAGO).verify(record) == []


class _Gate(ThreadPoolExecutor):
    """A worker pool whose work waits until the test opens the gate: a shot in progress."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.entered = threading.Event()
        self.gate = threading.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def gated() -> Any:
            self.entered.set()
            assert self.gate.wait(30), "the gate was never opened"
            return fn(*args, **kwargs)

        return super().submit(gated)


async def _actions(database_url: str) -> int:
    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            return int((await conn.execute(select(func.count()).select_from(GameAction))).scalar_one())
    finally:
        await engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
async def test_a_shot_cut_off_by_a_restart_commits_once_with_the_same_result(
    server: Server, database_url: str
) -> None:
    alice, bob = server.player(), server.player()
    room = await alice.create_room(game=FLICKAGO, players=2)
    await bob.claim(room["invite_url"])
    sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
    view = sa.view or {}
    shooter, player = (sa, alice) if view["seats"][view["to_move"]] == sa.seat else (sb, bob)
    gate = _Gate()
    server.app.state.service._workers = Workers(lambda: gate)  # the first process hangs mid-shot
    action = {"type": "text", "text": f"{shooter.view['legal'][0]} 900/650"}  # type: ignore[index]
    command = {"type": "act", "id": "the-shot", "version": shooter.last_version, "action": action}
    before = await _actions(database_url)
    await shooter.send(command)
    assert await asyncio.to_thread(gate.entered.wait, 10)
    assert await _actions(database_url) == before  # nothing stored while the shot is simulated

    # Another server process on the same database (the first one as good as dead): the
    # browser reconnects there and sends its unacknowledged action again.
    fresh = create_app(settings_for(database_url), server.clock)
    async with serving(fresh) as base:
        again = Player(base)
        again.http.cookies.update(player.http.cookies)
        try:
            sock = await again.connect(room["room_id"])
            assert sock.last_version == shooter.last_version
            ack = await sock.act(command)
            assert ack["type"] == "ack"
            await sock.events_until(ack["version"])
            shot = next(
                f["event"] for f in sock.frames if f["type"] == "event" and f["version"] == ack["version"]
            )
            assert await _actions(database_url) == before + 1

            # The first process finishes its simulation late: its commit loses, and it
            # acknowledges the same version without applying anything twice.
            gate.gate.set()
            late = await shooter.recv("ack", "error", skip=("presence", "event", "offers"))
            assert late["type"] == "ack" and late["version"] == ack["version"], late
            assert await _actions(database_url) == before + 1
            assert (await sock.act({"type": "resign", "id": "bye"}))["type"] == "ack"  # reveals the seed
        finally:
            gate.gate.set()
            await again.close()
    gate.shutdown(wait=True)

    # The stored result is the engine's own, to the byte: the same shot simulated here.
    record = (await player.http.get(f"/api/games/{sa.game_id}/record.json")).json()
    game = entry(FLICKAGO).game
    direct = game.apply(game.new_game(record["seed"], {"preset": "standard"}), shooter.seat, action)  # type: ignore[arg-type]
    assert shot == game.project(direct.events[0], shooter.seat)  # type: ignore[arg-type]


async def test_flickago_offers_no_draw_and_aborts_before_the_first_shot(server: Server) -> None:
    """Flickago's results are the score, a resignation, a flag fall or an abandonment (spec
    section 10): the room offers no draw and refuses one; the platform's abort before the
    first shot voids the game, and its record verifies."""
    alice, bob = server.player(), server.player()
    listed = {game["name"]: game for game in (await alice.http.get("/api/catalogue")).json()}
    assert listed[FLICKAGO]["agreed_draws"] is False and listed["speakeasy"]["agreed_draws"] is True
    room = await alice.create_room(game=FLICKAGO, players=2)
    await bob.claim(room["invite_url"])
    sa = await alice.connect(room["room_id"])
    assert sa.frames[-1]["game"]["agreed_draws"] is False
    refused = await sa.act({"type": "draw_offer", "id": "d1"})
    assert refused["type"] == "error" and refused["code"] == "illegal"
    assert refused["message"] == "Flickago has no draw by agreement"
    assert (await sa.act({"type": "abort", "id": "a1"}))["type"] == "ack"
    await sa.events_until(sa.last_version or 0)
    assert sa.view is not None and sa.view["result"]["reason"] == "aborted"
    record = (await alice.http.get(f"/api/games/{sa.game_id}/record.json")).json()
    assert entry(FLICKAGO).verify(record) == []
