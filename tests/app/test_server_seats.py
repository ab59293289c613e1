"""Rooms of three and four seats (issue 10, through Prohibition): people and bots in one
room to the end of a game, a spectator, the fairness commitments, and what leaving means
with more than two seats (the game's autopilot plays the seat; it cannot win)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import pytest
from conftest import Server
from server_harness import Player, Socket, token_of

from engine.catalogue import entry

PROHIBITION = "prohibition"


async def _drive(
    people: list[Socket], until: Any, limit_s: float = 90, readers: list[Socket] | None = None
) -> int:
    """Each person plays a legal action, drawn from a fixed seed, whenever his view offers
    one, until ``until()``; the bots play through the server; ``readers`` (the people by
    default) keep reading their frames meanwhile. Returns how many actions the people sent.
    (People who always played the first legal action made some games run past 3,000
    versions without ending.)"""
    choose = random.Random(7).choice
    loop = asyncio.get_running_loop()
    end = loop.time() + limit_s
    sent = 0
    while not until():
        assert loop.time() < end, "the game did not finish in time: " + ", ".join(
            f"seat {sock.seat} at version {sock.last_version}, legal {(sock.view or {}).get('legal')}"
            for sock in people
        )
        acted = False
        for sock in people:
            view = sock.view or {}
            legal = view.get("legal") or []
            if legal and view.get("result") is None:
                ack = await sock.act(
                    {"type": "act", "id": f"p{sent}", "action": {"type": "act", "text": choose(legal)}}
                )
                assert ack["type"] in ("ack", "error"), ack
                sent += 1
                acted = True
        if not acted:
            for sock in people if readers is None else readers:
                with contextlib.suppress(TimeoutError):
                    await sock.recv_any(timeout=0.05)
    return sent


def _over(sock: Socket) -> bool:
    return bool(sock.view and sock.view.get("result"))


async def test_three_seats_people_and_a_bot_play_to_the_end(server: Server) -> None:
    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room(game=PROHIBITION, players=3, bots=[None, "easy"])
    assert room["invite_url"] is not None
    claimed = await bob.claim(room["invite_url"])
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert (await carol.claim(room["invite_url"])).status_code == 409  # every chair taken
    sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
    watcher = await carol.connect(room["room_id"], watch=token_of(room["watch_url"]))
    welcome = sa.frames[-1]
    assert welcome["game"]["name"] == PROHIBITION and welcome["game"]["players"] == 3
    assert welcome["room"]["bots"] == [None, None, "easy"] and len(welcome["presence"]["seats"]) == 3
    assert welcome["fairness"]["seed_commitment"] and welcome["fairness"]["seed"] is None
    # The spectator reads as he goes: a socket left unread for the whole game (40 s and more
    # on a loaded machine) was closed by its own client's keepalive before the end.
    await _drive([sa, sb], lambda: _over(sa) and _over(sb), readers=[sa, sb, watcher])
    result = sa.view["result"]  # type: ignore[index]
    assert len(result["scores"]) == 3 and result["winners"]
    await watcher.events_until(sa.last_version or 0)
    assert watcher.view is not None and watcher.view["result"] == result
    revealed = next((f for f in reversed(sa.frames) if f["type"] == "fairness"), None)
    while revealed is None or revealed["seed"] is None:  # sent right after the last event
        revealed = await sa.recv("fairness", skip=("presence", "offers", "event", "ack"))
    assert revealed["seed"] and revealed["state_commitment"]
    record = (await alice.http.get(f"/api/games/{sa.game_id}/record.json")).json()
    assert record["seed"] == revealed["seed"] and record["state_commitment"] == revealed["state_commitment"]
    assert entry(PROHIBITION).verify(record) == []


class _FallenOver:
    """A bot that falls over at every decision, and counts them."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, view: dict[str, Any], level: str, seed: int, budget: float | None) -> dict[str, Any]:
        self.calls += 1
        raise RuntimeError("the bot fell over")


async def test_a_bot_that_cannot_decide_is_played_for(server: Server) -> None:
    """A bot that falls over has its seat play the game's default for the decision, or
    (Prohibition's "skip" is taken only after a timeout) one of its legal actions: the game
    goes on although the test's clock never moves, so no timeout ever plays for the bot."""
    bot = _FallenOver()
    server.bot_decides_with(PROHIBITION, bot)
    alice, bob = server.player(), server.player()
    room = await alice.create_room(game=PROHIBITION, players=3, bots=[None, "easy"])
    await bob.claim(room["invite_url"])
    sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
    await _drive([sa, sb], lambda: bot.calls >= 40 or _over(sa), limit_s=60)
    assert sa.view is not None and (sa.last_version or 0) > 40


