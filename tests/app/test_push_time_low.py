""" "12 h left" (issue 27, item 3) in a turn-based room, with several server processes on one
PostgreSQL database and restarts: the notice is owed in the database when the seat's
deadline is set, and exactly one process sends it, also when it fell due while no process
ran. The servers share the test's clock (two apps, each with its own engine, pool and
sweeper, as two processes would have)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
import server_harness as harness
from push_receiver import Browser, Receiver
from test_push import PUSH, subscribe, until

from app.clocks import ManualClock
from app.main import create_app

pytestmark = pytest.mark.postgres

HOUR = 3600 * 1000
QUIET = {**PUSH, "notice_sweep_seconds": 3600, "max_frames_per_second": 1000}
"""The sweepers run at start-up only, unless the test calls them."""


@pytest.fixture
async def pg_database(pg_template: str) -> AsyncIterator[str]:
    name = await harness.create_pg_database(pg_template)
    try:
        yield harness.pg_url(name)
    finally:
        await harness.drop_pg_database(name)


@pytest.fixture
async def receiver() -> AsyncIterator[Receiver]:
    service = Receiver()
    await service.start()
    try:
        yield service
    finally:
        await service.close()


def time_lows(receiver: Receiver, browsers: dict[str, Browser]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for push in receiver.pushed:
        payload = browsers[push.path].decrypt(push.body)
        if payload["kind"] == "time_low":
            out.append((push.path, payload))
    return out


@contextlib.asynccontextmanager
async def two_servers(url: str, clock: ManualClock) -> AsyncIterator[tuple[Any, Any, str]]:
    """Two server processes' apps on one database, started together (their start-up sweeps race)."""
    settings = harness.settings_for(url, **QUIET)
    first, second = create_app(settings, clock), create_app(settings, clock)
    async with harness.serving(first) as base, harness.serving(second):
        yield first, second, base


async def test_time_low_fires_once_across_processes_and_restarts(
    pg_database: str, receiver: Receiver
) -> None:
    clock = ManualClock()
    browsers = {"alice": Browser("alice"), "bob": Browser("bob")}
    settings = harness.settings_for(
        pg_database, **PUSH, notice_sweep_seconds=3600, max_frames_per_second=1000
    )
    app = create_app(settings, clock)
    async with harness.serving(app) as base:
        alice, bob = harness.Player(base), harness.Player(base)
        await subscribe(alice, browsers["alice"], receiver, "en")
        await subscribe(bob, browsers["bob"], receiver, "fr")
        room = await alice.create_room(game="speakeasy", time_control={"days": 2})
        assert (await bob.claim(room["invite_url"])).status_code == 200
        table = harness.Table(
            room, [alice, bob], [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])]
        )
        await table.setups()
        first = "alice" if table.mover() is table.sockets[0] else "bob"
        await app.state.notifier.idle()
        for player in (alice, bob):
            await player.close()
    assert time_lows(receiver, browsers) == []

    # A day and a half passes while no server runs: 12 h are left to the seat to move.
    clock.advance(36 * HOUR + 60_000)
    async with two_servers(pg_database, clock) as (one, two, base):
        await until(lambda: len(time_lows(receiver, browsers)) == 1)
        for _ in range(3):
            assert sum(await asyncio.gather(one.state.notifier.sweep(), two.state.notifier.sweep())) == 0
        await one.state.notifier.idle()
        await two.state.notifier.idle()
        ((who, payload),) = time_lows(receiver, browsers)
        assert who == first
        lang = "en" if first == "alice" else "fr"
        title = {"en": "Speak Easy: 12 h left to play", "fr": "Speak Easy : plus que 12 h pour jouer"}[lang]
        assert payload == {
            "kind": "time_low",
            "room": room["room_id"],
            "game": "speakeasy",
            "title": title,
            "body": {
                "en": "Your move is due within 12 hours. Open the room to play.",
                "fr": "Vous devez jouer d'ici 12 heures. Ouvrez la partie pour jouer.",
            }[lang],
            "url": f"/r/{room['room_id']}",
        }

        # The seat plays through one process; the other seat's deadline is two days away,
        # and both processes sweep at once when its notice falls due.
        alice, bob = harness.Player(base), harness.Player(base)
        alice.http.cookies = table.players[0].http.cookies
        bob.http.cookies = table.players[1].http.cookies
        again = harness.Table(
            room, [alice, bob], [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])]
        )
        again._ids = 100  # the action ids of the first table are taken
        await again.move()
        await one.state.notifier.idle()
        await two.state.notifier.idle()
        clock.advance(36 * HOUR + 60_000)
        sent = 0
        for _ in range(5):
            sent += sum(await asyncio.gather(one.state.notifier.sweep(), two.state.notifier.sweep()))
        assert sent == 1
        await one.state.notifier.idle()
        await two.state.notifier.idle()
        for player in (alice, bob):
            await player.close()
    assert [who for who, _payload in time_lows(receiver, browsers)] == [
        first,
        "bob" if first == "alice" else "alice",
    ]

    # Restarted: nothing is sent twice.
    async with two_servers(pg_database, clock) as (one, two, _base):
        assert sum(await asyncio.gather(one.state.notifier.sweep(), two.state.notifier.sweep())) == 0
        await one.state.notifier.idle()
    assert len(time_lows(receiver, browsers)) == 2
