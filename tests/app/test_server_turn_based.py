"""Turn-based rooms played over simulated weeks by real server processes (issue 27).

The server runs as a process of its own (:class:`server_harness.ServerProcess`) whose clock
the test moves through a file (``SPEAKEASY_CLOCK_FILE``, ``SPEAKEASY_ENV=test``); it is
stopped and started again between moves, and deadlines fall while no process runs. What
must hold: each seat's allowance in days, given again as the game says; a deadline that
fell due while no server ran fires when one starts (the sweeper), and exactly once, even
with two processes on one PostgreSQL; running out of days does what the game's rules say
(two seats: a loss; three or more: the autopilot plays the seat); no claim for absence.
"""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import server_harness as harness
from server_harness import FileTime, Player, ServerProcess, Socket
from sqlalchemy import text

from app.db import make_engine

HOUR = 3600 * 1000
DAY = 24 * HOUR
SWEEP = {"SPEAKEASY_SWEEP_SECONDS": "0.2"}


@pytest.fixture
def sqlite_url(sqlite_template: Path, tmp_path: Path) -> str:
    return harness.sqlite_copy(sqlite_template, tmp_path)


@pytest.fixture
async def pg_url(pg_template: str) -> AsyncIterator[str]:
    name = await harness.create_pg_database(pg_template)
    try:
        yield harness.pg_url(name)
    finally:
        await harness.drop_pg_database(name)


class Rows:
    """What the database holds about a room's current game (read as an operator would)."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url, 2)  # the server's own settings (SQLite: WAL, busy timeout)

    async def game(self, room_id: str) -> dict[str, Any]:
        query = text(
            "SELECT g.id, g.version, g.status, g.deadline, g.clocks, g.result FROM games g"
            " JOIN rooms r ON r.current_game_id = g.id WHERE r.id = :room"
        )
        async with self.engine.connect() as conn:
            row = (await conn.execute(query, {"room": room_id})).one()
        return {
            "id": row.id,
            "version": row.version,
            "status": row.status,
            "deadline": row.deadline,
            "clocks": json.loads(row.clocks),
            "result": None if row.result is None else json.loads(row.result),
        }

    async def timeouts(self, game_id: str) -> list[int]:
        """The seats withdrawn for running out of time, one per log row."""
        query = text(
            "SELECT action FROM game_actions WHERE game_id = :game AND kind = 'withdraw' ORDER BY id"
        )
        async with self.engine.connect() as conn:
            actions = [
                json.loads(value) for value in (await conn.execute(query, {"game": game_id})).scalars()
            ]
        return [int(action["seat"]) for action in actions if action["reason"] == "timeout"]

    async def close(self) -> None:
        await self.engine.dispose()


async def eventually(check: Callable[[], Awaitable[Any]], seconds: float = 30.0) -> Any:
    """Wait for ``check`` to return something true (polling; no duration is asserted)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while True:
        value = await check()
        if value:
            return value
        if loop.time() > end:
            raise AssertionError("the condition never held")
        await asyncio.sleep(0.1)


async def seat_everyone(
    server: ServerProcess, game: str, players: int, control: dict[str, Any]
) -> tuple[str, list[Player]]:
    people = [Player(server.base) for _ in range(players)]
    room = await people[0].create_room(game=game, players=players, time_control=control)
    for other in people[1:]:
        claimed = await other.claim(room["invite_url"])
        assert claimed.status_code == 200, claimed.text
    return room["room_id"], people


async def sockets(people: list[Player], room_id: str) -> list[Socket]:
    return [await person.connect(room_id) for person in people]


async def close(socks: list[Socket]) -> None:
    for sock in socks:
        await sock.close()


def owing(socks: list[Socket]) -> list[Socket]:
    """The sockets whose seat has something to decide now."""
    return [sock for sock in socks if sock.view is not None and (sock.view.get("legal") or [])]


async def play_one(
    people: list[Player], room_id: str, rng: random.Random
) -> tuple[int, dict[str, Any], bool]:
    """Whoever owes a decision plays one of his legal lines: his seat, the clocks after, and
    whether he still owes one (his sitting goes on)."""
    socks = await sockets(people, room_id)
    try:
        mover = owing(socks)[0]
        assert mover.view is not None and mover.seat is not None
        line = rng.choice(mover.view["legal"])
        action = line if isinstance(line, dict) else {"type": "act", "text": line}
        ack = await mover.act({"type": "act", "id": uuid.uuid4().hex[:12], "action": action})
        assert ack["type"] == "ack", ack
        await mover.events_until(ack["version"])
        clocks = [frame for frame in mover.frames if frame["type"] in ("event", "welcome")][-1]["clocks"]
        return mover.seat, clocks, bool(mover.view.get("legal"))
    finally:
        await close(socks)