async def test_a_seat_that_resigns_with_four_seats_is_played_by_the_autopilot(server: Server) -> None:
    alice = server.player()
    room = await alice.create_room(game=PROHIBITION, players=4, bot="easy")
    assert room["invite_url"] is None  # every other chair is a bot
    sa = await alice.connect(room["room_id"])
    ack = await sa.act({"type": "resign", "id": "leave"})
    assert ack["type"] == "ack"
    await _drive([], lambda: _over(sa), limit_s=120, readers=[sa])  # bots and the autopilot finish
    result = sa.view["result"]  # type: ignore[index]
    assert result["withdrawn"] == [sa.seat] and sa.seat not in result["winners"]
    presence = next(f for f in reversed(sa.frames) if f["type"] in ("presence", "welcome"))
    seats = presence["seats"] if presence["type"] == "presence" else presence["presence"]["seats"]
    assert seats[sa.seat]["autopilot"] is True


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
async def test_a_flag_fall_with_three_seats_hands_the_seat_to_the_autopilot(server: Server) -> None:
    alice, bob = server.player(), server.player()
    room = await alice.create_room(
        game=PROHIBITION, players=3, bots=[None, "easy"], time_control={"initial": 30, "increment": 0}
    )
    await bob.claim(room["invite_url"])
    sa, sb = await alice.connect(room["room_id"]), await bob.connect(room["room_id"])
    # Play until one of the people owes a decision with his clock running, then let it fall.
    people = {sa.seat: sa, sb.seat: sb}
    loop = asyncio.get_running_loop()
    end = loop.time() + 90
    sent = 0
    while True:
        assert loop.time() < end, "no person's clock ever ran"
        frames = [f for sock in people.values() for f in sock.frames if f["type"] in ("event", "welcome")]
        clocks = max(frames, key=lambda f: f["clocks"]["server_now"] * 10**6 + f.get("version", 0))["clocks"]
        waiting = [seat for seat in clocks["running"] if seat in people]
        if waiting:
            break
        owing = [sock for sock in people.values() if (sock.view or {}).get("legal")]
        if owing:
            text = owing[0].view["legal"][0]  # type: ignore[index]
            await owing[0].act({"type": "act", "id": f"w{sent}", "action": {"type": "act", "text": text}})
            sent += 1
            continue
        for sock in people.values():
            with contextlib.suppress(TimeoutError):
                await sock.recv_any(timeout=0.05)
    flagged = waiting[0]
    server.clock.advance(31_000)
    playing = [people[seat] for seat in people if seat != flagged]
    await _drive(playing, lambda: _over(sa), limit_s=120, readers=[sa, *playing])
    result = sa.view["result"]  # type: ignore[index]
    assert flagged in result["withdrawn"] and flagged not in result["winners"]


async def test_room_bodies_are_checked_against_the_catalogue(server: Server) -> None:
    alice: Player = server.player()
    for body, words in (
        ({"game": "chess"}, "no game named"),
        ({"game": PROHIBITION, "players": 5}, "2 to 4 players"),
        ({"game": PROHIBITION, "preset": "speakeasy"}, "no preset"),
        ({"game": PROHIBITION, "players": 3, "bots": ["easy"]}, "seats 1 to players-1"),
        ({"game": PROHIBITION, "bot": "grandmaster"}, "bot levels"),
    ):
        refused = await alice.http.post("/api/rooms", json=body)
        assert refused.status_code == 422 and words in refused.json()["detail"]["message"], refused.text
    catalogue = (await alice.http.get("/api/catalogue")).json()
    names = [game["name"] for game in catalogue]
    assert "speakeasy" in names and PROHIBITION in names
    assert all(game["client_module"].startswith("/static/games/") for game in catalogue)


async def test_an_abort_before_the_first_move_reaches_every_seat(server: Server) -> None:
    """An abort ends a Prohibition game with an event, so every page learns it (the game used
    to end in the database only, and the pages stayed in setup)."""
    alice, bob, carol = server.player(), server.player(), server.player()
    room = await alice.create_room(game=PROHIBITION, players=3)
    await bob.claim(room["invite_url"])
    await carol.claim(room["invite_url"])
    sockets = [await p.connect(room["room_id"]) for p in (alice, bob, carol)]
    answer = await sockets[0].act({"type": "abort", "id": "stop"})
    assert answer["type"] == "ack", answer
    for sock in sockets:
        await sock.events_until(answer["version"])
        assert sock.view is not None and sock.view["result"]["outcome"] == "aborted"
