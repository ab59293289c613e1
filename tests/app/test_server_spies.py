"""Spies! on the platform: room options, decision limits (response windows, negotiation
periods) that the server runs beside the clocks, and private chat opened by the rules.

The server names no game: these tests play Spies! because it is the game that needs the
platform's limits and private channels, through the same sockets as any game.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from conftest import Server
from server_harness import Socket

from app.clocks import GameClocks
from app.games.commands import due, limits, next_deadline
from app.games.runtime import LoadedGame
from engine.catalogue import entry
from engine.spies.game import WINDOWS

NOW = 1_700_000_000_000


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    return {"max_frames_per_second": 1000, "chat_lines_per_second": 1000}


SHORT = {"last_year": 1933, "negotiation_pregame": 30, "negotiation_yearly": 0, "response_timeout": 20}


async def _two_seats(server: Server, **options: Any) -> tuple[list[Socket], dict[str, Any]]:
    alice, bob = server.player(), server.player()
    room = await alice.create_room(game="spies", players=2, options=options, setup_seconds=None)
    assert (await bob.claim(room["invite_url"])).status_code == 200
    socks = [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])]
    return socks, room


async def _say(sock: Socket, channel: str, text: str, action_id: str) -> dict[str, Any]:
    await sock.send({"type": "chat", "id": action_id, "channel": channel, "text": text})
    return await sock.recv("ack", "error", skip=("presence", "offers", "event", "chat", "welcome"))


def _last_event(sock: Socket) -> dict[str, Any]:
    return [frame for frame in sock.frames if frame["type"] == "event"][-1]


def _by_seat(socks: list[Socket]) -> dict[int, Socket]:
    return {sock.seat: sock for sock in socks if sock.seat is not None}


async def _settle(socks: list[Socket], version: int) -> None:
    for sock in socks:
        await sock.events_until(version)


async def _play_first_legal_until(socks: list[Socket], kind: str) -> None:
    """Every seat that owes a decision plays its first listed line until the table waits on
    a decision of ``kind``."""
    seats = _by_seat(socks)
    for step in range(500):
        view = socks[0].view
        assert view is not None
        decision = view["decision"]
        if decision is not None and decision["kind"] == kind:
            return
        assert decision is not None, "the game ended first"
        seat = decision["seats"][0]
        mine = seats[seat].view
        assert mine is not None and mine["legal"], mine
        ack = await seats[seat].act(
            {"type": "act", "id": f"a{step}", "action": {"type": "act", "text": mine["legal"][0]}}
        )
        assert ack["type"] == "ack", ack
        await _settle(socks, ack["version"])
    raise AssertionError(f"no {kind} decision in 500 steps")


async def test_room_options_are_checked_by_the_game_and_shown(server: Server) -> None:
    host = server.player()
    refused = await host.http.post(
        "/api/rooms", json={"game": "spies", "players": 3, "options": {"last_year": 1920}}
    )
    assert refused.status_code == 422 and "last_year" in refused.text
    unknown = await host.http.post(
        "/api/rooms", json={"game": "spies", "players": 3, "options": {"colour": "red"}}
    )
    assert unknown.status_code == 422 and "colour" in unknown.text
    bidding = await host.http.post(
        "/api/rooms", json={"game": "spies", "players": 3, "options": {"russia_control": "bidding"}}
    )
    assert bidding.status_code == 422 and "bidding" in bidding.text
    control = await host.http.post(
        "/api/rooms", json={"game": "spies", "players": 3, "options": {"x": "a\x00"}}
    )
    assert control.status_code == 422
    room = await host.create_room(game="spies", players=3, options=SHORT)
    summary = (await host.http.get(f"/api/rooms/{room['room_id']}")).json()
    assert summary["options"] == SHORT
    sock = await host.connect(room["room_id"])
    assert sock.view is not None
    assert sock.view["options"]["last_year"] == 1933 and sock.view["options"]["response_timeout"] == 20


async def test_a_negotiation_period_ends_at_its_length_and_opens_private_chat(server: Server) -> None:
    socks, _room = await _two_seats(server, **SHORT)
    first = _by_seat(socks)[0]
    refused = await _say(first, "seat:1", "psst", "c0")
    assert refused["type"] == "error" and refused["code"] == "illegal" and "not open" in refused["message"]
    assert first.frames[0]["talk"] == []
    await _play_first_legal_until(socks, "ready")
    event = _last_event(first)
    assert event["talk"] == [1]
    limits = event["clocks"]["limits"]
    opened = server.clock.now_ms()
    assert limits == {"0": opened + 30_000, "1": opened + 30_000}
    assert (await _say(first, "seat:1", "psst", "c1"))["type"] == "ack"
    # One seat is ready: the other's limit keeps its deadline (the same period).
    server.clock.advance(10_000)
    ready = first.view["legal"][0]  # type: ignore[index]
    ack = await first.act({"type": "act", "id": "r", "action": {"type": "act", "text": ready}})
    assert ack["type"] == "ack"
    await _settle(socks, ack["version"])
    assert _last_event(first)["clocks"]["limits"] == {"1": opened + 30_000}
    server.clock.advance(20_000)
    start = ack["version"] + 1
    events = await first.events_until(start + 1)
    texts = [frame["event"]["a"] for frame in events]
    assert texts[0] == "= expired 2" and texts[1].endswith(" ready"), texts
    await _settle(socks, events[-1]["head"])
    view = first.view
    assert view is not None and view["decision"]["kind"] == "place"  # setup goes on (6)
    assert _last_event(first)["talk"] == [] and _last_event(first)["clocks"]["limits"] == {}
    closed = await _say(first, "seat:1", "still there?", "c2")
    assert closed["type"] == "error" and closed["code"] == "illegal"


async def test_private_chat_always_is_an_option(server: Server) -> None:
    socks, _room = await _two_seats(server, private_chat="always", **SHORT)
    first = _by_seat(socks)[0]
    assert first.frames[0]["talk"] == [1]
    assert (await _say(first, "seat:1", "hello", "c"))["type"] == "ack"


def _window_game(players: int = 3) -> tuple[LoadedGame, int]:
    """A 3-seat Spies! game waiting on a response window (a search, a chit response...) in a
    timed game whose clocks run; the seat that owes it."""
    rules = entry("spies").game
    state = rules.new_game(
        "ab" * 32, {"response_timeout": 20, "negotiation_pregame": 0, "negotiation_yearly": 0}, players
    )
    chooser = random.Random(7)
    for _ in range(20_000):
        decision = state.decision
        if decision is not None and decision["kind"] in WINDOWS and rules.is_started(state):
            break
        seat = min(rules.actors(state))
        state = rules.apply(state, seat, chooser.choice(rules.legal_actions(state, seat))).state
    else:
        raise AssertionError("no response window")
    [seat] = rules.actors(state)
    game = LoadedGame(
        id="g" * 32, room_id="room", game="spies", number=1, seed="ab" * 32, options={},
        seat_slots=tuple(range(players)), version=len(state.log), seq=1, state=state,
        clocks=GameClocks.fresh(players, 600_000, 0, None).start(frozenset({seat}), NOW),
        setup_seconds=None,
    )  # fmt: skip
    return replace(game, clocks=game.clocks.with_limits(limits(rules, state, (), NOW))), seat


def test_a_response_window_takes_its_default_when_its_limit_runs_out() -> None:
    game, seat = _window_game()
    assert game.clocks.limits == ((seat, f"w{game.state.window}", NOW + 20_000),)
    assert next_deadline(game) == NOW + 20_000
    assert due(game, NOW + 19_999) is None
    change = due(game, NOW + 20_000)
    assert change is not None
    assert change.entries[0].kind == "expire" and change.entries[0].action == {"type": "expire", "seat": seat}
    texts = [event.data["public"] for event in change.events]
    assert texts[0] == f"= expired {seat + 1}"
    assert texts[1] == entry("spies").game.default_action(game.state, seat)["text"]  # type: ignore[index]
    assert seat not in change.after.rules.withdrawn(change.after.state)  # the seat plays on


def test_a_flag_falling_before_the_window_ends_counts_as_the_whole_clock() -> None:
    game, seat = _window_game()
    remaining = list(game.clocks.remaining or ())
    remaining[seat] = 5_000
    game = replace(game, clocks=replace(game.clocks, remaining=tuple(remaining)))
    assert next_deadline(game) == NOW + 5_000
    change = due(game, NOW + 20_000)
    assert change is not None
    assert change.entries[0].kind == "withdraw" and change.entries[0].action["reason"] == "timeout"
    assert seat in change.after.rules.withdrawn(change.after.state)  # 3 seats: a zombie (16.4)
    assert all(entry.kind != "expire" for entry in change.entries)


async def test_clocks_run_from_setup_and_stop_in_negotiation_periods(server: Server) -> None:
    """Spies! has no separate setup phase: the seat owing the first placement is on its clock
    once every chair is taken; no clock runs in a negotiation period (17)."""
    alice, bob = server.player(), server.player()
    room = await alice.create_room(
        game="spies", players=2, options=SHORT, time_control={"initial": 600, "increment": 5}
    )
    first = await alice.connect(room["room_id"])
    assert first.frames[-1]["clocks"]["running"] == []  # nobody's clock before the table is full
    assert (await bob.claim(room["invite_url"])).status_code == 200
    socks = [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])]
    welcome = socks[0].frames[-1]
    assert welcome["clocks"]["running"] == welcome["view"]["decision"]["seats"] == [0]
    await _play_first_legal_until(socks, "ready")
    clocks = _last_event(socks[0])["clocks"]
    assert clocks["running"] == [] and set(clocks["limits"]) == {"0", "1"}


async def test_five_seats_with_four_bots_and_the_autopilot_play_to_the_end(server: Server) -> None:
    """A 5-seat room: four bot seats and a person who resigns at once; the autopilot plays
    his seat (16.4) and the bots play every decision, response windows included, through
    the command path, to the end of a game shortened to 1933."""
    host = server.player()
    room = await host.create_room(
        game="spies", players=5, options=SHORT, bots=["basic", "shrewd", "basic", "shrewd"]
    )
    sock = await host.connect(room["room_id"])
    assert (await sock.act({"type": "resign", "id": "r"}))["type"] == "ack"
    for _ in range(3000):
        if sock.view is not None and sock.view["result"] is not None:
            break
        await sock.recv(skip=("presence", "offers", "ack", "chat"), timeout=30)
    view = sock.view
    assert view is not None and view["result"] is not None, "the bots did not finish the game"
    assert view["result"]["withdrawn"] == [0]
    texts = [f["event"]["a"] for f in sock.frames if f["type"] == "event" and f["event"]]
    assert "= zombie 1" in texts
    assert sum(1 for t in texts if t.split(" ", 1)[0] in ("G", "I", "R", "F", "B")) > 50
    record = await host.http.get(f"/api/games/{sock.game_id}/record.json")
    assert record.status_code == 200
    assert entry("spies").verify(record.json()) == []