async def play_over_weeks(
    url: str,
    tmp_path: Path,
    game: str,
    players: int,
    days: int,
    moves: int,
    restart_every: int,
) -> None:
    """``moves`` actions; between two sittings (the next decision is another seat's) the
    clock moves half the allowance, within one an hour a line."""
    time = FileTime(tmp_path / "now")
    server = ServerProcess(url, time.path, **SWEEP)
    rows = Rows(url)
    rng = random.Random(27)
    await server.start()
    try:
        room_id, people = await seat_everyone(server, game, players, {"days": days})
        allowance = days * DAY
        started = time.now
        for move in range(moves):
            seat, clocks, sitting = await play_one(people, room_id, rng)
            assert clocks["turn_based"] is True and clocks["allowance"] == allowance
            assert all(0 < left <= allowance for left in clocks["remaining"]), clocks
            if not sitting and seat in clocks["running"]:  # a decision after another's
                assert clocks["remaining"][seat] == allowance
            stored = await rows.game(room_id)
            assert stored["status"] != "over", stored
            running = stored["clocks"]["running"]
            if running and stored["clocks"]["remaining"] is not None:  # the durable deadline
                since = stored["clocks"]["since"]
                flag = min(since + stored["clocks"]["remaining"][each] for each in running)
                assert stored["deadline"] is not None and stored["deadline"] <= flag
            time.advance(HOUR if sitting else allowance // 2)
            if move % restart_every == restart_every - 1:
                await server.restart()
        assert time.now - started >= 2 * 7 * DAY  # weeks went by

        # Nobody plays for longer than the allowance, and no server runs meanwhile.
        socks = await sockets(people, room_id)
        late = owing(socks)[0].seat
        claim = await socks[0].act({"type": "claim", "id": "claim-absence"})
        assert claim["type"] == "error" and "turn-based" in claim["message"], claim
        await close(socks)
        before = await rows.game(room_id)
        server.stop()
        time.advance(allowance + HOUR)
        await server.start()  # the sweeper fires the deadline that fell while none ran

        async def timed_out() -> list[int]:
            return await rows.timeouts(before["id"])

        assert await eventually(timed_out) == [late]
        after = await rows.game(room_id)
        assert after["status"] != "over" and after["version"] > before["version"]
        # The autopilot plays the seat from then on (its view says so) and the game goes on.
        socks = await sockets(people, room_id)
        view = socks[0].view
        assert view is not None and late in view["zombies"], view["zombies"]
        await close(socks)
        await server.restart()
        await asyncio.sleep(1.0)  # sweeps at start-up and after: nothing more falls
        assert await rows.timeouts(before["id"]) == [late]
        for person in people:
            await person.close()
    finally:
        server.stop()
        await rows.close()


@pytest.mark.heavy
async def test_a_three_seat_prohibition_over_weeks_with_restarts(sqlite_url: str, tmp_path: Path) -> None:
    """Three days per move; a sitting every day and a half, the server restarted every
    tenth move; then a seat runs out of days while no server runs: the autopilot takes it."""
    await play_over_weeks(sqlite_url, tmp_path, "prohibition", 3, 3, 30, 10)


@pytest.mark.heavy
async def test_a_five_seat_spies_over_weeks_with_restarts(sqlite_url: str, tmp_path: Path) -> None:
    """A week per move (a power's turn): a sitting every three and a half days, the server
    restarted every tenth move."""
    await play_over_weeks(sqlite_url, tmp_path, "spies", 5, 7, 30, 10)


@pytest.mark.slow
async def test_a_longer_five_seat_spies_with_a_restart_between_every_move(
    sqlite_url: str, tmp_path: Path
) -> None:
    await play_over_weeks(sqlite_url, tmp_path, "spies", 5, 2, 150, 1)


async def test_two_seats_running_out_of_days_is_a_loss_fired_at_start_up(
    sqlite_url: str, tmp_path: Path
) -> None:
    time = FileTime(tmp_path / "now")
    server = ServerProcess(sqlite_url, time.path, **SWEEP)
    rows = Rows(sqlite_url)
    await server.start()
    try:
        room_id, people = await seat_everyone(server, "spies", 2, {"days": 2})
        socks = await sockets(people, room_id)
        late = owing(socks)[0].seat
        assert late is not None
        # Away is normal: the other seat's page gets no claim and no grace period.
        welcome = [frame for frame in socks[1 - late].frames if frame["type"] == "welcome"][-1]
        assert welcome["room"]["turn_based"] is True and welcome["room"]["grace_seconds"] is None
        assert welcome["room"]["time_control"] == {"days": 2}
        await close(socks)
        game = await rows.game(room_id)
        assert game["deadline"] == game["clocks"]["since"] + 2 * DAY
        server.stop()
        time.advance(2 * DAY)
        await server.start()

        async def over() -> dict[str, Any] | None:
            stored = await rows.game(room_id)
            return stored if stored["status"] == "over" else None

        stored = await eventually(over)
        assert stored["result"] == {"outcome": "win", "reason": "timeout", "winner": 1 - late}
        assert await rows.timeouts(game["id"]) == [late] and stored["deadline"] is None
        for person in people:
            await person.close()
    finally:
        server.stop()
        await rows.close()


@pytest.mark.postgres
async def test_two_processes_on_one_postgres_fire_a_deadline_once(pg_url: str, tmp_path: Path) -> None:
    """Both processes sweep every twentieth of a second; the ``seq`` guard of the commit lets
    one of them fire each deadline. Eight two-seat games fall due at the same instant (with
    the three-seat game's first seat), then the three-seat game's next seat: each exactly
    once (the processes' own count of commits the guard refused is printed)."""
    time = FileTime(tmp_path / "now")
    first = ServerProcess(pg_url, time.path, SPEAKEASY_SWEEP_SECONDS="0.05")
    second = ServerProcess(pg_url, time.path, SPEAKEASY_SWEEP_SECONDS="0.05")
    rows = Rows(pg_url)
    await first.start()
    await second.start()
    try:
        # Eight two-seat rooms whose deadlines fall at the same instant, half made through
        # each process: both sweeps meet them together.
        pairs = [await seat_everyone((first, second)[n % 2], "spies", 2, {"days": 1}) for n in range(8)]
        room_id, people = await seat_everyone(first, "spies", 3, {"days": 1})
        game = await rows.game(room_id)
        for rounds in range(1, 3):

            async def waiting() -> dict[str, Any] | None:
                """The game once a person's clock runs (the autopilot has played its part)."""
                stored = await rows.game(room_id)
                return stored if stored["deadline"] is not None and stored["deadline"] > time.now else None

            time.advance((await eventually(waiting))["deadline"] - time.now)  # due in both at once

            async def fired(count: int = rounds) -> list[int] | None:
                seats = await rows.timeouts(game["id"])
                return seats if len(seats) >= count else None

            await eventually(fired)
            await asyncio.sleep(0.5)  # both have swept again meanwhile
            seats = await rows.timeouts(game["id"])
            assert len(seats) == rounds and len(set(seats)) == rounds, seats
        stored = await rows.game(room_id)
        query = text(
            "SELECT first_version, last_version FROM game_actions WHERE game_id = :g ORDER BY first_version"
        )
        async with rows.engine.connect() as conn:
            spans = [(row[0], row[1]) for row in await conn.execute(query, {"g": game["id"]})]
        versions = [version for low, high in spans for version in range(low, high + 1)]
        assert versions == list(range(1, stored["version"] + 1))  # no version applied twice
        for pair_room, pair in pairs:  # each lost on time, once
            stored = await rows.game(pair_room)
            assert stored["status"] == "over" and stored["result"]["reason"] == "timeout", stored
            assert len(await rows.timeouts(stored["id"])) == 1
            for person in pair:
                await person.close()
        # How often a process lost the race (its commit refused by the seq guard), for the record.
        lost = 0.0
        for process in (first, second):
            async with httpx.AsyncClient() as client:
                text_ = (await client.get(f"{process.base}/metrics")).text
            lost += sum(
                float(line.split()[-1])
                for line in text_.splitlines()
                if line.startswith("speakeasy_conflicts_total")
            )
        print(
            f"two processes, {len(seats) + len(pairs)} deadlines fired once each; commits refused: {lost:.0f}"
        )
        for person in people:
            await person.close()
    finally:
        first.stop()
        second.stop()
        await rows.close()


async def test_a_bot_owing_a_move_when_the_server_stopped_plays_it_at_start_up(
    sqlite_url: str, tmp_path: Path
) -> None:
    """The process that was thinking a bot's move stopped: the next one to start asks the
    bot again, with nobody opening the room (a turn-based game is seldom open, and the
    others get no "your turn" while a bot owes the move). The stall is made exactly: the
    chair that owes the first decision becomes a bot while no server runs."""
    time = FileTime(tmp_path / "now")
    server = ServerProcess(sqlite_url, time.path, **SWEEP)
    rows = Rows(sqlite_url)
    await server.start()
    try:
        room_id, people = await seat_everyone(server, "prohibition", 3, {"days": 3})
        socks = await sockets(people, room_id)
        [owing_seat] = [sock.seat for sock in owing(socks)]
        await close(socks)
        before = await rows.game(room_id)
        server.stop()
        async with rows.engine.begin() as conn:
            await conn.execute(
                text(
                    "UPDATE room_seats SET guest_id = NULL, bot_level = 'easy'"
                    " WHERE room_id = :room AND slot = :slot"
                ),
                {"room": room_id, "slot": owing_seat},  # the first game's seats are its chairs
            )
        await server.start()

        async def moved() -> bool:
            return bool((await rows.game(room_id))["version"] > before["version"])

        assert await eventually(moved)
        assert await rows.timeouts(before["id"]) == []  # the bot played; nothing ran out
        for person in people:
            await person.close()
    finally:
        server.stop()
        await rows.close()
