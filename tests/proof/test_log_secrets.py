"""No token, cookie, invite or rejoin secret reaches a log line, at any level (issue 9).

A real ``python -m app serve`` process at DEBUG, with its stderr kept: a full game with a
spectator, invites (claimed, refused, re-issued), a rejoin, a resignation and a rematch,
then every secret the browsers held is searched for in everything the server logged.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
import server_harness as harness
from server_harness import Player, Table, token_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def debug_server(tmp_path: Path, sqlite_template: Path) -> Iterator[tuple[str, Path]]:
    url = harness.sqlite_copy(sqlite_template, tmp_path)
    log = tmp_path / "server.log"
    port = _free_port()
    env = {
        **os.environ,
        **harness.MANY_ROOMS_ENV,
        "DATABASE_URL": url,
        "SPEAKEASY_SECRET": harness.SECRET,
        "SPEAKEASY_ENV": "production",
        "SPEAKEASY_LOG_LEVEL": "DEBUG",
        "SPEAKEASY_LOG_JSON": "true",
    }
    env.pop("REDIS_URL", None)
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(port)], cwd=ROOT, env=env, stderr=out
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(harness.START_POLLS):
                try:
                    if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert proc.poll() is None, log.read_text()
                time.sleep(0.1)
            yield base, log
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_no_secret_reaches_a_log_line(debug_server: tuple[str, Path]) -> None:
    base, log = debug_server
    alice, bob, carol, mallory = (Player(base) for _ in range(4))
    try:
        room = await alice.create_room(time_control={"initial": 300, "increment": 0})
        held = {
            token_of(room["invite_url"]),
            token_of(room["watch_url"]),
            room["rejoin_secret"],
        }
        assert (
            await mallory.http.post(f"/api/invites/{token_of(room['watch_url'])}/claim")
        ).status_code >= 400
        claimed = await bob.claim(room["invite_url"])
        assert claimed.status_code == 200
        held.add(claimed.json()["rejoin_secret"])
        sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
        watcher = await carol.connect(room["room_id"], watch=token_of(room["watch_url"]))
        table = Table(room, [alice, bob], [sa, sb])
        await table.setups()
        for _ in range(4):
            await table.move()
        await watcher.events_until(table.version)
        # Bob's browser loses its cookie and takes his chair back with his secret.
        bob.http.cookies.clear()
        await bob.http.get("/api/catalogue")
        rejoined = await bob.http.post(
            f"/api/rooms/{room['room_id']}/rejoin", json={"secret": claimed.json()["rejoin_secret"]}
        )
        assert rejoined.status_code == 200, rejoined.text
        wrong = await mallory.http.post(f"/api/rooms/{room['room_id']}/rejoin", json={"secret": "x" * 24})
        assert wrong.status_code >= 400
        sb2 = await bob.connect(room["room_id"])
        ack = await sa.act({"type": "resign", "id": "bye"})
        assert ack["type"] == "ack"
        await sb2.events_until(ack["version"])
        for sock, action_id in ((sa, "again-a"), (sb2, "again-b")):
            await sock.send({"type": "rematch", "id": action_id})
        await watcher.recv("welcome", skip=("presence", "event", "offers"))
        reissued = await alice.http.post(f"/api/rooms/{room['room_id']}/invite")
        if reissued.status_code == 200:
            held.add(token_of(reissued.json()["invite_url"]))
        # Tokens also travel in the query strings and paths the log would show.
        for token in list(held):
            await mallory.http.get(f"/i/{token}?x={quote(token)}")
        for player in (alice, bob, carol, mallory):
            if player.cookie:
                held.add(player.cookie)
                held.update(part for part in player.cookie.split(".") if len(part) >= 12)
    finally:
        for player in (alice, bob, carol, mallory):
            await player.close()
    time.sleep(0.3)
    text = log.read_text()
    assert "WebSocket /ws/rooms/" in text, "the server logged no socket line: is DEBUG on?"
    leaks = sorted(secret for secret in held if len(secret) >= 12 and secret in text)
    assert not leaks, f"{len(leaks)} secret(s) in the log, e.g. {leaks[0][:6]}…"
