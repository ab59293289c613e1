"""Migration 0005 (one platform, many games) moves existing data over: a database holding
games made under the schema before it — one in the middle of play, one finished — is
upgraded, and both rooms play on (issue 10)."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
import server_harness as harness
from conftest import REQUIRE_POSTGRES, Server
from server_harness import Socket
from sqlalchemy import text

from app.clocks import ManualClock
from app.db import make_engine, migrate_url
from app.identity import COOKIE_NAME, GuestCookies
from app.main import create_app
from engine.core import Result
from engine.speakeasy import SPEAKEASY

DATA = Path(__file__).resolve().parents[1] / "engine" / "data" / "legacy_speakeasy_states.json"


@pytest.fixture
async def old_database(backend: str, tmp_path: Path) -> Any:
    """An empty database migrated only up to revision 0004."""
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
        await migrate_url(url, "0004")
        yield url
        return
    if not await harness.pg_available():
        if REQUIRE_POSTGRES:
            pytest.fail("PostgreSQL is required")
        pytest.skip("PostgreSQL is not reachable")
    name = f"speakeasy_old_{uuid.uuid4().hex[:10]}"
    await harness.pg_execute(f'CREATE DATABASE "{name}"')
    try:
        url = harness.pg_url(name)
        await migrate_url(url, "0004")
        yield url
    finally:
        await harness.drop_pg_database(name)


def _old_game(
    game_id: str, room_id: str, snapshot: dict[str, Any], status: str, result: Any
) -> dict[str, Any]:
    return {
        "id": game_id,
        "room_id": room_id,
        "number": 1,
        "seed": "987654321",
        "options": json.dumps({"preset": "speakeasy"}),
        "south_slot": 1,  # the invited guest plays South in this game
        "version": 3,
        "seq": 3,
        "snapshot": json.dumps(snapshot),
        "status": status,
        "result": None if result is None else json.dumps(result),
        "created_at": 1,
        "updated_at": 2,
        "clock_ms_0": 300_000,
        "clock_ms_1": 290_000,
        "clock_increment_ms": 0,
        "clock_running": None,
        "clock_since": None,
        "setup_deadline": None,
        "setup_seconds": None,
        "draw_offer": 0 if status == "play" else None,
        "rematch_offer": None,
    }


async def _insert_old_rooms(url: str, creator: str, guest: str) -> dict[str, str]:
    """Two rooms as the old server wrote them, with the old engine's stored states."""
    playing = json.loads(DATA.read_text())["play"]["stored"]  # written by the old engine
    ended = SPEAKEASY.conclude(SPEAKEASY.from_dict(playing), Result.win(0, "resign")).state
    finished = SPEAKEASY.to_dict(ended)
    rooms = {"playing": uuid.uuid4().hex[:16], "finished": uuid.uuid4().hex[:16]}
    engine = make_engine(url)
    try:
        async with engine.begin() as conn:
            for kind, room_id in rooms.items():
                game_id = uuid.uuid4().hex
                await conn.execute(
                    text(
                        "INSERT INTO rooms (id, created_at, preset, time_initial_ms, time_increment_ms,"
                        " setup_seconds, spectators, creator, invite_hash, invite_expires_at, watch_hash,"
                        " current_game_id, game_number) VALUES (:id, 1, 'speakeasy', 300000, 0, NULL, TRUE,"
                        " :creator, NULL, NULL, :watch, :game, 1)"
                    ),
                    {"id": room_id, "creator": creator, "watch": uuid.uuid4().hex, "game": game_id},
                )
                for slot, who in ((0, creator), (1, guest)):
                    await conn.execute(
                        text(
                            "INSERT INTO room_seats (room_id, slot, guest_id, bot_level, joined_at)"
                            " VALUES (:room, :slot, :guest, NULL, 1)"
                        ),
                        {"room": room_id, "slot": slot, "guest": who},
                    )
                row = _old_game(
                    game_id,
                    room_id,
                    playing if kind == "playing" else finished,
                    "play" if kind == "playing" else "over",
                    None if kind == "playing" else {"outcome": "win", "reason": "resign", "winner": 0},
                )
                columns = ", ".join(row)
                await conn.execute(
                    text(f"INSERT INTO games ({columns}) VALUES ({', '.join(':' + key for key in row)})"), row
                )
    finally:
        await engine.dispose()
    return rooms


async def test_old_games_play_on_after_the_upgrade(old_database: str) -> None:
    clock = ManualClock()
    settings = harness.settings_for(old_database)
    cookies = GuestCookies(settings.secret, [], settings.guest_max_age_seconds, clock.now_ms)
    creator, guest = uuid.uuid4().hex[:22], uuid.uuid4().hex[:22]
    rooms = await _insert_old_rooms(old_database, creator, guest)
    await migrate_url(old_database)  # to head: 0005 moves the rows over

    app = create_app(settings, clock)
    async with harness.serving(app) as base:
        server = Server(base, app, clock, [])
        alice, bob = server.player(), server.player()
        for player, who in ((alice, creator), (bob, guest)):
            player.http.cookies.set(COOKIE_NAME, cookies.issue(who), domain="127.0.0.1")
        try:
            # The game in play: the guest (chair 1) plays South, seat 0; the draw offer of
            # seat 0 and both clocks came over.
            sa = await alice.connect(rooms["playing"])
            sb = await bob.connect(rooms["playing"])
            welcome = sb.frames[-1]
            assert welcome["you"]["seat"] == 0 and sa.frames[-1]["you"]["seat"] == 1
            assert welcome["offers"] == {"draw": [0], "rematch": []}
            assert welcome["clocks"]["remaining"] == [300_000, 290_000]
            assert welcome["room"]["game"] == "speakeasy" and welcome["room"]["players"] == 2
            view = welcome["view"]
            assert view["phase"] == "play"
            mover: Socket = sb if view["to_move"] == "s" else sa
            legal = mover.view["legal"]  # type: ignore[index]
            ack = await mover.act(
                {
                    "type": "act",
                    "id": "after-upgrade",
                    "version": mover.last_version,
                    "action": {"type": "move", "move": legal[0]},
                }
            )
            assert ack["type"] == "ack" and ack["version"] == 4
            # The finished game: its result stands, and a rematch starts a new game.
            fa = await alice.connect(rooms["finished"])
            fb = await bob.connect(rooms["finished"])
            assert fa.frames[-1]["view"]["result"]["reason"] == "resign"
            old_game = fa.game_id
            assert (await fa.act({"type": "rematch", "id": "again-a"}))["type"] == "ack"
            assert (await fb.act({"type": "rematch", "id": "again-b"}))["type"] == "ack"
            fresh = await fa.recv("welcome", skip=("presence", "offers", "event"))
            assert fresh["game_id"] != old_game and fresh["view"]["phase"] == "setup"
            assert fresh["you"]["seat"] == 0  # the chairs moved on: the creator plays seat 0 now
        finally:
            for player in (alice, bob):
                await player.close()
