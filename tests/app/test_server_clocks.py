"""Clocks: the server is authoritative and reads only the injected clock."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from conftest import Server
from server_harness import seat_two

from app.clocks import GameClocks
from app.games.commands import earning


@pytest.fixture
def settings_overrides() -> dict[str, Any]:
    """A Spies! turn is many quick lines: no frame rate limit in this module."""
    return {"max_frames_per_second": 1000}


def test_game_clock_arithmetic() -> None:
    clocks = GameClocks.fresh(2, 60_000, 2_000, setup_deadline=5)
    started = clocks.start(frozenset({0}), 1_000)
    assert started.setup_deadline is None and started.running == {0}
    assert started.left(0, 11_000) == 50_000 and started.left(1, 11_000) == 60_000
    moved = started.run(frozenset({1}), 11_000, credit=frozenset({0}))
    assert moved.remaining == (52_000, 60_000) and moved.running == {1} and moved.since == 11_000
    assert moved.flag_deadline() == 71_000
    assert moved.flagged(70_999) == [] and moved.flagged(71_000) == [1]
    stopped = moved.stop(80_000)
    assert stopped.remaining == (52_000, 0) and stopped.running == frozenset()
    wire = moved.to_wire(21_000)
    assert wire == {
        "remaining": [52_000, 50_000],
        "running": [1],
        "setup_deadline": None,
        "limits": {},
        "server_now": 21_000,
    }
    assert GameClocks.from_json(moved.to_json(), None) == moved
    limited = moved.with_limits(((1, "w7", 30_000),))
    assert limited.to_wire(21_000)["limits"] == {"1": 30_000} and limited.limit_deadline() == 30_000
    assert GameClocks.from_json(limited.to_json(), None) == limited
    assert limited.stop(22_000).limits == ()
    untimed = GameClocks.fresh(2, None, 0, None)
    assert untimed.run(frozenset({1}), 5, frozenset({0})).flag_deadline() is None
    assert untimed.to_wire(5)["remaining"] is None


def test_the_next_seat_gets_the_playback_time_back() -> None:
    """What the browsers take to show the last action (a Flickago shot rolling for 744 ms)
    is given back to the seats owing the next decision, not to the one that acted."""
    clocks = GameClocks.fresh(2, 60_000, 0, None).start(frozenset({0}), 0)
    moved = clocks.run(frozenset({1}), 5_000, credit=frozenset({0}), playback=744)
    assert moved.remaining == (55_000, 60_744) and moved.running == {1}


def test_flickago_reports_a_shots_playback_time() -> None:
    from engine.flickago import FLICKAGO

    state = FLICKAGO.new_game("ab" * 32)
    seat = next(iter(FLICKAGO.actors(state)))
    shot = FLICKAGO.view(state, seat)["legal"][0] + " 900/700"
    events = FLICKAGO.apply(state, seat, {"type": "text", "text": shot}).events
    rolled = events[0].data["keyframes"][-1][0]
    assert FLICKAGO.playback_ms(events) == rolled > 0
    assert FLICKAGO.playback_ms(()) == 0


def test_several_clocks_run_at_once() -> None:
    """Three seats owe a decision at once (a simultaneous phase): all three clocks run, the
    first to reach zero falls first, and each seat that answers is charged only its own time."""
    clocks = GameClocks.fresh(3, 30_000, 1_000, None).start(frozenset({0, 1, 2}), 0)
    clocks = replace(clocks, remaining=(30_000, 10_000, 20_000))
    assert clocks.flag_deadline() == 10_000 and clocks.flagged(10_000) == [1]
    answered = clocks.run(frozenset({1, 2}), 4_000, credit=frozenset({0}))
    assert answered.remaining == (27_000, 6_000, 16_000) and answered.running == {1, 2}
    assert answered.left(0, 9_000) == 27_000 and answered.left(2, 9_000) == 11_000
    assert answered.flagged(20_000) == [1, 2]


async def test_moves_charge_time_and_flag_fall_ends_the_game(server: Server) -> None:
    table = await seat_two(server, time_control={"initial": 60, "increment": 2})
    await table.setups()
    sa = table.sockets[0]
    clocks = sa.frames[-1]["clocks"]
    [first] = clocks["running"]
    assert clocks["remaining"] == [60_000, 60_000] and first in (0, 1)
    server.clock.advance(10_000)
    await table.move()
    clocks = sa.frames[-1]["clocks"] if sa.frames[-1]["type"] == "event" else None
    last_event = [frame for frame in sa.frames if frame["type"] == "event"][-1]
    remaining = last_event["clocks"]["remaining"]
    assert remaining[first] == 52_000 and remaining[1 - first] == 60_000
    assert last_event["clocks"]["running"] == [1 - first]
    server.clock.advance(60_001)
    await table.sync()
    for socket in table.sockets:
        end = await socket.recv("event", skip=("presence", "offers"))
        assert end["event"]["type"] == "end"
        assert end["event"]["result"] == {"outcome": "win", "reason": "timeout", "winner": first}
        assert end["clocks"]["remaining"][1 - first] == 0 and end["clocks"]["running"] == []
    del clocks


async def test_setup_timer_starts_on_claim_and_places_a_random_setup(server: Server) -> None:
    alice, bob = server.player(), server.player()
    room = await alice.create_room(setup_seconds=60)
    sa = await alice.connect(room["room_id"])
    assert sa.frames[-1]["clocks"]["setup_deadline"] is None
    server.clock.advance(120_000)
    await sa.silence(0.2)
    assert (await bob.claim(room["invite_url"])).status_code == 200
    welcome = await sa.recv("welcome")
    deadline = welcome["clocks"]["setup_deadline"]
    assert deadline == server.clock.now_ms() + 60_000
    position = await alice.random_setup("s")
    assert (await sa.act({"type": "setup", "id": "s", "position": position}))["type"] == "ack"
    server.clock.advance(60_000)
    events = await sa.events_until(3)
    kinds = [frame["event"]["type"] for frame in events]
    assert kinds == ["setup_submitted", "started"], kinds
    assert sa.view is not None and sa.view["phase"] == "play"


async def test_a_spies_seat_earns_its_increment_once_per_power_turn_ended_not_per_action(
    server: Server,
) -> None:
    """Spies! 17: "The increment is added each time one of the seat's powers ends its turn."
    A turn of several lines is charged its time line by line and credited once, at its
    ``end``; the setup steps and the tile step earn nothing (a "10 min + 5 s" game credited
    every line and ran 20-30 minutes a seat). The server asks the game (Game.increments)."""
    alice, bob = server.player(), server.player()
    options = {"last_year": 1933, "negotiation_pregame": 0, "negotiation_yearly": 0}
    room = await alice.create_room(
        game="spies",
        players=2,
        options=options,
        setup_seconds=None,
        time_control={"initial": 600, "increment": 5},
    )
    assert (await bob.claim(room["invite_url"])).status_code == 200
    socks = [await alice.connect(room["room_id"]), await bob.connect(room["room_id"])]
    seats = {sock.seat: sock for sock in socks}
    steps = iter(range(1000))

    async def play(line: str | None = None) -> dict[str, Any]:
        """The seat that owes the decision plays ``line`` (or its first listed line); the
        clocks of the event that follows."""
        view = socks[0].view
        assert view is not None and view["decision"] is not None
        sock = seats[view["decision"]["seats"][0]]
        assert sock.view is not None
        text = line if line is not None else sock.view["legal"][0]
        assert text in sock.view["legal"], (text, sock.view["legal"])
        ack = await sock.act(
            {"type": "act", "id": f"a{next(steps)}", "action": {"type": "act", "text": text}}
        )
        assert ack["type"] == "ack", ack
        for each in socks:
            await each.events_until(ack["version"])
        clocks: dict[str, Any] = [f for f in socks[0].frames if f["type"] == "event"][-1]["clocks"]
        return clocks

    def decision() -> dict[str, Any]:
        view = socks[0].view
        assert view is not None and view["decision"] is not None
        return view["decision"]  # type: ignore[no-any-return]

    while decision()["kind"] not in ("tile", "turn"):  # setup, no time spent
        await play()
    assert decision()["power"] == "G"
    [german] = decision()["seats"]
    clocks = [frame for frame in socks[0].frames if frame["type"] in ("event", "welcome")][-1]["clocks"]
    assert clocks["remaining"] == [600_000, 600_000]  # a setup step earns nothing
    left = 600_000

    async def turn(power: str, lines: tuple[str, ...]) -> None:
        """``power``'s turn, a second a line: its tile step (a discard) and ``lines`` are
        charged and earn nothing; its ``end`` earns the increment, once."""
        nonlocal left
        assert decision()["power"] == power and decision()["seats"] == [german]
        if decision()["kind"] == "tile":
            tile = seats[german].view["legal"]
            lines = (next((line for line in tile if " discard " in line), tile[0]), *lines)
        for line in lines:
            server.clock.advance(1_000)
            clocks = await play(line)
            left -= 1_000
            assert clocks["remaining"][german] == left, line
            assert clocks["running"] == [german]
        server.clock.advance(1_000)
        clocks = await play(f"{power} end")
        left += 5_000 - 1_000
        assert clocks["remaining"][german] == left and clocks["remaining"][1 - german] == 600_000

    await turn("G", ("G police", "G search", "G open F", "G close F"))
    await turn("I", ("I police",))  # Italy is the same seat's: its end earns once more


def test_a_seat_the_autopilot_plays_earns_no_increment() -> None:
    """Three Spies! seats: a flag falls in Germany's turn, its default ``G end`` is played and
    the seat becomes a zombie. The game says the turn's end earns the seat the increment; the
    server gives none to a seat whose clock no longer runs (neither then nor for the
    autopilot's later lines)."""
    from engine.spies import SPIES, rules

    state = rules.new_state("cd" * 32, {}, 3)
    while state.decision is None or state.decision["kind"] != "turn":
        seat = min(rules.actors(state))
        line = rules.default(state, seat)
        assert line is not None
        state = rules.apply(state, seat, line)
    seat = state.seat_of("G")
    after = SPIES.withdraw(state, seat, "timeout").state
    assert SPIES.increments(state, after, None) == {seat}
    assert earning(SPIES, state, after, None) == frozenset()
    assert earning(SPIES, state, rules.apply(state, seat, "G end"), seat) == {seat}
