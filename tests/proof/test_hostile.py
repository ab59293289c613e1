"""Hostile input: fuzzed and mutated socket frames, size limits and floods, schemathesis
against the OpenAPI schema, and every way of acting without the right.

What must hold: nothing crashes (the socket stays open unless a hard limit closes it with
the right code), every bad frame gets one clear ``error`` frame (every bad request a 4xx
``{"detail": {"code", "message"}}``), and the game is unchanged.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import server_harness as harness
from conftest import Server
from server_harness import Socket, Table, refused_socket, seat_two, tampered_cookie, token_of
from websockets.exceptions import ConnectionClosed

from app.errors import AppError
from app.identity import GuestCookies, new_guest_id, sign_guest
from app.ws.messages import Ping, parse
from engine.errors import GameError
from engine.speakeasy.rules import options_from
from engine.speakeasy.setup import parse_setup

ROOT = Path(__file__).resolve().parents[2]
UNLIMITED = {"max_frames_per_second": 1_000_000}
SQLITE = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

TEMPLATES: list[dict[str, Any]] = [
    {"type": "hello", "last_version": None},
    {"type": "ping"},
    {"type": "setup", "id": "s1", "position": "x"},
    {"type": "move", "id": "m1", "move": "a6-a7", "version": 3},
    {"type": "resign", "id": "r1"},
    {"type": "draw_offer", "id": "d1"},
    {"type": "draw_accept", "id": "d2"},
    {"type": "draw_decline", "id": "d3"},
    {"type": "abort", "id": "a1"},
    {"type": "claim", "id": "c1"},
    {"type": "rematch", "id": "x1"},
    {"type": "act", "id": "t1", "version": 3, "action": {"type": "move", "move": "a6-a7"}},
]
WEIRD: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**63,
    "",
    "x" * 3000,
    "\u0000",
    "💥" * 50,
    [],
    {},
    [[[]]],
    {"$ne": 1},
    "a6-a7",
    "0",
    "move",
    -(2**70),
    1e308,
]
RAW = [
    "[" * 5000 + "]" * 5000,  # deeper than any JSON parser recurses
    '{"type":"resign","id":' + "[" * 3000 + "]" * 3000 + "}",
    '{"type":"resign","id":1' + "0" * 5000 + "}",  # past Python's int digit limit
    '{"type":"move","id":"m","move":"a6-a7","version":NaN}',
    '{"type":"move","id":"m","move":"a6-a7","version":Infinity}',
    '{"type":"resign","id":"r","type":"teleport"}',
    '{"type":"resign","id":"\\ud800"}',
    "\ufeff{}",
    "",
    " ",
    "null",
    "{" * 8000,
    '{"type":"ping","x":"' + "y" * 20_000 + '"}',  # over 16 KiB, under the transport's 64 KiB
    '"' + "\\" * 9000 + '"',
]


def _mutate(rng: random.Random, message: dict[str, Any]) -> str:
    out = dict(message)
    for _ in range(rng.choice((1, 1, 2, 3))):
        op = rng.randrange(7)
        keys = list(out)
        if op == 0 and keys:
            out.pop(rng.choice(keys))
        elif op == 1:
            out[rng.choice(("seat", "slot", "guest", "x", "id2", "Type", ""))] = rng.choice(WEIRD)
        elif op == 2 and keys:
            out[rng.choice(keys)] = rng.choice(WEIRD)
        elif op == 3:
            out["type"] = rng.choice(
                ("Move", " move", "move\u0000", "MOVE", "moves", "hello!", "pong", "ack")
            )
        elif op == 4:
            return json.dumps(rng.choice(WEIRD))
        elif op == 5:
            text = json.dumps(out)
            cut = rng.randrange(len(text) + 1)
            return (
                text[:cut] + rng.choice(("", "}", ",", '"', "\\", "\u2028")) + text[cut + rng.randrange(3) :]
            )
        else:
            out["id"] = rng.choice(("x" * 65, 5, None, ["a"], "ok"))
    return json.dumps(out)


def fuzz_frames(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    frames = list(RAW)
    while len(frames) < count:
        roll = rng.random()
        if roll < 0.7:
            frames.append(_mutate(rng, rng.choice(TEMPLATES)))
        elif roll < 0.85:
            frames.append("".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 200))))
        else:
            frames.append(json.dumps(_random_json(rng, 4)))
    return frames


def _random_json(rng: random.Random, depth: int) -> Any:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(WEIRD)
    if rng.random() < 0.5:
        return [_random_json(rng, depth - 1) for _ in range(rng.randrange(4))]
    return {
        rng.choice(("type", "id", "move", "version", "k")): _random_json(rng, depth - 1) for _ in range(3)
    }


def expected(text: str) -> str:
    """What the server must answer: ``pong``, ``skip`` (a valid message: not fuzz), or
    the error code."""
    if len(text.encode()) > 16 * 1024:
        return "too_large"
    try:
        message = parse(text)
    except AppError:
        return "bad_message"
    return "pong" if isinstance(message, Ping) else "skip"


async def _answer(socket: Socket) -> dict[str, Any]:
    return await socket.recv(skip=("presence",), timeout=10)


async def _snapshot(table: Table, server: Any) -> list[Any]:
    """What the game is, from a fresh socket of each player (welcome, no history cut)."""
    out = []
    for player in table.players:
        sock = await player.connect(table.room["room_id"])
        out.append((sock.last_version, sock.game_id, sock.view))
        await sock.close()
    return out


def _clear_error(frame: dict[str, Any], codes: set[str]) -> None:
    assert frame["type"] == "error", frame
    assert set(frame) == {"type", "id", "code", "message"}, frame
    assert frame["code"] in codes, frame
    assert isinstance(frame["message"], str) and 0 < len(frame["message"]) <= 300, frame


# -- the socket: fuzzed frames ------------------------------------------------------------
@SQLITE
@pytest.mark.parametrize("settings_overrides", [UNLIMITED])
async def test_fuzzed_frames_get_clear_errors_and_change_nothing(server: Server) -> None:
    table = await seat_two(server, time_control={"initial": 600, "increment": 2})
    sa, sb = table.sockets
    # Setup phase: mutated setups the engine refuses.
    rng = random.Random(5)
    real = await table.players[0].random_setup("s")
    options = options_from({"preset": "speakeasy"})
    sent = 0
    for _ in range(60):
        chars = list(real)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice("sSnN12345678KBFx?./ 0")
        text = "".join(chars)
        try:
            parse_setup(text, 0, options)
            continue  # still a legal setup: not fuzz
        except (GameError, ValueError):
            pass
        await sa.send({"type": "setup", "id": f"f{sent}", "position": text})
        _clear_error(await _answer(sa), {"illegal", "bad_message"})
        sent += 1
    assert sent >= 40
    await table.setups()
    for _ in range(3):
        await table.move()
    before = await _snapshot(table, server)
    counts: dict[str, int] = {}
    for index, text in enumerate(fuzz_frames(seed=11, count=400)):
        want = expected(text)
        if want == "skip":
            continue
        socket = (sa, sb)[index % 2]
        await socket.send(text)
        frame = await _answer(socket)
        counts[want] = counts.get(want, 0) + 1
        if want == "pong":
            assert frame == {"type": "pong"}
        else:
            _clear_error(frame, {want})
    # Schema-valid moves that are not moves of this game.
    mover = table.mover()
    legal = set(mover.view["legal"])  # type: ignore[index]
    for index in range(60):
        text = rng.choice(("a6-a7", "e12-a1", "zz-zz", "a0-a13", "c4-c4", "-", "a6a7", "A6-A7", "a6-a7 "))
        if index % 3 == 0:
            text = f"{rng.choice('abcde')}{rng.randint(1, 12)}-{rng.choice('abcde')}{rng.randint(1, 12)}"
        if text.strip() in legal:  # the engine forgives surrounding spaces
            continue
        socket = (sa, sb)[index % 2]
        await socket.send({"type": "move", "id": f"q{index}", "move": text, "version": table.version})
        _clear_error(await _answer(socket), {"illegal", "not_your_turn"})
    assert counts.get("bad_message", 0) >= 250 and counts.get("too_large", 0) >= 1
    for socket in (sa, sb):  # both sockets still open and answering
        await socket.send({"type": "ping"})
        assert (await _answer(socket))["type"] == "pong"
    assert await _snapshot(table, server) == before
    await table.move()  # and the game goes on


# -- size limits and floods ---------------------------------------------------------------
@SQLITE
async def test_frame_size_limits(server: Server) -> None:
    table = await seat_two(server)
    sa, sb = table.sockets
    before = await _snapshot(table, server)
    pad = '{"type":"ping","x":"' + "a" * (16 * 1024 - 22) + '"}'
    assert len(pad.encode()) == 16 * 1024
    await sa.send(pad)  # at the limit: parsed (and refused for its extra field)
    _clear_error(await _answer(sa), {"bad_message"})
    await sa.send(pad[:-2] + 'a"}')  # one byte over
    _clear_error(await _answer(sa), {"too_large"})
    await sa.send('{"type":"ping","x":"' + "€" * 6000 + '"}')  # 6,000 characters, 18,000 bytes
    _clear_error(await _answer(sa), {"too_large"})
    # Past the transport's limit (64 KiB) the socket is closed with 1009, nothing else.
    await sb.connection.send("x" * 100_000)
    with pytest.raises(ConnectionClosed):
        while True:
            await sb.recv_any(timeout=5)
    assert sb.connection.close_code == 1009
    await sa.send({"type": "ping"})
    assert (await _answer(sa))["type"] == "pong"
    assert await _snapshot(table, server) == before


@SQLITE
async def test_rate_limit_is_per_connection_and_recovers(server: Server) -> None:
    """The default limit (20 frames/s, bursts of 20): a flood of 300 frames is mostly
    refused with ``rate_limited``; the other connection is still answered, not limited; a
    second later the flooder may act again."""
    table = await seat_two(server)
    await table.setups()
    flooder = table.by_seat(1 - table.mover().seat)  # type: ignore[operator]
    other = table.mover()
    # The frames sent so far (hello, setup) took tokens; a second refills the bucket, so
    # the flood starts from a full burst.
    await asyncio.sleep(1.1)
    started = time.perf_counter()
    for index in range(300):
        await flooder.send({"type": "draw_accept", "id": f"f{index}"})
    await other.send({"type": "ping"})
    assert (await other.recv("pong")) == {"type": "pong"}  # answered in the flood, not refused
    answers = [await flooder.recv(skip=("presence",)) for _ in range(300)]
    elapsed = time.perf_counter() - started
    limited = sum(1 for frame in answers if frame.get("code") == "rate_limited")
    refused = sum(1 for frame in answers if frame.get("code") == "illegal")  # no offer to accept
    assert limited + refused == 300
    # A burst of 20, then 20 a second for as long as the flood lasted.
    assert 20 <= refused <= 20 + 20 * elapsed + 2, (refused, elapsed)
    assert limited > 0
    await asyncio.sleep(1.1)
    ack = await other.act(
        {"type": "move", "id": "after", "move": other.view["legal"][0], "version": other.last_version}  # type: ignore[index]
    )
    assert ack["type"] == "ack"
    await table.sync()
    ok = await flooder.act({"type": "draw_offer", "id": "calm"})
    assert ok["type"] == "ack"


# -- authorization ------------------------------------------------------------------------
async def test_authorization_refusals(server: Server) -> None:
    table = await seat_two(server)
    await table.setups()
    room_id = table.room["room_id"]
    alice, bob = table.players
    mover, waiter = table.mover(), table.by_seat(1 - table.mover().seat)  # type: ignore[operator]
    before = await _snapshot(table, server)
    ws_base = server.base.replace("http://", "ws://")

    # Acting for the other seat: the seat is never taken from the payload...
    for extra in ({"seat": mover.seat}, {"side": "sn"[mover.seat or 0]}, {"slot": 0}, {"guest": "x"}):
        await waiter.send({"type": "resign", "id": "as-other", **extra})
        _clear_error(await _answer(waiter), {"bad_message"})
    # ... so the waiter cannot move the mover's pieces, nor his own out of turn.
    await waiter.send({"type": "move", "id": "w1", "move": mover.view["legal"][0], "version": table.version})  # type: ignore[index]
    _clear_error(await _answer(waiter), {"not_your_turn"})

    # Replaying someone else's credentials.
    mallory = server.player()
    await mallory.http.get("/api/catalogue")
    forged = sign_guest("another-secret-of-16+chars", alice.cookie.split(".")[0])  # type: ignore[union-attr]
    tampered = tampered_cookie(alice.cookie)  # type: ignore[arg-type]
    for cookie in (forged, tampered, mallory.cookie, "", "x" * 500):
        frame, code = await refused_socket(f"{ws_base}/ws/rooms/{room_id}", cookie)
        assert frame["code"] == "not_player" and code == 1008
    claim = await mallory.claim(table.room["invite_url"])  # the invite, replayed after Bob used it
    assert claim.status_code == 409 and claim.json()["detail"]["code"] == "room_full"
    spy = await mallory.connect(
        room_id, watch=token_of(table.room["watch_url"])
    )  # the watch link: a spectator
    assert spy.seat is None and "legal" in spy.view and spy.view["legal"] == []  # type: ignore[operator]
    for kind in ("resign", "draw_offer", "abort", "claim", "rematch"):
        await spy.send({"type": kind, "id": f"spy-{kind}"})
        _clear_error(await _answer(spy), {"not_player"})
    await spy.send({"type": "move", "id": "spy-move", "move": "a6-a7", "version": table.version})
    _clear_error(await _answer(spy), {"not_player"})
    # A watch link of this room does not open another room, nor another room's invite this one.
    other_room = await mallory.create_room()
    frame, code = await refused_socket(
        f"{ws_base}/ws/rooms/{other_room['room_id']}?watch={token_of(table.room['watch_url'])}", bob.cookie
    )
    assert frame["code"] == "forbidden" and code == 1008
    frame, code = await refused_socket(
        f"{ws_base}/ws/rooms/{room_id}?watch={token_of(other_room['invite_url'])}", mallory.cookie
    )
    assert frame["code"] == "forbidden" and code == 1008
    # This full room's own invite link watches it, as its watch link does: a spectator, no more.
    late = await mallory.connect(room_id, watch=token_of(table.room["invite_url"]))
    assert late.seat is None and late.view["legal"] == []  # type: ignore[index]
    await late.send({"type": "resign", "id": "late-resign"})
    _clear_error(await _answer(late), {"not_player"})
    # Alice in another room's socket holds no seat there; a hello naming another game
    # gets this room's game.
    frame, code = await refused_socket(f"{ws_base}/ws/rooms/{other_room['room_id']}", alice.cookie)
    assert frame["code"] == "not_player"
    other_game = (await mallory.http.get(f"/api/rooms/{other_room['room_id']}")).json()["game_id"]
    probe = await alice.connect(room_id, hello=False)
    hello = await probe.hello(last_version=0, game_id=other_game)
    assert hello["type"] == "welcome" and hello["game_id"] == mover.game_id

    # Only the creator re-issues the invite; no HTTP route acts on a game.
    for who in (bob, mallory):
        response = await who.http.post(f"/api/rooms/{room_id}/invite")
        assert response.status_code == 403 and response.json()["detail"]["code"] == "forbidden"
    record = await mallory.http.get(f"/api/games/{mover.game_id}/record")
    assert record.status_code == 409 and record.json()["detail"]["code"] == "not_over"
    assert await _snapshot(table, server) == before

    # Moving (or anything) in a finished game.
    resigned = await mover.act({"type": "resign", "id": "bye"})
    assert resigned["type"] == "ack"
    await table.sync()
    after = await _snapshot(table, server)
    for sock in (mover, waiter):
        for kind in ("resign", "draw_offer", "draw_accept", "abort", "claim"):
            await sock.send({"type": kind, "id": f"late-{kind}"})
            _clear_error(await _answer(sock), {"game_over"})
        await sock.send({"type": "move", "id": "late-move", "move": "a6-a7", "version": sock.last_version})
        _clear_error(await _answer(sock), {"game_over"})
    assert await _snapshot(table, server) == after


def test_a_tampered_cookie_never_proves_its_guest() -> None:
    """The tampering used above is refused whatever the signature ends with. A signature is
    32 bytes in 43 base64 characters, so its last character has 16 canonical values and
    carries 4 bits; changing only that character (as this suite once did) left the
    signature's bytes unchanged for 1 cookie in 16: Alice's own cookie, served instead of
    refused, and the refusal test waited 10 s for a frame that never came."""
    cookies = GuestCookies(harness.SECRET)
    endings: dict[str, str] = {}
    while len(endings) < 16:
        cookie = cookies.issue(new_guest_id())
        endings.setdefault(cookie[-1], cookie)
    for cookie in endings.values():
        assert cookies.guest_id(cookie) is not None
        tampered = tampered_cookie(cookie)
        assert tampered != cookie and len(tampered) == len(cookie)
        assert cookies.guest_id(tampered) is None, (cookie, tampered)


async def test_guessing_invite_and_watch_tokens(server: Server) -> None:
    alice, guesser = server.player(), server.player()
    room = await alice.create_room()
    invite, watch = token_of(room["invite_url"]), token_of(room["watch_url"])
    rng = random.Random(3)
    guesses = [secrets.token_urlsafe(24) for _ in range(150)]
    guesses += [invite[:-1] + c for c in "AbZ09-_" if invite[:-1] + c != invite]  # one character off
    guesses += [invite.upper(), invite.lower(), invite + "=", invite[:16], watch, "", "%00", "../rooms"]
    guesses += ["".join(rng.choice("ab") for _ in range(32)), "a" * 5000]
    for guess in guesses:
        # A token of the wrong shape is a bad request (422); one of the right shape is unknown.
        claimed = await guesser.http.post(f"/api/invites/{guess}/claim")
        assert claimed.status_code in (404, 405, 422), (guess, claimed.status_code)
        if claimed.headers["content-type"].startswith("application/json"):
            assert claimed.json()["detail"]["code"] in ("not_found", "bad_request", "method_not_allowed")
        watched = await guesser.http.get(f"/api/watch/{guess}")
        if guess == watch:  # the watch link opens the watch page, and only that
            assert watched.json() == {"room_id": room["room_id"]}
            continue
        assert watched.status_code in (404, 405, 422), (guess, watched.status_code)
    summary = (await alice.http.get(f"/api/rooms/{room['room_id']}")).json()
    assert summary["seats_taken"] == [True, False]


# -- the HTTP API: schemathesis -----------------------------------------------------------
@pytest.fixture
def served_process(tmp_path: Path, sqlite_template: Path) -> Any:
    """``python -m app serve`` on its own SQLite database, production settings."""
    url = harness.sqlite_copy(sqlite_template, tmp_path)
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SPEAKEASY_SECRET": harness.SECRET,
        "SPEAKEASY_ENV": "production",
        "SPEAKEASY_LOG_LEVEL": "WARNING",
    }
    env.pop("REDIS_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(harness.START_POLLS):
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise RuntimeError(proc.stderr.read() if proc.stderr else "server exited")
        time.sleep(0.1)
    yield base, proc
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if proc.stderr is not None:
        proc.stderr.close()  # else the pipe is reported unclosed in whichever test runs next


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_schemathesis_http_api(served_process: Any, tmp_path: Path) -> None:
    """Every operation of the OpenAPI schema, with valid and invalid data (coverage,
    fuzzing and stateful phases): no 5xx, invalid data refused, every answer as documented."""
    base, proc = served_process
    st = Path(sys.executable).with_name("st")
    result = subprocess.run(
        [
            str(st),
            "run",
            f"{base}/openapi.json",
            "--checks",
            "not_a_server_error,negative_data_rejection,content_type_conformance,"
            "response_schema_conformance,status_code_conformance",
            "--max-examples",
            "40",
            "--seed",
            "20261122",
            "--generation-database",
            "none",
            "--no-color",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    tail = result.stdout[-4000:]
    assert result.returncode == 0, tail
    assert "generated" in tail and ", 0 found" not in tail
    assert proc.poll() is None, "the server died"
